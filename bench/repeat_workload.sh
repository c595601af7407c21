#!/usr/bin/env bash
# Makes a larger merge workload out of an existing one by repeating its runs (hard links, no
# extra disk), for measuring steady-state throughput and thread scaling where the fixed cost of
# starting a process is small next to the work.
#
# Usage: bench/repeat_workload.sh [WORK=bench/work/n20000] [TIMES=10]
#   Writes WORK-xTIMES/{cov,ir}/run_K.profraw (K = 1 .. TIMES x the runs of WORK), then e.g.
#   bench/merge_bench.sh bench/work/n20000-x10 1
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work=${1:-$here/work/n20000}
times=${2:-10}
[ -d "$work/cov" ] || { echo "repeat_workload: no workload $work: run bench/make_workload.sh first" >&2; exit 2; }
out="${work%/}-x$times"
rm -rf "$out"
for kind in cov ir; do
  mkdir -p "$out/$kind"
  mapfile -t files < <(ls "$work/$kind"/*.profraw | sort -V)
  k=0
  for ((t = 0; t < times; t++)); do
    for f in "${files[@]}"; do
      k=$((k + 1))
      ln "$f" "$out/$kind/run_$k.profraw" 2>/dev/null || ln -s "$(cd "$(dirname "$f")" && pwd)/$(basename "$f")" "$out/$kind/run_$k.profraw"
    done
  done
done
echo "repeat_workload: $out ($k runs per kind)" >&2
