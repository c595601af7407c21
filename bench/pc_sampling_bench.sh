#!/usr/bin/env bash
# Issue 21's performance target, side by side: `jprofdata pc-sampling report` and
# rocprofiler-compute's PC-sampling analysis on the same ~1 GB rocprofv3 stochastic results JSON
# (generated in the real schema by fixtures/pc-sampling/generate_results.py), runs alternating,
# medians of CPU time (user + system), wall time and peak RSS; then jprofdata's peak RSS on half
# the input, to show that it does not grow with the input.
#
# Usage: bench/pc_sampling_bench.sh [RUNS=3]
# Env:   SIZE        target input size in bytes (default 1000000000); the half-size input is SIZE/2
#        SEED        generator seed (default 7); DISPATCHES (default 400); ARCH (default gfx942)
#        JPROFDATA   jprofdata command (default: this checkout's ./jprofdata launcher)
#        PYTHON      interpreter with pandas for the incumbent (default /usr/bin/python3, Debian's
#                    python3-pandas: apt-get install -y python3-pandas)
#        INCUMBENT_DIR  where rocprofiler-compute's utils/pc_sampling_analysis.py is (default
#                    bench/work/incumbent; README.md says how to get it); INCUMBENT=0 leaves it out
#        HALF=0      skips the half-size input
# Output: markdown rows for RESULTS.md, one per tool and mode. Inputs are kept in
# bench/work/pc-sampling/ (not in git) and made again only when missing.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=bench/lib.sh
. "$here/lib.sh"
runs=${1:-3}
SIZE=${SIZE:-1000000000}
SEED=${SEED:-7}
DISPATCHES=${DISPATCHES:-400}
ARCH=${ARCH:-gfx942}
PYTHON=${PYTHON:-/usr/bin/python3}
INCUMBENT=${INCUMBENT:-1}
export INCUMBENT_DIR=${INCUMBENT_DIR:-$here/work/incumbent}
work="$here/work/pc-sampling"
mkdir -p "$work"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
results="$scratch/results"
: >"$results"

co="$bench_root/fixtures/pc-sampling/code-objects"
case $ARCH in
  gfx942) codeobjects=(--code-object "1=$co/kernels.gfx942.O2.dwarf5.co" --code-object "2=$co/kernels-rdc.gfx942.O2.dwarf5.co") ;;
  *) codeobjects=(--code-object "1=$co/kernels.$ARCH.O2.dwarf5.co") ;;
esac

# input BYTES: the generated results JSON of about BYTES bytes (made when missing).
input() {
  local f="$work/results-$ARCH-seed$SEED-$1.json"
  if [ ! -s "$f" ]; then
    echo "bench: generating $f ..." >&2
    python3 "$bench_root/fixtures/pc-sampling/generate_results.py" --seed "$SEED" --size "$1" \
      --dispatches "$DISPATCHES" --arch "$ARCH" -o "$f"
  fi
  echo "$f"
}
big=$(input "$SIZE")
half=""
[ "${HALF:-1}" = 0 ] || half=$(input $((SIZE / 2)))
samples_in() { grep -o '"wave_issued":' "$1" | wc -l; }
big_samples=$(samples_in "$big")

if [ "$INCUMBENT" != 0 ]; then
  module="$INCUMBENT_DIR/utils/pc_sampling_analysis.py"
  if [ ! -f "$module" ]; then
    echo "bench: $module missing (bench/README.md, 'PC sampling': how to get rocprofiler-compute's module); INCUMBENT=0 runs jprofdata alone" >&2
    exit 2
  fi
  "$PYTHON" -c 'import pandas' 2>/dev/null || { echo "bench: $PYTHON has no pandas (apt-get install -y python3-pandas)" >&2; exit 2; }
  echo "bench: incumbent module $(sha256sum "$module" | cut -c1-16)..., $($PYTHON -c 'import pandas, numpy, sys; print("python", sys.version.split()[0], "pandas", pandas.__version__, "numpy", numpy.__version__)')" >&2
fi

echo "bench: $(machine_line)" >&2
echo "bench: load $(cut -d' ' -f1-3 /proc/loadavg); input $(input_mb "$big") MB, $big_samples samples" >&2
for ((r = 1; r <= runs; r++)); do
  measure jprofdata-text "$scratch/text.out" "${JPROF[@]}" pc-sampling report "$big"
  if [ "$INCUMBENT" != 0 ]; then
    measure rocprof-compute "$scratch/incumbent.out" "$PYTHON" "$here/rocprof_compute_pc_sampling.py" "$big"
  fi
  measure jprofdata-json "$scratch/json.out" "${JPROF[@]}" pc-sampling report --show-format=json "$big"
  measure jprofdata-symbolized "$scratch/sym.out" "${JPROF[@]}" pc-sampling report "${codeobjects[@]}" "$big"
  echo "bench: run $r done, load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
done
if [ -n "$half" ]; then
  for ((r = 1; r <= runs; r++)); do
    measure jprofdata-text-half "$scratch/half.out" "${JPROF[@]}" pc-sampling report "$half"
  done
fi

# Both tools must have counted every sample.
got=$(sed -n 's/^samples: \([0-9]*\).*/\1/p' "$scratch/text.out" | head -1)
[ "$got" = "$big_samples" ] || { echo "bench: jprofdata counted $got samples, the file has $big_samples" >&2; exit 1; }
if [ "$INCUMBENT" != 0 ]; then
  got=$(awk -F'\t' 'NF > 5 {s += $5} END {print s}' "$scratch/incumbent.out")
  [ "$got" = "$big_samples" ] || { echo "bench: rocprof-compute counted $got samples, the file has $big_samples" >&2; exit 1; }
fi

echo "| tool / mode | input | CPU s (median) | wall s | peak RSS MB | runs |"
echo "|---|---|---|---|---|---|"
row() { # LABEL INPUT
  [ "$(awk -v l="$1" '$1 == l' "$results" | wc -l)" -gt 0 ] || return 0
  printf '| %s | %s MB | %.2f | %.2f | %.0f | %s |\n' "$1" "$(input_mb "$2")" "$(median "$1" 3)" "$(median "$1" 2)" \
    "$(awk -v k="$(median "$1" 4)" 'BEGIN {print k / 1024}')" "$(awk -v l="$1" '$1 == l {printf "%s%.2f", (n++ ? " " : ""), $3}' "$results")"
}
row jprofdata-text "$big"
row jprofdata-json "$big"
row jprofdata-symbolized "$big"
row rocprof-compute "$big"
[ -z "$half" ] || row jprofdata-text-half "$half"
if [ "$INCUMBENT" != 0 ]; then
  awk -v a="$(median rocprof-compute 3)" -v b="$(median jprofdata-text 3)" \
    'BEGIN {printf "\nrocprof-compute CPU / jprofdata CPU (text report): %.1fx\n", a / b}'
fi
