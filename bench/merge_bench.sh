#!/usr/bin/env bash
# Whole-process merge timing: jprofdata vs llvm-profdata-22 on the same inputs, alternating runs.
# Usage: bench/merge_bench.sh DIR [runs=3] [threads=1]
# Prints median wall and CPU seconds, MB/s of input and peak RSS for each tool.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
dir=$1; runs=${2:-3}; threads=${3:-1}
mb=$(du -sm "$dir" | cut -f1)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$here/../jprofdata" --version >/dev/null   # build first, outside the timing
measure() { # tool label, command...
  local label=$1; shift
  /usr/bin/time -f "%e %U %S %M" -o "$out/t" "$@" >/dev/null 2>"$out/err" || { cat "$out/err"; exit 1; }
  read -r wall user sys rss < "$out/t"
  echo "$label $wall $(echo "$user + $sys" | bc) $rss"
}
for i in $(seq 1 "$runs"); do
  measure jprofdata "$here/../jprofdata" merge --num-threads="$threads" -o "$out/j.profdata" "$dir"
  if command -v llvm-profdata-22 >/dev/null; then
    measure llvm-profdata-22 llvm-profdata-22 merge --num-threads="$threads" -o "$out/l.profdata" "$dir"/*.profraw
  fi
done > "$out/all"
if [ -f "$out/l.profdata" ]; then
  cmp -s "$out/j.profdata" "$out/l.profdata" && echo "outputs identical" || echo "OUTPUTS DIFFER"
fi
for tool in jprofdata llvm-profdata-22; do
  grep "^$tool " "$out/all" > "$out/tool" || continue
  med() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
  wall=$(cut -d' ' -f2 "$out/tool" | med); cpu=$(cut -d' ' -f3 "$out/tool" | med); rss=$(cut -d' ' -f4 "$out/tool" | med)
  printf '%-18s input %5d MB  wall %6.2f s  cpu %6.2f s  %7.1f MB/s per core  peak RSS %6d MB\n' \
    "$tool" "$mb" "$wall" "$cpu" "$(echo "$mb / $cpu" | bc -l)" "$((rss / 1024))"
done
