/* vecadd_c host program: the vecadd host program (sw/kernels/vecadd/host.c:
 * same inputs, grid and checks) launching the plain-C kernel vecadd_c. Run it
 * with the default command (its ELF selects --divergence minpc). */
#include "weft.h"

int vecadd_host_run(weft_dev_t *dev, const weft_host_args_t *args, const char *kernel);

int weft_host_vecadd_c(weft_dev_t *dev, const weft_host_args_t *args)
{
    /* vecadd_host_run checks --size with weft_check_size before it allocates */
    return vecadd_host_run(dev, args, "vecadd_c");
}
