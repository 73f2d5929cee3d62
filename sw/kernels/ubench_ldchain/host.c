/* ubench_ldchain host program: a random single-cycle permutation of 1024
 * nodes, one block of W*T threads per core, --size dependent loads per
 * thread (default 256); every thread's last node is checked. */
#include <stdio.h>
#include <stdlib.h>

#include "weft.h"
#include "ubench_ldchain.h"

int weft_host_ubench_ldchain(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t nodes = 1024u, steps = args->size ? args->size : 256u;
    const uint32_t block = cfg->warps * cfg->threads, nthr = cfg->cores * block;
    uint32_t seed = args->seed, *next = malloc(nodes * 4u), *perm = malloc(nodes * 4u), *out = malloc(nthr * 4u);
    int rc = WEFT_OK;
    if (!next || !perm || !out) {
        fprintf(stderr, "ubench_ldchain: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    for (uint32_t i = 0; i < nodes; i++) perm[i] = i;
    for (uint32_t i = nodes - 1; i > 0; i--) {   /* Fisher-Yates, then link into one cycle */
        uint32_t j = weft_rand(&seed) % (i + 1), t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    for (uint32_t i = 0; i < nodes; i++) next[perm[i]] = perm[(i + 1) % nodes];
    ubench_ldchain_args_t a = {steps, nodes, weft_malloc(dev, nodes * 4u), weft_malloc(dev, nthr * 4u)};
    uint32_t aa = weft_malloc(dev, sizeof a);
    if (!a.next || !a.out || !aa) { rc = weft_status(dev); goto done; }
    if ((rc = weft_copy_to_dev(dev, a.next, next, nodes * 4u)) || (rc = weft_copy_to_dev(dev, aa, &a, sizeof a)))
        goto done;
    const weft_dim3_t g = {cfg->cores, 1, 1}, b = {block, 1, 1};
    if ((rc = weft_launch(dev, "ubench_ldchain", g, b, aa)) || (rc = weft_copy_from_dev(dev, out, a.out, nthr * 4u)))
        goto done;
    uint32_t bad = 0;
    for (uint32_t t = 0; t < nthr; t++) {
        uint32_t p = (t * 37u) % nodes;
        for (uint32_t s = 0; s < steps; s++) p = next[p];
        if (out[t] != p && bad++ < 8) printf("ubench_ldchain: thread %u reached %u, expected %u\n", t, out[t], p);
    }
    if (bad) rc = WEFT_E_CHECK;
done:
    free(next);
    free(perm);
    free(out);
    return rc;
}
