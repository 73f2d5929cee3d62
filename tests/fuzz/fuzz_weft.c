/* fuzz_weft.c - in-process fuzz target (libFuzzer, clang -fsanitize=fuzzer)
 * for the ELF loader, the model engine and weft-sim's option parser
 * (issue 19). Built and run by mk/fuzz.mk (make fuzz, make fuzz-run).
 *
 * The first input byte chooses the target:
 *   even  the rest is an ELF file: weft_load_elf, then, if it loads, the
 *         model runs it as a bare program for at most FUZZ_STEPS scheduler
 *         steps (2 cores x 2 warps x 4 threads, 17 MiB of device RAM)
 *   odd   the rest is a command line, arguments separated by NUL bytes:
 *         weft-sim's main (sim/harness.c built with -Dmain=weft_sim_main
 *         -DWEFT_FUZZ_OPTIONS) parses and checks it and returns before
 *         opening any file or device
 * Every report of AddressSanitizer, UndefinedBehaviorSanitizer or
 * LeakSanitizer, and every crash, is a finding (tests/fuzz/README.md).
 */
#define _GNU_SOURCE
#include "weft.h"

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FUZZ_STEPS 3000u
#define FUZZ_MAX_ARGS 40

int weft_sim_main(int argc, char **argv);

static char elf_path[128];
/* what the inputs exercised, printed at exit (tests/fuzz/run.sh reports it) */
static unsigned long n_elf, n_loaded, n_opts;

static void print_counts(void)
{
    dprintf(2, "fuzz_weft: %lu ELF inputs (%lu loaded and run on the model), %lu command lines\n", n_elf, n_loaded,
            n_opts);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(elf_path, sizeof elf_path, "%s/weft-fuzz-%ld.elf", dir, (long)getpid());
    /* the harness's messages and usage text would dominate the time; the
     * sanitizers and libFuzzer write to file descriptor 2 themselves */
    atexit(print_counts);
    FILE *null = fopen("/dev/null", "w");
    if (null) {
        stdout = null;
        stderr = null;
    }
    return 0;
}

static void fuzz_elf(const uint8_t *d, size_t n)
{
    FILE *f = fopen(elf_path, "wb");
    if (!f)
        abort(); /* the fuzzer cannot work without its file */
    if (n && fwrite(d, 1, n, f) != n)
        abort();
    if (fclose(f) != 0)
        abort();
    weft_config_t cfg;
    weft_config_default(&cfg);
    cfg.cores = 2;
    cfg.warps = 2;
    cfg.threads = 4;
    cfg.mem_size = 17u << 20; /* the 16 MiB stack region and 1 MiB for the program */
    cfg.max_cycles = FUZZ_STEPS;
    weft_dev_t *dev = weft_open(&cfg, "model");
    if (!dev)
        abort();
    n_elf++;
    if (weft_load_elf(dev, elf_path) == WEFT_OK) {
        n_loaded++;
        weft_run_bare(dev);
    }
    weft_close(dev);
}

static void fuzz_options(const uint8_t *d, size_t n)
{
    char *argv[FUZZ_MAX_ARGS + 2];
    int argc = 0;
    n_opts++;
    argv[argc++] = strdup("weft-sim");
    size_t i = 0;
    while (i < n && argc <= FUZZ_MAX_ARGS) {
        size_t j = i;
        while (j < n && d[j] != 0)
            j++;
        /* each argument in its own allocation: an over-read is reported */
        char *a = malloc(j - i + 1);
        if (!a)
            abort();
        memcpy(a, d + i, j - i);
        a[j - i] = 0;
        argv[argc++] = a;
        i = j + 1;
    }
    argv[argc] = NULL;
    char *mine[FUZZ_MAX_ARGS + 2];
    memcpy(mine, argv, sizeof mine); /* getopt_long permutes argv */
    optind = 0;                      /* GNU getopt: start afresh */
    weft_sim_main(argc, argv);
    for (int k = 0; k < argc; k++)
        free(mine[k]);
}

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)
{
    if (n == 0)
        return 0;
    if (d[0] & 1)
        fuzz_options(d + 1, n - 1);
    else
        fuzz_elf(d + 1, n - 1);
    return 0;
}
