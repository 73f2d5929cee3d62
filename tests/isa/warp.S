# warp.S - warp primitives (docs/isa.md "Warp primitives"): vote.any,
# vote.all, vote.ballot and shfl.idx/up/down/xor with the whole warp, with
# segments (width 2, a width 3 that rounds down to 2, widths >= T), deltas
# beyond the segment, and with half the lanes inactive (an inactive source
# lane gives the caller its own value; inactive lanes do not vote and keep
# their rd; the half mask comes from a split/join if, so the same code
# runs in both divergence modes). Any T (a power of two): every expected value is computed per lane, branch-free.
# tests/isa/warp_minpc.S runs the same program with --divergence minpc.
# expect: 0
#include "test.h"
#define VANY(rd, rs1)       .insn r 0x0B, 0, 1, rd, rs1, x0
#define VALL(rd, rs1)       .insn r 0x0B, 1, 1, rd, rs1, x0
#define VBAL(rd, rs1)       .insn r 0x0B, 2, 1, rd, rs1, x0
#define SHIDX(rd, rs1, rs2) .insn r 0x0B, 4, 1, rd, rs1, rs2
#define SHUP(rd, rs1, rs2)  .insn r 0x0B, 5, 1, rd, rs1, rs2
#define SHDN(rd, rs1, rs2)  .insn r 0x0B, 6, 1, rd, rs1, rs2
#define SHXOR(rd, rs1, rs2) .insn r 0x0B, 7, 1, rd, rs1, rs2
/* a1 := v(j) = j * 16 + 7 for the lane number in j */
#define VAL(rd, j) slli rd, j, 4; addi rd, rd, 7
START
    csrr s6, CSR_TMASK          # full
    csrr s4, CSR_NTHREADS       # T
    csrr s2, CSR_TID            # t
    VAL(a0, s2)                 # v(t)
    # ---- votes, whole warp
    VANY(a1, x0)
    TCHECK(a1, 0)
    li t0, 1
    VANY(a1, t0)
    TCHECK(a1, 1)
    addi t0, s4, -1
    xor t0, t0, s2
    seqz t0, t0                 # only lane T-1
    VANY(a1, t0)
    TCHECK(a1, 1)
    VALL(a1, t0)
    sltu t1, s4, 2              # T == 1: lane T-1 is every lane
    TCHECKR(a1, t1)
    VALL(a1, a0)                # v(t) != 0 everywhere
    TCHECK(a1, 1)
    VALL(a1, s2)                # lane 0 has tid 0
    TCHECK(a1, 0)
    li t0, 1
    VBAL(a1, t0)
    TCHECKR(a1, s6)
    andi t0, s2, 1
    VBAL(a1, t0)                # odd lanes
    li t1, 0xaaaaaaaa
    and t1, t1, s6
    TCHECKR(a1, t1)
    END_CHECKS(1)
    # ---- shuffles, whole warp, width 0 (= T)
    li t0, 0
    SHIDX(a1, a0, t0)           # lane 0
    TCHECK(a1, 7)
    addi t0, s4, -1
    SHIDX(a1, a0, t0)           # lane T-1
    VAL(t1, t0)
    TCHECKR(a1, t1)
    addi t0, s2, 1              # lane t+1: taken mod T
    SHIDX(a1, a0, t0)
    addi t1, s4, -1
    and t1, t0, t1
    VAL(t1, t1)
    TCHECKR(a1, t1)
    li t0, 1
    SHDN(a1, a0, t0)            # t+1 if < T, else own
    addi t1, s2, 1
    sltu t1, t1, s4
    add t1, s2, t1
    VAL(t1, t1)
    TCHECKR(a1, t1)
    li t0, 1
    SHUP(a1, a0, t0)            # t-1 if t > 0, else own
    snez t1, s2
    sub t1, s2, t1
    VAL(t1, t1)
    TCHECKR(a1, t1)
    li t0, 1
    SHXOR(a1, a0, t0)           # t^1 if < T, else own
    xori t1, s2, 1
    sltu t1, t1, s4
    xor t1, s2, t1
    VAL(t1, t1)
    TCHECKR(a1, t1)
    li t0, 255                  # far beyond every lane: own value
    SHXOR(a1, a0, t0)
    TCHECKR(a1, a0)
    SHDN(a1, a0, t0)
    TCHECKR(a1, a0)
    SHUP(a1, a0, t0)
    TCHECKR(a1, a0)
    li t0, 0x2000 + 1           # width 32 (>= T): the whole warp, down 1
    SHDN(a1, a0, t0)
    addi t1, s2, 1
    sltu t1, t1, s4
    add t1, s2, t1
    VAL(t1, t1)
    TCHECKR(a1, t1)
    END_CHECKS(2)
    # ---- segments of 2 lanes (width 2, and width 3 rounds down to 2)
    li s3, 0x200
1:  ori t0, s3, 1
    SHDN(a1, a0, t0)            # even lane takes t+1 (if < T), odd keeps
    andi t1, s2, 1
    xori t1, t1, 1              # even
    addi t2, s2, 1
    sltu t2, t2, s4
    and t1, t1, t2
    add t1, s2, t1
    VAL(t1, t1)
    TCHECKR(a1, t1)
    ori t0, s3, 1
    SHUP(a1, a0, t0)            # odd lane takes t-1, even keeps
    andi t1, s2, 1
    sub t1, s2, t1
    VAL(t1, t1)
    TCHECKR(a1, t1)
    ori t0, s3, 3               # lane 3 of a 2-lane segment: lane 1 of it
    SHIDX(a1, a0, t0)
    ori t1, s2, 1
    sltu t2, t1, s4             # T == 1: lane 1 does not exist, own value
    xor t1, t1, s2
    neg t2, t2
    and t1, t1, t2
    xor t1, t1, s2
    VAL(t1, t1)
    TCHECKR(a1, t1)
    ori t0, s3, 2               # xor 2 leaves the segment upwards for lanes
    SHXOR(a1, a0, t0)           # 0, 1 (own value), downwards for 2, 3 (read)
    xori t1, s2, 2
    andi t2, s2, 2
    snez t2, t2                 # t & 2: the partner is in an earlier segment
    neg t2, t2
    xor t1, t1, s2
    and t1, t1, t2
    xor t1, t1, s2
    VAL(t1, t1)
    TCHECKR(a1, t1)
    ori t0, s3, 2               # down 2 in a 2-lane segment: own value
    SHDN(a1, a0, t0)
    TCHECKR(a1, a0)
    li t0, 0x300
    addi s3, s3, 0x100
    beq s3, t0, 1b              # again with width 3
    END_CHECKS(3)
    # ---- half the lanes (even) active: odd sources are inactive
    li s5, 0x55555555
    and s5, s5, s6
    li a1, 0x1234               # inactive lanes keep rd
    li a2, 0x1234
    li a3, 0x1234
    li a4, 0x1234
    li a5, 0x1234
    andi t0, s2, 1              # WEFT_IF(even): ipdom split/join, minpc per-thread branch
    xori t0, t0, 1
    SPLIT(t0)
    beqz t0, 5f
    li t0, 1
    SHDN(a1, a0, t0)            # source odd: own value
    VBAL(a2, t0)                # only active lanes vote
    andi t0, s2, 1
    xori t0, t0, 1
    VALL(a3, t0)                # every active lane is even
    li t0, 2
    SHXOR(a4, a0, t0)           # t^2: even, active if < T
    li t0, 1
    SHIDX(a5, a0, t0)           # lane 1 is inactive: own value
5:  JOIN
    andi t3, s2, 1              # odd: expect 0x1234 everywhere
    li t4, 0x1234
    neg t5, t3                  # odd: -1
    # a1: even v(t), odd 0x1234
    xor t1, a0, t4
    not s7, t5
    and t1, t1, s7
    xor t1, t1, t4
    TCHECKR(a1, t1)
    xor t1, s5, t4              # a2: even s5, odd 0x1234
    and t1, t1, s7
    xor t1, t1, t4
    TCHECKR(a2, t1)
    li t1, 1                    # a3: even 1
    xor t1, t1, t4
    and t1, t1, s7
    xor t1, t1, t4
    TCHECKR(a3, t1)
    xori t1, s2, 2              # a4: even v(t^2) if t^2 < T else v(t)
    sltu t2, t1, s4
    neg t2, t2
    xor t1, t1, s2
    and t1, t1, t2
    xor t1, t1, s2
    VAL(t1, t1)
    xor t1, t1, t4
    and t1, t1, s7
    xor t1, t1, t4
    TCHECKR(a4, t1)
    xor t1, a0, t4              # a5: even own value
    and t1, t1, s7
    xor t1, t1, t4
    TCHECKR(a5, t1)
    END_CHECKS(4)
    PASS
COMMON_TAIL
