# mk/exp.mk - the source papers' experiments, one target per paper (issue 21
# item 6, docs/experiments/README.md). Included at the end of the Makefile.
#
#   make exp-magalhaes [SMALL=1]   seed 004 Table 2: GTO / PTA vs RR (cycles)
#   make exp-crouzet   [SMALL=1]   seed 002 Table II, Figs. 4-8: SWaS vs baseline
#   make exp-aurud     [SMALL=1]   seed 000 ch. 7: Vortex vs FGTO vs FRRR CPI stacks
#   make exp-bush      [SMALL=1]   seed 003 (Nyami): barrel vs switch-on-stall, cache size/associativity (= exp-seed003)
#   make exp-lies      [SMALL=1]   seed 001 Table 5.3: lanes scaling (synthesis)
#   make exp-all-small             all five with SMALL=1
# Each runs sweeps/exp-NAME.yaml with tools/weft (lies: tools/scaling.sh),
# then tools/exp_report.py, which writes docs/experiments/NAME.md and
# docs/experiments/NAME-*.png. SMALL=1 runs the YAML's `small` variant
# (minutes; results in build/sweeps/exp-NAME-small); without it the full
# variant (hours). EXP_JOBS points at a time (default 1: shared machine);
# EXP_OUT the document directory; EXP_ARGS more report arguments.

EXP_NAMES := magalhaes crouzet aurud bush lies
EXP_JOBS ?= 1
EXP_OUT ?= docs/experiments
EXP_ARGS ?=
# EXP_FE=vortex: run and report with the front-end preset FE=vortex (once the Makefile has FE)
EXP_FE ?=
SMALL ?=
EXP_VARIANT := $(if $(filter 1 yes true,$(SMALL)),--variant small)

.PHONY: $(addprefix exp-,$(EXP_NAMES)) exp-seed003 exp-all-small exp-check

$(addprefix exp-,$(EXP_NAMES)): exp-%: $(BUILD)/.deps $(BUILD)/.deps-sweep
	nice -n 5 $(PYTHON3) tools/exp_report.py $* --run $(EXP_VARIANT) -j $(EXP_JOBS) --build-jobs $(JOBS) --out $(EXP_OUT) $(if $(EXP_FE),--fe $(EXP_FE)) $(EXP_ARGS)

exp-seed003: exp-bush

exp-all-small:
	for n in $(EXP_NAMES); do $(MAKE) --no-print-directory exp-$$n SMALL=1 || exit 1; done

# the published-data files parse, every row names its source, quotes are in the seed text
exp-check:
	$(PYTHON3) tools/exp_report.py --check-published
