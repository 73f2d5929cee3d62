#!/usr/bin/env python3
"""tools/synth_report.py - per-module report of a hierarchical Yosys synthesis.

Reads the `stat -json` output(s) that tools/synth.sh (generic cells) and
tools/ppa.sh (OSU018 cells) write and produces a text table and a JSON file
with, per module (one row per distinct parameterisation):

  instances     how many times it is instantiated in the whole design
  cells         own cells (leaf cells only, submodule instances not counted)
  cells_hier    own cells plus those of every submodule (one instance)
  mem_bits      memory bits inferred in the module before memory_map
                (from the stat taken after `synth -run begin:fine`)
  area_um2      own standard-cell area (when a Liberty file is given)
  area_hier_um2 the same including submodules

and the design totals (every instance counted). Yosys 0.23's `stat -json`
appends the text hierarchy after the JSON object when a top module is set; the
reader cuts it off.

usage: synth_report.py --stat STAT.json [--mem-stat STAT_MEM.json]
                       [--liberty LIB] [--top weft_gpu] [--title TEXT]
                       [--extra KEY=VALUE ...] --txt OUT.txt --json OUT.json
"""
import argparse
import json
import re
import sys


def load_stat(path):
    text = open(path).read()
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        pass
    # Yosys 0.23 prints the hierarchy after "modules" when a top is known:
    # keep everything up to the end of the "modules" object.
    i = text.find('"modules"')
    if i < 0:
        raise SystemExit(f"synth_report: {path}: no modules in the stat output")
    depth = 0
    j = text.index('{', i)
    for k in range(j, len(text)):
        c = text[k]
        if c == '{':
            depth += 1
        elif c == '}':
            depth -= 1
            if depth == 0:
                return json.loads(text[:k + 1] + '\n}')
    raise SystemExit(f"synth_report: {path}: cannot parse the stat output")


def lib_areas(path):
    """Cell name -> area from a Liberty file (cell (NAME) { ... area : X; ...})."""
    areas = {}
    cur = None
    for line in open(path):
        m = re.match(r'\s*cell\s*\(\s*"?([A-Za-z0-9_]+)"?\s*\)', line)
        if m:
            cur = m.group(1)
            continue
        m = re.match(r'\s*area\s*:\s*([0-9.eE+-]+)\s*;', line)
        if m and cur and cur not in areas:
            areas[cur] = float(m.group(1))
    return areas


def short_name(mod):
    """'$paramod$hash\\weft_alu' / '$paramod\\weft_x\\N=..' / '\\weft_gpu' -> base name."""
    m = mod.lstrip('\\')
    if m.startswith('$paramod'):
        parts = m.split('\\')
        return parts[1] if len(parts) > 1 else m
    return m


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--stat', required=True)
    ap.add_argument('--mem-stat')
    ap.add_argument('--liberty')
    ap.add_argument('--top', default='weft_gpu')
    ap.add_argument('--title', default='')
    ap.add_argument('--extra', action='append', default=[])
    ap.add_argument('--txt', required=True)
    ap.add_argument('--json', required=True)
    a = ap.parse_args()

    # Module keys carry Yosys's leading backslash for plain names, the
    # submodule entries of num_cells_by_type do not: drop it everywhere.
    def norm(ms):
        return {k.lstrip('\\'): v for k, v in ms.items()}
    mods = norm(load_stat(a.stat)['modules'])
    memmods = norm(load_stat(a.mem_stat)['modules']) if a.mem_stat else {}
    areas = lib_areas(a.liberty) if a.liberty else None

    names = set(mods)
    top = None
    for n in mods:
        if n.lstrip('\\') == a.top:
            top = n
    if top is None:
        raise SystemExit(f"synth_report: top module {a.top} not in {a.stat}")

    own = {}
    children = {}
    unknown = set()
    for n, d in mods.items():
        cells = 0
        area = 0.0
        ch = {}
        types = {}
        for t, k in d.get('num_cells_by_type', {}).items():
            if t.lstrip('\\') in names:
                t = t.lstrip('\\')
                ch[t] = ch.get(t, 0) + k
                continue
            cells += k
            types[t] = k
            if areas is not None:
                if t in areas:
                    area += k * areas[t]
                else:
                    unknown.add(t)
        own[n] = {'cells': cells, 'area': area, 'types': types}
        children[n] = ch

    memo = {}

    def hier(n):
        if n in memo:
            return memo[n]
        c, ar = own[n]['cells'], own[n]['area']
        for ch, k in children[n].items():
            hc, ha, _ = hier(ch)
            c += k * hc
            ar += k * ha
        memo[n] = (c, ar, mem_hier(n))
        return memo[n]

    # Memory bits: own bits and hierarchy of the pre-memory_map stat (which
    # may be hierarchical while the final netlist is flattened).
    mnames = set(memmods)
    mmemo = {}

    def mem_hier(n):
        if n not in memmods:
            return 0
        if n in mmemo:
            return mmemo[n]
        b = memmods[n].get('num_memory_bits', 0)
        for t, k in memmods[n].get('num_cells_by_type', {}).items():
            t = t.lstrip('\\')
            if t in mnames:
                b += k * mem_hier(t)
        mmemo[n] = b
        return b

    inst = {n: 0 for n in mods}

    def count(n, k):
        inst[n] += k
        for ch, m in children[n].items():
            count(ch, k * m)
    count(top, 1)

    # Readable, unique row names.
    base = {}
    for n in mods:
        base.setdefault(short_name(n), []).append(n)
    label = {}
    for b, ns in base.items():
        if len(ns) == 1:
            label[ns[0]] = b
        else:
            for i, n in enumerate(sorted(ns, key=lambda x: -hier(x)[0])):
                label[n] = b if i == 0 else f"{b}#{i + 1}"

    # Memory bits per module come from the pre-memory_map stat; the module
    # names there are the same (same parameterisations, same hashes).
    rows = []
    for n in mods:
        if inst[n] == 0:
            continue
        hc, ha, hm = hier(n)
        r = {
            'module': label[n],
            'yosys_name': n.lstrip('\\'),
            'instances': inst[n],
            'cells': own[n]['cells'],
            'cells_hier': hc,
            'mem_bits': memmods.get(n, {}).get('num_memory_bits', 0) if memmods else None,
            'mem_bits_hier': hm if memmods else None,
            'cells_by_type': own[n]['types'],
        }
        if areas is not None:
            r['area_um2'] = round(own[n]['area'], 1)
            r['area_hier_um2'] = round(ha, 1)
        rows.append(r)
    rows.sort(key=lambda r: -r['cells'] * r['instances'])

    tc, ta, tm = hier(top)
    total = {'cells': tc, 'mem_bits': tm if memmods else None}
    if areas is not None:
        total['area_um2'] = round(ta, 1)
    ff = 0
    for r in rows:
        for t, k in r['cells_by_type'].items():
            if 'DFF' in t.upper() or t.upper().startswith('LATCH'):
                ff += k * r['instances']
    total['flops'] = ff
    extra = {}
    for kv in a.extra:
        k, _, v = kv.partition('=')
        try:
            v = int(v)
        except ValueError:
            try:
                v = float(v)
            except ValueError:
                pass
        extra[k] = v
    out = {'title': a.title, **extra, 'total': total, 'modules': rows}
    if unknown:
        out['cells_without_area'] = sorted(unknown)
    with open(a.json, 'w') as f:
        json.dump(out, f, indent=1)

    with open(a.txt, 'w') as f:
        if a.title:
            f.write(a.title + '\n')
        for k, v in extra.items():
            f.write(f"{k}: {v}\n")
        f.write('\n')
        hdr = f"{'module':<22} {'inst':>4} {'cells':>9} {'cells(hier)':>11} {'mem bits':>9}"
        if areas is not None:
            hdr += f" {'area um2':>12} {'area(hier)':>12} {'share':>6}"
        f.write(hdr + '\n' + '-' * len(hdr) + '\n')
        for r in rows:
            line = (f"{r['module']:<22} {r['instances']:>4} {r['cells']:>9} {r['cells_hier']:>11} "
                    f"{'-' if r['mem_bits'] is None else r['mem_bits']:>9}")
            if areas is not None:
                share = 100.0 * r['area_um2'] * r['instances'] / ta if ta else 0
                line += f" {r['area_um2']:>12.0f} {r['area_hier_um2']:>12.0f} {share:>5.1f}%"
            f.write(line + '\n')
        f.write('-' * len(hdr) + '\n')
        line = f"{'total (all instances)':<22} {'':>4} {tc:>9} {tc:>11} {'-' if tm is None or not memmods else tm:>9}"
        if areas is not None:
            line += f" {ta:>12.0f} {ta:>12.0f} {100.0:>5.1f}%"
        f.write(line + '\n')
        f.write(f"flip-flops (all instances): {ff}\n")
        if unknown:
            f.write(f"cells without a Liberty area: {' '.join(sorted(unknown))}\n")
    return 0


if __name__ == '__main__':
    sys.exit(main())
