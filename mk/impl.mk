# mk/impl.mk - implementation views (issue 8, docs/synthesis.md). Included at
# the end of the top-level Makefile, so CONFIG, CORES, WARPS, THREADS,
# RTL_FILES, VFLAGS, CFG_DIR, the sw.mk variables (RV_CC, ...) are known.
#
#   make deps-impl                 install OpenSTA, the OSU 0.18 um library and the
#                                  PyPI FPGA tools (tools/deps.sh --impl)
#   make ppa CONFIG=... [PPA_MEM=sram] [PPA_PERIOD=ns] [PPA_ACTIVITY=a]
#                                  OSU018 area, Fmax, power: build/ppa/CONFIG/report.{txt,json}
#   make scaling [SCALING_THREADS="4 8 16 32 64"] [SCALING_WARPS=4]
#                                  lanes-scaling study (seed 001 sec. 5.2): build/scaling/
#   make scaling-lanes [SCALING_LANES="2 4 8"] [SCALING_LANES_T=8] [SCALING_LANES_WARPS=8] [SCALING_FLOW=modules]
#                                  the lanes at fixed threads per warp (warp rows): build/scaling-lanes/
#                                  (SCALING_FLOW=modules: per-module cached synthesis; power and Fmax by
#                                  OpenSTA on the stitched module netlists, SCALING_STA=0: area only)
#   make fpga                      ECP5-85F (ULX3S) bitstream + build/fpga/report.txt
#   make fpga-sim                  the FPGA top and memory image in Verilator; must pass
#   make sim CONFIG=tiny NETLIST=1 (or make netlist-sim CONFIG=tiny)
#                                  the Yosys netlist behind the harness:
#                                  build/CONFIG-netlist/weft-sim

.PHONY: deps-impl ppa scaling scaling-lanes fpga fpga-sw fpga-sim netlist-sim

deps-impl:
	bash tools/deps.sh --impl

# ---------------------------------------------------------------- PPA
ppa:
	@mkdir -p $(BUILD)/ppa
	bash tools/ppa.sh $(CONFIG)$(FE_DIR)$(DCL_DIR) $(CORES) $(WARPS) $(THREADS) $(BUILD)/ppa

# ---------------------------------------------------------------- scaling
SCALING_THREADS ?= 4 8 16 32 64
SCALING_WARPS ?= 4
SCALING_OUT ?= $(BUILD)/scaling
SCALING_ARGS ?=
scaling:
	@mkdir -p $(SCALING_OUT)
	bash tools/scaling.sh --warps $(SCALING_WARPS) --out $(SCALING_OUT) $(SCALING_ARGS) $(SCALING_THREADS)
# Warp rows (issue 20): seed 001 Table 5.3's own sweep, the lanes at fixed
# threads per warp (SCALING_LANES_T), with the cycles of the named
# configuration SCALING_LANES_CFG (its warps x threads) at each lane count.
SCALING_LANES ?= 2 4 8
SCALING_LANES_T ?= 8
SCALING_LANES_WARPS ?= 8
SCALING_LANES_CFG ?= w8t8
SCALING_FLOW ?= ppa
scaling-lanes:
	@mkdir -p $(SCALING_OUT)-lanes
	bash tools/scaling.sh --warps $(SCALING_LANES_WARPS) --out $(SCALING_OUT)-lanes --lanes-at $(SCALING_LANES_T) \
	  --flow $(SCALING_FLOW) --cycles $(SCALING_LANES_CFG) $(SCALING_ARGS) $(SCALING_LANES)

# ---------------------------------------------------------------- FPGA
FPGA_OUT ?= $(BUILD)/fpga
FPGA_WARPS ?= 2
FPGA_THREADS ?= 2
FPGA_MEM_WORDS := 8192
FPGA_TOP_SRC := fpga/weft_fpga_top.sv
FPGA_SW_OBJ := $(FPGA_OUT)/obj
FPGA_ELF := $(FPGA_OUT)/selftest.elf
FPGA_HEX := $(FPGA_OUT)/selftest.hex
FPGA_LDFLAGS := $(RV_ARCH) -nostdlib -nostartfiles -static -T fpga/link.ld -Wl,--no-warn-rwx-segments
FPGA_SW_CFLAGS ?=

$(FPGA_SW_OBJ)/selftest.o: fpga/sw/selftest.c sw/runtime/weft_device.h
	@mkdir -p $(@D)
	$(RV_CC) $(RV_CFLAGS) $(FPGA_SW_CFLAGS) -c $< -o $@

$(FPGA_ELF): $(SW_RT_START) $(SW_RT_LIB) $(FPGA_SW_OBJ)/selftest.o fpga/link.ld
	$(RV_CC) $(FPGA_LDFLAGS) -o $@ $(filter %.o,$^) $(RV_LIBS)
	$(RV_OBJDUMP) -d $@ > $(@:.elf=.dis)
	$(PYTHON3) sw/tools/simt_check.py $(@:.elf=.dis) > $(@:.elf=.simt.log) 2>&1 || { cat $(@:.elf=.simt.log); exit 1; }

$(FPGA_HEX): $(FPGA_ELF) fpga/bin2hex.py
	$(RV_PREFIX)objcopy -O binary $< $(FPGA_OUT)/selftest.bin
	$(PYTHON3) fpga/bin2hex.py $(FPGA_OUT)/selftest.bin $@ $(FPGA_MEM_WORDS)

fpga-sw: $(FPGA_HEX)

FPGA_SIM_DIR := $(FPGA_OUT)/sim
FPGA_SIM_BIN := $(FPGA_SIM_DIR)/fpga-sim
$(FPGA_SIM_BIN): $(RTL_FILES) $(FPGA_TOP_SRC) fpga/sim/tb.cpp $(FPGA_HEX) $(LINT_WAIVERS)
	@mkdir -p $(FPGA_SIM_DIR)
	@rm -f $@
	$(VERILATOR) --cc --exe --build -j $(JOBS) --top-module weft_fpga_top -O3 --x-assign fast --x-initial fast \
	  -GMEM_FILE='"$(abspath $(FPGA_HEX))"' -GWARPS=$(FPGA_WARPS) -GTHREADS=$(FPGA_THREADS) \
	  $(LINT_WAIVERS) $(RTL_FILES) $(FPGA_TOP_SRC) $(abspath fpga/sim/tb.cpp) \
	  -CFLAGS "-O2 -DUART_DIV=108" -MAKEFLAGS "OPT_FAST=-O2 OPT_SLOW=-O1" \
	  --Mdir $(FPGA_SIM_DIR)/vobj -o $(abspath $@) > $(FPGA_SIM_DIR)/verilator.log 2>&1 \
	  || { tail -40 $(FPGA_SIM_DIR)/verilator.log; exit 1; }
	@test -x $@

fpga-sim: $(FPGA_SIM_BIN)
	$(FPGA_SIM_BIN)

FPGA_BIT := $(FPGA_OUT)/weft_fpga.bit
$(FPGA_BIT): $(RTL_FILES) $(FPGA_TOP_SRC) fpga/ulx3s.lpf $(FPGA_HEX) tools/fpga.sh
	bash tools/fpga.sh --out $(FPGA_OUT) --hex $(FPGA_HEX) --warps $(FPGA_WARPS) --threads $(FPGA_THREADS)

fpga: $(FPGA_BIT)

# ---------------------------------------------------------------- netlist simulation
# The flattened Yosys netlist of CONFIG (generic cells written as plain
# Verilog expressions and always blocks) Verilated behind the same harness,
# linked with the RTL build's harness library ($(CFG_DIR)/libweftsim.a).
# -Wno-UNOPTFLAT: the flattened netlist joins buses that the RTL keeps apart
# (e.g. dmem_req_data_o, the decoded-instruction struct), which Verilator
# reports as false combinational loops of whole vectors; the RTL build keeps
# its own lint rules.
# -fno-const-bit-op-tree: Verilator 5.006's bit-op-tree rewrite (V3Const)
# miscompiles XOR trees of the gate-level netlist (upstream issues #4059 and
# #5186, "bit 31 of a vector"): with it on, lane 1 of `mul` gets bit 31
# inverted in the tiny netlist. docs/synthesis.md section 6 has the analysis.
NL_DIR := $(BUILD)/$(CONFIG)-netlist
NL_V := $(NL_DIR)/weft_gpu_netlist.v
NL_BIN := $(NL_DIR)/weft-sim

$(NL_V): $(RTL_FILES) tools/netlist.sh
	bash tools/netlist.sh $(CORES) $(WARPS) $(THREADS) $(NL_DIR)

$(NL_BIN): $(NL_V) sim/rtl_wrap.cpp sim/rtl.h $(CFG_DIR)/libweftsim.a
	@mkdir -p $(NL_DIR)
	@rm -f $@
	$(VERILATOR) $(VFLAGS) -Wno-UNOPTFLAT -fno-const-bit-op-tree $(NL_V) $(abspath sim/rtl_wrap.cpp) \
	  $(abspath $(CFG_DIR)/libweftsim.a) -CFLAGS "-O2 -I$(abspath sim) $(CFG_DEFS)" -LDFLAGS "-lm" \
	  --Mdir $(NL_DIR)/vobj -o $(abspath $@) > $(NL_DIR)/verilator.log 2>&1 \
	  || { tail -40 $(NL_DIR)/verilator.log; exit 1; }
	@test -x $@

netlist-sim: $(NL_BIN)

ifeq ($(NETLIST),1)
# `make sim CONFIG=tiny NETLIST=1`: the netlist build as well (the RTL build's
# harness library is shared, so the RTL model is brought up to date too).
sim: $(NL_BIN)
endif
