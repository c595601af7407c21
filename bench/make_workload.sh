#!/usr/bin/env bash
# Builds the benchmark workload: N functions, M runs, for IR PGO and for coverage.
# Usage: bench/make_workload.sh [N=20000] [M=200]   (output in bench/work/)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
N=${1:-20000}; M=${2:-200}
CLANG=${CLANG:-clang-22}
w="$here/work/n${N}"
mkdir -p "$w/ir" "$w/cov"
python3 "$here/gen_workload.py" "$N" > "$w/prog.c"
$CLANG -O1 -fprofile-generate "$w/prog.c" -o "$w/prog_ir"
$CLANG -O0 -fprofile-instr-generate -fcoverage-mapping "$w/prog.c" -o "$w/prog_cov"
for i in $(seq 1 "$M"); do
  LLVM_PROFILE_FILE="$w/ir/run_$i.profraw" "$w/prog_ir" "$i" || true
  LLVM_PROFILE_FILE="$w/cov/run_$i.profraw" "$w/prog_cov" "$i" || true
done
du -sh "$w/ir" "$w/cov"
