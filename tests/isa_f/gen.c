/* gen.c - writes the table-driven RV32F tests of tests/isa_f (run once via
 * `make isa-f-gen`; the .S files are kept in the repository).
 *
 * Expected values come from sim/model/fp32.c, which tests/fpu/hostcheck
 * checks against the host FPU (and an exact RMM oracle); these programs
 * check the model's (later the RTL's) decode and plumbing: operand and
 * destination registers (a different register choice per block, f0 and f31
 * included, rs3 of the fused ops), static rounding modes and the dynamic one
 * through frm, integer sources and destinations, fflags.
 *
 * Each block (one op, one rounding mode) has a table of 16 rows
 * {a, b, c, result, flags, pad x3}. Pass 1: in round k lane t computes row
 * (t + k) mod 16 (different operands in every lane of a warp instruction)
 * and checks the result. Pass 2: all lanes compute row k with fflags
 * cleared before and read after, checking result and flags (fflags are per
 * warp, so the flags are checked on warp-uniform rows).
 *
 *   arith.S  fadd fsub fmul fdiv fsqrt      x rne rtz rdn rup rmm dyn(frm=0..4)
 *   fma.S    fmadd fmsub fnmsub fnmadd      x the same six
 *   cvt.S    fcvt.w.s fcvt.wu.s fcvt.s.w fcvt.s.wu x the same six
 *   misc.S   fsgnj fsgnjn fsgnjx fmin fmax fmv.x.w fmv.w.x feq flt fle fclass
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fp32.h"
#include "fpgen.h"

#define ROWS 16

static const char *const mnem[FPOP_COUNT] = {
    "fadd.s", "fsub.s", "fmul.s", "fmadd.s", "fmsub.s", "fnmsub.s", "fnmadd.s", "fdiv.s", "fsqrt.s", "fsgnj.s",
    "fsgnjn.s", "fsgnjx.s", "fmin.s", "fmax.s", "fcvt.w.s", "fcvt.wu.s", "fcvt.s.w", "fcvt.s.wu", "fmv.x.w",
    "fmv.w.x", "feq.s", "flt.s", "fle.s", "fclass.s",
};
static const char *const rmn[6] = {"rne", "rtz", "rdn", "rup", "rmm", "dyn"};

static int nsrc(int op)
{
    if (op >= FPOP_FMADD && op <= FPOP_FNMADD) return 3;
    if (op == FPOP_FSQRT || (op >= FPOP_FCVT_W_S && op <= FPOP_FMV_W_X) || op == FPOP_FCLASS) return 1;
    return 2;
}
static int int_src(int op) { return op == FPOP_FCVT_S_W || op == FPOP_FCVT_S_WU || op == FPOP_FMV_W_X; }
static int int_dst(int op)
{
    return op == FPOP_FCVT_W_S || op == FPOP_FCVT_WU_S || op == FPOP_FMV_X_W || op == FPOP_FEQ || op == FPOP_FLT ||
           op == FPOP_FLE || op == FPOP_FCLASS;
}
static int uses_rm(int op) { return op <= FPOP_FSQRT || (op >= FPOP_FCVT_W_S && op <= FPOP_FCVT_S_WU); }

static int code; /* failure code counter */

/* rmi 0..4 static, 5 dynamic with frm = dynrm */
static void block(FILE *f, fpgen_rng_t *r, int op, int rmi, int dynrm)
{
    const int rm = rmi == 5 ? dynrm : rmi;
    char label[64];
    snprintf(label, sizeof label, "t_%s_%s%d", fp32_op_name(op), rmn[rmi], rmi == 5 ? dynrm : 0);
    for (char *p = label; *p; p++)
        if (*p == '.') *p = '_';
    /* registers: distinct sources, destination sometimes equal to a source */
    unsigned fa = fpgen_below(r, 32), fb, fc, fd;
    do fb = fpgen_below(r, 32); while (fb == fa);
    do fc = fpgen_below(r, 32); while (fc == fa || fc == fb);
    fd = fpgen_below(r, 3) == 0 ? fa : fpgen_below(r, 32);
    if (op == FPOP_FADD && rmi == 0) { fa = 0; fb = 31; fd = 0; }   /* f0 and f31 */
    if (op == FPOP_FMADD && rmi == 0) { fa = 1; fb = 2; fc = 31; fd = 0; }
    char ops[96], rmsuf[8] = "";
    if (uses_rm(op))
        snprintf(rmsuf, sizeof rmsuf, ", %s", rmn[rmi]);
    const char *dst = int_dst(op) ? "a3" : "f%u";
    char dbuf[8];
    snprintf(dbuf, sizeof dbuf, dst, fd);
    if (int_src(op))
        snprintf(ops, sizeof ops, "%s %s, a0%s", mnem[op], dbuf, rmsuf);
    else if (nsrc(op) == 1)
        snprintf(ops, sizeof ops, "%s %s, f%u%s", mnem[op], dbuf, fa, rmsuf);
    else if (nsrc(op) == 2)
        snprintf(ops, sizeof ops, "%s %s, f%u, f%u%s", mnem[op], dbuf, fa, fb, rmsuf);
    else
        snprintf(ops, sizeof ops, "%s %s, f%u, f%u, f%u%s", mnem[op], dbuf, fa, fb, fc, rmsuf);

    fprintf(f, "\n    # ---- %s: %s%s\n", label, ops, rmi == 5 ? "" : "");
    if (rmi == 5)
        fprintf(f, "    li t0, %d\n    fsrm t0\n", dynrm);
    const char *load_a = int_src(op) ? "    lw a0, 0(t1)\n" : NULL;
    for (int pass = 0; pass < 2; pass++) {
        code++;
        if (pass == 0)
            fprintf(f, "    csrr s2, CSR_TID\n    li s3, 0\n1:  add t0, s2, s3\n    andi t0, t0, %d\n    slli t0, t0, 5\n",
                    ROWS - 1);
        else
            fprintf(f, "    li s3, 0\n2:  slli t0, s3, 5\n");
        fprintf(f, "    la t1, %s\n    add t1, t1, t0\n", label);
        if (load_a)
            fputs(load_a, f);
        else
            fprintf(f, "    flw f%u, 0(t1)\n", fa);
        if (nsrc(op) >= 2)
            fprintf(f, "    flw f%u, 4(t1)\n", fb);
        if (nsrc(op) >= 3)
            fprintf(f, "    flw f%u, 8(t1)\n", fc);
        fprintf(f, "    lw a2, 12(t1)\n");
        if (pass == 1)
            fprintf(f, "    lw a4, 16(t1)\n    fsflags x0\n");
        fprintf(f, "    %s\n", ops);
        if (pass == 1)
            fprintf(f, "    frflags a5\n");
        if (!int_dst(op))
            fprintf(f, "    fmv.x.w a3, f%u\n", fd);
        fprintf(f, "    TCHECKR(a3, a2)\n");
        if (pass == 1)
            fprintf(f, "    TCHECKR(a5, a4)\n");
        fprintf(f, "    addi s3, s3, 1\n    li t2, %d\n    bne s3, t2, %s\n    END_CHECKS(%d)\n", ROWS,
                pass ? "2b" : "1b", code);
    }
    /* the table */
    static const uint32_t fixed[4][3] = {
        {0x7f800001u, 0x3f800000u, 0x3f800000u}, /* sNaN: NV, canonical NaN */
        {0x00000003u, 0x3f000000u, 0x00000001u}, /* subnormal, ties */
        {0x7f7fffffu, 0x7f7fffffu, 0xff7fffffu}, /* overflow */
        {0x3f800000u, 0x40400000u, 0x33800000u}, /* 1/3: inexact */
    };
    fprintf(f, "    .pushsection .data\n    .balign 32\n%s:\n", label);
    for (int i = 0; i < ROWS; i++) {
        uint32_t a, b, c;
        fpgen_operands(r, op, &a, &b, &c);
        if (i < 4 && !int_src(op)) {
            a = fixed[i][0];
            if (nsrc(op) >= 2) b = fixed[i][1];
            if (nsrc(op) >= 3) c = fixed[i][2];
        }
        if (op == FPOP_FSQRT && i == 5) a = 0x80000000u; /* sqrt(-0) = -0 */
        if (op == FPOP_FSQRT && i == 6) a = 0xbf800000u; /* sqrt(-1): NV */
        unsigned fl;
        uint32_t res = fp32_exec(op, a, b, c, rm, &fl);
        fprintf(f, "    .word 0x%08x, 0x%08x, 0x%08x, 0x%08x, 0x%02x, 0, 0, 0\n", a, b, c, res, fl);
    }
    fprintf(f, "    .popsection\n");
}

static int write_file(const char *dir, const char *name, const char *what, const int *opl, int nops, int seed)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s.S", dir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        return 1;
    }
    fpgen_rng_t r = {(uint64_t)seed * 0x9e3779b97f4a7c15ull};
    code = 0;
    fprintf(f, "# %s.S - generated by tests/isa_f/gen.c (make isa-f-gen): %s.\n", name, what);
    fprintf(f, "# Per block: lane t checks row (t + k) mod 16 in round k (results), then every\n"
               "# lane computes row k with fflags cleared before and read after (result, flags).\n"
               "# Expected values: sim/model/fp32.c (checked against the host FPU by tests/fpu).\n"
               "# expect: 0\n#include \"test_f.h\"\nSTART\n");
    for (int i = 0; i < nops; i++) {
        int op = opl[i];
        if (uses_rm(op)) {
            for (int rmi = 0; rmi < 5; rmi++)
                block(f, &r, op, rmi, 0);
            for (int d = 0; d < 5; d++) /* dyn with every legal frm */
                block(f, &r, op, 5, d);
        } else {
            block(f, &r, op, 0, 0);
        }
    }
    fprintf(f, "\n    PASS\nCOMMON_TAIL\n");
    fclose(f);
    return 0;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : ".";
    static const int arith[] = {FPOP_FADD, FPOP_FSUB, FPOP_FMUL, FPOP_FDIV, FPOP_FSQRT};
    static const int fma[] = {FPOP_FMADD, FPOP_FMSUB, FPOP_FNMSUB, FPOP_FNMADD};
    static const int cvt[] = {FPOP_FCVT_W_S, FPOP_FCVT_WU_S, FPOP_FCVT_S_W, FPOP_FCVT_S_WU};
    static const int misc[] = {FPOP_FSGNJ, FPOP_FSGNJN, FPOP_FSGNJX, FPOP_FMIN, FPOP_FMAX, FPOP_FMV_X_W,
                               FPOP_FMV_W_X, FPOP_FEQ, FPOP_FLT, FPOP_FLE, FPOP_FCLASS};
    int rc = 0;
    rc |= write_file(dir, "arith", "fadd fsub fmul fdiv fsqrt, static rne rtz rdn rup rmm and dyn (frm 0..4)", arith, 5, 1);
    rc |= write_file(dir, "fma", "fmadd fmsub fnmsub fnmadd, static and dynamic rounding", fma, 4, 2);
    rc |= write_file(dir, "cvt", "fcvt.w.s fcvt.wu.s fcvt.s.w fcvt.s.wu, static and dynamic rounding", cvt, 4, 3);
    rc |= write_file(dir, "misc", "fsgnj[n,x] fmin fmax fmv.x.w fmv.w.x feq flt fle fclass", misc, 11, 4);
    return rc;
}
