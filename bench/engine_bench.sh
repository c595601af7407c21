#!/usr/bin/env bash
# The merge-engine workloads of issue 20, side by side: llvm-profdata 22 and one or more jprofdata
# checkouts, --num-threads=1 (and 2 for jprofdata where asked), runs alternating, medians.
#
# Usage: bench/engine_bench.sh [RUNS=3]
# Env:   TOOLS   space-separated label=path-to-jprofdata-launcher pairs (default: this checkout's)
#        CASES   space-separated case names (default: all below whose inputs exist)
#        THREADS thread counts for jprofdata (default "1")
#        LLVM    llvm-profdata binary (default llvm-profdata-22; empty: jprofdata only)
#
# Cases (inputs from bench/make_workload.sh 20000 40, bench/repeat_workload.sh work/n20000 5 and
# bench/make_binaries_workload.sh):
#   one-binary   the 40 IR runs of one binary (work/n20000/ir)
#   ir-200, cov-200  200 runs of one binary, IR with value profiles and coverage (the 40 runs five
#                times, work/n20000-x5): the size issue 20's one-binary target names
#   linked       10 binaries x 20 runs, IR (work/bin20000/linked/ir)
#   suite        20 small programs sharing a library, 30 runs each, IR (work/bin20000/suite/ir)
#   shards       20 indexed profiles of 2 runs each (work/n20000/shards, made here by llvm-profdata)
#   shards-x5    the same 20 files named five times each: 100 indexed inputs, 320 MB, so that the
#                cost per shard shows apart from the fixed cost of starting (named files, so the
#                launcher sees their size and picks its big indexed merge options)
#   self100      the ~100 MB indexed profile merged with itself (work/n20000/show100.profdata,
#                made by merge_bench.sh's make_show_profile recipe)
#   llvm-values  one-binary's 40 runs with jprofdata's --value-merge=llvm (llvm-profdata's own
#                value merge, byte for byte): the binary groups do not apply, so every run goes
#                through the raw reader and the merge state record batch by record batch
# Output: one markdown row per tool and case: median CPU (user+sys), wall, peak RSS, and whether
# the output bytes equal llvm-profdata's.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
runs=${1:-3}
LLVM=${LLVM-llvm-profdata-22}
TOOLS=${TOOLS:-"jprofdata=$here/../jprofdata"}
THREADS=${THREADS:-1}
w="$here/work"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

declare -A inputs
inputs[one-binary]="$w/n20000/ir"
inputs[ir-200]="$w/n20000-x5/ir"
inputs[cov-200]="$w/n20000-x5/cov"
inputs[linked]="$w/bin20000/linked/ir"
inputs[suite]="$w/bin20000/suite/ir"
inputs[shards]="$w/n20000/shards"
inputs[shards-x5]="$(for r in 1 2 3 4 5; do for i in $(seq 1 20); do printf '%s ' "$w/n20000/shards/s$i.profdata"; done; done)"
inputs[self100]="$w/n20000/show100.profdata $w/n20000/show100.profdata"
inputs[llvm-values]="$w/n20000/ir"
# Options jprofdata takes for a case (llvm-profdata runs plain).
declare -A jopts
jopts[llvm-values]="--value-merge=llvm"

if [ -d "$w/n20000/ir" ] && [ ! -d "$w/n20000/shards" ]; then
  mkdir -p "$w/n20000/shards"
  for i in $(seq 1 20); do
    "$LLVM" merge --num-threads=1 -o "$w/n20000/shards/s$i.profdata" \
      "$w/n20000/ir/run_$((2 * i - 1)).profraw" "$w/n20000/ir/run_$((2 * i)).profraw"
  done
fi

cases=${CASES:-"one-binary ir-200 cov-200 linked suite shards shards-x5 self100 llvm-values"}
# measure LABEL OUT CMD...: appends "cpu wall rss" to $scratch/LABEL
measure() {
  local label=$1 out=$2; shift 2
  /usr/bin/time -f "%U %S %e %M" -o "$scratch/t" "$@" -o "$out" >/dev/null 2>"$scratch/err" || {
    echo "$label failed:" >&2; tail -3 "$scratch/err" >&2; return 1; }
  awk '{printf "%.2f %.2f %d\n", $1 + $2, $3, $4}' "$scratch/t" >> "$scratch/$label"
}
median() { sort -n -k"$2" "$1" | awk -v k="$2" '{a[NR] = $k} END {print a[int((NR + 1) / 2)]}'; }

echo "| case | tool | threads | CPU s | wall s | peak RSS MB | output |"
echo "|---|---|---|---|---|---|---|"
for c in $cases; do
  # shellcheck disable=SC2086
  set -- ${inputs[$c]}
  [ -e "$1" ] || { echo "skipping $c: $1 missing" >&2; continue; }
  files=("$@")
  for r in $(seq 1 "$runs"); do
    if [ -n "$LLVM" ]; then
      measure "$c-llvm" "$scratch/$c-llvm.profdata" "$LLVM" merge --num-threads=1 "${files[@]}"
    fi
    for tool in $TOOLS; do
      for t in $THREADS; do
        # shellcheck disable=SC2086
        measure "$c-${tool%%=*}-$t" "$scratch/$c-${tool%%=*}-$t.profdata" "${tool#*=}" merge --num-threads="$t" \
          ${jopts[$c]:-} "${files[@]}"
      done
    done
  done
  if [ -n "$LLVM" ]; then
    echo "| $c | llvm-profdata 22 | 1 | $(median "$scratch/$c-llvm" 1) | $(median "$scratch/$c-llvm" 2) | $(( $(median "$scratch/$c-llvm" 3) / 1024 )) | |"
  fi
  for tool in $TOOLS; do
    for t in $THREADS; do
      l="$c-${tool%%=*}-$t"
      same=""
      if [ -n "$LLVM" ]; then
        cmp -s "$scratch/$l.profdata" "$scratch/$c-llvm.profdata" && same="identical" || same="DIFFERS"
      fi
      echo "| $c | ${tool%%=*} | $t | $(median "$scratch/$l" 1) | $(median "$scratch/$l" 2) | $(( $(median "$scratch/$l" 3) / 1024 )) | $same |"
    done
  done
done
