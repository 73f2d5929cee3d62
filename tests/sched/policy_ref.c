/* policy_ref.c: C reference of the scheduling policies of
 * rtl/sched/weft_sched_policy.sv (definitions in docs/scheduling.md) and the
 * stimulus generator for tests/sched/tb_policy.sv.
 *
 *   policy_ref [-o DIR] [-c CYCLES] [-s SEED] [-q]
 *
 * The policy codes and names come from config/weft.yaml
 * (sim/gen/weft_spec.h).  For every parameter point (N, AW, CW) of POINTS
 * and every named policy code, plus NCODES = 2^WEFT_SCHED_POLICY_W ("mix":
 * the policy code changes every few hundred cycles, reserved codes
 * included), it draws a random stimulus sequence, runs the reference on it
 * and writes DIR/p<code>_n<N>.hex ($readmemh format, one 32-bit word per
 * line); DIR/policies.txt lists "code name" of every file:
 *
 *   header: MAGIC, N, AW, CW, CYCLES, P (NCODES = mix)
 *   per cycle (WPC = 1 + 4*NW + 2*NCW words, NW = ceil(N/32),
 *   NCW = ceil(N*CW/32)):
 *     ctrl   bit 0 rst_n=0 (reset cycle), bit 1 advance_i, bit 5 expected
 *            valid_o, bit 6 check this cycle, bits 15:8 expected idx_o,
 *            bits 23:16 policy_i
 *     req_i, ready_i, start_i, expected gnt_o   (NW words each, LSW first)
 *     nact_i, icnt_i                            (NCW words each, LSW first)
 *
 * Outputs are checked on every cycle that is not a reset cycle.  Stimulus is
 * biased so that the interesting cases happen: greedy streaks (the last
 * grant keeps requesting), equal ages / thread counts / instruction counts,
 * saturated ages, picks of unready warps, simultaneous (re)starts, reset in
 * the middle of a run.  Coverage counters are printed per file and a
 * missing case is reported as "coverage hole" (exit status 3).
 *
 * Built with -DINJECT the reference is deliberately wrong in every policy
 * (see the INJECT blocks); tests/sched/run.sh --selftest checks that the
 * bench then fails every (policy, N > 1).
 *
 * The state update is written independently of the RTL: the activation
 * order is an unbounded 64-bit stamp per warp (the RTL keeps a pairwise
 * order matrix) and round-robin is a modular scan.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../sim/gen/weft_spec.h"

#define MAGIC 0x5EF70001u
#define MAXN 32

/* Policy codes: config/weft.yaml.  NCODES is the mix file's code. */
enum {
    P_FIXED = WEFT_SCHED_POLICY_FIXED, P_LRR = WEFT_SCHED_POLICY_LRR, P_GTO = WEFT_SCHED_POLICY_GTO,
    P_GTLRR = WEFT_SCHED_POLICY_GTLRR, P_GTLO = WEFT_SCHED_POLICY_GTLO, P_PTA = WEFT_SCHED_POLICY_PTA,
    P_ICOUNT = WEFT_SCHED_POLICY_ICOUNT, P_YOUNGEST = WEFT_SCHED_POLICY_YOUNGEST,
    P_PTALOW = WEFT_SCHED_POLICY_PTALOW,
    NCODES = 1 << WEFT_SCHED_POLICY_W
};
static const char *polname(int pol) { return pol == NCODES ? "mix" : weft_spec_sched_policy_name((unsigned)pol); }

struct point {
    int n, aw, cw;
};
/* Parameter points; tests/sched/tb_policy.sv instantiates the same list. */
static const struct point POINTS[] = {
    {1, 8, 7}, {3, 3, 3}, {4, 4, 7}, {8, 8, 7}, {32, 5, 7},
};
#define NPOINTS ((int)(sizeof POINTS / sizeof POINTS[0]))

/* ------------------------------------------------------------ reference */

struct state {
    int n, aw;
    int last;                /* last grant */
    int have;                /* a grant happened since reset */
    uint32_t age[MAXN];      /* eq. 3.2, saturating at 2^aw - 1 */
    uint64_t stamp[MAXN];    /* activation stamp, 0 at reset */
    uint64_t clock;          /* stamp counter */
};

struct inputs {
    int rst, adv, pol;
    int req[MAXN], ready[MAXN], start[MAXN];
    uint32_t nact[MAXN], icnt[MAXN];
};

static void ref_reset(struct state *s, int n, int aw)
{
    memset(s, 0, sizeof *s);
    s->n = n;
    s->aw = aw;
    s->last = n - 1;
}

/* First member of m after `last`, wrapping (last itself comes last). */
static int rr(const struct state *s, const int *m)
{
    for (int k = 1; k <= s->n; k++) {
        int i = (s->last + k) % s->n;
        if (m[i])
            return i;
    }
    return -1;
}

/* The pick: -1 when nothing requests. */
static int ref_pick(const struct state *s, const struct inputs *in)
{
    int n = s->n, any = 0, best = -1, mask[MAXN];
    for (int i = 0; i < n; i++)
        any |= in->req[i];
    if (!any)
        return -1;
    int greedy = s->have && in->req[s->last];
#ifdef INJECT
    /* gtlrr: not greedy at all (plain lrr). */
    if (in->pol == P_GTLRR)
        greedy = 0;
#endif
    switch (in->pol) {
    case P_LRR:
#ifdef INJECT
        /* lrr: may re-grant the last winner. */
        if (in->req[s->last])
            return s->last;
#endif
        return rr(s, in->req);
    case P_GTO:
        if (greedy)
            return s->last;
        for (int i = 0; i < n; i++)
            if (in->req[i] && (best < 0 || s->age[i] > s->age[best]))
                best = i;
#ifdef INJECT
        /* gto: equal ages go to the highest index (with the aging bug in
         * ref_step, which alone can hide behind saturated ages). */
        for (int i = 0; i < n; i++)
            if (in->req[i] && s->age[i] == s->age[best])
                best = i;
#endif
        return best;
    case P_GTLRR:
        return greedy ? s->last : rr(s, in->req);
    case P_GTLO:
        if (greedy)
            return s->last;
        for (int i = 0; i < n; i++)
            if (in->req[i] && (best < 0 || s->stamp[i] < s->stamp[best]))
                best = i;
#ifdef INJECT
        /* gtlo: same-stamp ties go to the highest index. */
        for (int i = 0; i < n; i++)
            if (in->req[i] && s->stamp[i] == s->stamp[best])
                best = i;
#endif
        return best;
    case P_YOUNGEST:
        /* no greedy phase: the largest stamp; same stamp: the higher index */
        for (int i = 0; i < n; i++)
            if (in->req[i] && (best < 0 || s->stamp[i] >= s->stamp[best]))
                best = i;
#ifdef INJECT
        /* youngest: same-stamp ties go to the lowest index. */
        for (int i = n - 1; i >= 0; i--)
            if (in->req[i] && s->stamp[i] == s->stamp[best])
                best = i;
#endif
        return best;
    case P_PTA: {
        uint32_t mx = 0;
        for (int i = 0; i < n; i++)
            if (in->req[i] && in->nact[i] >= mx)
                mx = in->nact[i];
        for (int i = 0; i < n; i++)
            mask[i] = in->req[i] && in->nact[i] == mx;
#ifdef INJECT
        /* pta: ties to the lowest index (Algorithm 2 read literally). */
        for (int i = 0; i < n; i++)
            if (mask[i])
                return i;
#endif
        return rr(s, mask);
    }
    case P_PTALOW: {
        /* seed 004 Algorithm 2 as written: the first requester (lowest
         * index) with the most active threads (strict > over the scan). */
        uint32_t mx = 0;
        for (int i = 0; i < n; i++)
            if (in->req[i] && in->nact[i] >= mx)
                mx = in->nact[i];
        for (int i = 0; i < n; i++)
            mask[i] = in->req[i] && in->nact[i] == mx;
#ifdef INJECT
        /* ptalow: ties round-robin (pta's rule) instead of the lowest. */
        return rr(s, mask);
#endif
        for (int i = 0; i < n; i++)
            if (mask[i])
                return i;
        return -1;
    }
    case P_ICOUNT: {
        uint32_t mn = UINT32_MAX;
        for (int i = 0; i < n; i++)
            if (in->req[i] && in->icnt[i] < mn)
                mn = in->icnt[i];
        for (int i = 0; i < n; i++)
            mask[i] = in->req[i] && in->icnt[i] == mn;
#ifdef INJECT
        /* icount: ties to the lowest index. */
        for (int i = 0; i < n; i++)
            if (mask[i])
                return i;
#endif
        return rr(s, mask);
    }
    default: /* fixed, reserved */
#ifdef INJECT
        /* fixed: when the two lowest requesters are neighbours, the second
         * one wins. */
        for (int i = 0; i + 1 < n; i++)
            if (in->req[i])
                return in->req[i + 1] ? i + 1 : i;
#endif
        for (int i = 0; i < n; i++)
            if (in->req[i])
                return i;
        return -1;
    }
}

/* Clock edge: the state update for the inputs of this cycle and its pick. */
static void ref_step(struct state *s, const struct inputs *in, int pick)
{
    int n = s->n, sched = in->adv && pick >= 0, anystart = 0;
    uint32_t amax = (1u << s->aw) - 1;
    for (int i = 0; i < n; i++) {
        if (in->start[i]) {
            s->age[i] = 0;
            anystart = 1;
        } else if (sched && in->ready[i]) {
            if (i == pick)
                s->age[i] = 0;
            else if (s->age[i] < amax)
                s->age[i]++;
        }
#ifdef INJECT
        /* gto: eq. 3.2 without its "valid" condition: a ready warp ages
         * also in cycles without a schedule. */
        if (!in->start[i] && !sched && in->ready[i] && in->pol == P_GTO && s->age[i] < amax)
            s->age[i]++;
#endif
    }
    if (anystart) {
        s->clock++;
        for (int i = 0; i < n; i++)
            if (in->start[i])
                s->stamp[i] = s->clock;
    }
    if (sched) {
        s->last = pick;
        s->have = 1;
    }
}

/* ------------------------------------------------------------ stimulus */

static uint64_t rng_s;
static uint32_t rnd(void)
{
    rng_s ^= rng_s << 13;
    rng_s ^= rng_s >> 7;
    rng_s ^= rng_s << 17;
    return (uint32_t)(rng_s >> 16);
}
static int chance(int pct) { return (int)(rnd() % 100) < pct; }
static uint32_t below(uint32_t n) { return rnd() % n; }

struct cover {
    long checks, greedy, rrtie, lowtie, sat, unready_pick, simstart, reorder, resets, policies;
};

static int write_words(FILE *f, const uint32_t *w, int k)
{
    for (int i = 0; i < k; i++)
        if (fprintf(f, "%08x\n", w[i]) < 0)
            return -1;
    return 0;
}

/* Pack one bit per warp, or one cw-bit field per warp, LSW first. */
static void pack_bits(uint32_t *w, int nw, const int *v, int n)
{
    memset(w, 0, sizeof(uint32_t) * (size_t)nw);
    for (int i = 0; i < n; i++)
        if (v[i])
            w[i / 32] |= 1u << (i % 32);
}
static void pack_fields(uint32_t *w, int nw, const uint32_t *v, int n, int cw)
{
    memset(w, 0, sizeof(uint32_t) * (size_t)nw);
    for (int i = 0; i < n; i++)
        for (int b = 0; b < cw; b++)
            if ((v[i] >> b) & 1u) {
                int bit = i * cw + b;
                w[bit / 32] |= 1u << (bit % 32);
            }
}

static int gen_file(const char *dir, const struct point *pt, int pol, int cycles, uint32_t seed,
                    struct cover *cv)
{
    char path[4096];
    int n = pt->n, cw = pt->cw, aw = pt->aw;
    int nw = (n + 31) / 32, ncw = (n * cw + 31) / 32;
    uint32_t cmax = (1u << cw) - 1;
    snprintf(path, sizeof path, "%s/p%d_n%d.hex", dir, pol, n);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "policy_ref: %s: %s\n", path, strerror(errno));
        return -1;
    }
    rng_s = 0x9E3779B97F4A7C15ull ^ ((uint64_t)seed << 20) ^ ((uint64_t)pol << 8) ^ (uint64_t)n;
    if (!rng_s)
        rng_s = 1;
    uint32_t hdr[6] = {MAGIC, (uint32_t)n, (uint32_t)aw, (uint32_t)cw, (uint32_t)cycles,
                       (uint32_t)pol};
    int err = write_words(f, hdr, 6);

    struct state s;
    struct inputs in;
    ref_reset(&s, n, aw);
    memset(&in, 0, sizeof in);
    memset(cv, 0, sizeof *cv);
    int cur_pol = pol == NCODES ? P_FIXED : pol;
    int phase_left = 0, dens = 50, greedy_pct = 0, ready_mode = 0, adv_pct = 85;
    int start_pct = 0, nact_set = 0, icnt_span = 3, pol_left = 0;
    uint32_t tcount = cmax < 32 ? cmax : 32;

    for (int c = 0; c < cycles && !err; c++) {
        /* New phase: change the biases. */
        if (phase_left-- <= 0) {
            phase_left = 50 + (int)below(250);
            dens = 5 + (int)below(91);
            greedy_pct = (int[]){0, 0, 60, 90, 99}[below(5)];
            ready_mode = (int)below(3);
            adv_pct = (int[]){100, 85, 50}[below(3)];
            start_pct = (int[]){0, 1, 3, 20}[below(4)];
            nact_set = (int)below(3);
            icnt_span = (int[]){1, 2, 4, 64}[below(4)];
        }
        if (pol == NCODES && pol_left-- <= 0) {
            pol_left = 20 + (int)below(300);
            cur_pol = (int)below(NCODES);
            cv->policies++;
        }
        in.pol = cur_pol;
        in.rst = c < 2 || below(3000) == 0;
        in.adv = chance(adv_pct);
        for (int i = 0; i < n; i++)
            in.req[i] = chance(dens);
        /* Greedy streaks: keep the last grant requesting. */
        if (s.have && chance(greedy_pct))
            in.req[s.last] = 1;
        for (int i = 0; i < n; i++) {
            switch (ready_mode) {
            case 0: in.ready[i] = in.req[i]; break;                 /* fetch / ready issue */
            case 1: in.ready[i] = in.req[i] && chance(60); break;  /* unready issue */
            default: in.ready[i] = chance(50); break;               /* independent */
            }
        }
        /* (Re)activation: single warps, or bursts of several at once. */
        int burst = start_pct && chance(start_pct);
        for (int i = 0; i < n; i++)
            in.start[i] = burst && chance(40);
        /* Counts: held mostly, drawn from small sets so ties are common. */
        for (int i = 0; i < n; i++) {
            if (c == 0 || chance(10)) {
                switch (nact_set) {
                case 0: in.nact[i] = tcount; break;
                case 1: in.nact[i] = chance(50) ? tcount : tcount / 2; break;
                default: in.nact[i] = chance(3) ? 0 : below(cmax + 1); break;
                }
            }
            if (c == 0 || chance(30))
                in.icnt[i] = chance(2) ? cmax : below((uint32_t)icnt_span < cmax + 1 ? (uint32_t)icnt_span : cmax + 1);
        }

        int pick = -1;
        if (in.rst) {
            ref_reset(&s, n, aw);
            cv->resets++;
        } else {
            pick = ref_pick(&s, &in);
            cv->checks++;
            /* Coverage of the interesting cases. */
            if (pick >= 0 && s.have && in.req[s.last] &&
                (in.pol == P_GTO || in.pol == P_GTLRR || in.pol == P_GTLO))
                cv->greedy++;
            if (pick >= 0 && (in.pol == P_PTA || in.pol == P_ICOUNT)) {
                int ties = 0;
                for (int i = 0; i < n; i++)
                    if (in.req[i] && (in.pol == P_PTA ? in.nact[i] == in.nact[pick]
                                                       : in.icnt[i] == in.icnt[pick]))
                        ties++;
                int lo = 0;
                while (!in.req[lo] || (in.pol == P_PTA ? in.nact[lo] != in.nact[pick]
                                                        : in.icnt[lo] != in.icnt[pick]))
                    lo++;
                if (ties > 1 && lo != pick)
                    cv->rrtie++;
            }
            if (pick >= 0 && in.pol == P_PTALOW) {
                /* a tie that round-robin would have broken differently */
                int m[MAXN], ties = 0;
                for (int i = 0; i < n; i++) {
                    m[i] = in.req[i] && in.nact[i] == in.nact[pick];
                    ties += m[i];
                }
                if (ties > 1 && rr(&s, m) != pick)
                    cv->lowtie++;
            }
            if (pick >= 0 && in.pol == P_GTO && in.adv && !in.ready[pick])
                cv->unready_pick++;
            if (pick >= 0 && (in.pol == P_GTLO || in.pol == P_YOUNGEST)) {
                int lo = 0;
                while (!in.req[lo])
                    lo++;
                if (pick != lo && !(s.have && in.req[s.last]))
                    cv->reorder++;
            }
            int ns = 0;
            for (int i = 0; i < n; i++)
                ns += in.start[i];
            if (ns > 1)
                cv->simstart++;
            ref_step(&s, &in, pick);
            for (int i = 0; i < n; i++)
                if (s.age[i] == (1u << aw) - 1)
                    cv->sat++;
        }

        /* Emit the cycle. */
        uint32_t w[1 + 4 * (MAXN / 32) + 2 * ((MAXN * 32 + 31) / 32)];
        int gnt[MAXN];
        for (int i = 0; i < n; i++)
            gnt[i] = i == pick;
        w[0] = (uint32_t)in.rst | (uint32_t)in.adv << 1 | (uint32_t)(pick >= 0) << 5 |
               (uint32_t)!in.rst << 6 | (uint32_t)(pick >= 0 ? pick : 0) << 8 | (uint32_t)in.pol << 16;
        int k = 1;
        pack_bits(w + k, nw, in.req, n), k += nw;
        pack_bits(w + k, nw, in.ready, n), k += nw;
        pack_bits(w + k, nw, in.start, n), k += nw;
        pack_bits(w + k, nw, gnt, n), k += nw;
        pack_fields(w + k, ncw, in.nact, n, cw), k += ncw;
        pack_fields(w + k, ncw, in.icnt, n, cw), k += ncw;
        err = write_words(f, w, k);
    }
    if (fclose(f) != 0 || err) {
        fprintf(stderr, "policy_ref: %s: write error\n", path);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *dir = ".";
    int cycles = 3000, quiet = 0, opt, holes = 0;
    uint32_t seed = 1;
    while ((opt = getopt(argc, argv, "o:c:s:qh")) != -1) {
        switch (opt) {
        case 'o': dir = optarg; break;
        case 'c': cycles = atoi(optarg); break;
        case 's': seed = (uint32_t)strtoul(optarg, NULL, 0); break;
        case 'q': quiet = 1; break;
        default:
            fprintf(stderr, "usage: %s [-o DIR] [-c CYCLES] [-s SEED] [-q]\n", argv[0]);
            return opt == 'h' ? 0 : 2;
        }
    }
    if (cycles < 10) {
        fprintf(stderr, "policy_ref: -c must be >= 10\n");
        return 2;
    }
    char lpath[4096];
    snprintf(lpath, sizeof lpath, "%s/policies.txt", dir);
    FILE *lf = fopen(lpath, "w");
    if (!lf) {
        fprintf(stderr, "policy_ref: %s: %s\n", lpath, strerror(errno));
        return 1;
    }
    for (int pol = 0; pol <= NCODES; pol++)
        if (strcmp(polname(pol), "?") != 0)
            fprintf(lf, "%d %s\n", pol, polname(pol));
    if (fclose(lf) != 0)
        return 1;
    for (int p = 0; p < NPOINTS; p++) {
        for (int pol = 0; pol <= NCODES; pol++) {
            if (strcmp(polname(pol), "?") == 0)
                continue; /* a reserved code is exercised inside "mix" */
            struct cover cv;
            if (gen_file(dir, &POINTS[p], pol, cycles, seed, &cv))
                return 1;
            const char *hole = NULL;
            if (POINTS[p].n > 1) {
                if ((pol == P_GTO || pol == P_GTLRR || pol == P_GTLO) && !cv.greedy)
                    hole = "greedy";
                else if ((pol == P_PTA || pol == P_ICOUNT) && !cv.rrtie)
                    hole = "round-robin tie";
                else if (pol == P_PTALOW && !cv.lowtie)
                    hole = "lowest-index tie";
                else if (pol == P_GTO && !cv.sat && POINTS[p].aw <= 5)
                    hole = "saturated age";
                else if (pol == P_GTO && !cv.unready_pick)
                    hole = "unready pick";
                else if ((pol == P_GTLO || pol == P_YOUNGEST) && (!cv.simstart || !cv.reorder))
                    hole = "simultaneous start / reordered oldest";
                else if (pol == NCODES && cv.policies < 4)
                    hole = "policy switches";
            }
            if (!cv.resets)
                hole = "reset";
            if (!quiet || hole)
                printf("%s%-6s N=%-2d checks=%ld greedy=%ld rr-ties=%ld low-ties=%ld sat-ages=%ld unready-picks=%ld "
                       "multi-starts=%ld gtlo-reorders=%ld resets=%ld%s%s\n",
                       hole ? "coverage hole: " : "", polname(pol), POINTS[p].n, cv.checks, cv.greedy,
                       cv.rrtie, cv.lowtie, cv.sat, cv.unready_pick, cv.simstart, cv.reorder, cv.resets,
                       hole ? " missing " : "", hole ? hole : "");
            if (hole)
                holes++;
        }
    }
    return holes ? 3 : 0;
}
