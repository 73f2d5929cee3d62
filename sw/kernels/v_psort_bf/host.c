/* v_psort_bf host program: v_psort's (the same keys, launch and rank check,
 * sw/kernels/v_psort/host.c) launching the branch-free variant. */
#include "weft.h"
#include "../v_psort/v_psort.h"

int weft_host_v_psort_bf(weft_dev_t *dev, const weft_host_args_t *args)
{
    return v_psort_host(dev, args, "v_psort_bf");
}
