#!/usr/bin/env python3
"""simt_check.py - static checks of Weft device code (objdump -d output).

Usage: simt_check.py [-v] FILE.dis ...

Decodes every instruction word of the disassembly (it does not trust the
mnemonics) and checks, per function:

1. ISA: every word is RV32IM, a read-only CSR read of a CSR listed in
   docs/isa.md, fence/fence.i, or a SIMT instruction (custom-0, funct7 = 0,
   rd = 0, funct3 0..5), or RV32F (single precision only, no reserved
   static rounding mode 5/6; fflags/frm/fcsr may also be written).
   ecall/ebreak/mret/wfi, other CSR writes, compressed, double-precision
   and RV64 encodings are errors.
2. WEFT_IF shape: every split is followed by `bnez` on the split's register
   (so the ELSE threads re-test their own predicate when the join sends them
   back to split+4); every pred is followed by `beqz` on its register.
3. IPDOM balance: on every path through the function, splits and joins
   nest (a join never pops a split of the caller), and the function returns
   (ret, tail call) with nothing left pushed.
4. Reconvergence: for every split, the joins its THEN and ELSE arms reach
   (at the same nesting level). When GCC has duplicated the join, the code
   after the different join copies must be identical (same instructions up to
   the point where the paths merge), because the whole warp continues after
   the join the ELSE threads reach last.
5. WEFT_WHILE exits: from the body of every pred loop (the fall-through of
   its `beqz`), no path may reach the loop's exit (the `beqz` target) or
   leave the function without passing a pred of the same loop again:
   `break`, `return` or `goto` out of WEFT_WHILE leave with a partial mask
   and the threads parked by pred are never restored (in ipdom mode;
   --divergence minpc runs pred as a no-op and needs no macros).

Exit status 0 if all files pass, 1 otherwise.
"""
import re
import sys

CSRS = {
    0xC00, 0xC80, 0xB00, 0xB80, 0xC02, 0xC82, 0xB02, 0xB82, 0xF14,
    0xCC0, 0xCC1, 0xCC2, 0xCC3, 0xCC4, 0xCC5, 0xCC6, 0xCC7,
}
FCSRS = {0x001, 0x002, 0x003}   # fflags, frm, fcsr: read/write (RV32F)
# performance counters (docs/counters.md): 3..31 at 0xB00/0xC00 + k, high words
# + 0x80, per-warp issue counts 0xFC0..0xFFF: read-only
CSRS |= {b + k for b in (0xB00, 0xB80, 0xC00, 0xC80) for k in range(3, 32)} | set(range(0xFC0, 0x1000))
PERF_RW = {0x7C0, 0x7C1}        # perf-lock, perf-reset-lock: read/write
# OP-FP (0x53) funct7 -> (allowed rs2 values or None for any, allowed funct3 or None = rounding mode)
OPFP = {
    0x00: (None, None), 0x04: (None, None), 0x08: (None, None), 0x0C: (None, None),  # fadd fsub fmul fdiv
    0x2C: ({0}, None),                   # fsqrt
    0x10: (None, {0, 1, 2}),             # fsgnj fsgnjn fsgnjx
    0x14: (None, {0, 1}),                # fmin fmax
    0x60: ({0, 1}, None),                # fcvt.w.s fcvt.wu.s
    0x68: ({0, 1}, None),                # fcvt.s.w fcvt.s.wu
    0x70: ({0}, {0, 1}),                 # fmv.x.w fclass
    0x78: ({0}, {0}),                    # fmv.w.x
    0x50: (None, {0, 1, 2}),             # fle flt feq
}
SIMT = {0: "tmc", 1: "wspawn", 2: "split", 3: "join", 4: "bar", 5: "pred"}
MAX_DEPTH = 16
MAX_EQUIV_STEPS = 256

LINE_RE = re.compile(r"^\s*([0-9a-f]+):\s+([0-9a-f]+)\s*(.*)$")
FUNC_RE = re.compile(r"^([0-9a-f]+) <([^>]+)>:\s*$")


def bits(w, hi, lo):
    return (w >> lo) & ((1 << (hi - lo + 1)) - 1)


def sext(v, n):
    return v - (1 << n) if v & (1 << (n - 1)) else v


class Insn:
    """One decoded instruction."""

    def __init__(self, pc, word, text):
        self.pc = pc
        self.word = word
        self.text = text.strip()
        self.kind = "other"   # branch, jal, jalr, simt, other
        self.target = None    # resolved pc-relative target
        self.error = None
        self.simt = None
        self.rd = bits(word, 11, 7)
        self.rs1 = bits(word, 19, 15)
        self.rs2 = bits(word, 24, 20)
        self.decode()

    def decode(self):
        w = self.word
        op = w & 0x7F
        f3 = bits(w, 14, 12)
        f7 = bits(w, 31, 25)
        if w & 3 != 3:
            self.error = "compressed (16-bit) instruction"
        elif op in (0x37, 0x17):                       # lui, auipc
            if op == 0x17:
                self.kind = "auipc"
                self.target = (self.pc + (w & 0xFFFFF000)) & 0xFFFFFFFF
        elif op == 0x6F:                               # jal
            imm = (bits(w, 31, 31) << 20) | (bits(w, 19, 12) << 12) | \
                  (bits(w, 20, 20) << 11) | (bits(w, 30, 21) << 1)
            self.kind = "jal"
            self.target = (self.pc + sext(imm, 21)) & 0xFFFFFFFF
        elif op == 0x67:                               # jalr
            if f3 != 0:
                self.error = "bad jalr"
            self.kind = "jalr"
        elif op == 0x63:                               # branches
            if f3 in (2, 3):
                self.error = "bad branch funct3"
            imm = (bits(w, 31, 31) << 12) | (bits(w, 7, 7) << 11) | \
                  (bits(w, 30, 25) << 5) | (bits(w, 11, 8) << 1)
            self.kind = "branch"
            self.target = (self.pc + sext(imm, 13)) & 0xFFFFFFFF
        elif op == 0x03:                               # loads
            if f3 not in (0, 1, 2, 4, 5):
                self.error = "load not in RV32I (RV64 or illegal)"
        elif op == 0x23:                               # stores
            if f3 not in (0, 1, 2):
                self.error = "store not in RV32I (RV64 or illegal)"
        elif op == 0x13:                               # op-imm
            if f3 == 1 and f7 != 0:
                self.error = "bad slli (RV64 shamt?)"
            if f3 == 5 and f7 not in (0, 0x20):
                self.error = "bad srli/srai (RV64 shamt?)"
        elif op == 0x33:                               # op
            if f7 == 1:
                pass                                   # M extension
            elif f7 == 0x20:
                if f3 not in (0, 5):
                    self.error = "bad sub/sra"
            elif f7 != 0:
                self.error = "bad OP funct7"
        elif op == 0x0F:                               # fence, fence.i
            if f3 not in (0, 1):
                self.error = "bad MISC-MEM"
        elif op == 0x73:                               # system
            csr = bits(w, 31, 20)
            if f3 == 0:
                self.error = "ecall/ebreak/mret/wfi are illegal on Weft"
            elif f3 == 4:
                self.error = "bad SYSTEM funct3"
            elif csr in FCSRS or csr in PERF_RW:
                pass                                   # fflags/frm/fcsr, perf locks: any access
            elif f3 in (1, 5):
                self.error = "CSR write (csrrw/csrrwi): CSRs are read-only"
            elif self.rs1 != 0:
                self.error = "CSR write (csrrs/csrrc with non-zero source)"
            elif csr not in CSRS:
                self.error = "CSR 0x%03x is not a Weft CSR" % csr
        elif op == 0x0B and f7 == 1:                   # warp primitives: vote, shfl
            if f3 == 3 or (f3 < 3 and self.rs2 != 0):
                self.error = "illegal warp-primitive encoding (funct3 3, or vote with rs2 != x0)"
        elif op == 0x0B:                               # SIMT
            if f7 != 0 or f3 > 5:
                self.error = "illegal SIMT encoding (funct7/funct3)"
            elif self.rd != 0:
                self.error = "SIMT instruction with rd != x0"
            else:
                self.kind = "simt"
                self.simt = SIMT[f3]
        elif op == 0x07 or op == 0x27:                 # flw, fsw
            if f3 != 2:
                self.error = "FP load/store other than flw/fsw (D or Q)"
        elif op in (0x43, 0x47, 0x4B, 0x4F):           # fmadd fmsub fnmsub fnmadd
            if bits(w, 26, 25) != 0:
                self.error = "fused multiply-add not single precision"
            elif f3 in (5, 6):
                self.error = "reserved rounding mode %d" % f3
        elif op == 0x53:                               # OP-FP
            if f7 not in OPFP:
                self.error = "OP-FP funct7 0x%02x not in RV32F" % f7
            else:
                rs2_ok, f3_ok = OPFP[f7]
                if rs2_ok is not None and self.rs2 not in rs2_ok:
                    self.error = "OP-FP rs2 %d not in RV32F" % self.rs2
                elif f3_ok is None and f3 in (5, 6):
                    self.error = "reserved rounding mode %d" % f3
                elif f3_ok is not None and f3 not in f3_ok:
                    self.error = "OP-FP funct3 %d not in RV32F" % f3
        elif op == 0x2F:                               # RV32A (docs/isa.md)
            f5 = bits(w, 31, 27)
            if f3 != 2:
                self.error = "atomic other than .w (RV64 or illegal)"
            elif f5 not in (0x00, 0x01, 0x02, 0x03, 0x04, 0x08, 0x0C, 0x10, 0x14, 0x18, 0x1C):
                self.error = "AMO funct5 0x%02x not in RV32A" % f5
            elif f5 == 0x02 and self.rs2 != 0:
                self.error = "lr.w with rs2 != x0"
        else:
            self.error = "opcode 0x%02x not in RV32IMAF+Zicsr+SIMT" % op

    def same_as(self, other):
        """Equal behaviour at a different pc (pc-relative targets resolved)."""
        if self.kind != other.kind:
            return False
        if self.kind == "branch":  # same condition registers and target
            return (self.target == other.target and
                    (self.word & 0x01FFF07F) == (other.word & 0x01FFF07F))
        if self.kind in ("jal", "auipc"):
            return self.target == other.target and self.rd == other.rd
        return self.word == other.word


class Func:
    def __init__(self, name, start):
        self.name = name
        self.start = start
        self.insns = {}
        self.order = []

    def add(self, insn):
        self.insns[insn.pc] = insn
        self.order.append(insn.pc)

    def end(self):
        return self.order[-1] + 4 if self.order else self.start


def parse(path):
    funcs = []
    cur = None
    with open(path) as f:
        for line in f:
            m = FUNC_RE.match(line)
            if m:
                cur = Func(m.group(2), int(m.group(1), 16))
                funcs.append(cur)
                continue
            m = LINE_RE.match(line)
            if m and cur is not None:
                hexw = m.group(2)
                pc = int(m.group(1), 16)
                if len(hexw) == 4:
                    insn = Insn(pc, int(hexw, 16), m.group(3))  # flags compressed
                elif len(hexw) == 8:
                    insn = Insn(pc, int(hexw, 16), m.group(3))
                else:
                    continue
                cur.add(insn)
    # objdump labels local jump targets (.L*) as their own "functions" when
    # symbols are kept; fold those into the preceding real function.
    merged = []
    for fn in funcs:
        if merged and (fn.name.startswith(".L") or fn.name.startswith("L")):
            for pc in fn.order:
                merged[-1].add(fn.insns[pc])
        else:
            merged.append(fn)
    return merged


class Checker:
    def __init__(self, path, verbose):
        self.path = path
        self.verbose = verbose
        self.errors = []
        self.notes = []

    def err(self, fn, pc, msg):
        self.errors.append("%s: %s+0x%x (0x%08x): %s" % (self.path, fn.name, pc - fn.start, pc, msg))

    def note(self, fn, pc, msg):
        self.notes.append("%s: %s+0x%x (0x%08x): %s" % (self.path, fn.name, pc - fn.start, pc, msg))

    def succ(self, fn, pc, depth):
        """Successor states of (pc, depth): list of (pc, depth), or an exit
        marker ('exit', pc) meaning the path leaves the function here."""
        insn = fn.insns.get(pc)
        if insn is None:
            return [("fall", pc)]
        inside = lambda t: fn.start <= t < fn.end()
        if insn.kind == "simt":
            if insn.simt == "split":
                nxt = fn.insns.get(pc + 4)
                if nxt is None or nxt.kind != "branch":
                    return []  # reported by the shape check
                return [(pc + 8, depth + 1), (nxt.target, depth + 1)]
            if insn.simt == "pred":
                nxt = fn.insns.get(pc + 4)
                if nxt is None or nxt.kind != "branch":
                    return []
                return [(pc + 8, depth), (nxt.target, depth)]
            if insn.simt == "join":
                return [("join", pc, depth)]
            if insn.simt == "tmc" and insn.rs1 == 0:
                return []  # the warp ends
            return [(pc + 4, depth)]
        if insn.kind == "branch":
            return [(pc + 4, depth), (insn.target, depth)]
        if insn.kind == "jal":
            if insn.rd == 0:
                if inside(insn.target):
                    return [(insn.target, depth)]
                return [("exit", pc)]  # tail call
            return [(pc + 4, depth)]  # call: callee balanced
        if insn.kind == "jalr":
            if insn.rd == 0:
                return [("exit", pc)]  # return or indirect jump out
            return [(pc + 4, depth)]
        return [(pc + 4, depth)]

    def check_func(self, fn):
        # 1 and 2: per-instruction checks.
        splits = []
        for pc in fn.order:
            insn = fn.insns[pc]
            if insn.error:
                self.err(fn, pc, "%s: %s" % (insn.error, insn.text))
                continue
            if insn.simt in ("split", "pred"):
                nxt = fn.insns.get(pc + 4)
                want_f3 = 1 if insn.simt == "split" else 0  # bne / beq
                if (nxt is None or nxt.kind != "branch" or bits(nxt.word, 14, 12) != want_f3 or
                        nxt.rs1 != insn.rs1 or nxt.rs2 != 0):
                    self.err(fn, pc, "%s not followed by %s on x%d" %
                             (insn.simt, "bnez" if want_f3 else "beqz", insn.rs1))
                elif insn.simt == "split":
                    splits.append(pc)

        # 3: balance over all paths from the entry.
        seen = set()
        stack = [(fn.start, 0)]
        while stack:
            pc, depth = stack.pop()
            if (pc, depth) in seen:
                continue
            seen.add((pc, depth))
            if depth > MAX_DEPTH:
                self.err(fn, pc, "IPDOM nesting grows without bound (split in a loop without join?)")
                break
            for s in self.succ(fn, pc, depth):
                if s[0] == "join":
                    if s[2] == 0:
                        self.err(fn, s[1], "join without a matching split on some path")
                    else:
                        stack.append((s[1] + 4, s[2] - 1))
                elif s[0] == "exit":
                    if depth != 0:
                        self.err(fn, s[1], "leaves the function inside a WEFT_IF (%d split(s) open)" % depth)
                elif s[0] == "fall":
                    # libgcc's -msave-restore millicode (__riscv_restore_N)
                    # is one routine with an entry label per N: each part
                    # falls through into the next, which has no SIMT code.
                    if not (fn.name.startswith("__riscv_restore_") and depth == 0):
                        self.err(fn, s[1], "falls off the end of the function")
                else:
                    stack.append(s)

        # 4: reconvergence of every split.
        for pc in splits:
            arms = {}
            for arm, start in (("then", fn.insns[pc + 4].target), ("else", pc + 8)):
                joins = set()
                seen = set()
                stack = [(start, 0)]
                while stack:
                    p, d = stack.pop()
                    if (p, d) in seen or d > MAX_DEPTH:
                        continue
                    seen.add((p, d))
                    for s in self.succ(fn, p, d):
                        if s[0] == "join":
                            if s[2] == 0:
                                joins.add(s[1])
                            else:
                                stack.append((s[1] + 4, s[2] - 1))
                        elif s[0] in ("exit", "fall"):
                            pass  # reported by the balance check
                        else:
                            stack.append(s)
                arms[arm] = joins
            if not arms["then"] or not arms["else"]:
                self.err(fn, pc, "split whose %s arm never reaches a join" %
                         ("THEN" if not arms["then"] else "ELSE"))
                continue
            alljoins = sorted(arms["then"] | arms["else"])
            if len(alljoins) > 1:
                ref = alljoins[0]
                for other in alljoins[1:]:
                    ok, why = self.equivalent(fn, ref + 4, other + 4)
                    if not ok:
                        self.err(fn, pc, "split reconverges at joins 0x%08x and 0x%08x whose "
                                 "continuations differ (%s)" % (ref, other, why))
                if self.verbose:
                    self.note(fn, pc, "split reconverges at duplicated joins %s (continuations identical)"
                              % ", ".join("0x%08x" % j for j in alljoins))

    def check_pred_loops(self, fn):
        """5: no path from a pred loop's body leaves the loop except through
        a pred of the same loop (its condition test)."""
        for pc in fn.order:
            insn = fn.insns[pc]
            nxt = fn.insns.get(pc + 4)
            if insn.simt != "pred" or nxt is None or nxt.kind != "branch":
                continue
            exit_pc = nxt.target
            stops = {p for p in fn.order if fn.insns[p].simt == "pred" and
                     fn.insns.get(p + 4) is not None and fn.insns[p + 4].kind == "branch" and
                     fn.insns[p + 4].target == exit_pc}
            seen = set()
            stack = [pc + 8]
            reported = False
            while stack and not reported:
                p = stack.pop()
                if p in seen or p in stops:
                    continue
                seen.add(p)
                if p == exit_pc:
                    self.err(fn, pc, "break (or goto) out of the WEFT_WHILE whose pred is here: the body reaches "
                             "the loop exit 0x%08x without the pred, so the threads it parked are lost" % exit_pc)
                    reported = True
                    break
                for s in self.succ(fn, p, 0):
                    if s[0] == "join":
                        stack.append(s[1] + 4)
                    elif s[0] == "exit":
                        self.err(fn, pc, "return (or tail call) out of the WEFT_WHILE whose pred is here, at "
                                 "0x%08x: the threads it parked are lost" % s[1])
                        reported = True
                        break
                    elif s[0] == "fall":
                        pass  # reported by the balance check
                    else:
                        stack.append(s[0])

    def equivalent(self, fn, a, b):
        """Do the straight-line continuations at a and b behave the same?"""
        for _ in range(MAX_EQUIV_STEPS):
            if a == b:
                return True, ""
            ia, ib = fn.insns.get(a), fn.insns.get(b)
            # Follow unconditional in-function jumps transparently.
            if ia is not None and ia.kind == "jal" and ia.rd == 0 and fn.start <= ia.target < fn.end():
                a = ia.target
                continue
            if ib is not None and ib.kind == "jal" and ib.rd == 0 and fn.start <= ib.target < fn.end():
                b = ib.target
                continue
            if ia is None or ib is None:
                return False, "end of function"
            if not ia.same_as(ib):
                return False, "'%s' vs '%s'" % (ia.text, ib.text)
            if ia.kind == "jalr" and ia.rd == 0:
                return True, ""  # both return
            if ia.kind == "jal" and ia.rd == 0:
                return True, ""  # both tail-call the same target
            if ia.simt == "tmc" and ia.rs1 == 0:
                return True, ""
            a += 4
            b += 4
        return False, "no merge within %d instructions" % MAX_EQUIV_STEPS

    def run(self):
        funcs = parse(self.path)
        if not funcs:
            self.errors.append("%s: no functions found" % self.path)
        for fn in funcs:
            self.check_func(fn)
            self.check_pred_loops(fn)
        if self.verbose:
            for fn in funcs:
                n = {k: 0 for k in SIMT.values()}
                br = 0
                for pc in fn.order:
                    i = fn.insns[pc]
                    if i.simt:
                        n[i.simt] += 1
                    elif i.kind == "branch":
                        prev = fn.insns.get(pc - 4)
                        if not (prev is not None and prev.simt in ("split", "pred")):
                            br += 1
                simt = " ".join("%s=%d" % (k, v) for k, v in n.items() if v)
                print("%s: %-24s %4d insns %s, other cond. branches=%d" %
                      (self.path, fn.name, len(fn.order), simt, br))
        return not self.errors


def main(argv):
    verbose = False
    files = []
    for a in argv[1:]:
        if a in ("-v", "--verbose"):
            verbose = True
        elif a in ("-h", "--help"):
            print(__doc__)
            return 0
        else:
            files.append(a)
    if not files:
        print("usage: simt_check.py [-v] FILE.dis ...", file=sys.stderr)
        return 2
    ok = True
    for path in files:
        c = Checker(path, verbose)
        try:
            good = c.run()
        except OSError as e:
            print("%s: %s" % (path, e), file=sys.stderr)
            ok = False
            continue
        for n in c.notes:
            print("note: " + n)
        for e in c.errors:
            print("error: " + e)
        ok = ok and good
        print("%s: %s" % (path, "ok" if good else "%d error(s)" % len(c.errors)))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
