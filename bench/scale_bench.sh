#!/usr/bin/env bash
# Scale checks of issue 5, jprofdata next to llvm-profdata 22 (when installed).
#
# Usage: bench/scale_bench.sh [WORK=bench/work/n20000] [PARTS="a b c"]
#   (a) peak RSS for 200 vs 2,000 inputs of WORK/KIND (2,000 = 10 hard-linked copies of each of
#       the 200 files: the same bytes, so only the number of inputs changes)
#   (b) 10,000 inputs (hard links again), given as a directory and via --input-files, with the
#       open-file limit lowered to 1024 for the run; the four outputs must be identical
#   (c) a raw input over 2 GiB (profiles of one binary concatenated: raw files may be) and an
#       indexed output over 2 GiB (a generated text profile of big functions merged to indexed),
#       which is then read back (show, and merge of the indexed file). Needs 20 GB free on the
#       file system of bench/work, else it is skipped with a message.
# Env:
#   KIND      workload kind for (a) and (b) (default cov)
#   BIG_GIB   size of the big files of (c) in GiB (default 2.2; a dry run can use 0.05)
#   SMALL=200 LARGE=2000 HUGE=10000: input counts of (a) and (b)
#   JPROFDATA, LLVM_PROFDATA: see bench/lib.sh
# Prints markdown tables for bench/RESULTS.md on stdout (progress on stderr). Scratch files live
# in bench/work/scale_bench.*/ and are removed at the end.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
. "$here/lib.sh"
[ -d "${1:-$here/work/n20000}" ] || { echo "scale_bench: no workload ${1:-$here/work/n20000}: run bench/make_workload.sh first" >&2; exit 2; }
work=$(cd "${1:-$here/work/n20000}" && pwd)
parts=${2:-a b c}
kind=${KIND:-cov}
big_gib=${BIG_GIB:-2.2}
small=${SMALL:-200}; large=${LARGE:-2000}; huge=${HUGE:-10000}

scratch=$(mktemp -d "$here/work/scale_bench.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
results="$scratch/results.txt"
: > "$results"
"${JPROF[@]}" --version >/dev/null

mapfile -t base < <(ls "$work/$kind"/*.profraw | sort -V)
[ ${#base[@]} -gt 0 ] || { echo "scale_bench: no profiles in $work/$kind" >&2; exit 1; }

# inputs COUNT DIR: COUNT hard links to the workload files, cycling through them, in DIR (no
# disk used). Names sort in creation order.
inputs() {
  local count=$1 dir=$2 i src dst
  mkdir -p "$dir"
  for ((i = 0; i < count; i++)); do
    src=${base[$((i % ${#base[@]}))]}
    printf -v dst '%s/in_%06d.profraw' "$dir" "$i"
    ln "$src" "$dst" 2>/dev/null || ln -s "$src" "$dst"   # symbolic when on another file system
  done
}

row() { # label tool-name mb extra
  local wall cpu rss
  wall=$(median "$1" 2); cpu=$(median "$1" 3); rss=$(median "$1" 4)
  awk -v n="$2" -v w="$wall" -v c="$cpu" -v r="$rss" -v mb="$3" -v x="$4" 'BEGIN {
    printf "| %s | %.2f s | %.2f s | %.1f | %d MB | %s |\n", n, w, c, (c > 0 ? mb / c : 0), r / 1024, x }'
}

echo "Machine: $(machine_line)"
echo "Workload: $work/$kind (${#base[@]} files)"

if [[ $parts == *a* ]]; then
  echo "(a) $small vs $large inputs" >&2
  echo
  echo "### (a) peak RSS: $small vs $large inputs (same files repeated)"
  echo
  echo "| inputs | tool | wall | CPU | MB/s per core (CPU) | peak RSS | output |"
  echo "|---|---|---|---|---|---|---|"
  for count in "$small" "$large"; do
    inputs "$count" "$scratch/a$count"
    mb=$(input_mb "$scratch/a$count"/*.profraw)
    measure "j$count" /dev/null "${JPROF[@]}" merge -o "$scratch/j$count.profdata" "$scratch/a$count"
    check=
    if [ -n "$LLVM" ]; then
      measure "l$count" /dev/null "$LLVM" merge -o "$scratch/l$count.profdata" "$scratch/a$count"
      cmp -s "$scratch/j$count.profdata" "$scratch/l$count.profdata" && check="= llvm-profdata" || check="**DIFFERS**"
    fi
    row "j$count" "$count ($mb MB) | jprofdata" "$mb" "$check"
    [ -z "$LLVM" ] || row "l$count" "$count ($mb MB) | llvm-profdata" "$mb" ""
    rm -rf "$scratch/a$count"
  done
  for t in j ${LLVM:+l}; do
    awk -v a="$(median "$t$small" 4)" -v b="$(median "$t$large" 4)" -v t="$t" -v s="$small" -v l="$large" 'BEGIN {
      printf "\n%s: peak RSS with %s inputs / with %s inputs = %.2f\n", (t == "j" ? "jprofdata" : "llvm-profdata"), l, s, b / a }' 
  done
fi

if [[ $parts == *b* ]]; then
  echo "(b) $huge inputs" >&2
  inputs "$huge" "$scratch/b"
  ls "$scratch/b"/*.profraw > "$scratch/b.list"
  mb=$(input_mb "$scratch/b"/*.profraw)
  echo
  echo "### (b) $huge inputs ($mb MB), open-file limit 1024 (\`ulimit -n\` was $(ulimit -n))"
  echo
  echo "| how | tool | wall | CPU | MB/s per core (CPU) | peak RSS | output |"
  echo "|---|---|---|---|---|---|---|"
  (
    ulimit -n 1024
    measure jdir /dev/null "${JPROF[@]}" merge -o "$scratch/jdir.profdata" "$scratch/b"
    measure jlist /dev/null "${JPROF[@]}" merge -o "$scratch/jlist.profdata" --input-files="$scratch/b.list"
    if [ -n "$LLVM" ]; then
      measure ldir /dev/null "$LLVM" merge -o "$scratch/ldir.profdata" "$scratch/b"
      measure llist /dev/null "$LLVM" merge -o "$scratch/llist.profdata" --input-files="$scratch/b.list"
    fi
  )
  check() { cmp -s "$scratch/jdir.profdata" "$scratch/$1.profdata" && echo "= jprofdata directory" || echo "**DIFFERS**"; }
  row jdir "directory | jprofdata" "$mb" ""
  row jlist "--input-files | jprofdata" "$mb" "$(check jlist)"
  if [ -n "$LLVM" ]; then
    row ldir "directory | llvm-profdata" "$mb" "$(check ldir)"
    row llist "--input-files | llvm-profdata" "$mb" "$(check llist)"
  fi
  rm -rf "$scratch/b"
fi

if [[ $parts == *c* ]]; then
  free_gb=$(df -BG --output=avail "$scratch" | tail -1 | tr -dc 0-9)
  echo
  if [ "$free_gb" -lt 20 ] && [ "${BIG_GIB}" = 2.2 ]; then
    echo "(c) skipped: only ${free_gb} GB free on $(df --output=target "$scratch" | tail -1) (needs 20 GB)"
  else
    target=$(awk -v g="$big_gib" 'BEGIN {printf "%d", g * 1073741824}')
    echo "(c) raw input and indexed output of $big_gib GiB ($free_gb GB free)" >&2
    echo "### (c) files over 2 GiB (here: $big_gib GiB; ${free_gb} GB were free)"
    echo
    echo "| case | tool | wall | CPU | MB/s per core (CPU) | peak RSS | output |"
    echo "|---|---|---|---|---|---|---|"
    # One raw file: the workload's profiles (one binary) concatenated until it passes the size.
    raw="$scratch/big.profraw"
    i=0
    while [ "$(stat -c %s "$raw" 2>/dev/null || echo 0)" -lt "$target" ]; do
      cat "${base[$((i % ${#base[@]}))]}" >> "$raw"; i=$((i + 1))
    done
    mb=$(input_mb "$raw")
    measure jraw /dev/null "${JPROF[@]}" merge -o "$scratch/jraw.profdata" "$raw"
    check=
    if [ -n "$LLVM" ]; then
      measure lraw /dev/null "$LLVM" merge -o "$scratch/lraw.profdata" "$raw"
      cmp -s "$scratch/jraw.profdata" "$scratch/lraw.profdata" && check="= llvm-profdata" || check="**DIFFERS**"
    fi
    row jraw "raw input, $i profiles, $mb MB | jprofdata" "$mb" "$check"
    [ -z "$LLVM" ] || row lraw "raw input, $i profiles, $mb MB | llvm-profdata" "$mb" ""
    rm -f "$raw" "$scratch"/?raw.profdata

    # A front-end text profile of F functions with 1,024 counters each (8 KiB of counters in the
    # indexed file per function), F chosen so that the indexed file passes the size.
    funcs=$(awk -v t="$target" 'BEGIN {printf "%d", t / (8 * (1024 + 8)) + 1}')
    awk -v f="$funcs" 'BEGIN {
      for (i = 0; i < f; i++) {
        printf "big_function_%d\n%d\n1024\n", i, i * 7919 + 1
        for (c = 0; c < 1024; c++) printf "%d\n", (i + c) % 97
        printf "\n" } }' > "$scratch/big.proftext"
    mb=$(input_mb "$scratch/big.proftext")
    measure jbig /dev/null "${JPROF[@]}" merge -o "$scratch/jbig.profdata" "$scratch/big.proftext"
    out_mb=$(input_mb "$scratch/jbig.profdata")
    check="output $out_mb MB"
    if [ -n "$LLVM" ]; then
      measure lbig /dev/null "$LLVM" merge -o "$scratch/lbig.profdata" "$scratch/big.proftext"
      cmp -s "$scratch/jbig.profdata" "$scratch/lbig.profdata" && check+="; = llvm-profdata" || check+="; **DIFFERS**"
      rm -f "$scratch/lbig.profdata"
    fi
    rm -f "$scratch/big.proftext"
    row jbig "indexed output from $funcs functions of text ($mb MB) | jprofdata" "$mb" "$check"
    [ -z "$LLVM" ] || row lbig "indexed output from $funcs functions of text ($mb MB) | llvm-profdata" "$mb" ""
    # Reading the big indexed file back: show (summary) and merge of the indexed file.
    measure jshow "$scratch/jshow.txt" "${JPROF[@]}" show "$scratch/jbig.profdata"
    check=
    if [ -n "$LLVM" ]; then
      measure lshow "$scratch/lshow.txt" "$LLVM" show "$scratch/jbig.profdata"
      cmp -s "$scratch/jshow.txt" "$scratch/lshow.txt" && check="= llvm-profdata stdout" || check="**stdout DIFFERS**"
    fi
    row jshow "show of the $out_mb MB indexed file | jprofdata" "$out_mb" "$check"
    [ -z "$LLVM" ] || row lshow "show of the $out_mb MB indexed file | llvm-profdata" "$out_mb" ""
    measure jre /dev/null "${JPROF[@]}" merge -o "$scratch/jre.profdata" "$scratch/jbig.profdata"
    cmp -s "$scratch/jre.profdata" "$scratch/jbig.profdata" && check="= its input" || check="**DIFFERS from its input**"
    row jre "merge of the $out_mb MB indexed file | jprofdata" "$out_mb" "$check"
  fi
fi
