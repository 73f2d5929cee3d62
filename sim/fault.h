/* fault.h - the wording of device access faults, shared by the functional
 * model (sim/model/model.c) and the RTL engine (sim/diag.c), so that both
 * engines name a fault with the same words and fields:
 *
 *   KIND OP at address 0xADDR (core C, warp W, thread T, pc 0xPC[, cycle N])[: WHY]
 *
 * KIND is "misaligned" when the address is not a multiple of the access
 * width, else "out-of-range"; OP the mnemonic (lb lh lw lbu lhu sb sh sw flw
 * fsw, "atomic" for RV32A); WHY names a shared-memory rule (docs/memory.md).
 * The rtl engine adds the cycle. */
#ifndef WEFT_FAULT_H
#define WEFT_FAULT_H

#include <stdint.h>

#include "weft.h"

_Static_assert(WEFT_SMEM_BYTES == 4096, "weft_fault_why names 4096 bytes");

/* Divergence ipdom with the branch check (--branch-check on, the default;
 * docs/isa.md): a branch or jalr whose active threads disagree. Arguments:
 * pc, core, warp, the threads that do not go where the leader goes. */
#define WEFT_DIVBR_FMT                                                                               \
    "divergent branch at pc 0x%08x (core %u, warp %u): threads 0x%x do not go where the leader goes; " \
    "in ipdom mode a thread-dependent branch must be inside WEFT_IF/WEFT_WHILE (or run with "          \
    "--divergence minpc; --branch-check off lets the leader decide)"

/* The access of an instruction word: its mnemonic and width in bytes
 * (*width); NULL (width 1) if the word is no load, store or atomic. */
static inline const char *weft_fault_access(uint32_t instr, unsigned *width)
{
    static const char *const ld[8] = {"lb", "lh", "lw", 0, "lbu", "lhu", 0, 0};
    static const char *const st[8] = {"sb", "sh", "sw", 0, 0, 0, 0, 0};
    const unsigned f3 = instr >> 12 & 7;
    *width = 1;
    switch (instr & 0x7f) {
    case 0x03: *width = 1u << (f3 & 3); return ld[f3];
    case 0x23: *width = 1u << (f3 & 3); return st[f3];
    case 0x07: if (f3 == 2) { *width = 4; return "flw"; } return 0;
    case 0x27: if (f3 == 2) { *width = 4; return "fsw"; } return 0;
    case 0x2f: *width = 4; return "atomic";
    default: return 0;
    }
}

static inline const char *weft_fault_kind(uint32_t addr, unsigned width)
{
    return (addr & (width - 1)) ? "misaligned" : "out-of-range";
}

/* The shared-memory rule an aligned access to addr broke, or "" (a plain
 * out-of-range or misaligned access). A lane in the window that is in range
 * and no atomic can only have faulted because the request mixed shared and
 * global lanes. */
static inline const char *weft_fault_why(uint32_t addr, unsigned width, int atomic)
{
    (void)atomic; /* atomics are allowed in shared memory (issue 16 item 4) */
    if ((addr & (width - 1)) || (addr >> 24) != (WEFT_SMEM_BASE >> 24)) return "";
    if ((addr & 0xffffffu) > WEFT_SMEM_BYTES - width) return ": beyond the 4096 bytes of shared memory";
    return ": shared-memory and global lanes in one request";
}

/* The same for a lane the RTL's LSU rejected in a shared-memory request
 * (a request with any active lane in the window): an aligned address
 * outside the window is a global lane mixed into it. */
static inline const char *weft_fault_smem_why(uint32_t addr, unsigned width, int atomic)
{
    if (!(addr & (width - 1)) && (addr >> 24) != (WEFT_SMEM_BASE >> 24))
        return ": shared-memory and global lanes in one request";
    return weft_fault_why(addr, width, atomic);
}

#endif
