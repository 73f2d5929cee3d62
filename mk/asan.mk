# mk/asan.mk - AddressSanitizer + UndefinedBehaviorSanitizer builds of the C
# harness with the model engine (issue 19; docs/verification.md).
#
#   make asan-sim    $(BUILD)/model-asan/weft-sim and $(BUILD)/model-asan/api_test
#   make test-asan   the `asan` group of the test suite (tests/manifest.py):
#                    every kernel on the model, tests/robust and the API test
#
# Any sanitizer report stops the program with a non-zero exit
# (-fno-sanitize-recover=all; leaks are reported at exit by LeakSanitizer).
ASAN_FLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
ASAN_DIR := $(BUILD)/model-asan
ASAN_OBJS := $(patsubst %.c,$(ASAN_DIR)/obj/%.o,$(SIM_C_SRCS) $(SIM_HOST_SRCS)) $(ASAN_DIR)/obj/gen/hosts.o

$(ASAN_DIR)/obj/%.o: %.c $(SIM_HDRS)
	@mkdir -p $(@D)
	$(SIM_CC) $(SIM_CFLAGS) $(ASAN_FLAGS) $(SIM_INCLUDES) -I$(dir $<) $(SW_HOST_CFLAGS) \
	  -DWEFT_BUILD_CONFIG=model-asan -MMD -MP -c $< -o $@

$(ASAN_DIR)/obj/gen/hosts.o: $(SIM_GEN_HOSTS) $(SIM_HDRS)
	@mkdir -p $(@D)
	$(SIM_CC) $(SIM_CFLAGS) $(ASAN_FLAGS) $(SIM_INCLUDES) -c $< -o $@

$(ASAN_DIR)/weft-sim: $(ASAN_OBJS)
	$(SIM_CC) $(SIM_CFLAGS) $(ASAN_FLAGS) -o $@ $^ -lm

$(ASAN_DIR)/api_test: $(TM_API_SRCS) $(SIM_HDRS)
	@mkdir -p $(@D)
	$(SIM_CC) $(SIM_CFLAGS) $(ASAN_FLAGS) $(SIM_INCLUDES) -o $@ $(TM_API_SRCS) -lm

.PHONY: asan-sim test-asan
asan-sim: $(ASAN_DIR)/weft-sim $(ASAN_DIR)/api_test $(TM_API_ELFS)

test-asan: $(BUILD)/.deps
	bash tests/run.sh -k asan

-include $(ASAN_OBJS:.o=.d)
