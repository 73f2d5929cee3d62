#!/usr/bin/env bash
# tools/scaling.sh [--warps W] [--out DIR] [--period NS] [--timeout S]
#                  [--generic-only T1,T2,..] [--lanes-at T [--cycles CFG]]
#                  [--flow ppa|modules] N...
# The lanes-scaling study of seed 001 sec. 5.2 on Weft: one core, W warps
# (default 4), threads (lanes) per warp swept over THREADS (default 4 8 16 32
# 64). For each point tools/ppa.sh maps the design to the OSU 0.18 um cells
# with the memories as an SRAM estimate (PPA_MEM=sram: the register file grows
# with the lanes: 4 warps x 64 registers x 64 lanes x 32 bits = 512 Kbit at
# 64 lanes, which cannot be flip-flops there) at one clock constraint for all points (PPA_PERIOD,
# default 10 ns, as the seed kept 300 MHz for all), and its generic synthesis
# gives the generic cell count (memories excluded). A point listed in
# --generic-only, or whose PPA run passes --timeout seconds (default 5400),
# keeps only its generic cells.
#
# Table 5.3 of the seed, for each doubling N -> 2N of the lanes:
#   increase in processors per unit area = (2N / A(2N)) / (N / A(N)) - 1
#                                        = 2 A(N) / A(2N) - 1
#   reduction in total power per processor = 1 - (P(2N) / 2N) / (P(N) / N)
#                                          = 1 - P(2N) / (2 P(N))
# with A the core's area (standard cells + SRAM estimate) and P its power at
# the common clock; the same ratio of generic cell counts is given as well.
# Writes DIR/scaling.txt, DIR/scaling.json and DIR/ppa/w<W>t<T>-sram/ per point.
#
# --lanes-at T (warp rows, issue 20; seed 001 Table 5.3's own sweep): the
# threads per warp stay T and N... are the lanes L (each dividing T): a warp
# instruction executes in T/L rows (docs/architecture.md "Warp rows"); the
# points are DIR/ppa/w<W>t<T>l<L>-sram (SYNTH_DEFS += -DWEFT_LANES=L), and
# --generic-only lists lanes. With --cycles CFG (a named configuration of W
# warps x T threads) each point also builds `make sim CONFIG=CFG LANES=L`
# and records the cycles of SCALING_KERNELS (default "vecadd sgemm psort
# blackscholes") with the default options.
#
# --flow modules (issues 20/21): each point through tools/synth_modules.py
# instead of tools/ppa.sh: the same hierarchy-kept synthesis, OSU mapping and
# SRAM estimate, one module at a time with a cache keyed by each module's
# elaborated text (SCALING_CACHE, default build/synth-modules-cache), so the
# modules that do not change with the lanes are synthesized once per T.
# --timeout is then per module. Fmax and power (fifteenth session): the
# modules' netlists are stitched into one (DIR/ppa/NAME-sram/netlist.v) and
# OpenSTA runs tools/ppa.sh's script on it (PPA_ACTIVITY, default 0.1, at the
# --period clock; standard cells only, as PPA_MEM=sram); a point whose
# report.json has no power yet (an area-only run) gets it from the cache
# (synth_modules.py --aggregate-only --sta). SCALING_STA=0: area only.
# docs/synthesis.md sections 4b and 4c.
set -euo pipefail
warps=4; out=build/scaling; period=10; tmo=5400; generic_only=""; lanes_at=""; cyc_cfg=""; flow=ppa
threads=()
while [ $# -gt 0 ]; do
    case $1 in
    --warps) warps=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --period) period=$2; shift 2 ;;
    --timeout) tmo=$2; shift 2 ;;
    --generic-only) generic_only=",$2,"; shift 2 ;;
    --lanes-at) lanes_at=$2; shift 2 ;;
    --cycles) cyc_cfg=$2; shift 2 ;;
    --flow) flow=$2; shift 2 ;;
    -*) echo "scaling.sh: unknown option $1" >&2; exit 2 ;;
    *) threads+=("$1"); shift ;;
    esac
done
[ ${#threads[@]} -gt 0 ] || threads=(4 8 16 32 64)
case $flow in ppa|modules) ;; *) echo "scaling.sh: --flow is ppa or modules" >&2; exit 2 ;; esac
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
kernels=${SCALING_KERNELS:-vecadd sgemm psort blackscholes}
for t in "${threads[@]}"; do
    name=w${warps}t$t
    tt=$t          # threads per warp of the point
    defs=${SYNTH_DEFS:-}
    if [ -n "$lanes_at" ]; then
        # t is the lane count L at T = lanes_at threads per warp
        if [ "$t" -lt 1 ] || [ $((lanes_at % t)) -ne 0 ]; then
            echo "scaling.sh: lanes $t must divide the threads per warp $lanes_at" >&2; exit 2
        fi
        name=w${warps}t${lanes_at}l$t
        tt=$lanes_at
        defs="$defs -DWEFT_LANES=$t"
        if [ -n "$cyc_cfg" ] && [ ! -f "$out/cycles-$name.txt" ]; then
            echo "scaling: $name: make sim CONFIG=$cyc_cfg LANES=$t, cycles of $kernels"
            make -s sim CONFIG="$cyc_cfg" LANES="$t" JOBS=1 > "$out/build-$name.log" 2>&1 \
                || { echo "scaling.sh: make sim CONFIG=$cyc_cfg LANES=$t failed ($out/build-$name.log)" >&2; exit 1; }
            # the configuration's own lanes (CFGL_, else its threads) build in build/CFG
            own=$(awk -v n="$cyc_cfg" '$1 == "CFGL_" n {print $3; f=1} $1 == "CFG_" n {t=$5} END {if (!f) print t}' config/configs.mk)
            bdir=build/$cyc_cfg$([ "$t" = "$own" ] || echo "-l$t")
            : > "$out/cycles-$name.tmp"
            for k in $kernels; do
                c=$("$bdir/weft-sim" --kernel "$k" --max-cycles 50000000 | awk '/^  cycles /{print $2; exit}')
                [ -n "$c" ] || { echo "scaling.sh: $k on $bdir gave no cycle count" >&2; exit 1; }
                echo "$k $c" >> "$out/cycles-$name.tmp"
            done
            mv "$out/cycles-$name.tmp" "$out/cycles-$name.txt"
        fi
    fi
    d=$out/ppa/$name-sram
    if [ "$flow" = modules ]; then
        sta=(); [ "${SCALING_STA:-1}" = 0 ] || sta=(--sta --activity "${PPA_ACTIVITY:-0.1}" --power-instances)
        again=()
        if [ -f "$d/report.json" ]; then
            # done; or done without power (an area-only run): stitch and time it from the cache
            [ ${#sta[@]} -eq 0 ] && continue
            python3 -c "import json,sys; sys.exit(0 if json.load(open(sys.argv[1])).get('power_w') else 1)" \
                "$d/report.json" && continue
            again=(--aggregate-only)
            echo "scaling: $name: stitching the cached module netlists, OpenSTA (Fmax, power)"
        else
            echo "scaling: $name (1x${warps}x$tt, $t lanes): per-module synthesis, OSU018, SRAM estimate, ${period} ns"
        fi
        python3 "$here/synth_modules.py" --out "$d" --warps "$warps" --threads "$tt" --defs="$defs" --name "$name" \
            --period "$period" --timeout "$tmo" --cache "${SCALING_CACHE:-build/synth-modules-cache}" \
            "${again[@]}" "${sta[@]}" | tail -1 \
            || echo "scaling: $name failed (a module failed or timed out after $tmo s, or OpenSTA failed)"
        continue
    fi
    if [[ $generic_only == *,$t,* ]]; then
        [ -f "$d/generic_report.json" ] && continue
        echo "scaling: $name (1x${warps}x$tt, $t lanes): generic synthesis only"
        SYNTH_DEFS=$defs PPA_MEM=sram PPA_PERIOD=$period PPA_GENERIC_ONLY=1 timeout "$tmo" \
            bash "$here/ppa.sh" "$name" 1 "$warps" "$tt" "$out/ppa" | tail -1 || echo "scaling: $name failed or timed out"
    else
        [ -f "$d/report.json" ] && continue
        echo "scaling: $name (1x${warps}x$tt, $t lanes): PPA, OSU018, SRAM estimate, ${period} ns"
        SYNTH_DEFS=$defs PPA_MEM=sram PPA_PERIOD=$period timeout "$tmo" bash "$here/ppa.sh" "$name" 1 "$warps" "$tt" "$out/ppa" | tail -1 \
            || echo "scaling: PPA $name failed or timed out after $tmo s"
    fi
done

python3 - "$out" "$warps" "$period" "${lanes_at:-0}" "${threads[@]}" <<'EOF'
import json, os, sys
out, warps, period, lanes_at = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
ts = [int(x) for x in sys.argv[5:]]
pts = []
for t in ts:
    # 'threads' is the lane count of the point (the swept value); 'T' the threads per warp
    name = f"w{warps}t{lanes_at}l{t}" if lanes_at else f"w{warps}t{t}"
    p = {'threads': t, 'T': lanes_at or t, 'name': name}
    cf = os.path.join(out, f"cycles-{name}.txt")
    if lanes_at and os.path.exists(cf):
        p['cycles'] = {k: int(c) for k, c in (l.split() for l in open(cf) if l.strip())}
    g = os.path.join(out, 'ppa', f"{name}-sram", 'generic_report.json')
    if os.path.exists(g):
        gr = json.load(open(g))
        p['generic_cells'] = gr['total']['cells']
        p['mem_bits'] = gr['total']['mem_bits']
        p['synth_seconds'] = gr.get('generic_seconds')
    q = os.path.join(out, 'ppa', f"{name}-sram", 'report.json')
    if os.path.exists(q):
        r = json.load(open(q))
        p['area_std_um2'] = r['area_um2']['std_cells']
        p['area_sram_um2'] = r['area_um2']['sram_estimate']
        p['area_um2'] = r['area_um2']['total']
        p['fmax_mhz'] = r['timing']['fmax_mhz']
        p['power_mw'] = r['power_w']['total'] * 1e3 if r.get('power_w') else None
        p['ppa_seconds'] = r['seconds']['yosys'] + r['seconds']['sta']
        p['cells'] = r['cells']
        p['critical'] = f"{r['timing']['critical_start']} -> {r['timing']['critical_end']}"
        if r.get('parts'):   # the per-module flow: area by part (lane units, row machinery, fixed part)
            p['flow'] = 'modules'
            p['module_seconds'] = r['seconds'].get('cached_modules_seconds')   # all its modules, cached or not
            p['parts'] = r['parts']
            p['power_parts_w'] = r.get('power_parts_w')   # --sta --power-instances: leaf-cell power per part
            p['modules'] = [{k: m[k] for k in ('module', 'instances', 'part', 'generic_cells_all', 'area_um2_all',
                                               'sram_est_um2_all')} for m in r['modules']]
    pts.append(p)
rows = []
for a, b in zip(pts, pts[1:]):
    if b['threads'] != 2 * a['threads']:
        continue
    row = {'from': a['threads'], 'to': b['threads']}
    if a.get('area_um2') and b.get('area_um2'):
        row['proc_per_area_increase'] = 2 * a['area_um2'] / b['area_um2'] - 1
    if a.get('power_mw') and b.get('power_mw'):
        row['power_per_proc_reduction'] = 1 - b['power_mw'] / (2 * a['power_mw'])
    if a.get('generic_cells') and b.get('generic_cells'):
        row['proc_per_cell_increase'] = 2 * a['generic_cells'] / b['generic_cells'] - 1
    rows.append(row)
json.dump({'warps': warps, 'period_ns': period, 'lanes_at': lanes_at, 'points': pts, 'doublings': rows},
          open(os.path.join(out, 'scaling.json'), 'w'), indent=1)
def f(v, fmt):
    return format(v, fmt) if v is not None else '-'
L = [f"Lanes scaling (seed 001 sec. 5.2), one core, {warps} warps"
     + (f" of {lanes_at} threads (warp rows: T/L rows per instruction)" if lanes_at else "")
     + ", OSU 0.18 um, memories as SRAM estimate, "
     f"power at {period} ns ({1000 / period:.0f} MHz), activity 0.1", '',
     f"{'lanes':>5} {'generic cells':>13} {'OSU cells':>9} {'mem bits':>9} {'std-cell mm2':>12} {'SRAM mm2':>9} {'total mm2':>9} "
     f"{'Fmax MHz':>8} {'power mW':>8}"]
for p in pts:
    L.append(f"{p['threads']:>5} {f(p.get('generic_cells'), 'd'):>13} {f(p.get('cells'), 'd'):>9} {f(p.get('mem_bits'), 'd'):>9} "
             f"{f(p.get('area_std_um2') and p['area_std_um2'] / 1e6, '.3f'):>12} "
             f"{f(p.get('area_sram_um2') and p['area_sram_um2'] / 1e6, '.3f'):>9} "
             f"{f(p.get('area_um2') and p['area_um2'] / 1e6, '.3f'):>9} {f(p.get('fmax_mhz'), '.1f'):>8} "
             f"{f(p.get('power_mw'), '.2f'):>8}")
L += ['', 'Table 5.3 of the seed (each doubling of the lanes):', '',
      f"{'lanes':>9} {'processors per unit area':>25} {'power per processor':>20} {'processors per generic cell':>28}",
      f"{'':>9} {'(increase)':>25} {'(reduction)':>20} {'(increase)':>28}"]
pct = lambda v: f"{100 * v:+.0f}%" if v is not None else '-'
for r in rows:
    L.append(f"{r['from']:>3} to {r['to']:<3} {pct(r.get('proc_per_area_increase')):>25} "
             f"{pct(r.get('power_per_proc_reduction')):>20} {pct(r.get('proc_per_cell_increase')):>28}")
kern = sorted({k for p in pts for k in p.get('cycles', {})})
if kern:
    L += ['', 'Cycles (default options; the RTL at each lane count):', '',
          f"{'lanes':>5} " + ' '.join(f"{k:>12}" for k in kern)]
    for p in pts:
        L.append(f"{p['threads']:>5} " + ' '.join(f"{f(p.get('cycles', {}).get(k), 'd'):>12}" for k in kern))
L += ['', 'run times (s, on a loaded 2-core machine): ' + '; '.join(
          f"{p['threads']} lanes: generic synthesis {p.get('synth_seconds', '-')}, "
          f"whole PPA {p.get('ppa_seconds', '-')}" for p in pts),
      'generic cells: Yosys generic synthesis with the memories as black boxes; OSU cells: after mapping, '
      'with the fan-out buffers; a point without area was measured in generic cells only']
if any(p.get('flow') == 'modules' for p in pts):
    L.append('--flow modules: per-module cached synthesis (tools/synth_modules.py); Fmax and power (where given) '
             'by OpenSTA on the stitched module netlists, standard cells only; run times are of the modules '
             'synthesized for the point')
open(os.path.join(out, 'scaling.txt'), 'w').write('\n'.join(L) + '\n')
print('\n'.join(L))
EOF
