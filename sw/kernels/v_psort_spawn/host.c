/* v_psort_spawn host program: v_psort's (the same keys and rank check,
 * sw/kernels/v_psort/host.c) with one block of all W*T hardware threads for
 * the variant's task walk. */
#include "weft.h"
#include "../v_psort/v_psort.h"

int weft_host_v_psort_spawn(weft_dev_t *dev, const weft_host_args_t *args)
{
    return v_psort_host_launch(dev, args, "v_psort_spawn", 1);
}
