# tests/model/model.mk - the functional model's own tests (included by
# sim/sim.mk). `make test-model` builds weft-sim (model engine), the test
# programs (riscv64-unknown-elf-gcc, rv32im) and the API test, and runs
# tests/model/run.sh, which ends with "N passed, M failed".

TM_DIR := tests/model
TM_OUT := $(BUILD)/tests/model
TM_RV_CC ?= riscv64-unknown-elf-gcc
TM_RV_FLAGS := -march=rv32im -mabi=ilp32 -misa-spec=2.2 -nostdlib -nostartfiles -static \
	-I$(TM_DIR) -T $(TM_DIR)/link.ld -Wl,--no-warn-rwx-segments
TM_SRCS := $(wildcard $(TM_DIR)/*.S)
TM_ELFS := $(patsubst $(TM_DIR)/%.S,$(TM_OUT)/%.elf,$(TM_SRCS))

$(TM_OUT)/%.elf: $(TM_DIR)/%.S $(TM_DIR)/test.h $(TM_DIR)/link.ld
	@mkdir -p $(@D)
	$(TM_RV_CC) $(TM_RV_FLAGS) -o $@ $<

# Malformed inputs for the ELF loader: a 64-bit RISC-V file, an RV32C file,
# a program linked outside RAM.
$(TM_OUT)/bad/elf64.elf: $(TM_DIR)/elf/tiny.S
	@mkdir -p $(@D)
	$(TM_RV_CC) -march=rv64im -mabi=lp64 -nostdlib -nostartfiles -static -Wl,-Ttext=0x80000000 -o $@ $<
$(TM_OUT)/bad/rvc.elf: $(TM_DIR)/elf/tiny.S
	@mkdir -p $(@D)
	$(TM_RV_CC) -march=rv32imc -mabi=ilp32 -nostdlib -nostartfiles -static -Wl,-Ttext=0x80000000 -o $@ $<
$(TM_OUT)/bad/lowaddr.elf: $(TM_DIR)/elf/tiny.S
	@mkdir -p $(@D)
	$(TM_RV_CC) -march=rv32im -mabi=ilp32 -nostdlib -nostartfiles -static -Wl,-Ttext=0x1000 -o $@ $<
$(TM_OUT)/bad/stack.elf: $(TM_DIR)/elf/tiny.S
	@mkdir -p $(@D)
	$(TM_RV_CC) -march=rv32im -mabi=ilp32 -nostdlib -nostartfiles -static -Wl,-Ttext=0x83800000 -o $@ $<
TM_BAD_ELFS := $(addprefix $(TM_OUT)/bad/,elf64.elf rvc.elf lowaddr.elf stack.elf)

$(TM_OUT)/api/%.elf: $(TM_DIR)/api/%.S $(TM_DIR)/test.h $(TM_DIR)/link.ld
	@mkdir -p $(@D)
	$(TM_RV_CC) $(TM_RV_FLAGS) -o $@ $<
TM_API_ELFS := $(TM_OUT)/api/launch.elf $(TM_OUT)/api/step.elf

# API test: the weft.h calls and the model's step interface, without the harness.
TM_API_SRCS := $(TM_DIR)/api_test.c sim/out.c sim/dev.c sim/elf.c sim/model/model.c sim/model/fp32.c
$(TM_OUT)/api_test: $(TM_API_SRCS) $(SIM_HDRS)
	@mkdir -p $(@D)
	$(SIM_CC) $(SIM_CFLAGS) $(SIM_INCLUDES) -o $@ $(TM_API_SRCS)

.PHONY: test-model
test-model: $(BUILD)/model/weft-sim $(TM_ELFS) $(TM_BAD_ELFS) $(TM_API_ELFS) $(TM_OUT)/api_test
	$(TM_DIR)/run.sh $(BUILD)/model/weft-sim $(TM_OUT)
