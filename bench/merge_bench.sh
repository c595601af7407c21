#!/usr/bin/env bash
# Whole-process benchmark of issue 5: jprofdata vs llvm-profdata 22 on the same inputs.
#
# Usage: bench/merge_bench.sh [WORK=bench/work/n20000] [RUNS=3]
#   WORK is a directory made by make_workload.sh (WORK/ir/*.profraw, WORK/cov/*.profraw).
# Env:
#   THREADS  thread counts for merge (default "1 2")
#   KINDS    workload kinds (default "cov ir": coverage without value profiles, IR PGO with them)
#   SHOW_MB  size of the indexed profile for the show benchmark (default 100; 0 skips it)
#   STARTUP_RUNS  runs of the small-command startup benchmark (default 10; 0 skips it)
#   TEXT     0 skips the text-profile benchmark (3. below)
#   JPROFDATA, LLVM_PROFDATA: see bench/lib.sh
#
# Prints markdown tables for bench/RESULTS.md on stdout (progress on stderr):
#   1. merge: per kind and thread count, the median of RUNS alternating runs of each tool (each
#      repetition runs every thread count once, back to back): wall time, CPU time (user +
#      system), throughput in MB/s of input (1 MB = 10^6 bytes) per second of wall and per second
#      of CPU (= per core), peak RSS; and the output check: jprofdata's bytes compared (cmp) with
#      llvm-profdata's, with its own 1-thread output and with every earlier run. Then one line with
#      each tool's speed-up from the first thread count to the last (issue 5's 1.7× target).
#   2. show of a ~SHOW_MB MB indexed profile (made once from the IR workload, see make_show_profile)
#      plain and with --all-functions --counts (stdout to /dev/null; the outputs are compared once).
#   3. the same profile as text (written once by `merge --text`, kept next to it): `show` and
#      `merge` to indexed (TEXT=0 skips this; it needs SHOW_MB other than 0).
#   4. startup: `show` of a tiny profile (fixtures/profiles/ir.profdata), median of STARTUP_RUNS.
# Peak RSS and CPU come from `/usr/bin/time -v` (Debian package `time`).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
. "$here/lib.sh"
[ -d "${1:-$here/work/n20000}" ] || { echo "merge_bench: no workload ${1:-$here/work/n20000}: run bench/make_workload.sh first" >&2; exit 2; }
work=$(cd "${1:-$here/work/n20000}" && pwd)
runs=${2:-3}
read -r -a threads <<< "${THREADS:-1 2}"
read -r -a kinds <<< "${KINDS:-cov ir}"
show_mb=${SHOW_MB:-100}
startup_runs=${STARTUP_RUNS:-10}
text=${TEXT:-1}

scratch=$(mktemp -d "$here/work/merge_bench.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
results="$scratch/results.txt"
: > "$results"

# Build (or start) outside the timing.
"${JPROF[@]}" --version >/dev/null

fmt_row() { # label: median columns of one tool, as markdown cells
  local label=$1 mb=$2 wall cpu rss
  wall=$(median "$label" 2); cpu=$(median "$label" 3); rss=$(median "$label" 4)
  awk -v w="$wall" -v c="$cpu" -v r="$rss" -v mb="$mb" 'BEGIN {
    printf "%.2f s | %.2f s | ", w, c
    if (mb > 0) printf "%.1f | %.1f | ", mb / w, (c > 0 ? mb / c : 0)
    printf "%d MB", r / 1024 }'
}

echo "Machine: $(machine_line)"
echo
echo "### merge ($runs run(s) of each tool, alternating; medians; MB = 10^6 bytes of raw input)"
echo
echo "| input | threads | tool | wall | CPU | MB/s (wall) | MB/s per core (CPU) | peak RSS | output |"
echo "|---|---|---|---|---|---|---|---|---|"
# speedup PREFIX: median wall time of the first thread count over that of the last, as "1.23×".
speedup() {
  awk -v a="$(median "${1}_${threads[0]}" 2)" -v b="$(median "${1}_${threads[${#threads[@]}-1]}" 2)" \
    'BEGIN { if (b > 0) printf "%.2f×", a / b; else printf "?" }'
}
ratios=()
for kind in "${kinds[@]}"; do
  mapfile -t files < <(ls "$work/$kind"/*.profraw | sort -V)
  [ ${#files[@]} -gt 0 ] || { echo "bench: no profiles in $work/$kind" >&2; exit 1; }
  mb=$(input_mb "${files[@]}")
  desc="$kind, ${#files[@]} files, $mb MB"
  # Every repetition runs each thread count once, one after the other, so that the ratio between
  # thread counts is measured on the same state of the machine (it drifts by ±10 % over minutes).
  for r in $(seq 1 "$runs"); do
    for t in "${threads[@]}"; do
      echo "merge $kind threads=$t (run $r of $runs)" >&2
      measure "j_${kind}_$t" /dev/null "${JPROF[@]}" merge --num-threads="$t" -o "$scratch/j_${kind}_${t}_$r.profdata" "${files[@]}"
      if [ -n "$LLVM" ]; then
        measure "l_${kind}_$t" /dev/null "$LLVM" merge --num-threads="$t" -o "$scratch/l_${kind}_$t.profdata" "${files[@]}"
      fi
    done
  done
  for t in "${threads[@]}"; do
    same_runs=yes
    for r in $(seq 2 "$runs"); do
      cmp -s "$scratch/j_${kind}_${t}_1.profdata" "$scratch/j_${kind}_${t}_$r.profdata" || same_runs=NO
      rm -f "$scratch/j_${kind}_${t}_$r.profdata"
    done
    check="runs identical: $same_runs"
    j="$scratch/j_${kind}_${t}_1.profdata"
    if [ "$t" != "${threads[0]}" ]; then
      cmp -s "$scratch/j_${kind}_${threads[0]}_1.profdata" "$j" && check+="; = ${threads[0]} thread(s)" \
        || check+="; **DIFFERS from ${threads[0]} thread(s)**"
    fi
    if [ -n "$LLVM" ]; then
      cmp -s "$scratch/l_${kind}_$t.profdata" "$j" && check+="; = llvm-profdata bytes" \
        || check+="; **DIFFERS from llvm-profdata**"
    fi
    echo "| $desc | $t | jprofdata | $(fmt_row "j_${kind}_$t" "$mb") | $check |"
    if [ -n "$LLVM" ]; then
      echo "| | $t | llvm-profdata | $(fmt_row "l_${kind}_$t" "$mb") | |"
    fi
  done
  ratios+=("$kind: $(speedup j_${kind}) jprofdata${LLVM:+, $(speedup l_${kind}) llvm-profdata}")
done
if [ ${#threads[@]} -gt 1 ] && [ ${#ratios[@]} -gt 0 ]; then
  echo
  joined=$(printf '%s; ' "${ratios[@]}")
  echo "Speed-up of ${threads[${#threads[@]}-1]} threads over ${threads[0]} (median wall times above): ${joined%; }"
fi

# A ~SHOW_MB MB indexed IR profile: the IR workload merged, written as text, its functions
# replicated under new names (f12 -> f12.copyK) until the indexed file reaches the size, and
# merged back to indexed (--sparse=false: zero-count functions stay). Kept in WORK for reuse.
make_show_profile() {
  local target=$1 base="$scratch/show_base"
  local tool=("${JPROF[@]}")
  [ -n "$LLVM" ] && tool=("$LLVM")
  mapfile -t files < <(ls "$work/ir"/*.profraw | sort -V)
  "${tool[@]}" merge --sparse=false -o "$base.profdata" "${files[@]}"
  "${tool[@]}" merge --text -o "$base.proftext" "$base.profdata"
  local copies
  copies=$(awk -v s="$(stat -c %s "$base.profdata")" -v t="$show_mb" 'BEGIN {c = int(t * 1e6 / s + 0.999); print c < 1 ? 1 : c}')
  echo "show profile: $copies copies of the merged IR workload" >&2
  awk -v copies="$copies" '
    BEGIN {RS = ""; FS = "\n"}
    { # paragraph = one function (the first also holds the header lines)
      start = 1
      while (start <= NF && ($start ~ /^#/ || $start ~ /^:/)) { if (NR == 1) header = header $start "\n"; start++ }
      rec[NR] = ""; for (i = start + 1; i <= NF; i++) rec[NR] = rec[NR] $i "\n"
      name[NR] = $start }
    END {
      printf "%s", header
      for (k = 0; k < copies; k++)
        for (n = 1; n <= NR; n++) printf "%s%s\n%s\n", name[n], (k ? ".copy" k : ""), rec[n] }' \
    "$base.proftext" > "$base.big.proftext"
  "${tool[@]}" merge --sparse=false -o "$target.tmp" "$base.big.proftext"
  mv "$target.tmp" "$target"
  rm -f "$base".*
}

if [ "$show_mb" != 0 ]; then
  big="$work/show${show_mb}.profdata"
  [ -f "$big" ] || make_show_profile "$big"
  mb=$(input_mb "$big")
  echo
  echo "### show of an indexed profile of $mb MB ($runs run(s) of each tool, alternating; medians; stdout to /dev/null)"
  echo
  echo "| command | tool | wall | CPU | MB/s (wall) | MB/s per core (CPU) | peak RSS | output |"
  echo "|---|---|---|---|---|---|---|---|"
  for args in "show" "show --all-functions --counts"; do
    key=${args// /_}
    echo "$args ($runs runs)" >&2
    for r in $(seq 1 "$runs"); do
      measure "j_$key" /dev/null "${JPROF[@]}" $args "$big"
      [ -z "$LLVM" ] || measure "l_$key" /dev/null "$LLVM" $args "$big"
    done
    check=
    if [ -n "$LLVM" ]; then
      "${JPROF[@]}" $args "$big" > "$scratch/j.out"
      "$LLVM" $args "$big" > "$scratch/l.out"
      cmp -s "$scratch/j.out" "$scratch/l.out" && check="= llvm-profdata stdout" || check="**stdout DIFFERS**"
      rm -f "$scratch/j.out" "$scratch/l.out"
    fi
    echo "| \`$args\` | jprofdata | $(fmt_row "j_$key" "$mb") | $check |"
    [ -z "$LLVM" ] || echo "| | llvm-profdata | $(fmt_row "l_$key" "$mb") | |"
  done
fi

if [ "$show_mb" != 0 ]; then
  # Merges of indexed profiles go through the ordinary (record by record) path, not binary groups:
  # the same ~SHOW_MB MB profile alone (every name met once) and twice (every name met twice).
  echo
  echo "### merge of the indexed profile of $mb MB ($runs run(s) of each tool, alternating; medians)"
  echo
  echo "| inputs | tool | wall | CPU | MB/s per core (CPU) | peak RSS | output |"
  echo "|---|---|---|---|---|---|---|"
  for copies in 1 2; do
    ins=("$big"); [ "$copies" = 2 ] && ins=("$big" "$big")
    echo "merge of $copies x indexed ($runs runs)" >&2
    for r in $(seq 1 "$runs"); do
      measure "j_idx$copies" /dev/null "${JPROF[@]}" merge -o "$scratch/j.profdata" "${ins[@]}"
      [ -z "$LLVM" ] || measure "l_idx$copies" /dev/null "$LLVM" merge --num-threads=1 -o "$scratch/l.profdata" "${ins[@]}"
    done
    check=
    if [ -n "$LLVM" ]; then
      cmp -s "$scratch/j.profdata" "$scratch/l.profdata" && check="= llvm-profdata bytes" || check="**output DIFFERS**"
    fi
    imb=$(awk -v m="$mb" -v c="$copies" 'BEGIN {printf "%.2f", m * c}')
    row() { fmt_row "$1" "$imb" | awk -F' \\| ' '{print $1 " | " $2 " | " $4 " | " $5}'; }
    echo "| $copies x $mb MB | jprofdata | $(row "j_idx$copies") | $check |"
    [ -z "$LLVM" ] || echo "| | llvm-profdata | $(row "l_idx$copies") | |"
    rm -f "$scratch/j.profdata" "$scratch/l.profdata"
  done
fi

if [ "$show_mb" != 0 ] && [ "$text" != 0 ]; then
  # The text reader: the show profile written as text, shown and merged back to indexed.
  big_text="${big%.profdata}.proftext"
  [ -f "$big_text" ] || "${JPROF[@]}" merge --text -o "$big_text" "$big"
  tmb=$(input_mb "$big_text")
  echo
  echo "### the same profile as text, $tmb MB ($runs run(s) of each tool, alternating; medians)"
  echo
  echo "| command | tool | wall | CPU | MB/s (wall) | MB/s per core (CPU) | peak RSS | output |"
  echo "|---|---|---|---|---|---|---|---|"
  for what in show merge; do
    echo "$what of text ($runs runs)" >&2
    for r in $(seq 1 "$runs"); do
      if [ "$what" = show ]; then
        measure "j_text_$what" /dev/null "${JPROF[@]}" show "$big_text"
        [ -z "$LLVM" ] || measure "l_text_$what" /dev/null "$LLVM" show "$big_text"
      else
        measure "j_text_$what" /dev/null "${JPROF[@]}" merge -o "$scratch/j.profdata" "$big_text"
        [ -z "$LLVM" ] || measure "l_text_$what" /dev/null "$LLVM" merge --num-threads=1 -o "$scratch/l.profdata" "$big_text"
      fi
    done
    check=
    if [ -n "$LLVM" ] && [ "$what" = show ]; then
      "${JPROF[@]}" show "$big_text" > "$scratch/j.out"
      "$LLVM" show "$big_text" > "$scratch/l.out"
      cmp -s "$scratch/j.out" "$scratch/l.out" && check="= llvm-profdata stdout" || check="**stdout DIFFERS**"
      rm -f "$scratch/j.out" "$scratch/l.out"
    elif [ -n "$LLVM" ]; then
      cmp -s "$scratch/j.profdata" "$scratch/l.profdata" && check="= llvm-profdata bytes" || check="**output DIFFERS**"
      rm -f "$scratch/j.profdata" "$scratch/l.profdata"
    fi
    echo "| \`$what\` | jprofdata | $(fmt_row "j_text_$what" "$tmb") | $check |"
    [ -z "$LLVM" ] || echo "| | llvm-profdata | $(fmt_row "l_text_$what" "$tmb") | |"
  done
fi

if [ "$startup_runs" != 0 ]; then
  tiny="$bench_root/fixtures/profiles/ir.profdata"
  echo "startup ($startup_runs runs)" >&2
  for r in $(seq 1 "$startup_runs"); do
    measure j_startup /dev/null "${JPROF[@]}" show "$tiny"
    [ -z "$LLVM" ] || measure l_startup /dev/null "$LLVM" show "$tiny"
  done
  echo
  echo "### startup: \`show fixtures/profiles/ir.profdata\` ($(stat -c %s "$tiny") bytes), median of $startup_runs"
  echo
  echo "| tool | wall | CPU | peak RSS |"
  echo "|---|---|---|---|"
  echo "| jprofdata | $(fmt_row j_startup 0) |"
  [ -z "$LLVM" ] || echo "| llvm-profdata | $(fmt_row l_startup 0) |"
fi
