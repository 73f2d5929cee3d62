# mk/fp.mk - RV32F (issue 4): the reference library's checks and tools.
# Included at the end of the top-level Makefile.
#
#   make fpu-host        tests/fpu/run_host.sh: sim/model/fp32.c against the host FPU (fast)
#   make fpu-host-full   the same with >= 1 million vectors per operation
#   make fpvec           build/fpu/fpvec: vector files for the RTL FPU (tests/fpu/fpvec.c)
#   make fpu-model       tests/fpu/run_model.sh: the float kernels on the model
#   make test-isa-f      tests/isa_f/run.sh on the model (ENGINE=model)

FPU_OUT := $(BUILD)/fpu
FPU_HOST_CFLAGS := -O2 -std=c11 -Wall -Wextra -Werror -ffp-contract=off -frounding-math -fsignaling-nans \
	-fno-fast-math -Isim/model -Itests/fpu

$(FPU_OUT)/hostcheck: tests/fpu/hostcheck.c tests/fpu/fpgen.h sim/model/fp32.c sim/model/fp32.h
	@mkdir -p $(@D)
	$(SIM_CC) $(FPU_HOST_CFLAGS) -o $@ tests/fpu/hostcheck.c sim/model/fp32.c -lm

$(FPU_OUT)/fpvec: tests/fpu/fpvec.c tests/fpu/fpgen.h sim/model/fp32.c sim/model/fp32.h
	@mkdir -p $(@D)
	$(SIM_CC) $(FPU_HOST_CFLAGS) -o $@ tests/fpu/fpvec.c sim/model/fp32.c

# fp32.c must also compile as C++ (the RTL testbench may link it).
$(FPU_OUT)/fp32_cxx.o: sim/model/fp32.c sim/model/fp32.h
	@mkdir -p $(@D)
	g++ -O2 -Wall -Wextra -Werror -x c++ -c sim/model/fp32.c -o $@

.PHONY: fpvec fpu-host fpu-host-full fpu-model test-isa-f
fpvec: $(FPU_OUT)/fpvec
fpu-host: $(FPU_OUT)/hostcheck $(FPU_OUT)/fpvec $(FPU_OUT)/fp32_cxx.o
	bash tests/fpu/run_host.sh
fpu-host-full: $(FPU_OUT)/hostcheck $(FPU_OUT)/fpvec $(FPU_OUT)/fp32_cxx.o
	bash tests/fpu/run_host.sh --full

# tests/isa_f: the generated table tests (arith, fma, cvt, misc) are kept in the
# repository; `make isa-f-gen` rewrites them from tests/isa_f/gen.c.
$(FPU_OUT)/isa_f_gen: tests/isa_f/gen.c tests/fpu/fpgen.h sim/model/fp32.c sim/model/fp32.h
	@mkdir -p $(@D)
	$(SIM_CC) $(FPU_HOST_CFLAGS) -o $@ tests/isa_f/gen.c sim/model/fp32.c
.PHONY: isa-f-gen
isa-f-gen: $(FPU_OUT)/isa_f_gen
	$(FPU_OUT)/isa_f_gen tests/isa_f

test-isa-f: $(BUILD)/model/weft-sim
	ENGINE=model tests/isa_f/run.sh $(BUILD)/model/weft-sim $(BUILD)/isa_f

# The model's commit records of F instructions (run by tests/fpu/run_model.sh).
$(FPU_OUT)/commit.elf: tests/fpu/commit.S tests/model/link.ld
	@mkdir -p $(@D)
	riscv64-unknown-elf-gcc -march=rv32imf -mabi=ilp32f -misa-spec=2.2 -nostdlib -nostartfiles -static \
	  -T tests/model/link.ld -Wl,--no-warn-rwx-segments -o $@ $<
$(FPU_OUT)/commit_test: tests/fpu/commit_test.c $(filter-out sim/harness.c,$(SIM_C_SRCS)) $(SIM_HDRS)
	@mkdir -p $(@D)
	$(SIM_CC) $(SIM_CFLAGS) $(SIM_INCLUDES) -o $@ tests/fpu/commit_test.c $(filter-out sim/harness.c,$(SIM_C_SRCS)) -lm
