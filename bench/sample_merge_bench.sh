#!/usr/bin/env bash
# Whole-process benchmark of sample-profile merging (issue 19): jprofdata vs llvm-profdata 22.
#
# Usage: bench/sample_merge_bench.sh [WORK=bench/work/sample] [RUNS=1]
#   WORK is made by make_sample_workload.sh: WORK/{line,cs}/NNN.sprof, DISTINCT ext-binary
#   profiles of one 20,000-function program per kind.
# Env:
#   COUNTS  numbers of inputs to merge (default "200 2000"); input i is WORK/<kind>/((i mod DISTINCT)+1),
#           so 200 inputs use each of 50 distinct profiles 4 times. Neither tool special-cases
#           repeated inputs; repeats only keep the workload's disk size down.
#   KINDS   default "line cs"; an empty KINDS (or COUNTS) runs no merge, only the show/overlap part
#   BIG     functions of the profile for the show/overlap benchmark (default 400000, about 100 MB
#           ext-binary; 0 skips it)
#   JPROFDATA, LLVM_PROFDATA: see bench/lib.sh
# Prints markdown tables for bench/RESULTS.md on stdout: per kind and input count, each tool's
# wall, CPU (user+system) and peak RSS (medians of RUNS alternating runs), and whether jprofdata's
# output is byte-identical to llvm-profdata's (`--num-threads=1` for both); then show and overlap
# of the big profile.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
. "$here/lib.sh"
work=$(cd "${1:-$here/work/sample}" && pwd)
runs=${2:-1}
read -r -a counts <<< "${COUNTS-200 2000}"
read -r -a kinds <<< "${KINDS-line cs}"
big=${BIG:-400000}

scratch=$(mktemp -d "$here/work/sample_bench.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
results="$scratch/results.txt"
: > "$results"
"${JPROF[@]}" --version >/dev/null

row() { # label tool
  awk -v w="$(median "$1" 2)" -v c="$(median "$1" 3)" -v r="$(median "$1" 4)" \
    'BEGIN {printf "%.2f s | %.2f s | %d MB", w, c, r / 1024}'
}

echo "Machine: $(machine_line)"
echo
echo "### merge --sample --extbinary ($runs run(s) of each tool, alternating; medians)"
echo
echo "| kind | inputs | llvm-profdata wall | CPU | peak RSS | jprofdata wall | CPU | peak RSS | CPU ratio (llvm ÷ ours) | RSS ratio (ours ÷ llvm) | output |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
for kind in "${kinds[@]}"; do
  mapfile -t files < <(ls "$work/$kind"/*.sprof)
  distinct=${#files[@]}
  for n in "${counts[@]}"; do
    list="$scratch/$kind-$n.list"
    for i in $(seq 0 $((n - 1))); do echo "${files[$((i % distinct))]}"; done > "$list"
    for r in $(seq 1 "$runs"); do
      [ -n "$LLVM" ] && measure "llvm-$kind-$n" /dev/null "$LLVM" merge --sample --extbinary --num-threads=1 -f "$list" -o "$scratch/llvm.sprof"
      measure "jprof-$kind-$n" /dev/null "${JPROF[@]}" merge --sample --extbinary --num-threads=1 -f "$list" -o "$scratch/jprof.sprof"
      echo "bench: $kind $n run $r done" >&2
    done
    same=n/a
    [ -n "$LLVM" ] && { cmp -s "$scratch/llvm.sprof" "$scratch/jprof.sprof" && same=identical || same=DIFFERENT; }
    lc=$(median "llvm-$kind-$n" 3); jc=$(median "jprof-$kind-$n" 3)
    lr=$(median "llvm-$kind-$n" 4); jr=$(median "jprof-$kind-$n" 4)
    echo "| $kind | $n | $(row "llvm-$kind-$n") | $(row "jprof-$kind-$n") | $(awk -v a="$lc" -v b="$jc" 'BEGIN {printf "%.2f", a / b}') | $(awk -v a="$jr" -v b="$lr" 'BEGIN {printf "%.2f", a / b}') | $same |"
  done
done

if [ "$big" != 0 ] && [ -n "$LLVM" ]; then
  bigp="$here/work/sample-big-$big.sprof"
  if [ ! -s "$bigp" ]; then
    python3 "$here/gen_sample_workload.py" "$big" 1 line > "$scratch/big.proftext"
    "$LLVM" merge --sample --extbinary "$scratch/big.proftext" -o "$bigp"
    python3 "$here/gen_sample_workload.py" "$big" 2 line > "$scratch/big.proftext"
    "$LLVM" merge --sample --extbinary "$scratch/big.proftext" -o "$bigp.2"
    rm -f "$scratch/big.proftext"
  fi
  echo
  echo "### show and overlap of a $(input_mb "$bigp") MB ext-binary profile ($big functions)"
  echo
  echo "| command | llvm-profdata wall | CPU | peak RSS | jprofdata wall | CPU | peak RSS | CPU ratio (llvm ÷ ours) | output |"
  echo "|---|---|---|---|---|---|---|---|---|"
  for cmd in "show --sample" "show --sample --detailed-summary" "overlap --sample"; do
    read -r -a a <<< "$cmd"
    label=${cmd// /_}
    extra=("$bigp"); [ "${a[0]}" = overlap ] && extra=("$bigp" "$bigp.2")
    for r in $(seq 1 "$runs"); do
      measure "llvm-$label" "$scratch/llvm.out" "$LLVM" "${a[@]}" "${extra[@]}"
      measure "jprof-$label" "$scratch/jprof.out" "${JPROF[@]}" "${a[@]}" "${extra[@]}"
    done
    same=DIFFERENT
    cmp -s "$scratch/llvm.out" "$scratch/jprof.out" && same=identical
    lc=$(median "llvm-$label" 3); jc=$(median "jprof-$label" 3)
    echo "| \`$cmd\` | $(row "llvm-$label") | $(row "jprof-$label") | $(awk -v a="$lc" -v b="$jc" 'BEGIN {printf "%.2f", a / b}') | $same |"
  done
fi
