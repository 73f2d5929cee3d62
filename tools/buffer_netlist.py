#!/usr/bin/env python3
"""tools/buffer_netlist.py IN.v OUT.v STATS.json [--fanout F] [--buf BUFX4] [--clock clk_i]

Fan-out buffering of a hierarchical, library-mapped Yosys netlist
(write_verilog -noattr -noexpr -simple-lhs, one pin per line) before static
timing analysis. ABC buffers the nets inside each module it maps, but not the
outputs of flip-flops (mapped outside ABC by dfflibmap) nor the nets that leave
a module through a port (ABC sees one load); in the Weft netlist such nets
drive thousands of multiplexer inputs (the I-cache and register-file word
selects, the stall table) and an unbuffered X1 gate would show hundreds of
nanoseconds of delay. Physical synthesis would build buffer trees; this does
the same, crudely: in every module, every net with more than F leaf-cell loads
(the clock excepted: the clock is ideal in the timing analysis) gets a tree of
BUF cells, F loads per buffer, as deep as needed. Loads through submodule
ports are not counted (the submodule buffers the net inside).

STATS.json: per module, the buffers added (so that their area is counted).
"""
import argparse
import json
import re
import sys
from collections import defaultdict

OUT_PINS = {'Y', 'Q', 'YC', 'YS'}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('inp')
    ap.add_argument('out')
    ap.add_argument('stats')
    ap.add_argument('--fanout', type=int, default=12)
    ap.add_argument('--buf', default='BUFX4')
    ap.add_argument('--clock', default='clk_i')
    ap.add_argument('--liberty')
    a = ap.parse_args()

    leaf = None
    if a.liberty:
        leaf = set(re.findall(r'^\s*cell\s*\(\s*"?(\w+)"?\s*\)', open(a.liberty).read(), re.M))
    lines = open(a.inp).read().split('\n')

    # Pass 1: per module, the loads (line numbers of leaf input pins) of each net.
    mods = []          # (name, start line, end line)
    loads = {}         # module -> net -> [line numbers]
    cur = None
    inst_type = None
    for i, ln in enumerate(lines):
        m = re.match(r'^module\s+(\S+?)\s*\(', ln)
        if m:
            cur = m.group(1)
            loads[cur] = defaultdict(list)
            mods.append([cur, i, None])
            continue
        if ln.startswith('endmodule'):
            mods[-1][2] = i
            cur = None
            continue
        if cur is None:
            continue
        m = re.match(r'^\s+(\w+)\s+(\S+)\s*\($', ln)
        if m:
            t = m.group(1)
            inst_type = t if (leaf is None or t in leaf) else None
            continue
        if ln.strip() == ');':
            inst_type = None
            continue
        if inst_type:
            m = re.match(r'^\s+\.(\w+)\((.*)\),?\s*$', ln)
            if m and m.group(1) not in OUT_PINS:
                net = m.group(2).strip()
                if net and not re.match(r"^\d+'[bhd]", net) and net != a.clock:
                    loads[cur][net].append(i)

    # Pass 2: buffer trees.
    new_nets = defaultdict(list)
    new_cells = defaultdict(list)
    repl = {}
    stats = {}
    k = 0
    for mod, nets in loads.items():
        nbuf = 0
        for net, ls in nets.items():
            if len(ls) <= a.fanout:
                continue
            # leaves: groups of F loads, each driven by a new buffer; repeat
            # on the buffers until the source drives at most F of them.
            level = ls
            sinks = None  # list of (kind, ref): kind 'line' (a load pin) or 'buf' (buffer input index)
            items = [('line', x) for x in level]
            while len(items) > a.fanout:
                groups = [items[j:j + a.fanout] for j in range(0, len(items), a.fanout)]
                nxt = []
                for g in groups:
                    k += 1
                    nbuf += 1
                    wn = f"fobuf_n{k}"
                    new_nets[mod].append(wn)
                    cell = {'name': f"fobuf_{k}", 'in': None, 'out': wn}
                    new_cells[mod].append(cell)
                    for kind, ref in g:
                        if kind == 'line':
                            repl[ref] = wn
                        else:
                            ref['in'] = wn
                    nxt.append(('buf', cell))
                items = nxt
            for kind, ref in items:
                if kind == 'line':
                    repl[ref] = net
                else:
                    ref['in'] = net
        stats[mod] = nbuf

    out = []
    ends = {m[2]: m[0] for m in mods}
    # declarations go after the module header (which may wrap over lines)
    starts = {}
    for name, st, _ in mods:
        j = st
        while not lines[j].rstrip().endswith(');'):
            j += 1
        starts[j] = name
    for i, ln in enumerate(lines):
        if i in repl:
            m = re.match(r'^(\s+\.\w+\()(.*)(\),?\s*)$', ln)
            ln = m.group(1) + repl[i] + m.group(3)
        if i in starts:
            out.append(ln)
            for wn in new_nets.get(starts[i], []):
                out.append(f"  wire {wn};")
            continue
        if i in ends:
            mod = ends[i]
            for c in new_cells.get(mod, []):
                # an escaped identifier (\a.b) ends at white space: keep the space before ')'
                src = c['in'] + (' ' if c['in'].startswith('\\') and not c['in'].endswith(' ') else '')
                out.append(f"  {a.buf} {c['name']} (\n    .A({src}),\n    .Y({c['out']})\n  );")
        out.append(ln)
    open(a.out, 'w').write('\n'.join(out))
    json.dump({'buffer_cell': a.buf, 'fanout': a.fanout, 'buffers_per_module': stats},
              open(a.stats, 'w'), indent=1)
    print(f"buffer_netlist: {sum(stats.values())} {a.buf} added (fan-out limit {a.fanout})")
    return 0


if __name__ == '__main__':
    sys.exit(main())
