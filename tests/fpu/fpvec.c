/* fpvec - random RV32F test vectors from the reference library
 * (sim/model/fp32.c), for the RTL FPU's testbench.
 *
 *   fpvec [--seed S] [--count N] [--op NAME|all] [--rm RM|all] [-o FILE]
 *
 * Writes one line per vector:
 *
 *   op rm a b c result flags
 *
 * all in hex without 0x: op = FPOP_* number (0..23, fp32.h), rm = 0..4
 * (RNE RTZ RDN RUP RMM), a b c = operand bits (8 digits; unused operands
 * 0; the integer operand of fcvt.s.w[u] / fmv.w.x in a), result = 8
 * digits, flags = fflags (NV 10, DZ 08, OF 04, UF 02, NX 01), 2 digits.
 * Lines starting with '#' are comments (the first line names the seed and
 * the options). N vectors per op and per rounding mode (default 1000; ops
 * that ignore rm get rm 0 only). Operands are biased to special values
 * (tests/fpu/fpgen.h). The same seed and options always give the same file.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fp32.h"
#include "fpgen.h"

static int uses_rm(int op)
{
    return op <= FPOP_FSQRT || (op >= FPOP_FCVT_W_S && op <= FPOP_FCVT_S_WU);
}

static void usage(FILE *f)
{
    fprintf(f, "usage: fpvec [--seed S] [--count N] [--op NAME|all] [--rm 0..4|all] [-o FILE]\n"
               "  ops:");
    for (int i = 0; i < FPOP_COUNT; i++)
        fprintf(f, " %s", fp32_op_name(i));
    fprintf(f, "\n  line format: op rm a b c result flags (hex)\n");
}

static int parse_u64(const char *s, unsigned long long *v)
{
    char *end;
    errno = 0;
    *v = strtoull(s, &end, 0);
    return errno == 0 && *s && !*end;
}

int main(int argc, char **argv)
{
    unsigned long long seed = 1, count = 1000;
    int op_sel = -1, rm_sel = -1;
    const char *out = NULL;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(o, "-h") || !strcmp(o, "--help")) {
            usage(stdout);
            return 0;
        }
        if (!v) {
            usage(stderr);
            return 2;
        }
        i++;
        if (!strcmp(o, "--seed")) {
            if (!parse_u64(v, &seed)) { fprintf(stderr, "fpvec: bad seed '%s'\n", v); return 2; }
        } else if (!strcmp(o, "--count")) {
            if (!parse_u64(v, &count)) { fprintf(stderr, "fpvec: bad count '%s'\n", v); return 2; }
        } else if (!strcmp(o, "--op")) {
            if (strcmp(v, "all") != 0 && (op_sel = fp32_op_from_name(v)) < 0) {
                fprintf(stderr, "fpvec: unknown op '%s'\n", v);
                usage(stderr);
                return 2;
            }
        } else if (!strcmp(o, "--rm")) {
            unsigned long long r;
            if (strcmp(v, "all") != 0) {
                if (!parse_u64(v, &r) || r > 4) { fprintf(stderr, "fpvec: bad rm '%s'\n", v); return 2; }
                rm_sel = (int)r;
            }
        } else if (!strcmp(o, "-o")) {
            out = v;
        } else {
            usage(stderr);
            return 2;
        }
    }
    FILE *f = out ? fopen(out, "w") : stdout;
    if (!f) {
        fprintf(stderr, "fpvec: cannot write '%s'\n", out);
        return 2;
    }
    fprintf(f, "# fpvec --seed %llu --count %llu --op %s --rm %s; op rm a b c result flags (hex)\n", seed, count,
            op_sel < 0 ? "all" : fp32_op_name(op_sel), rm_sel < 0 ? "all" : (const char *[]){"0", "1", "2", "3", "4"}[rm_sel]);
    for (int op = 0; op < FPOP_COUNT; op++) {
        if (op_sel >= 0 && op != op_sel)
            continue;
        for (int rm = 0; rm <= 4; rm++) {
            if (rm_sel >= 0 ? rm != rm_sel : (!uses_rm(op) && rm != 0))
                continue;
            /* one stream per (seed, op, rm): selecting one op gives its lines of "all" */
            fpgen_rng_t r = {seed * 0x100000001b3ull + (uint64_t)op * 8 + (uint64_t)rm};
            for (unsigned long long n = 0; n < count; n++) {
                uint32_t a, b, c;
                unsigned fl;
                fpgen_operands(&r, op, &a, &b, &c);
                uint32_t res = fp32_exec(op, a, b, c, rm, &fl);
                fprintf(f, "%02x %x %08x %08x %08x %08x %02x\n", op, rm, a, b, c, res, fl);
            }
        }
    }
    if (ferror(f) || (out && fclose(f) != 0)) {
        fprintf(stderr, "fpvec: write error\n");
        return 1;
    }
    return 0;
}
