#!/usr/bin/env python3
"""rigen.py - constrained random instruction-stream generator for Weft.

Emits a bare program (.S, GNU as syntax, preprocessed by gcc like
tests/model) that runs on any Weft configuration and never faults:

  * warp 0 of every core spawns K other warps (K random, clamped by the
    hardware to nwarps) at the start; every warp runs the same code and
    ends with `tmc 0`, so the run ends with all warps done (exit 0);
  * memory: a per-thread scratch area (256 bytes, indexed by mhartid), a
    read-only random table shared by everyone, and a shared read/write slot
    area (16 bytes per thread) that is written only in "publish" phases
    fenced by barriers on both sides and read ("gather") anywhere else, from
    slots of the same core only (barriers are per core), so no load races
    with a store of another warp;
  * random RV32IM ALU / immediate / shift / lui / auipc / mul / div / rem
    mixes with dependency chains and corner-case operands, all load and
    store widths (immediate and register-indexed addresses, always aligned
    and in range), CSR reads (every CSR of docs/isa.md), warp primitives
    (vote.any/all/ballot, shfl.idx/up/down/xor), fence, forward
    branches of every kind (warp-wide, the leader decides), calls through
    jal and jalr;
  * SIMT control: nested split/join (depth <= 3) with data-dependent
    (per-lane) and uniform predicates, with or without an else part;
    pred-based divergent loops (per-lane trip counts 1..4); tmc regions on a
    random non-empty subset of the active threads; bounded uniform loops;
    barriers (random id, count = live warps) only at the top level, where
    every warp executes the same barrier sequence with a full mask.

Counter, mask and address registers (x1, x8, x9, x18-x27) are never
written by random code. Deterministic from --seed.

With --divergence minpc (hardware-managed divergence, docs/isa.md
"Divergence modes"; run the program with --divergence minpc) the streams
also contain plain per-thread control flow that is only correct there:
backward loops with per-lane trip counts closed by an ordinary branch (no
pred), calls through a per-lane function pointer (jalr to one of several
subroutines picked by a lane-dependent index), subroutines with per-lane
early returns and per-lane branches inside, per-lane indirect jumps into a
jump table, and the split/join/pred constructs, which minpc treats as no-ops.

usage: rigen.py --seed S [--length N] [--divergence ipdom|minpc] [-o OUT.S]
  --length N   approximate warp instructions executed per warp (default 3000)
"""
import argparse
import random
import sys

POOL = [2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 16, 17, 28, 29, 30, 31]
RESERVED = [18, 19, 20, 21, 22, 23]      # loop counters, saved masks, trip counts
LINK = 1                                  # x1: call link
SCR = 8                                   # x8: per-thread scratch base
ROT = 9                                   # x9: read-only table base
T0, T1 = 24, 25                           # address / mask temporaries
LIVE = 26                                 # x26: live warps of this core (bar count)

SCRATCH_BYTES = 256       # per thread; words 0..3 hold pointers, 4..63 random
SCRATCH_FREE = 16
ROT_BYTES = 1024
MAX_HARTS = 1024          # C*W*T the program supports
MAX_SPLIT_DEPTH = 3       # 2 IPDOM entries per divergent split; depth 8 default

CSRS = {
    "tid": 0xCC0, "wid": 0xCC1, "cid": 0xCC2, "tmask": 0xCC3,
    "nthreads": 0xCC4, "nwarps": 0xCC5, "ncores": 0xCC6, "launch": 0xCC7,
    "mhartid": 0xF14, "instret": 0xC02, "instreth": 0xC82,
    "minstret": 0xB02, "minstreth": 0xB82,
    "cycle": 0xC00, "cycleh": 0xC80, "mcycle": 0xB00, "mcycleh": 0xB80,
}

RR_OPS = ["add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or", "and"]
M_OPS = ["mul", "mulh", "mulhsu", "mulhu"]
D_OPS = ["div", "divu", "rem", "remu"]
I_OPS = ["addi", "slti", "sltiu", "xori", "ori", "andi"]
SH_OPS = ["slli", "srli", "srai"]
BR_OPS = ["beq", "bne", "blt", "bge", "bltu", "bgeu"]
LOADS = [("lb", 1), ("lbu", 1), ("lh", 2), ("lhu", 2), ("lw", 4)]
STORES = [("sb", 1), ("sh", 2), ("sw", 4)]

EDGE = [0, 1, -1, 2, -2, 0x7FFFFFFF, -0x80000000, 0x80000001 - (1 << 32),
        0xFFFF, 0x8000, 0x7FFF, 0xFF, 0x80, 31, 32, 33, 0x55555555,
        0xAAAAAAAA - (1 << 32)]


def x(r):
    return "x%d" % r


class Gen:
    def __init__(self, seed, length, minpc=False):
        self.r = random.Random(seed)
        self.seed = seed
        self.length = length
        self.minpc = minpc
        self.dsubs = []           # minpc: subroutines with per-lane control flow
        self.lines = []
        self.label_n = 0
        self.recent = []          # recently written pool registers
        self.subs = []            # subroutine bodies
        self.free_res = list(RESERVED)

    # ---- helpers ----------------------------------------------------------
    def emit(self, s):
        self.lines.append("    " + s)

    def label(self):
        self.label_n += 1
        return "L%d" % self.label_n

    def place(self, lab):
        self.lines.append(lab + ":")

    def src(self):
        """A source register: biased to recent results (dependency chains)."""
        rr = self.r.random()
        if self.recent and rr < 0.55:
            return self.r.choice(self.recent[-4:])
        if rr < 0.60:
            return 0
        return self.r.choice(POOL)

    def dst(self):
        d = self.r.choice(POOL)
        self.recent.append(d)
        if len(self.recent) > 8:
            self.recent.pop(0)
        return d

    def imm12(self):
        c = self.r.random()
        if c < 0.3:
            return self.r.choice([0, 1, -1, 2047, -2048, 0x7FF, -1, 31, 32, 0xFF])
        if c < 0.6:
            return self.r.randint(-16, 16)
        return self.r.randint(-2048, 2047)

    def const32(self):
        if self.r.random() < 0.5:
            v = self.r.choice(EDGE)
        else:
            v = self.r.getrandbits(32)
        return v & 0xFFFFFFFF

    # ---- straight-line instructions (cost 1 each, roughly) ----------------
    def alu(self):
        k = self.r.random()
        if k < 0.30:
            self.emit("%s %s, %s, %s" % (self.r.choice(RR_OPS), x(self.dst()), x(self.src()), x(self.src())))
        elif k < 0.52:
            self.emit("%s %s, %s, %d" % (self.r.choice(I_OPS), x(self.dst()), x(self.src()), self.imm12()))
        elif k < 0.62:
            sh = self.r.choice([0, 1, 31, 16, self.r.randint(0, 31)])
            self.emit("%s %s, %s, %d" % (self.r.choice(SH_OPS), x(self.dst()), x(self.src()), sh))
        elif k < 0.76:
            self.emit("%s %s, %s, %s" % (self.r.choice(M_OPS), x(self.dst()), x(self.src()), x(self.src())))
        elif k < 0.84:
            self.emit("%s %s, %s, %s" % (self.r.choice(D_OPS), x(self.dst()), x(self.src()), x(self.src())))
        elif k < 0.90:
            self.emit("lui %s, 0x%x" % (x(self.dst()), self.r.getrandbits(20)))
        elif k < 0.93:
            self.emit("auipc %s, 0x%x" % (x(self.dst()), self.r.getrandbits(20)))
        else:
            v = self.const32()
            self.emit("li %s, %d" % (x(self.dst()), v - (1 << 32) if v >= (1 << 31) else v))
        return 1

    def load(self):
        op, w = self.r.choice(LOADS)
        k = self.r.random()
        if k < 0.45:
            off = self.r.randrange(SCRATCH_FREE, SCRATCH_BYTES, w)
            self.emit("%s %s, %d(%s)" % (op, x(self.dst()), off, x(SCR)))
            return 1
        if k < 0.65:
            off = self.r.randrange(0, ROT_BYTES, w)
            self.emit("%s %s, %d(%s)" % (op, x(self.dst()), off, x(ROT)))
            return 1
        if k < 0.85:
            # register-indexed, in the free scratch words
            s = self.src()
            self.emit("andi %s, %s, %d" % (x(T0), x(s), (0xEF & ~(w - 1))))
            self.emit("add %s, %s, %s" % (x(T0), x(T0), x(SCR)))
            self.emit("%s %s, %d(%s)" % (op, x(self.dst()), SCRATCH_FREE, x(T0)))
            return 3
        # gather: a slot of any thread of this core (written only in publish phases)
        s = self.src()
        self.emit("lw %s, 4(%s)" % (x(T0), x(SCR)))
        self.emit("remu %s, %s, %s" % (x(T0), x(s), x(T0)))
        self.emit("slli %s, %s, 4" % (x(T0), x(T0)))
        self.emit("lw %s, 0(%s)" % (x(T1), x(SCR)))
        self.emit("add %s, %s, %s" % (x(T0), x(T0), x(T1)))
        self.emit("%s %s, %d(%s)" % (op, x(self.dst()), self.r.randrange(0, 16, w), x(T0)))
        return 6

    def store(self):
        op, w = self.r.choice(STORES)
        if self.r.random() < 0.6:
            off = self.r.randrange(SCRATCH_FREE, SCRATCH_BYTES, w)
            self.emit("%s %s, %d(%s)" % (op, x(self.src()), off, x(SCR)))
            return 1
        s = self.src()
        self.emit("andi %s, %s, %d" % (x(T0), x(s), (0xEF & ~(w - 1))))
        self.emit("add %s, %s, %s" % (x(T0), x(T0), x(SCR)))
        self.emit("%s %s, %d(%s)" % (op, x(self.src()), SCRATCH_FREE, x(T0)))
        return 3

    def csr(self):
        name = self.r.choice(list(CSRS))
        if name.startswith(("cycle", "mcycle")) and self.r.random() < 0.7:
            name = "tid"
        form = self.r.randrange(4)
        d = x(self.dst())
        a = CSRS[name]
        self.emit(["csrrs %s, 0x%x, x0", "csrrc %s, 0x%x, x0",
                   "csrrsi %s, 0x%x, 0", "csrrci %s, 0x%x, 0"][form] % (d, a))
        return 1

    def warp_op(self):
        """A warp primitive (docs/isa.md "Warp primitives"): vote.any/all/
        ballot, or shfl.idx/up/down/xor with a random or a small packed
        rs2 (lane/delta/mask in bits 7:0, width in bits 15:8)."""
        f3 = self.r.choice([0, 1, 2, 4, 5, 6, 7])
        if f3 < 3:
            self.emit(".insn r 0x0B, %d, 1, %s, %s, x0" % (f3, x(self.dst()), x(self.src())))
            return 1
        if self.r.random() < 0.6:
            b = self.r.choice([0, 1, 2, 3, 5, 8, 16, 31, 255, self.r.randint(0, 40)])
            w = self.r.choice([0, 1, 2, 3, 4, 8, 16, 32, 255, self.r.randint(0, 40)])
            self.emit("li %s, %d" % (x(T0), (w << 8) | b))
            self.emit(".insn r 0x0B, %d, 1, %s, %s, %s" % (f3, x(self.dst()), x(self.src()), x(T0)))
            return 2
        self.emit(".insn r 0x0B, %d, 1, %s, %s, %s" % (f3, x(self.dst()), x(self.src()), x(self.src())))
        return 1

    def straight(self, n):
        cost = 0
        for _ in range(n):
            k = self.r.random()
            if k < 0.55:
                cost += self.alu()
            elif k < 0.72:
                cost += self.load()
            elif k < 0.86:
                cost += self.store()
            elif k < 0.94:
                cost += self.csr()
            elif k < 0.96:
                cost += self.warp_op()
            elif k < 0.97:
                self.emit("fence")
                cost += 1
            else:
                self.emit("nop")
                cost += 1
        return cost

    # ---- control constructs ------------------------------------------------
    def fwd_branch(self):
        lab = self.label()
        op = self.r.choice(BR_OPS)
        self.emit("%s %s, %s, %s" % (op, x(self.src()), x(self.src()), lab))
        c = 1 + self.straight(self.r.randint(1, 4))
        self.place(lab)
        return c

    def jumps(self):
        k = self.r.random()
        if k < 0.4 or not self.subs:
            if len(self.subs) < 6 and (k < 0.4 or not self.subs):
                self.make_sub()
        idx = self.r.randrange(len(self.subs))
        name, cost = self.subs[idx]
        if self.r.random() < 0.6:
            self.emit("jal %s, %s" % (x(LINK), name))
        else:
            # jalr with a non-zero offset and bit 0 set in the sum (cleared)
            off = self.r.choice([0, 4, -4, 8])
            self.emit("la %s, %s%+d" % (x(T0), name, -off + (1 if self.r.random() < 0.3 else 0)))
            self.emit("jalr %s, %d(%s)" % (x(LINK), off, x(T0)))
        # a direct jal over a dead instruction, with a pool link register
        if self.r.random() < 0.3:
            lab = self.label()
            self.emit("jal %s, %s" % (x(self.dst()), lab))
            self.emit("lw x0, 1(x0)")       # never executed
            self.place(lab)
        return cost + 3

    def make_sub(self):
        name = "sub%d" % len(self.subs)
        saved = self.lines
        self.lines = []
        c = self.straight(self.r.randint(2, 8))
        body = self.lines
        self.lines = saved
        self.subs.append((name, c + 1))
        self.sub_text = getattr(self, "sub_text", [])
        self.sub_text.append(name + ":")
        self.sub_text.extend(body)
        if self.r.random() < 0.5:
            self.sub_text.append("    ret")
        else:
            self.sub_text.append("    jalr x0, 0(%s)" % x(LINK))

    # ---- minpc only: per-thread control flow without split/join/pred --------
    def lane_value(self, reg):
        """A small lane-dependent value in reg (from a pool register and tid)."""
        self.emit("csrr %s, 0x%x" % (x(reg), CSRS["tid"]))
        if self.r.random() < 0.6:
            self.emit("xor %s, %s, %s" % (x(reg), x(reg), x(self.src())))

    def dloop(self, depth, budget):
        """A backward loop whose trip count (1..4) differs per lane, closed by a
        plain branch: the lanes leave it one by one by their own branch."""
        rem = self.free_res.pop()
        lab = self.label()
        self.lane_value(rem)
        self.emit("andi %s, %s, 3" % (x(rem), x(rem)))
        self.emit("addi %s, %s, 1" % (x(rem), x(rem)))
        self.place(lab)
        c = self.block(depth, budget // 3, False, top=False)
        if self.r.random() < 0.3:
            # a per-lane early exit out of the loop (break)
            brk = self.label()
            self.emit("andi %s, %s, 1" % (x(T0), x(self.src())))
            self.emit("bnez %s, %s" % (x(T0), brk))
            self.emit("addi %s, %s, -1" % (x(rem), x(rem)))
            self.emit("bnez %s, %s" % (x(rem), lab))
            self.place(brk)
            c += 2
        else:
            self.emit("addi %s, %s, -1" % (x(rem), x(rem)))
            self.emit("bnez %s, %s" % (x(rem), lab))
        self.free_res.append(rem)
        return 4 + 4 * (c + 2)

    def make_dsub(self):
        """A subroutine with per-lane branches and per-lane early returns."""
        name = "dsub%d" % len(self.dsubs)
        saved = self.lines
        self.lines = []
        c = self.straight(self.r.randint(1, 4))
        for _ in range(self.r.randint(1, 2)):
            lab = self.label()
            self.emit("%s %s, %s, %s" % (self.r.choice(BR_OPS), x(self.src()), x(self.src()), lab))
            c += 1 + self.straight(self.r.randint(1, 3))
            self.place(lab)
        if self.r.random() < 0.6:
            self.emit("andi %s, %s, %d" % (x(T1), x(self.src()), 1 << self.r.randrange(4)))
            self.emit("bnez %s, %s_ret" % (x(T1), name))        # early return, per lane
            c += 2 + self.straight(self.r.randint(1, 4))
        body = self.lines
        self.lines = saved
        self.dsubs.append((name, c + 2))
        self.sub_text = getattr(self, "sub_text", [])
        self.sub_text.append(name + ":")
        self.sub_text.extend(body)
        self.sub_text.append(name + "_ret:")
        self.sub_text.append("    ret")

    def dcall(self):
        """A call through a per-lane function pointer (jalr), or a per-lane
        indirect jump into a jump table of small blocks."""
        while len(self.dsubs) < 4:
            self.make_dsub()
        idx = self.r.randrange(len(self.dsubs) - 3)
        group = self.dsubs[idx:idx + 4]
        cost = max(cst for _, cst in group)
        self.lane_value(T0)
        self.emit("andi %s, %s, 3" % (x(T0), x(T0)))
        self.emit("slli %s, %s, 2" % (x(T0), x(T0)))
        if self.r.random() < 0.7:
            self.emit("la %s, dtab%d" % (x(T1), idx))
            self.emit("add %s, %s, %s" % (x(T0), x(T0), x(T1)))
            self.emit("lw %s, 0(%s)" % (x(T0), x(T0)))
            self.emit("jalr %s, 0(%s)" % (x(LINK), x(T0)))
            self.tabs = getattr(self, "tabs", {})
            self.tabs[idx] = [n for n, _ in group]
            return cost + 8
        # jump table: 4 blocks of 2 words each (an instruction and a j to the end)
        end = self.label()
        tab = self.label()
        self.emit("slli %s, %s, 1" % (x(T0), x(T0)))
        self.emit("la %s, %s" % (x(T1), tab))
        self.emit("add %s, %s, %s" % (x(T0), x(T0), x(T1)))
        self.emit("jr %s" % x(T0))
        self.place(tab)
        for _ in range(4):
            self.alu()
            self.emit("j %s" % end)
        self.place(end)
        return 10

    def predicate(self):
        """A split predicate in a pool register; data-dependent or uniform."""
        p = self.dst()
        k = self.r.random()
        if k < 0.25:
            self.emit("andi %s, %s, %d" % (x(p), x(self.src()), 1 << self.r.randrange(11)))
        elif k < 0.40:
            self.emit("%s %s, %s, %s" % (self.r.choice(["slt", "sltu"]), x(p), x(self.src()), x(self.src())))
        elif k < 0.60:
            self.emit("csrr %s, 0x%x" % (x(p), CSRS["tid"]))
            self.emit("andi %s, %s, %d" % (x(p), x(p), self.r.choice([1, 2, 3, 4, 5, 6])))
        elif k < 0.70:
            self.emit("csrr %s, 0x%x" % (x(p), CSRS["mhartid"]))
            self.emit("xor %s, %s, %s" % (x(p), x(p), x(self.src())))
            self.emit("andi %s, %s, 1" % (x(p), x(p)))
        elif k < 0.80:
            self.emit("li %s, %d" % (x(p), self.r.choice([0, 1, -1, 0x100])))    # uniform
        elif k < 0.90:
            self.emit("csrr %s, 0x%x" % (x(p), CSRS["wid"]))                   # uniform per warp
            self.emit("andi %s, %s, 1" % (x(p), x(p)))
        else:
            self.emit("mv %s, %s" % (x(p), x(self.src())))                    # whatever it is
        return p, 2

    def split(self, depth, budget, loop_ok):
        p, c = self.predicate()
        els = self.label()
        end = self.label()
        has_else = self.r.random() < 0.7
        self.emit("SPLIT(%s)" % x(p))
        self.emit("beqz %s, %s" % (x(p), els if has_else else end))
        c += 2 + self.block(depth + 1, budget // 2, loop_ok, top=False)
        if has_else:
            self.emit("j %s" % end)
            self.place(els)
            c += 1 + self.block(depth + 1, budget // 2, loop_ok, top=False)
        self.place(end)
        self.emit("JOIN")
        return c + 3

    def uloop(self, depth, budget):
        cnt = self.free_res.pop()
        trips = self.r.randint(1, 4)
        lab = self.label()
        self.emit("li %s, %d" % (x(cnt), trips))
        self.place(lab)
        c = self.block(depth, budget // trips, False, top=False)
        self.emit("addi %s, %s, -1" % (x(cnt), x(cnt)))
        self.emit("bnez %s, %s" % (x(cnt), lab))
        self.free_res.append(cnt)
        return 1 + trips * (c + 2)

    def ploop(self, depth, budget):
        saved = self.free_res.pop()
        rem = self.free_res.pop()
        lab = self.label()
        self.emit("csrr %s, 0x%x" % (x(saved), CSRS["tmask"]))
        s = self.src()
        if self.r.random() < 0.3:
            self.emit("csrr %s, 0x%x" % (x(rem), CSRS["tid"]))
            self.emit("xor %s, %s, %s" % (x(rem), x(rem), x(s)))
        else:
            self.emit("mv %s, %s" % (x(rem), x(s)))
        self.emit("andi %s, %s, 3" % (x(rem), x(rem)))
        self.emit("addi %s, %s, 1" % (x(rem), x(rem)))
        self.place(lab)
        c = self.block(depth, budget // 3, False, top=False)
        self.emit("addi %s, %s, -1" % (x(rem), x(rem)))
        self.emit("PRED(%s, %s)" % (x(rem), x(saved)))
        self.emit("bnez %s, %s" % (x(rem), lab))
        self.free_res.append(rem)
        self.free_res.append(saved)
        return 5 + 4 * (c + 3)

    def tmc_region(self, depth, budget, loop_ok):
        saved = self.free_res.pop()
        lab = self.label()
        self.emit("csrr %s, 0x%x" % (x(saved), CSRS["tmask"]))
        self.emit("li %s, 0x%x" % (x(T0), self.r.getrandbits(32)))
        self.emit("and %s, %s, %s" % (x(T0), x(T0), x(saved)))
        self.emit("bnez %s, %s" % (x(T0), lab))
        self.emit("mv %s, %s" % (x(T0), x(saved)))
        self.place(lab)
        self.emit("TMC(%s)" % x(T0))
        c = self.block(depth, budget, loop_ok, top=False)
        self.emit("TMC(%s)" % x(saved))
        self.free_res.append(saved)
        return c + 7

    def barrier(self):
        self.emit("li %s, %d" % (x(T0), self.r.randrange(8)))
        self.emit("BAR(%s, %s)" % (x(T0), x(LIVE)))
        return 2

    def publish(self):
        c = self.barrier()
        self.emit("lw %s, 8(%s)" % (x(T0), x(SCR)))
        for off in range(0, 16, 4):
            if self.r.random() < 0.8:
                self.emit("sw %s, %d(%s)" % (x(self.src()), off, x(T0)))
                c += 1
        return c + 1 + self.barrier()

    def block(self, depth, budget, loop_ok, top):
        """A sequence of constructs worth about `budget` dynamic instructions."""
        cost = 0
        while cost < budget:
            k = self.r.random()
            room = budget - cost
            if k < 0.10 and depth < MAX_SPLIT_DEPTH and room > 12:
                cost += self.split(depth, min(room, 60), loop_ok)
            elif k < 0.16 and loop_ok and len(self.free_res) >= 1 and room > 20:
                cost += self.uloop(depth, min(room, 80))
            elif k < 0.22 and len(self.free_res) >= 2 and room > 20 and depth < 4:
                cost += self.ploop(depth + 1, min(room, 60))
            elif k < 0.25 and len(self.free_res) >= 1 and room > 12 and depth < 4:
                cost += self.tmc_region(depth + 1, min(room, 30), loop_ok)
            elif self.minpc and k < 0.33 and len(self.free_res) >= 1 and room > 20 and depth < 4:
                k2 = self.r.random()
                if k2 < 0.5:
                    cost += self.dloop(depth + 1, min(room, 60))
                else:
                    cost += self.dcall()
            elif k < 0.30:
                cost += self.fwd_branch()
            elif k < 0.34:
                cost += self.jumps()
            elif k < 0.36 and top:
                cost += self.barrier()
            elif k < 0.38 and top:
                cost += self.publish()
            else:
                cost += self.straight(self.r.randint(1, 6))
        return cost

    # ---- program ------------------------------------------------------------
    def program(self):
        r = self.r
        nspawn = r.choice([1, 2, 3, 4, 8, 64, 64, 64, 1000])
        out = []
        out.append("/* generated by tools/rigen.py --seed %d --length %d%s */"
                   % (self.seed, self.length, " --divergence minpc" if self.minpc else ""))
        out.append("#define TMC(rs1)         .insn r 0x0B, 0, 0, x0, rs1, x0")
        out.append("#define WSPAWN(rs1, rs2) .insn r 0x0B, 1, 0, x0, rs1, rs2")
        out.append("#define SPLIT(rs1)       .insn r 0x0B, 2, 0, x0, rs1, x0")
        out.append("#define JOIN             .insn r 0x0B, 3, 0, x0, x0, x0")
        out.append("#define BAR(rs1, rs2)    .insn r 0x0B, 4, 0, x0, rs1, rs2")
        out.append("#define PRED(rs1, rs2)   .insn r 0x0B, 5, 0, x0, rs1, rs2")
        out.append("    .section .text.start, \"ax\"")
        out.append("    .globl _start")
        out.append("_start:")
        # prologue: spawn, pointers, live warp count, register and scratch init
        self.emit("li %s, %d" % (x(T0), nspawn))
        self.emit("la %s, warp_entry" % x(T1))
        self.emit("WSPAWN(%s, %s)" % (x(T0), x(T1)))
        self.place("warp_entry")
        self.emit("csrr %s, 0x%x" % (x(T0), CSRS["mhartid"]))
        self.emit("slli %s, %s, 8" % (x(T0), x(T0)))
        self.emit("la %s, scratch" % x(SCR))
        self.emit("add %s, %s, %s" % (x(SCR), x(SCR), x(T0)))
        self.emit("la %s, rotable" % x(ROT))
        # live = max(1, min(nspawn, nwarps))
        self.emit("csrr %s, 0x%x" % (x(T1), CSRS["nwarps"]))
        self.emit("li %s, %d" % (x(LIVE), nspawn))
        self.emit("bltu %s, %s, 1f" % (x(LIVE), x(T1)))
        self.emit("mv %s, %s" % (x(LIVE), x(T1)))
        self.lines.append("1:")
        # scratch word 0: this core's slot base; 1: W*T; 2: own slot
        self.emit("csrr %s, 0x%x" % (x(T1), CSRS["nwarps"]))
        self.emit("csrr %s, 0x%x" % (x(T0), CSRS["nthreads"]))
        self.emit("mul %s, %s, %s" % (x(T1), x(T1), x(T0)))
        self.emit("sw %s, 4(%s)" % (x(T1), x(SCR)))
        self.emit("csrr %s, 0x%x" % (x(T0), CSRS["cid"]))
        self.emit("mul %s, %s, %s" % (x(T0), x(T0), x(T1)))
        self.emit("slli %s, %s, 4" % (x(T0), x(T0)))
        self.emit("la %s, slots" % x(T1))
        self.emit("add %s, %s, %s" % (x(T0), x(T0), x(T1)))
        self.emit("sw %s, 0(%s)" % (x(T0), x(SCR)))
        self.emit("csrr %s, 0x%x" % (x(T0), CSRS["mhartid"]))
        self.emit("slli %s, %s, 4" % (x(T0), x(T0)))
        self.emit("add %s, %s, %s" % (x(T0), x(T0), x(T1)))
        self.emit("sw %s, 8(%s)" % (x(T0), x(SCR)))
        self.emit("sw x0, 12(%s)" % x(SCR))
        for reg in POOL:
            k = r.random()
            v = self.const32()
            if v >= 1 << 31:
                v -= 1 << 32
            self.emit("li %s, %d" % (x(reg), v))
            if k < 0.4:     # lane-dependent values
                self.emit("csrr %s, 0x%x" % (x(T0), CSRS["mhartid"]))
                self.emit("%s %s, %s, %s" % (r.choice(["add", "xor", "mul", "sll"]), x(reg), x(reg), x(T0)))
        for off in range(SCRATCH_FREE, SCRATCH_BYTES, 4):
            self.emit("sw %s, %d(%s)" % (x(r.choice(POOL)), off, x(SCR)))
        # the body
        self.block(0, self.length, True, top=True)
        self.emit("TMC(x0)")
        self.emit("lw x0, 1(x0)")          # never executed
        out.extend(self.lines)
        out.extend(getattr(self, "sub_text", []))
        out.append("    .data")
        if getattr(self, "tabs", None):
            out.append("    .balign 4")
        for idx, names in sorted(getattr(self, "tabs", {}).items()):
            out.append("dtab%d: .word %s" % (idx, ", ".join(names)))
        out.append("    .balign 64")
        out.append("rotable:")
        for i in range(0, ROT_BYTES // 4, 8):
            out.append("    .word " + ", ".join("0x%08x" % self.const32() for _ in range(8)))
        out.append("    .bss")
        out.append("    .balign 64")
        out.append("slots: .space %d" % (16 * MAX_HARTS))
        out.append("scratch: .space %d" % (SCRATCH_BYTES * MAX_HARTS))
        return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--length", type=int, default=3000,
                    help="approximate warp instructions executed per warp")
    ap.add_argument("--warps", type=int, help="ignored: programs read the nwarps CSR")
    ap.add_argument("--threads", type=int, help="ignored: programs read the nthreads CSR")
    ap.add_argument("--divergence", choices=["ipdom", "minpc"], default="ipdom",
                    help="minpc: add per-thread control flow (run with --divergence minpc)")
    ap.add_argument("-o", "--output", help="output .S (default stdout)")
    a = ap.parse_args()
    text = Gen(a.seed, a.length, a.divergence == "minpc").program()
    if a.output:
        with open(a.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
