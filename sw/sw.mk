# sw/sw.mk - device software: runtime, benchmark kernels, bare test programs.
#
# Included by the top-level Makefile, which defines BUILD (build). Paths are
# relative to the repository root. Provides:
#   KERNELS            benchmark names (sw/kernels/NAME/)
#   $(BUILD)/sw/NAME.elf, .dis   kernel ELF and its disassembly
#   $(BUILD)/sw/hello.elf, .dis  bare start-up test (sw/tests/hello)
#   $(BUILD)/sw/ids.elf, .dis    runtime mapping test with a host program
#                      (sw/tests/ids; run it like a kernel: --kernel ids)
#   kernels            phony: every kernel ELF + disassembly, the tests, and the
#                      SIMT shape check of the disassemblies (sw/tools/simt_check.py)
#   sw-check           phony: run the SIMT shape check again, verbosely
#   HOST_SRCS          host programs (sw/kernels/*/host.c and sw/tests/ids/host.c),
#                      to be linked with the harness; compile them with
#                      $(SW_HOST_CFLAGS) and -I<the host.c's folder>
#   SW_HOST_CFLAGS     include path for the host programs (-Isim)

BUILD ?= build

SW_DIR := sw
SW_OUT := $(BUILD)/sw
SW_OBJ := $(SW_OUT)/obj

KERNELS := vecadd psum psort transpose conv3 diverge stencil ubench_ldchain ubench_alu ubench_bar ubench_straight
# Bare test programs: sw/tests/NAME/NAME.c with their own weft_main.
SW_TESTS := hello straight recurse
# Runtime tests launched by a host program: sw/tests/NAME/{kernel.c,host.c}.
SW_RT_TESTS := ids

HOST_SRCS := $(foreach k,$(KERNELS),$(SW_DIR)/kernels/$(k)/host.c) \
	$(foreach t,$(SW_RT_TESTS),$(SW_DIR)/tests/$(t)/host.c)
# Float kernels (RV32F, issue 4): built for rv32imf/ilp32f against a float
# build of the runtime (rules at the end). Not in KERNELS, which is the RTL
# kernel regression, until the RTL has its FPU; tests/fpu/run_model.sh runs
# them on the model.
FKERNELS := saxpy sgemm sfilter blackscholes sgemm_tiled
HOST_SRCS += $(foreach k,$(FKERNELS),$(SW_DIR)/kernels/$(k)/host.c)
# Memory-system kernels (issue 7): RV32A atomics, the imbalanced grid of
# dynamic block distribution and the shared-memory bank-conflict benchmark. Integer builds like KERNELS, but outside the
# scheduling-knob cross product (tools/sweep.sh).
# warpreduce: the warp primitives (vote, shuffle; issue 16 item 3); smemhist:
# the per-block shared-memory histogram (shared-memory atomics, item 4).
MKERNELS := atomics imbal smem_bank strided gather warpreduce smemhist
HOST_SRCS += $(foreach k,$(MKERNELS),$(SW_DIR)/kernels/$(k)/host.c)
# Plain-C kernels for the hardware-managed divergence mode (issue 16,
# --divergence minpc; docs/isa.md "Divergence modes"): thread-dependent C
# control flow without WEFT_IF/WEFT_WHILE. Integer builds; outside the golden
# table and the knob sweeps (they are correct only in minpc, which their ELF
# note below selects under the default command).
DKERNELS := plainc diverge_c vecadd_c transpose_c psum_c
HOST_SRCS += $(foreach k,$(DKERNELS),$(SW_DIR)/kernels/$(k)/host.c)
# Their code keeps the source order of its blocks (-fno-reorder-blocks): min-pc
# reconverges where the pcs meet, and GCC's block reordering moves arms and
# early exits below their join, which serializes the threads (warp
# instructions on base: diverge_c -22 %, plainc -45 %; docs/performance.md).
DK_CFLAGS := -fno-reorder-blocks
# Their ELF records the mode they need: a non-loaded section .weft.divergence
# holding "minpc" (objcopy --add-section, after the link). weft-sim's default
# --divergence auto runs an ELF in the mode of its note, ipdom without one, so
# the default command runs them correctly and every other ELF is unchanged
# (docs/isa.md "Divergence modes", "Divergence mode from the ELF").
DK_NOTE := $(SW_DIR)/runtime/divergence-minpc.note
# The source papers' kernels (issue 21 item 5, docs/kernels-papers.md): v_* are
# Vortex's own benchmarks (tests/opencl), rd_* the Rodinia ones, written to
# their semantics. PKERNELS are integer (rv32im) builds, PFKERNELS float
# (rv32imf, like FKERNELS). make test runs them on base only (tests/manifest.py,
# group papers); make test-full on every regression configuration.
PKERNELS := v_psort rd_nw rd_bfs rd_btree
PFKERNELS := rd_hotspot rd_kmeans rd_hotspot3d v_sgemm v_saxpy v_vecadd v_conv3 v_sfilter v_psum v_transpose rd_gaussian rd_nn rd_lud rd_srad rd_backprop rd_streamcluster rd_lavamd rd_particlefilter rd_cfd
# NAME:N = the kernel needs W*T >= N threads per core (its host program refuses
# smaller configurations with exit 2); the tests and the golden table skip them.
PKERNELS_MIN_HW := rd_hotspot:9 rd_lud:4 rd_srad:2 rd_btree:3
# Run under --cosim in make test (the others run on the RTL without it there;
# make test-full co-simulates all of them).
PKERNELS_COSIM := v_psort rd_nw v_sgemm v_saxpy v_vecadd v_conv3 v_sfilter v_psum v_transpose rd_gaussian rd_nn rd_srad rd_streamcluster rd_lavamd rd_btree
# Experiment variants of the papers' kernels (float builds, docs/kernels-papers.md):
# built and registered like PFKERNELS but in no regression list and no golden
# row; tests/exp checks them. v_sgemm_pocl: v_sgemm with Vortex's POCL mapping
# (one hardware thread per 16 x 16 work-group), docs/experiments/magalhaes.md.
XFKERNELS := v_sgemm_pocl
# The integer (rv32im) experiment variants, likewise: v_psort_bf is v_psort with
# the branch-free compare of Vortex's own build (psorti.dump), magalhaes.md.
XKERNELS := v_psort_bf v_psort_spawn
# Probe ELFs (float): NAME_nd is kernel NAME linked with the launcher built with
# WEFT_RT_PROBE_NODIV (no divide for 1-D blocks and grids), magalhaes.md
# experiment 7; the kernels' own ELFs never use that launcher.
XNDKERNELS := v_saxpy_nd v_vecadd_nd
HOST_SRCS += $(foreach k,$(PKERNELS) $(PFKERNELS) $(XFKERNELS) $(XKERNELS) $(XNDKERNELS),$(SW_DIR)/kernels/$(k)/host.c)
SW_HOST_CFLAGS := -Isim

RV_PREFIX ?= riscv64-unknown-elf-
RV_CC := $(RV_PREFIX)gcc
RV_OBJDUMP := $(RV_PREFIX)objdump
PYTHON3 ?= python3

# rv32im + ilp32 selects the rv32 multilib (libgcc); -misa-spec=2.2 keeps the
# CSR instructions in the base ISA. Do not add _zicsr: GCC 12 would fall back
# to the rv64 libraries.
RV_ARCH := -march=rv32im -mabi=ilp32 -misa-spec=2.2
RV_CFLAGS := $(RV_ARCH) -O2 -g -std=gnu11 -ffreestanding -fno-common \
	-fno-tree-loop-distribute-patterns -fno-jump-tables -fno-shrink-wrap \
	-Wall -Wextra -Werror -I$(SW_DIR)/runtime -MMD -MP
RV_ASFLAGS := $(RV_ARCH) -g -I$(SW_DIR)/runtime -MMD -MP
RV_LDFLAGS := $(RV_ARCH) -nostdlib -nostartfiles -static \
	-T $(SW_DIR)/runtime/link.ld -Wl,--no-warn-rwx-segments
RV_LIBS := -lgcc

SW_LD_SCRIPT := $(SW_DIR)/runtime/link.ld
SW_RT_START := $(SW_OBJ)/runtime/start.o
SW_RT_LIB := $(SW_OBJ)/runtime/weft_lib.o
SW_RT_LAUNCH := $(SW_OBJ)/runtime/weft_rt.o $(SW_OBJ)/runtime/weft_perf.o

SW_KERNEL_ELFS := $(foreach k,$(KERNELS) $(MKERNELS) $(DKERNELS) $(PKERNELS) $(XKERNELS),$(SW_OUT)/$(k).elf)
SW_TEST_ELFS := $(foreach t,$(SW_TESTS),$(SW_OUT)/$(t).elf)
SW_RT_TEST_ELFS := $(foreach t,$(SW_RT_TESTS),$(SW_OUT)/$(t).elf)
SW_ELFS := $(SW_KERNEL_ELFS) $(SW_TEST_ELFS) $(SW_RT_TEST_ELFS)
SW_DIS := $(SW_ELFS:.elf=.dis)
SW_CHECK_STAMP := $(SW_OUT)/simt_check.ok

.PHONY: kernels sw-check sw-clean

kernels: $(SW_ELFS) $(SW_DIS) $(SW_CHECK_STAMP)

# The ISA/WEFT_IF/IPDOM checks of every disassembly; a failure stops the build.
$(SW_CHECK_STAMP): $(SW_DIS) $(SW_DIR)/tools/simt_check.py
	@$(PYTHON3) $(SW_DIR)/tools/simt_check.py $(SW_DIS) > $@.log 2>&1 || { cat $@.log; exit 1; }
	@touch $@

sw-check: $(SW_DIS)
	$(PYTHON3) $(SW_DIR)/tools/simt_check.py -v $(SW_DIS)

sw-clean:
	rm -rf $(SW_OUT)

$(SW_OBJ)/runtime/%.o: $(SW_DIR)/runtime/%.c
	@mkdir -p $(@D)
	$(RV_CC) $(RV_CFLAGS) -c $< -o $@

$(SW_OBJ)/runtime/%.o: $(SW_DIR)/runtime/%.S
	@mkdir -p $(@D)
	$(RV_CC) $(RV_ASFLAGS) -c $< -o $@

$(SW_OBJ)/kernels/%.o: $(SW_DIR)/kernels/%/kernel.c
	@mkdir -p $(@D)
	$(RV_CC) $(RV_CFLAGS) $(if $(filter $*,$(DKERNELS)),$(DK_CFLAGS)) -c $< -o $@

$(SW_OBJ)/rttests/%.o: $(SW_DIR)/tests/%/kernel.c
	@mkdir -p $(@D)
	$(RV_CC) $(RV_CFLAGS) -c $< -o $@

# Bare test NAME: sw/tests/NAME/NAME.c.
define SW_TEST_RULE
$$(SW_OBJ)/tests/$(1).o: $$(SW_DIR)/tests/$(1)/$(1).c
	@mkdir -p $$(@D)
	$$(RV_CC) $$(RV_CFLAGS) -c $$< -o $$@
endef
$(foreach t,$(SW_TESTS),$(eval $(call SW_TEST_RULE,$(t))))

# Kernel ELF: start-up, launcher, library, kernel.
$(SW_KERNEL_ELFS): $(SW_OUT)/%.elf: $(SW_RT_START) $(SW_RT_LAUNCH) $(SW_RT_LIB) \
		$(SW_OBJ)/kernels/%.o $(SW_LD_SCRIPT) $(DK_NOTE)
	$(RV_CC) $(RV_LDFLAGS) -o $@ $(filter %.o,$^) $(RV_LIBS)
	$(if $(filter $*,$(DKERNELS)),$(RV_PREFIX)objcopy --add-section .weft.divergence=$(DK_NOTE) \
	  --set-section-flags .weft.divergence=readonly $@)

$(SW_RT_TEST_ELFS): $(SW_OUT)/%.elf: $(SW_RT_START) $(SW_RT_LAUNCH) $(SW_RT_LIB) \
		$(SW_OBJ)/rttests/%.o $(SW_LD_SCRIPT)
	$(RV_CC) $(RV_LDFLAGS) -o $@ $(filter %.o,$^) $(RV_LIBS)

# Bare test ELF: start-up, library and the test's own weft_main (no launcher).
$(SW_TEST_ELFS): $(SW_OUT)/%.elf: $(SW_RT_START) $(SW_RT_LIB) $(SW_OBJ)/tests/%.o \
		$(SW_LD_SCRIPT)
	$(RV_CC) $(RV_LDFLAGS) -o $@ $(filter %.o,$^) $(RV_LIBS)

$(SW_OUT)/%.dis: $(SW_OUT)/%.elf
	$(RV_OBJDUMP) -d $< > $@

-include $(wildcard $(SW_OBJ)/*/*.d)

# ---------------------------------------------------------------- RV32F kernels
# Per-kernel architecture: FKERNELS use RV_ARCH_F (rv32imf, hard-float ABI
# ilp32f; GCC and picolibc ship that multilib) and link picolibc's libm
# (expf, logf) and the rv32imf libgcc. The runtime is compiled a second time
# with the same ABI into obj/runtime-f (the linker refuses to mix ilp32 and
# ilp32f objects). -ffp-contract=off: no implicit fused multiply-add (kernels
# write __builtin_fmaf where they want one, so the host reference can match
# bit for bit); -fno-math-errno: sqrtf is the fsqrt.s instruction.
RV_ARCH_F := -march=rv32imf -mabi=ilp32f -misa-spec=2.2
PICOLIBC_DIR ?= /usr/lib/picolibc/riscv64-unknown-elf
RV_CFLAGS_F := $(subst $(RV_ARCH),$(RV_ARCH_F),$(RV_CFLAGS)) -ffp-contract=off -fno-math-errno \
	-isystem $(PICOLIBC_DIR)/include
RV_ASFLAGS_F := $(subst $(RV_ARCH),$(RV_ARCH_F),$(RV_ASFLAGS))
RV_LDFLAGS_F := $(subst $(RV_ARCH),$(RV_ARCH_F),$(RV_LDFLAGS))
RV_LIBS_F := -L$(PICOLIBC_DIR)/lib/rv32imf/ilp32f -lc -lgcc  # picolibc keeps libm in libc.a

SW_RT_F_OBJS := $(patsubst $(SW_OBJ)/runtime/%,$(SW_OBJ)/runtime-f/%,$(SW_RT_START) $(SW_RT_LAUNCH) $(SW_RT_LIB))
SW_F_ELFS := $(foreach k,$(FKERNELS) $(PFKERNELS) $(XFKERNELS),$(SW_OUT)/$(k).elf)
SW_F_DIS := $(SW_F_ELFS:.elf=.dis)
SW_F_CHECK_STAMP := $(SW_OUT)/simt_check_f.ok

kernels: $(SW_F_ELFS) $(SW_F_DIS) $(SW_F_CHECK_STAMP)

$(SW_F_CHECK_STAMP): $(SW_F_DIS) $(SW_DIR)/tools/simt_check.py
	@$(PYTHON3) $(SW_DIR)/tools/simt_check.py $(SW_F_DIS) > $@.log 2>&1 || { cat $@.log; exit 1; }
	@touch $@

$(SW_OBJ)/runtime-f/%.o: $(SW_DIR)/runtime/%.c
	@mkdir -p $(@D)
	$(RV_CC) $(RV_CFLAGS_F) -c $< -o $@

$(SW_OBJ)/runtime-f/%.o: $(SW_DIR)/runtime/%.S
	@mkdir -p $(@D)
	$(RV_CC) $(RV_ASFLAGS_F) -c $< -o $@

$(SW_OBJ)/kernels-f/%.o: $(SW_DIR)/kernels/%/kernel.c
	@mkdir -p $(@D)
	$(RV_CC) $(RV_CFLAGS_F) -c $< -o $@

$(SW_F_ELFS): $(SW_OUT)/%.elf: $(SW_RT_F_OBJS) $(SW_OBJ)/kernels-f/%.o $(SW_LD_SCRIPT)
	$(RV_CC) $(RV_LDFLAGS_F) -o $@ $(filter %.o,$^) $(RV_LIBS_F)

SW_RT_FND_OBJS := $(subst /runtime-f/weft_rt.o,/runtime-fnd/weft_rt.o,$(SW_RT_F_OBJS))
SW_ND_ELFS := $(foreach k,$(XNDKERNELS),$(SW_OUT)/$(k).elf)
kernels: $(SW_ND_ELFS) $(SW_ND_ELFS:.elf=.dis)

$(SW_OBJ)/runtime-fnd/weft_rt.o: $(SW_DIR)/runtime/weft_rt.c
	@mkdir -p $(@D)
	$(RV_CC) $(RV_CFLAGS_F) -DWEFT_RT_PROBE_NODIV -c $< -o $@

$(SW_ND_ELFS): $(SW_OUT)/%_nd.elf: $(SW_RT_FND_OBJS) $(SW_OBJ)/kernels-f/%.o $(SW_LD_SCRIPT)
	$(RV_CC) $(RV_LDFLAGS_F) -o $@ $(filter %.o,$^) $(RV_LIBS_F)
