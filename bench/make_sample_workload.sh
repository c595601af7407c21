#!/usr/bin/env bash
# make_sample_workload.sh [WORK=bench/work/sample] [DISTINCT=50] [FUNCS=20000]
#
# The inputs of sample_merge_bench.sh: for each kind (line = AutoFDO with inlinees, cs = CSSPGO
# contexts with probes) DISTINCT different runs of a FUNCS-function program (gen_sample_workload.py,
# seeds 1..DISTINCT), converted to ext-binary by llvm-profdata 22 (the format profile pipelines
# keep), in WORK/<kind>/NNN.sprof. Needs python3 and llvm-profdata-22.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work=${1:-$here/work/sample}
distinct=${2:-50}
funcs=${3:-20000}
LLVM=${LLVM_PROFDATA:-llvm-profdata-22}
for kind in line cs; do
  mkdir -p "$work/$kind"
  for i in $(seq 1 "$distinct"); do
    out=$(printf '%s/%s/%03d.sprof' "$work" "$kind" "$i")
    [ -s "$out" ] && continue
    python3 "$here/gen_sample_workload.py" "$funcs" "$i" "$kind" > "$work/$kind/tmp.proftext"
    "$LLVM" merge --sample --extbinary "$work/$kind/tmp.proftext" -o "$out"
  done
  rm -f "$work/$kind/tmp.proftext"
done
du -sh "$work"/*
