/* diverge_c host program: the diverge host program (sw/kernels/diverge/host.c:
 * same inputs, grid and checks) launching the plain-C kernel diverge_c (its ELF
 * selects --divergence minpc). */
#include "weft.h"

int diverge_host_run(weft_dev_t *dev, const weft_host_args_t *args, const char *kernel);

int weft_host_diverge_c(weft_dev_t *dev, const weft_host_args_t *args)
{
    /* diverge_host_run checks --size with weft_check_size before it allocates */
    return diverge_host_run(dev, args, "diverge_c");
}
