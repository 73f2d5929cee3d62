/* commit_test - the functional model's commit records for F instructions
 * (model.h: rd_fp, fcsr, lane_fflags) on tests/fpu/commit.S, 1x1x4.
 * usage: commit_test ELF; prints PASS/FAIL lines and "N passed, M failed". */
#include <stdio.h>
#include <string.h>

#include "fp32.h"
#include "model.h"
#include "weft_dev.h"

static int npass, nfail;
#define CHECK(name, cond)                                                   \
    do {                                                                    \
        if (cond) { npass++; printf("PASS %s\n", name); }                    \
        else { nfail++; printf("FAIL %s (line %d: %s)\n", name, __LINE__, #cond); } \
    } while (0)

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: commit_test ELF\n");
        return 2;
    }
    weft_config_t cfg;
    weft_config_default(&cfg);
    cfg.cores = 1;
    cfg.warps = 1;
    cfg.threads = 4;
    weft_dev_t *d = weft_open(&cfg, "model");
    if (!d || weft_load_elf(d, argv[1]) != WEFT_OK) {
        printf("FAIL setup: %s\n", d ? weft_error(d) : "open");
        printf("0 passed, 1 failed\n");
        return 1;
    }
    model_t *m = model_create(d);
    model_reset(m, 0x80000000u, 0);
    model_commit_t r;
    model_step_warp(m, 0, 0, &r); /* csrr tid */
    CHECK("csrr-integer-rd", r.rd == 10 && !r.rd_fp && r.rd_val[3] == 3);
    model_step_warp(m, 0, 0, &r); /* fcvt.s.w f0 */
    CHECK("fcvt-writes-f0", r.rd == 0 && r.rd_fp == 1 && r.rd_val[0] == 0 && r.rd_val[1] == 0x3f800000u &&
                                r.rd_val[3] == 0x40400000u && model_freg(m, 0, 0, 2, 0) == 0x40000000u);
    CHECK("fcvt-exact-no-flags", r.fcsr == 0 && r.lane_fflags[1] == 0);
    model_step_warp(m, 0, 0, &r); /* lui */
    model_step_warp(m, 0, 0, &r); /* fmv.w.x f1 */
    CHECK("fmv-w-x", r.rd == 1 && r.rd_fp == 1 && r.rd_val[2] == 0x40400000u);
    model_step_warp(m, 0, 0, &r); /* fdiv.s f2 */
    CHECK("fdiv-record", r.rd == 2 && r.rd_fp == 1 && r.rd_val[0] == 0 && r.rd_val[1] == 0x3eaaaaabu &&
                             r.rd_val[3] == 0x3f800000u);
    CHECK("fdiv-lane-flags", r.lane_fflags[0] == 0 && r.lane_fflags[1] == FFLAG_NX && r.lane_fflags[2] == FFLAG_NX &&
                                 r.lane_fflags[3] == 0);
    CHECK("fdiv-warp-fcsr", r.fcsr == FFLAG_NX && model_warp_fcsr(m, 0, 0) == FFLAG_NX);
    model_step_warp(m, 0, 0, &r); /* fsflags a2, x0 */
    CHECK("fsflags-reads-old-clears", r.rd == 12 && !r.rd_fp && r.rd_val[0] == FFLAG_NX && r.rd_val[3] == FFLAG_NX &&
                                          r.fcsr == 0);
    model_step_warp(m, 0, 0, &r); /* feq.s a1 */
    CHECK("feq-integer-rd", r.rd == 11 && !r.rd_fp && r.rd_val[1] == 1 && r.fcsr == 0);
    for (int i = 0; i < 4; i++) /* la (2), slli, add */
        model_step_warp(m, 0, 0, &r);
    model_step_warp(m, 0, 0, &r); /* fsw */
    CHECK("fsw-store-record", r.st_mask == 0xf && r.st_data[1] == 0x3eaaaaabu && r.st_byteen[1] == 0xf && !r.rd_fp &&
                                  r.rd == 0);
    model_step_warp(m, 0, 0, &r); /* flw f31 */
    CHECK("flw-writes-f31", r.rd == 31 && r.rd_fp == 1 && r.rd_val[1] == 0x3eaaaaabu);
    model_destroy(m);
    weft_close(d);
    printf("%d passed, %d failed\n", npass, nfail);
    return nfail ? 1 : 0;
}
