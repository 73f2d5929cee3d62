/* weft_dev.h - what an execution engine (RTL or functional model) sees of a
 * device: its configuration, its memory with the MMIO console and exit
 * addresses, and the sticky error report. Internal to sim/. */
#ifndef WEFT_DEV_H
#define WEFT_DEV_H

#include "out.h"
#include "weft.h"

#ifdef __cplusplus
extern "C" {
#endif

#define WEFT_MEM_BASE 0x80000000u
#define WEFT_MEM_SIZE_DEFAULT (64u << 20)
#define WEFT_STACK_REGION (16u << 20)
/* Per-thread stack stride of sw/runtime/start.S (4 KiB + 32 B, skewed so
 * that the stacks do not alias in the caches; docs/memory.md). */
#define WEFT_STACK_STRIDE 4128u
/* RAM end of sw/runtime/link.ld (__ram_end): thread g's stack is
 * [WEFT_STACK_TOP - (g+1) * stride, WEFT_STACK_TOP - g * stride]. */
#define WEFT_STACK_TOP 0x84000000u

/* 1 when the stack guard applies to the loaded ELF (docs/isa.md "Stack
 * guard"): it defines __weft_stack_guard (sw/runtime/start.S) equal to
 * WEFT_STACK_STRIDE and the device RAM ends at WEFT_STACK_TOP. Both engines
 * then stop a run whose thread writes sp outside its own stack
 * (WEFT_E_STACK, message from weft_dev_stack_fail). */
int weft_dev_stack_guard(const weft_dev_t *dev);
/* Report a stack overflow of global thread (core, warp, thread): the one
 * message both engines print. Returns WEFT_E_STACK. */
int weft_dev_stack_fail(weft_dev_t *dev, unsigned core, unsigned warp, unsigned thread, uint32_t sp, uint32_t pc);
#define WEFT_IO_CONSOLE 0x10000000u
#define WEFT_IO_EXIT 0x10000004u

/* One engine run: start warp 0 of every core at start_pc with the launch
 * descriptor at launch_ptr, and run until every warp of every core has ended,
 * an exit store happened, an error was reported, or the cycle limit passed.
 * Adds to *stats. Returns the device status. */
typedef struct weft_engine_ops {
    const char *name;
    int (*create)(weft_dev_t *dev, void **self);
    int (*run)(void *self, uint32_t start_pc, uint32_t launch_ptr, weft_stats_t *stats);
    void (*destroy)(void *self);
} weft_engine_ops_t;

extern const weft_engine_ops_t weft_engine_rtl;   /* sim/engine_rtl.c */
extern const weft_engine_ops_t weft_engine_model; /* sim/model/model.c */

/* Record an error (only the first one sticks); returns code. */
int weft_dev_fail(weft_dev_t *dev, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Commits an output file of the engine (out.h); a failure is printed with
 * its path and makes weft_close return WEFT_E_INTERNAL. */
void weft_dev_out_commit(weft_dev_t *dev, weft_out_t *o);

/* Memory for engines. addr must be 4-byte aligned. Loads and fetches of RAM
 * only; stores also reach the console and exit addresses (core/warp/thread
 * say who stored, for the console prefix). byteen: bit i enables byte i.
 * Out-of-range accesses return WEFT_E_MEM without recording an error: the
 * engine reports it with its own context (core, warp, pc). */
int weft_mem_load(weft_dev_t *dev, uint32_t addr, uint32_t *val);
int weft_mem_store(weft_dev_t *dev, uint32_t addr, uint32_t val, unsigned byteen,
                   unsigned core, unsigned warp, unsigned thread);
/* Direct pointer to RAM (mem_base .. mem_base + mem_size). */
uint8_t *weft_mem_ram(weft_dev_t *dev);

/* Set by a store to WEFT_IO_EXIT or to the ELF's tohost symbol: the engine
 * stops at the end of the current cycle/step. */
int weft_dev_exit_requested(const weft_dev_t *dev);

/* Engines poll this (cheaply: every few thousand cycles/steps). It returns
 * non-zero once the interrupt flag (weft_set_interrupt_flag) is set; the
 * first such call records WEFT_E_INTERRUPTED. The engine then stops and
 * returns weft_status(dev). */
int weft_dev_interrupted(weft_dev_t *dev);

/* Value of the exit store (valid when weft_dev_exit_requested()). */
uint32_t weft_dev_exit_value(const weft_dev_t *dev);

/* Print any console text still buffered (lines without a newline yet). */
void weft_dev_console_flush(weft_dev_t *dev);

#ifdef __cplusplus
}
#endif
#endif
