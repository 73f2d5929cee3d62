/* model.h - the Weft functional model (golden model), docs/model.md.
 *
 * C cores x W warps x T threads executing RV32IMF + Zicsr + the SIMT
 * extension exactly as docs/isa.md says, without timing. The engine
 * weft_engine_model (weft_dev.h) runs it with its own deterministic
 * scheduler: each step, every core in order 0..C-1 executes one instruction
 * of its next runnable warp in round-robin order.
 *
 * For lock-step co-simulation the model can also be driven one warp
 * instruction at a time: model_reset(), then model_step_warp() for the warp
 * the RTL committed, comparing the filled model_commit_t with the RTL's
 * record. model_set_shadow_ram() gives the model its own copy of memory so
 * that RTL and model do not write the same RAM, and model_set_cycle() feeds
 * the RTL's cycle counter to `cycle` CSR reads.
 */
#ifndef WEFT_MODEL_H
#define WEFT_MODEL_H

#include <stdint.h>

#include "weft_dev.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MODEL_MAX_THREADS 32
#define MODEL_MAX_WARPS 64

typedef struct model model_t;

/* One committed warp instruction. */
typedef struct {
    unsigned core, warp;
    uint32_t pc;          /* pc of the instruction */
    uint32_t instr;       /* instruction word */
    uint32_t tmask;       /* threads that executed it */
    unsigned rd;          /* destination register written, 0 = none (integer) */
    unsigned rd_fp;       /* 1: rd is FP register f<rd> (f0 included), written in every active lane */
    uint32_t rd_val[MODEL_MAX_THREADS];    /* per thread (valid where tmask is set) */
    uint32_t st_mask;     /* threads that stored (0: not a store) */
    uint32_t st_addr[MODEL_MAX_THREADS];   /* word address of each thread's store */
    uint32_t st_data[MODEL_MAX_THREADS];   /* store data placed in its byte lanes */
    uint8_t st_byteen[MODEL_MAX_THREADS];  /* bit i: byte i of the word written */
    uint32_t next_pc;     /* the warp's pc after the instruction */
    uint32_t next_tmask;  /* its tmask after (0: the warp ended) */
    int waiting;          /* the warp now waits at a barrier */
    uint32_t fcsr;        /* the warp's fcsr after the instruction: frm << 5 | fflags (per warp) */
    uint8_t lane_fflags[MODEL_MAX_THREADS]; /* F computational instructions: the flags each active
                                               lane raised (their OR is added to fflags) */
    unsigned amo;         /* RV32A: 0x20 | funct5 (sim/amo.h), 0 = not an atomic */
    uint32_t amo_mask;    /* lanes of the atomic request */
    uint32_t amo_addr[MODEL_MAX_THREADS];  /* word address per lane */
    uint32_t amo_src[MODEL_MAX_THREADS];   /* rs2 per lane */
} model_commit_t;

/* Create a model for dev's configuration (weft_config(dev)); NULL on
 * failure with the error recorded in dev. */
model_t *model_create(weft_dev_t *dev);
void model_destroy(model_t *m);

/* Start a run: warp 0 of every core active at start_pc with a full tmask,
 * every other warp inactive, registers and counters zero, barriers free,
 * the decoded-instruction cache emptied (memory may have changed). */
void model_reset(model_t *m, uint32_t start_pc, uint32_t launch_ptr);

/* Execute one instruction of (core, warp), which must be runnable. Fills
 * *rec when rec is not NULL. Returns WEFT_OK or the error status (recorded
 * in the device with core, warp and pc). */
int model_step_warp(model_t *m, unsigned core, unsigned warp, model_commit_t *rec);

/* Run with the model's own scheduler until every warp has ended, an exit
 * store happened, an error occurred or max_steps (0 = no limit) steps have
 * passed (WEFT_E_TIMEOUT). Adds to *stats. */
int model_run(model_t *m, uint64_t max_steps, weft_stats_t *stats);

/* State queries. */
int model_warp_active(const model_t *m, unsigned core, unsigned warp);
int model_warp_runnable(const model_t *m, unsigned core, unsigned warp); /* active, not at a barrier */
uint32_t model_warp_pc(const model_t *m, unsigned core, unsigned warp);
uint32_t model_warp_tmask(const model_t *m, unsigned core, unsigned warp);
unsigned model_warp_ipdom_size(const model_t *m, unsigned core, unsigned warp);
uint32_t model_reg(const model_t *m, unsigned core, unsigned warp, unsigned thread, unsigned reg);
uint32_t model_freg(const model_t *m, unsigned core, unsigned warp, unsigned thread, unsigned reg); /* f0..f31 */
uint32_t model_warp_fcsr(const model_t *m, unsigned core, unsigned warp); /* frm << 5 | fflags */
int model_done(const model_t *m); /* no active warp left */

/* Co-simulation hooks. model_set_cycle makes `cycle`/`mcycle` reads of core
 * return the given value (instead of the model's step count) until the next
 * model_reset. model_set_shadow_ram points the model at its own copy of
 * device RAM (mem_size bytes); stores to the console/exit addresses are then
 * only recorded, not forwarded to the device. NULL returns to device RAM. */
void model_set_cycle(model_t *m, unsigned core, uint64_t cycle);
/* Co-simulation: the value the RTL returned for the committing instruction
 * (lowest active lane), used by reads of performance counters, which the
 * model cannot know (docs/counters.md). */
void model_set_rtl_value(model_t *m, unsigned core, uint32_t v);
void model_set_shadow_ram(model_t *m, uint8_t *ram);
/* Co-simulation: what memory returned per lane for core's next atomic
 * (executed at the memory side in memory order). The model then takes these
 * as rd, copies the atomic's words from device RAM into its own memory and
 * records the request (amo, amo_mask, amo_addr, amo_src) for checking. */
void model_set_amo_rsp(model_t *m, unsigned core, const uint32_t *rsp);

#ifdef __cplusplus
}
#endif
#endif
