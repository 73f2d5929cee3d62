# mk/sweep.mk - the experiment runner (issue 18, docs/sweeps.md). Included at
# the end of the top-level Makefile.
#
#   make deps-sweep            PyYAML, matplotlib, tqdm (tools/weft/requirements.txt) and
#                              Debian's slurm-wlm + munge for the local-Slurm test (tools/deps-slurm.sh)
#   make sweep-demo            sweeps/demo.yaml (112 points) locally, SWEEP_JOBS (nproc) at a time, a progress bar:
#                              table build/sweeps/demo/results.sqlite, CSV, plots; rerun = resume
#   make sweep SWEEP=F.yaml [SWEEP_ARGS="--slurm --partition P ..."]   any sweep
#   make sweep-knobs           sweeps/knobs-subset.yaml (tools/sweep.sh's subset and checks)
#   make sweep-knobs-full      sweeps/knobs-full.yaml (tools/sweep.sh --full --small)
#   make test-sweeps           tests/sweeps/run.sh (local + a local Slurm); "N passed, M failed"

WEFT := PYTHONPATH=$(CURDIR)/tools$(if $(PYTHONPATH),:$(PYTHONPATH)) python3 -m weft
SWEEP ?= sweeps/demo.yaml
SWEEP_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
SWEEP_ARGS ?=

.PHONY: deps-sweep sweep sweep-demo sweep-knobs sweep-knobs-full test-sweeps

deps-sweep:
	bash tools/deps-slurm.sh

# the Python packages only, once per build tree (what a sweep needs)
$(BUILD)/.deps-sweep: tools/deps-slurm.sh tools/weft/requirements.txt
	@mkdir -p $(BUILD)
	bash tools/deps-slurm.sh --python
	@touch $@

sweep: $(BUILD)/.deps $(BUILD)/.deps-sweep
	$(WEFT) sweep $(SWEEP) -j $(SWEEP_JOBS) --build-jobs $(JOBS) --plots $(SWEEP_ARGS)

sweep-demo: $(BUILD)/.deps $(BUILD)/.deps-sweep
	$(WEFT) sweep sweeps/demo.yaml -j $(SWEEP_JOBS) --build-jobs $(JOBS) $(SWEEP_ARGS)
	$(WEFT) export sweeps/demo.yaml
	$(WEFT) plot sweeps/demo.yaml

sweep-knobs: $(BUILD)/.deps $(BUILD)/.deps-sweep
	$(WEFT) sweep sweeps/knobs-subset.yaml -j $(SWEEP_JOBS) --build-jobs $(JOBS) $(SWEEP_ARGS)

sweep-knobs-full: $(BUILD)/.deps $(BUILD)/.deps-sweep
	$(WEFT) sweep sweeps/knobs-full.yaml -j $(SWEEP_JOBS) --build-jobs $(JOBS) $(SWEEP_ARGS)

test-sweeps: $(BUILD)/.deps $(BUILD)/.deps-sweep
	bash tests/sweeps/run.sh
