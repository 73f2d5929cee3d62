#!/usr/bin/env bash
# tests/run.sh - the Weft test suite (make test / make test-full): a thin
# wrapper around tests/runner.py, which reads the checks from tests/manifest.py.
#
# usage: tests/run.sh [--full] [--list] [-k PATTERN] [--jobs N] [--times] [FILTER]
#   --full   also the larger configurations and slower checks (make test-full)
#   FILTER   run only the checks whose group or name contains FILTER (groups:
#            synth build lint fusesoc unit sched model fpu rtl-isa isa random
#            kernels golden perf mem knobs errors fault determinism; impl only
#            with --full), plus the build steps they need
#   tests/runner.py --help lists every option.
#
# Every check prints `ok|FAIL|skip NAME (seconds)`. Sub-suites that keep their
# own counts add them to the totals. The run ends with the line
# `N passed, M failed` and exits non-zero on failure.
cd "$(dirname "$0")/.." || exit 2
case ${1:-} in -h | --help) sed -n '2,15p' "$0"; exit 0 ;; esac
exec python3 tests/runner.py "$@"
