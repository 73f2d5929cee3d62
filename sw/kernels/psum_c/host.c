/* psum_c host program: the psum host program (sw/kernels/psum/host.c: same
 * input, levels and checks) launching the plain-C kernel psum_c. Run it with
 * the default command (its ELF selects --divergence minpc). */
#include "weft.h"

int psum_host_run(weft_dev_t *dev, const weft_host_args_t *args, const char *kernel);

int weft_host_psum_c(weft_dev_t *dev, const weft_host_args_t *args)
{
    /* psum_host_run checks --size with weft_check_size before it allocates */
    return psum_host_run(dev, args, "psum_c");
}
