/* transpose_c host program: the transpose host program (sw/kernels/transpose/
 * host.c: same matrix, grid and checks) launching the plain-C kernel
 * transpose_c. Run it with the default command (its ELF selects
 * --divergence minpc). */
#include "weft.h"

int transpose_host_run(weft_dev_t *dev, const weft_host_args_t *args, const char *kernel);

int weft_host_transpose_c(weft_dev_t *dev, const weft_host_args_t *args)
{
    /* transpose_host_run checks --size with weft_check_size before it allocates */
    return transpose_host_run(dev, args, "transpose_c");
}
