# config/configs.mk - the named GPU configurations, in one place.
# CFG_<name> := cores warps threads
# Every other build parameter keeps its default (rtl/weft_gpu.sv) unless a
# CFGP_<name> line adds Verilator -G overrides.
CFG_base   := 1 4 4
CFG_tiny   := 1 2 2
CFG_single := 1 1 1
CFG_w8t8   := 1 8 8
CFG_dual   := 2 4 4
CFG_w16t16 := 1 16 16
CFG_w32t32 := 1 32 32
CFG_quad   := 4 4 4

# Harness defaults of a configuration's build (C defines): quad is the
# cluster of four cores behind the shared L2 (--l2 on unless --no-l2).
CFGDEF_quad := -DWEFT_DEFAULT_L2=1

# RTL defines of a configuration (Verilator, Yosys and the harness's C see
# them): tiny, the smallest build and the one simulated as a netlist, has a
# 512-byte L1 D-cache (8 sets x 2 ways) instead of the default 4 KiB.
CFGV_tiny := WEFT_DC_SETS=8 WEFT_DC_WAYS=2

CONFIGS := base tiny single w8t8 dual w16t16 w32t32 quad
# Configurations of the kernel regression in `make test` (issue 2).
REGRESS_CONFIGS := base w8t8 dual single
