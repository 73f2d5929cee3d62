/* api_test.c - checks of the host API (weft.h) on the model engine and of
 * the model's step interface (model.h), without the harness.
 *
 * usage: api_test LAUNCH_ELF STEP_ELF
 * Prints one line per failed check and "api: N passed, M failed".
 */
#define _POSIX_C_SOURCE 200809L
#include "model.h"
#include "weft_dev.h"

#include <stdio.h>
#include <string.h>

static unsigned npass, nfail;

#define CHECK(cond, ...)                                   \
    do {                                                   \
        if (cond) {                                        \
            npass++;                                       \
        } else {                                           \
            nfail++;                                       \
            printf("api FAIL line %d: %s: ", __LINE__, #cond); \
            printf(__VA_ARGS__);                           \
            printf("\n");                                  \
        }                                                  \
    } while (0)

static weft_dev_t *open_model(void)
{
    weft_config_t cfg;
    weft_config_default(&cfg);
    cfg.cores = 2;
    cfg.warps = 2;
    cfg.threads = 4;
    return weft_open(&cfg, "model");
}

static void test_open(void)
{
    weft_config_t cfg;
    weft_config_default(&cfg);
    CHECK(cfg.mem_base == 0x80000000u && cfg.mem_size == 64u << 20, "defaults");
    weft_dev_t *d = weft_open(&cfg, "no-such-engine");
    CHECK(d == NULL, "unknown engine accepted");
    cfg.threads = 33;
    d = weft_open(&cfg, "model");
    CHECK(d == NULL, "33 threads accepted");
    weft_config_default(&cfg);
    cfg.cores = 1024; /* 1024 * 4 * 4 threads * 4 KiB > 16 MiB of stacks */
    d = weft_open(&cfg, "model");
    CHECK(d == NULL, "too many threads for the stack region accepted");
    d = weft_open(NULL, "model");
    CHECK(d != NULL, "default open failed");
    CHECK(weft_status(d) == WEFT_OK && strcmp(weft_error(d), "") == 0, "fresh device has an error");
    CHECK(strcmp(weft_engine_name(d), "model") == 0, "engine name");
    /* no ELF yet */
    weft_dim3_t one = {1, 1, 1};
    CHECK(weft_launch(d, "k", one, one, 0) == WEFT_E_ELF, "launch without ELF");
    CHECK(weft_malloc(d, 4) == 0, "sticky error: malloc after failure");
    CHECK(weft_copy_to_dev(d, 0x80000000u, "x", 1) == WEFT_E_ELF, "sticky status");
    weft_close(d);
}

static void test_launch(const char *elf)
{
    weft_dev_t *d = open_model();
    CHECK(weft_load_elf(d, "/nonexistent/x.elf") == WEFT_E_ELF, "missing file");
    weft_close(d);

    d = open_model();
    CHECK(weft_load_elf(d, elf) == WEFT_OK, "load %s: %s", elf, weft_error(d));
    uint32_t ka = weft_symbol(d, "kernel_a"), kb = weft_symbol(d, "kernel_b");
    CHECK(ka && kb && ka != kb, "symbols 0x%x 0x%x", ka, kb);
    CHECK(weft_symbol(d, "no_such_symbol") == 0, "absent symbol");
    uint32_t buf = weft_malloc(d, 256), buf2 = weft_malloc(d, 1);
    uint32_t buf3 = weft_malloc(d, 0);
    CHECK(buf && (buf & 63) == 0 && buf > ka, "malloc 0x%x", buf);
    CHECK(buf2 >= buf + 256 && (buf2 & 63) == 0 && buf3 >= buf2 + 64 && (buf3 & 63) == 0, "malloc 0x%x 0x%x", buf2,
          buf3);
    uint32_t zero[64] = {0};
    CHECK(weft_copy_to_dev(d, buf, zero, sizeof zero) == WEFT_OK, "copy in");
    weft_dim3_t grid = {2, 3, 4}, block = {5, 6, 7};
    CHECK(weft_launch(d, "kernel_a", grid, block, buf) == WEFT_OK, "launch: %s", weft_error(d));
    uint32_t out[64];
    CHECK(weft_copy_from_dev(d, out, buf, sizeof out) == WEFT_OK, "copy out");
    CHECK(out[0] == ka, "entry 0x%x != kernel_a 0x%x", out[0], ka);
    CHECK(out[1] == 2 && out[2] == 3 && out[3] == 4, "grid %u %u %u", out[1], out[2], out[3]);
    CHECK(out[4] == 5 && out[5] == 6 && out[6] == 7, "block %u %u %u", out[4], out[5], out[6]);
    CHECK(out[7] == buf && out[8] == 0, "arg 0x%x flags %u", out[7], out[8]);
    CHECK(out[9] >= 0x80000000u && out[9] < buf && (out[9] & 3) == 0, "launch pointer 0x%x", out[9]);
    CHECK(out[10] == 0x600d, "kernel_a ran: 0x%x", out[10]);
    /* 2 cores x warp 0 x 4 threads ran (no wspawn): hart ids 0-3 and 8-11 */
    int ok = 1;
    for (unsigned g = 0; g < 16; g++) {
        unsigned want = (g < 4 || (g >= 8 && g < 12)) ? g + 1 : 0;
        ok &= out[16 + g] == want;
    }
    CHECK(ok, "hart ids");
    const weft_stats_t *s = weft_stats(d);
    CHECK(s->launches == 1 && s->warp_instrs > 20 && s->thread_instrs > s->warp_instrs && s->steps > 0 &&
              s->cycles == 0,
          "stats %llu %llu %llu", (unsigned long long)s->launches, (unsigned long long)s->warp_instrs,
          (unsigned long long)s->thread_instrs);
    uint64_t wi = s->warp_instrs;
    printf("(expect a console line '[c0 w0 t0] k' and '[c1 w0 t0] k')\n");
    fflush(stdout);
    CHECK(weft_launch(d, "kernel_b", grid, block, buf) == WEFT_OK, "launch b: %s", weft_error(d));
    CHECK(weft_copy_from_dev(d, out, buf, sizeof out) == WEFT_OK, "copy out");
    CHECK(out[0] == kb && out[10] == 0xb, "kernel_b entry/result");
    CHECK(s->launches == 2 && s->warp_instrs > wi, "stats accumulate");
    weft_dim3_t zero3 = {0, 1, 1};
    CHECK(weft_launch(d, "kernel_a", zero3, block, buf) == WEFT_E_USAGE, "zero grid");
    weft_close(d);

    /* issue 19 D9: a grid of 2^32 blocks wrapped to 0 in the runtime and
     * passed; a block larger than W*T failed as "tohost failure 1" */
    weft_dim3_t one1 = {1, 1, 1}, huge = {65536, 65536, 1}, huge3 = {0xffffffffu, 0xffffffffu, 0xffffffffu};
    d = open_model();
    CHECK(weft_load_elf(d, elf) == WEFT_OK, "load");
    CHECK(weft_launch(d, "kernel_a", huge, block, buf) == WEFT_E_USAGE && strstr(weft_error(d), "2^32"),
          "65536x65536 grid: %s", weft_error(d));
    weft_close(d);
    /* the block limit is the runtime's: checked for ELFs linked with it */
    const char *rt_elf = "build/sw/vecadd.elf";
    FILE *rf = fopen(rt_elf, "rb");
    if (rf) {
        fclose(rf);
        d = open_model();
        CHECK(weft_load_elf(d, rt_elf) == WEFT_OK, "load %s", rt_elf);
        CHECK(weft_launch(d, "vecadd", one1, huge3, 0x80001000u) == WEFT_E_USAGE &&
                  strstr(weft_error(d), "more threads"), "huge block: %s", weft_error(d));
        weft_close(d);
        d = open_model();
        CHECK(weft_load_elf(d, rt_elf) == WEFT_OK, "load %s", rt_elf);
        weft_dim3_t big = {weft_config(d)->warps * weft_config(d)->threads + 1, 1, 1};
        CHECK(weft_launch(d, "vecadd", one1, big, 0x80001000u) == WEFT_E_USAGE && strstr(weft_error(d), "more threads"),
              "block W*T+1: %s", weft_error(d));
        weft_close(d);
    } else {
        printf("(block-limit checks skipped: no %s)\n", rt_elf);
    }

    d = open_model();
    CHECK(weft_load_elf(d, elf) == WEFT_OK, "load");
    CHECK(weft_launch(d, "kernel_c", grid, block, 0) == WEFT_E_ELF, "unknown kernel");
    CHECK(strstr(weft_error(d), "kernel_c") != NULL, "message names the kernel: %s", weft_error(d));
    weft_close(d);

    d = open_model();
    CHECK(weft_load_elf(d, elf) == WEFT_OK, "load");
    CHECK(weft_copy_to_dev(d, 0x84000000u - 4, zero, 8) == WEFT_E_MEM, "copy past RAM end");
    weft_close(d);
    d = open_model();
    CHECK(weft_copy_from_dev(d, out, 0x7ffffffcu, 8) == WEFT_E_MEM, "copy below RAM");
    weft_close(d);
    /* issue 19 D9: a length near SIZE_MAX must not pass the range check by
     * wrapping (it crashed in memcpy) */
    d = open_model();
    CHECK(weft_copy_to_dev(d, 0x80001000u, zero, SIZE_MAX) == WEFT_E_MEM, "copy_to_dev SIZE_MAX");
    weft_close(d);
    d = open_model();
    CHECK(weft_copy_from_dev(d, out, 0x80001000u, SIZE_MAX - 0x1000u) == WEFT_E_MEM, "copy_from_dev SIZE_MAX-4K");
    weft_close(d);
    /* issue 19 D7: weft_check_size refuses what cannot fit, without overflow */
    d = open_model();
    CHECK(weft_check_size(d, 1000, 12) == WEFT_OK, "check_size 1000 x 12");
    CHECK(weft_check_size(d, UINT64_MAX, 12) == WEFT_E_USAGE && strstr(weft_error(d), "--size") != NULL,
          "check_size UINT64_MAX: %s", weft_error(d));
    weft_close(d);
    d = open_model();
    CHECK(weft_load_elf(d, elf) == WEFT_OK, "load");
    CHECK(weft_malloc(d, 48u << 20) == 0 && weft_status(d) == WEFT_E_USAGE, "malloc into the stack region");
    weft_close(d);
}

/* issue 19 D9: weft_free, handle checks, the allocation check, no
 * allocation before the ELF (it was loaded over them) */
static void test_alloc(const char *elf)
{
    weft_dev_t *d = open_model();
    CHECK(weft_malloc(d, 64) == 0 && weft_status(d) == WEFT_E_USAGE && strstr(weft_error(d), "weft_load_elf first"),
          "malloc before the ELF: %s", weft_error(d));
    weft_close(d);

    d = open_model();
    CHECK(weft_load_elf(d, elf) == WEFT_OK, "load");
    uint32_t ka = weft_symbol(d, "kernel_a");
    uint32_t a = weft_malloc(d, 100), b = weft_malloc(d, 200), c = weft_malloc(d, 64);
    CHECK(a > ka && b == a + 128 && c == b + 256, "bump order 0x%x 0x%x 0x%x", a, b, c);
    CHECK(weft_free(d, 0) == WEFT_OK, "free(0)");
    CHECK(weft_free(d, b) == WEFT_OK, "free b");
    uint32_t b2 = weft_malloc(d, 256);
    CHECK(b2 == b, "first fit reuses b: 0x%x", b2);
    uint32_t e = weft_malloc(d, 257);
    CHECK(e > c, "a larger block goes above: 0x%x", e);
    CHECK(weft_free(d, b2) == WEFT_OK && weft_free(d, b2) == WEFT_E_USAGE && strstr(weft_error(d), "already freed"),
          "double free: %s", weft_error(d));
    weft_close(d);
    d = open_model();
    weft_load_elf(d, elf);
    a = weft_malloc(d, 100);
    CHECK(weft_free(d, a + 4) == WEFT_E_USAGE && strstr(weft_error(d), "not its start"), "inside: %s", weft_error(d));
    weft_close(d);
    d = open_model();
    weft_load_elf(d, elf);
    CHECK(weft_free(d, 0x80100000u) == WEFT_E_USAGE && strstr(weft_error(d), "not an address weft_malloc returned"),
          "unknown: %s", weft_error(d));
    weft_close(d);
    /* a new ELF clears RAM and forgets the allocations */
    d = open_model();
    weft_load_elf(d, elf);
    a = weft_malloc(d, 100);
    const uint32_t pat = 0xdeadbeefu;
    uint32_t back = 1;
    weft_set_alloc_check(d, 0);
    CHECK(weft_copy_to_dev(d, a, &pat, 4) == WEFT_OK && weft_load_elf(d, elf) == WEFT_OK &&
              weft_copy_from_dev(d, &back, a, 4) == WEFT_OK && back == 0,
          "a reload clears RAM: 0x%x", back);
    CHECK(weft_free(d, a) == WEFT_E_USAGE, "reload forgets allocations");
    weft_close(d);
    /* weft_check_size counts freed memory as free */
    d = open_model();
    weft_load_elf(d, elf);
    a = weft_malloc(d, 32u << 20);
    CHECK(a && weft_check_size(d, 20u << 20, 1) == WEFT_E_USAGE, "check_size with 32 MiB taken");
    weft_close(d);
    d = open_model();
    weft_load_elf(d, elf);
    a = weft_malloc(d, 32u << 20);
    CHECK(weft_free(d, a) == WEFT_OK && weft_check_size(d, 20u << 20, 1) == WEFT_OK, "check_size after free");
    weft_close(d);

    /* the allocation check (WEFT_CHECK_ALLOC=1 / weft_set_alloc_check) */
    static const char msg[4][40] = {"runs past the end", "freed allocation", "overlaps the loaded ELF",
                                    "not inside an allocation"};
    uint8_t buf[512] = {0};
    for (int on = 0; on < 2; on++)
        for (int k = 0; k < 4; k++) {
            d = open_model();
            weft_set_alloc_check(d, on);
            weft_load_elf(d, elf);
            a = weft_malloc(d, 100);
            b = weft_malloc(d, 100);
            CHECK(weft_copy_to_dev(d, a, buf, 100) == WEFT_OK && weft_copy_from_dev(d, buf, a + 50, 50) == WEFT_OK,
                  "copies inside: %s", weft_error(d));
            weft_free(d, b);
            uint32_t at = k == 0 ? a + 60 : k == 1 ? b : k == 2 ? ka : 0x82000000u;
            int rc = k & 1 ? weft_copy_from_dev(d, buf, at, 41) : weft_copy_to_dev(d, at, buf, 41);
            if (on)
                CHECK(rc == WEFT_E_MEM && strstr(weft_error(d), msg[k]), "check on, case %d: %d %s", k, rc,
                      weft_error(d));
            else
                CHECK(rc == WEFT_OK, "check off, case %d: %d %s", k, rc, weft_error(d));
            weft_close(d);
        }
}

static void test_step(const char *elf)
{
    weft_dev_t *d = open_model();
    CHECK(weft_load_elf(d, elf) == WEFT_OK, "load %s: %s", elf, weft_error(d));
    model_t *m = model_create(d);
    CHECK(m != NULL, "model_create");
    if (!m) {
        weft_close(d);
        return;
    }
    uint32_t entry = 0x80000000u;
    model_reset(m, entry, 0x1234);
    CHECK(model_warp_runnable(m, 0, 0) && model_warp_runnable(m, 1, 0) && !model_warp_active(m, 0, 1), "reset");
    model_commit_t r;
    CHECK(model_step_warp(m, 0, 0, &r) == WEFT_OK, "step 1");
    CHECK(r.core == 0 && r.warp == 0 && r.pc == entry && r.instr == 0xcc0025f3 && r.tmask == 0xf && r.rd == 11,
          "csrr record pc 0x%x instr 0x%08x rd %u", r.pc, r.instr, r.rd);
    CHECK(r.rd_val[0] == 0 && r.rd_val[3] == 3 && r.next_pc == entry + 4 && r.st_mask == 0, "csrr values");
    CHECK(model_step_warp(m, 0, 0, &r) == WEFT_OK && r.rd == 12 && r.rd_val[2] == 102, "addi");
    for (int i = 0; i < 4; i++)
        model_step_warp(m, 0, 0, &r);
    uint32_t a3 = model_reg(m, 0, 0, 1, 13);
    CHECK(r.rd == 13 && r.rd_val[1] == a3 && (a3 & 3) == 0, "add a3");
    /* give the model its own memory before the stores */
    static uint8_t shadow[64u << 20];
    memcpy(shadow, weft_mem_ram(d), sizeof shadow);
    model_set_shadow_ram(m, shadow);
    CHECK(model_step_warp(m, 0, 0, &r) == WEFT_OK, "sw");
    CHECK(r.rd == 0 && r.st_mask == 0xf && r.st_addr[2] == a3 + 4 && r.st_data[2] == 102 && r.st_byteen[2] == 0xf,
          "sw record mask 0x%x addr 0x%x data %u be 0x%x", r.st_mask, r.st_addr[2], r.st_data[2], r.st_byteen[2]);
    CHECK(model_step_warp(m, 0, 0, &r) == WEFT_OK, "sb");
    CHECK(r.st_mask == 0xf && r.st_addr[1] == a3 && r.st_data[1] == (101u << 8) && r.st_byteen[1] == 2,
          "sb record addr 0x%x data 0x%x be 0x%x", r.st_addr[1], r.st_data[1], r.st_byteen[1]);
    uint32_t off = a3 - 0x80000000u, v_shadow, v_dev;
    memcpy(&v_shadow, shadow + off, 4);
    memcpy(&v_dev, weft_mem_ram(d) + off, 4);
    CHECK(v_shadow == (101u | 101u << 8) && v_dev == 0, "shadow RAM 0x%x, device RAM 0x%x", v_shadow, v_dev);
    model_step_warp(m, 0, 0, &r); /* li */
    CHECK(model_step_warp(m, 0, 0, &r) == WEFT_OK && r.next_tmask == 5 && r.rd == 0, "tmc 5");
    model_set_cycle(m, 0, 77);
    model_step_warp(m, 0, 0, &r);
    CHECK(model_step_warp(m, 0, 0, &r) == WEFT_OK && r.next_tmask == 0 && !model_warp_active(m, 0, 0), "tmc 0");
    CHECK(!model_done(m), "core 1 still active");
    CHECK(model_step_warp(m, 0, 0, &r) == WEFT_E_INTERNAL, "stepping an ended warp");
    model_destroy(m);
    weft_close(d);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s LAUNCH_ELF STEP_ELF\n", argv[0]);
        return 2;
    }
    test_open();
    test_launch(argv[1]);
    test_alloc(argv[1]);
    test_step(argv[2]);
    printf("api: %u passed, %u failed\n", npass, nfail);
    return nfail ? 1 : 0;
}
