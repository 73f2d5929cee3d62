#!/usr/bin/env python3
"""tools/ppa_report.py - report of tools/ppa.sh: area per module (Liberty
areas of the mapped cells, tools/synth_report.py), SRAM estimate (PPA_MEM=sram),
OpenSTA timing (worst slack, critical path, achievable period, Fmax) and power
(total, and per module from the per-instance report summed by hierarchy).
Writes OUT/report.txt and OUT/report.json and prints a one-line summary.
"""
import argparse
import json
import os
import re
import subprocess
import sys
from collections import defaultdict

from synth_modules import parse_mems  # the $mem cells' bits and ports (one parser for both flows)


def parse_sta(path):
    text = open(path).read()
    r = {}
    m = re.search(r'^wns\s+(-?[0-9.]+)', text, re.M)
    r['wns_ns'] = float(m.group(1)) if m else None
    m = re.search(r'^tns\s+(-?[0-9.]+)', text, re.M)
    r['tns_ns'] = float(m.group(1)) if m else None
    m = re.search(r'^worst slack\s+(-?[0-9.eE+]+)', text, re.M)
    r['worst_slack_ns'] = float(m.group(1)) if m else None
    m = re.search(r'^Startpoint:\s*(.*)$', text, re.M)
    r['critical_start'] = m.group(1).strip() if m else None
    m = re.search(r'^Endpoint:\s*(.*)$', text, re.M)
    r['critical_end'] = m.group(1).strip() if m else None
    m = re.search(r'^\s*(-?[0-9.]+)\s+data arrival time', text, re.M)
    r['critical_arrival_ns'] = float(m.group(1)) if m else None
    # the worst path as printed
    i = text.find('== worst path')
    j = text.find('== summary')
    r['critical_path_text'] = text[i + len('== worst path'):j].strip() if i >= 0 and j > i else ''
    m = re.search(r'^Total\s+([0-9.eE+-]+)\s+([0-9.eE+-]+)\s+([0-9.eE+-]+)\s+([0-9.eE+-]+)', text, re.M)
    if m:
        r['power_w'] = {'internal': float(m.group(1)), 'switching': float(m.group(2)),
                        'leakage': float(m.group(3)), 'total': float(m.group(4))}
    for g in ('Sequential', 'Combinational', 'Macro'):
        m = re.search(rf'^{g}\s+([0-9.eE+-]+)\s+([0-9.eE+-]+)\s+([0-9.eE+-]+)\s+([0-9.eE+-]+)', text, re.M)
        if m:
            r.setdefault('power_groups_w', {})[g.lower()] = float(m.group(4))
    return r


def netlist_hierarchy(path):
    """module -> [(child module, instance name)] from a structural netlist."""
    mods = set()
    insts = defaultdict(list)
    cur = None
    text = open(path).read()
    for m in re.finditer(r'^module\s+(\S+?)\s*\(', text, re.M):
        mods.add(m.group(1))
    for line in text.splitlines():
        m = re.match(r'^module\s+(\S+?)\s*\(', line)
        if m:
            cur = m.group(1)
            continue
        m = re.match(r'^\s+(\S+)\s+(\S+)\s*\($', line)
        if m and cur and m.group(1) in mods:
            insts[cur].append((m.group(1), m.group(2)))
    return mods, insts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--out', required=True)
    ap.add_argument('--liberty', required=True)
    ap.add_argument('--period', type=float, required=True)
    ap.add_argument('--activity', type=float, required=True)
    ap.add_argument('--mem', default='flops')
    ap.add_argument('--sram-um2-per-bit', type=float, default=11.2)
    ap.add_argument('--config', required=True)
    ap.add_argument('--shape', required=True)
    ap.add_argument('--synth-seconds', type=int, default=0)
    ap.add_argument('--generic-seconds', type=int, default=0)
    ap.add_argument('--sta-seconds', type=int, default=0)
    ap.add_argument('--synth-report', required=True)
    a = ap.parse_args()
    out = a.out

    # Area per module: synth_report.py on the mapped stat.
    subprocess.run([sys.executable, a.synth_report, '--stat', f'{out}/stat.json', '--mem-stat',
                    f'{out}/stat_mem.json', '--liberty', a.liberty, '--txt', f'{out}/area.txt',
                    '--json', f'{out}/area.json'], check=True)
    area = json.load(open(f'{out}/area.json'))
    # Buffers added by tools/buffer_netlist.py: their area, per module.
    libarea = {}
    cur = None
    for line in open(a.liberty):
        m = re.match(r'\s*cell\s*\(\s*"?(\w+)"?\s*\)', line)
        if m:
            cur = m.group(1)
        m = re.match(r'\s*area\s*:\s*([0-9.]+)', line)
        if m and cur and cur not in libarea:
            libarea[cur] = float(m.group(1))
    bufs = {}
    nbufs = 0
    nbufs_by = {}
    if os.path.exists(f'{out}/buffers.json'):
        bj = json.load(open(f'{out}/buffers.json'))
        ba = libarea.get(bj['buffer_cell'], 0.0)
        bufs = {k: v * ba for k, v in bj['buffers_per_module'].items()}
        nbufs_by = bj['buffers_per_module']

    # SRAM estimate (sram mode): bits per module x um2/bit x port factor.
    sram = {}
    mems = []
    if a.mem == 'sram' and os.path.exists(f'{out}/mem_cells.txt'):
        mems = parse_mems(open(f'{out}/mem_cells.txt').read())
        names = [l.strip() for l in open(f'{out}/mem_list.txt')] if os.path.exists(f'{out}/mem_list.txt') else []
        names = [n for n in names if '/' in n]
        if len(names) == len(mems):
            for n, mm in zip(names, mems):
                mm['module'] = n.split('/')[0].lstrip('\\')
        for mm in mems:
            mm['area_um2'] = mm['bits'] * a.sram_um2_per_bit * mm['port_factor']
            sram[mm.get('module', '?')] = sram.get(mm.get('module', '?'), 0.0) + mm['area_um2']

    sta = parse_sta(f'{out}/sta.log')
    ws = sta.get('worst_slack_ns')
    if ws is None:
        ws = sta.get('wns_ns')
    achievable = a.period - ws if ws is not None else None
    fmax = 1000.0 / achievable if achievable and achievable > 0 else None

    # Power per module: leaf-instance powers summed by hierarchical path.
    mods, insts = netlist_hierarchy(f'{out}/netlist.v')
    path_mod = {'': 'weft_gpu'}

    def walk(mod, prefix):
        for ch, inst in insts.get(mod, []):
            p = f'{prefix}{inst}'
            path_mod[p] = ch
            walk(ch, p + '/')
    walk('weft_gpu', '')
    own = defaultdict(float)
    pi = f'{out}/power_instances.txt'
    if os.path.exists(pi):
        for line in open(pi):
            f = line.split()
            if len(f) == 5 and re.match(r'^[0-9.eE+-]+$', f[3]):
                try:
                    p = float(f[3])
                except ValueError:
                    continue
                inst = f[4]
                parent = inst.rsplit('/', 1)[0] if '/' in inst else ''
                own[parent] += p
    mod_power = defaultdict(float)
    for p, w in own.items():
        mod_power[path_mod.get(p, '?')] += w

    def sanit(n):
        c = re.sub(r'[^A-Za-z0-9_]', '_', n)
        return re.sub(r'_+', '_', c).strip('_')
    sram_total = sum(sram.values())
    total_power = sta.get('power_w', {}).get('total')
    rows = []
    for r in area['modules']:
        sn = sanit(r['yosys_name'])
        pw = mod_power.get(sn, mod_power.get(r['yosys_name'], 0.0))
        row = {k: r[k] for k in ('module', 'instances', 'cells', 'mem_bits', 'area_um2')}
        ba = bufs.get(sn, 0.0)
        nb = nbufs_by.get(sn, 0)
        row['cells'] += nb
        row['area_um2'] = round(row['area_um2'] + ba, 1)
        row['fanout_buffer_um2'] = round(ba, 1)
        nbufs += nb * r['instances']
        row['area_all_instances_um2'] = round(row['area_um2'] * r['instances'], 1)
        row['sram_est_um2'] = round(sram.get(r['yosys_name'], 0.0) * r['instances'], 1) if a.mem == 'sram' else None
        row['power_mw'] = round(pw * 1e3, 4)
        rows.append(row)
    rows.sort(key=lambda x: -(x['area_all_instances_um2'] + (x['sram_est_um2'] or 0)))
    inst_of = {r['yosys_name']: r['instances'] for r in area['modules']}
    logic_area = round(sum(r['area_all_instances_um2'] for r in rows), 1)
    if a.mem == 'sram':   # every instance of a module with memories counts
        sram_total = round(sum(r['sram_est_um2'] or 0 for r in rows), 1)
    buf_area = round(sum(r['fanout_buffer_um2'] * r['instances'] for r in rows), 1)
    total_cells = sum(r['cells'] * r['instances'] for r in rows)

    res = {
        'config': a.config, 'shape': a.shape,
        'library': os.path.basename(a.liberty), 'memories': a.mem,
        'clock_period_ns': a.period, 'activity': a.activity,
        'area_um2': {'std_cells': logic_area,
                     'sram_estimate': round(sram_total, 1) if a.mem == 'sram' else None,
                     'total': round(logic_area + sram_total, 1)},
        'mem_bits': area['total']['mem_bits'],
        'cells': total_cells, 'flops': area['total']['flops'],
        'fanout_buffers': {'cells': nbufs, 'area_um2': buf_area},
        'timing': {'worst_slack_ns': ws, 'tns_ns': sta.get('tns_ns'),
                   'achievable_period_ns': round(achievable, 3) if achievable else None,
                   'fmax_mhz': round(fmax, 2) if fmax else None,
                   'critical_start': sta.get('critical_start'), 'critical_end': sta.get('critical_end'),
                   'critical_arrival_ns': sta.get('critical_arrival_ns')},
        'power_w': sta.get('power_w'), 'power_groups_w': sta.get('power_groups_w'),
        'seconds': {'yosys': a.synth_seconds, 'yosys_generic': a.generic_seconds, 'sta': a.sta_seconds},
        'modules': rows,
    }
    if a.mem == 'sram':
        res['sram_um2_per_bit'] = a.sram_um2_per_bit
        res['srams'] = mems
    json.dump(res, open(f'{out}/report.json', 'w'), indent=1)

    L = []
    L.append(f"PPA of weft_gpu {a.config} ({a.shape}) on {os.path.basename(a.liberty)} "
             f"(Yosys + OpenSTA), memories as {'flip-flops' if a.mem == 'flops' else 'SRAM estimate'}")
    L.append(f"clock constraint {a.period} ns on clk_i; I/O delays 0 ns; no wire-load model; "
             f"switching activity {a.activity} per cycle, duty 0.5")
    L.append('')
    L.append(f"area, standard cells     {logic_area:14.0f} um^2  ({logic_area / 1e6:.3f} mm^2), "
             f"{total_cells} cells, {area['total']['flops']} flip-flops; "
             f"includes {nbufs} fan-out buffers, {buf_area:.0f} um^2")
    if a.mem == 'sram':
        sbits = sum(m['bits'] * inst_of.get(m.get('module'), 1) for m in mems)
        L.append(f"area, SRAM estimate      {sram_total:14.0f} um^2  ({sbits} bits in {len(mems)} memories x "
                 f"{a.sram_um2_per_bit} um^2/bit x max(1, ports / 2))")
        L.append(f"area, total              {logic_area + sram_total:14.0f} um^2  ({(logic_area + sram_total) / 1e6:.3f} mm^2)")
    L.append(f"memory bits (inferred)   {area['total']['mem_bits']}")
    if ws is not None:
        L.append(f"worst slack              {ws:.3f} ns at {a.period} ns -> achievable period "
                 f"{achievable:.3f} ns, Fmax {fmax:.1f} MHz")
    L.append(f"critical path            {sta.get('critical_start')} -> {sta.get('critical_end')} "
             f"(arrival {sta.get('critical_arrival_ns')} ns)")
    if sta.get('power_w'):
        p = sta['power_w']
        L.append(f"power at {1000 / a.period:.1f} MHz       {p['total'] * 1e3:.3f} mW (internal {p['internal'] * 1e3:.3f}, "
                 f"switching {p['switching'] * 1e3:.3f}, leakage {p['leakage'] * 1e6:.3f} uW)"
                 + ("; SRAM macros not included" if a.mem == 'sram' else ''))
    L.append(f"run time                 Yosys {a.synth_seconds} s (generic synthesis {a.generic_seconds} s, "
             f"0 = reused), OpenSTA {a.sta_seconds} s")
    L.append('')
    hdr = f"{'module':<22} {'inst':>4} {'cells':>8} {'area um2':>12} {'area %':>6} {'power mW':>9} {'power %':>7}"
    if a.mem == 'sram':
        hdr += f" {'mem bits':>8} {'SRAM um2':>11}"
    L.append(hdr)
    L.append('-' * len(hdr))
    for r in rows:
        ap_ = 100 * r['area_all_instances_um2'] / logic_area if logic_area else 0
        pp = 100 * r['power_mw'] / (total_power * 1e3) if total_power else 0
        line = (f"{r['module']:<22} {r['instances']:>4} {r['cells']:>8} {r['area_all_instances_um2']:>12.0f} "
                f"{ap_:>5.1f}% {r['power_mw']:>9.3f} {pp:>6.1f}%")
        if a.mem == 'sram':
            line += f" {r['mem_bits'] or 0:>8} {r['sram_est_um2'] or 0:>11.0f}"
        L.append(line)
    L.append('(cells, area and power of a row: the module\'s own cells over all its instances, '
             'submodules in their own rows)')
    L.append('')
    L.append('critical path (OpenSTA):')
    L.append(sta.get('critical_path_text', ''))
    open(f'{out}/report.txt', 'w').write('\n'.join(L) + '\n')
    fm = f"{fmax:.1f} MHz" if fmax else "n/a"
    pw = f"{sta['power_w']['total'] * 1e3:.2f} mW" if sta.get('power_w') else "n/a"
    print(f"ppa {a.config} ({a.shape}, memories {a.mem}): area {(logic_area + sram_total) / 1e6:.3f} mm^2, "
          f"Fmax {fm}, power {pw} at {1000 / a.period:.0f} MHz; {out}/report.txt")
    return 0


if __name__ == '__main__':
    sys.exit(main())
