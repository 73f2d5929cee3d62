# mk/fuzz.mk - the in-process fuzz target (issue 19; tests/fuzz/README.md).
#
#   make fuzz            $(BUILD)/fuzz/fuzz_weft (clang, libFuzzer, ASan + UBSan)
#   make fuzz-run [FUZZ_SECONDS=600]
#                        run it for FUZZ_SECONDS on tests/fuzz/corpus (seeds,
#                        read only) and $(BUILD)/fuzz/corpus (what it finds);
#                        crashes go to $(BUILD)/fuzz/crash-*; ends with the
#                        executions per second (tests/fuzz/run.sh)
#   make fuzz-regress    every file of tests/fuzz/corpus and tests/fuzz/crashes once
FUZZ_CC ?= clang
# no -Werror here: the gcc builds hold the sources to it; a clang-only
# warning must not stop the fuzzer from being built
FUZZ_DIR := $(BUILD)/fuzz
FUZZ_FLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
# harness.c's main becomes weft_sim_main and stops after the option checks
FUZZ_DEFS := -Dmain=weft_sim_main -DWEFT_FUZZ_OPTIONS -DWEFT_BUILD_CONFIG=fuzz
FUZZ_SRCS := tests/fuzz/fuzz_weft.c $(SIM_C_SRCS) $(SIM_HOST_SRCS)
FUZZ_SECONDS ?= 600

$(FUZZ_DIR)/fuzz_weft: $(FUZZ_SRCS) $(SIM_GEN_HOSTS) $(SIM_HDRS) mk/fuzz.mk
	@mkdir -p $(@D)
	$(FUZZ_CC) -std=c11 -Wall -Wextra $(FUZZ_FLAGS) $(FUZZ_DEFS) $(SIM_INCLUDES) $(SW_HOST_CFLAGS) \
	  $(addprefix -I,$(sort $(dir $(SIM_HOST_SRCS)))) -o $@ $(FUZZ_SRCS) $(SIM_GEN_HOSTS) -lm

.PHONY: fuzz fuzz-run fuzz-regress
fuzz: $(FUZZ_DIR)/fuzz_weft

fuzz-run: $(FUZZ_DIR)/fuzz_weft
	bash tests/fuzz/run.sh $(FUZZ_DIR)/fuzz_weft $(FUZZ_SECONDS)

fuzz-regress: $(FUZZ_DIR)/fuzz_weft
	bash tests/fuzz/run.sh $(FUZZ_DIR)/fuzz_weft 0
