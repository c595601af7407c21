#!/usr/bin/env bash
# Builds the merge benchmark workload of issue 5 from scratch.
#
# Usage: bench/make_workload.sh [N=20000] [M=200]
#   N functions (gen_workload.py), M runs with arguments 1..M.
# Env:   CLANG (default clang-22), SEED (default 1), JOBS (parallel compiles, default 2).
#
# Output (bench/work/ is not in git):
#   bench/work/nN/src/*.c                 the generated program (500 functions per file)
#   bench/work/nN/prog_ir, prog_cov       IR PGO build (-O1 -fprofile-generate: value profiles for
#                                         indirect calls and memcpy sizes) and coverage build (-O0
#                                         -fprofile-instr-generate -fcoverage-mapping: front-end
#                                         counters, no value profiles)
#   bench/work/nN/ir/run_I.profraw        M raw profiles of each kind (raw version 10)
#   bench/work/nN/cov/run_I.profraw
#   bench/work/nN/manifest.txt            sizes and checksums: the same N, M, SEED and clang give
#                                         the same bytes (runs are made without ASLR)
# Sizes with clang-22 22.1.8 are in bench/README.md (default: ~600 MB of raw profiles per kind).
# Compiles and runs use `nice -n 10`: the machine is shared.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
N=${1:-20000}; M=${2:-200}
CLANG=${CLANG:-clang-22}
SEED=${SEED:-1}
JOBS=${JOBS:-2}
command -v "$CLANG" >/dev/null || { echo "make_workload: $CLANG not found (set CLANG=...)" >&2; exit 2; }
w="$here/work/n${N}"
rm -rf "$w"
mkdir -p "$w/src" "$w/obj_ir" "$w/obj_cov" "$w/ir" "$w/cov"
start=$(date +%s)
python3 "$here/gen_workload.py" "$N" "$w/src" "$SEED"
echo "make_workload: $N functions, $M runs, seed $SEED -> $w" >&2

# One compile job per (source, kind); -ffile-prefix-map keeps the work dir out of the binaries.
(cd "$w/src" && ls ./*.c) | sed 's|^\./||' | awk '{print "ir " $0; print "cov " $0}' |
  CLANG="$CLANG" W="$w" xargs -P "$JOBS" -L 1 bash -c '
    kind=$0 src=$1
    if [ "$kind" = ir ]; then flags=(-O1 -fprofile-generate); else flags=(-O0 -fprofile-instr-generate -fcoverage-mapping); fi
    cd "$W/src" && nice -n 10 "$CLANG" "${flags[@]}" -ffile-prefix-map="$W"=. -c "$src" -o "$W/obj_$kind/${src%.c}.o"'
nice -n 10 "$CLANG" -fprofile-generate "$w"/obj_ir/*.o -o "$w/prog_ir"
nice -n 10 "$CLANG" -fprofile-instr-generate "$w"/obj_cov/*.o -o "$w/prog_cov"
rm -rf "$w/obj_ir" "$w/obj_cov"
echo "make_workload: built in $(( $(date +%s) - start )) s; running" >&2

# Raw profiles hold function addresses (data records, indirect-call targets): without address
# randomisation (setarch -R) a run writes the same bytes every time.
norand=()
setarch "$(uname -m)" -R true 2>/dev/null && norand=(setarch "$(uname -m)" -R)
for i in $(seq 1 "$M"); do
  # The program's exit status is meaningless (it only keeps the work from being optimised away).
  LLVM_PROFILE_FILE="$w/ir/run_$i.profraw" nice -n 10 "${norand[@]}" "$w/prog_ir" "$i" || true
  LLVM_PROFILE_FILE="$w/cov/run_$i.profraw" nice -n 10 "${norand[@]}" "$w/prog_cov" "$i" || true
done

{
  echo "N=$N M=$M SEED=$SEED clang=$("$CLANG" --version | head -1)"
  echo "md5: sources $(cat "$w"/src/*.c | md5sum | cut -c1-12), prog_ir $(md5sum < "$w/prog_ir" | cut -c1-12)," \
       "prog_cov $(md5sum < "$w/prog_cov" | cut -c1-12)${norand[*]:+; runs without ASLR}"
  for kind in ir cov; do
    echo "$kind: $(ls "$w/$kind" | wc -l) files, $(du -sb "$w/$kind" | cut -f1) bytes," \
         "first file $(stat -c %s "$w/$kind/run_1.profraw") bytes," \
         "md5 of all: $(ls "$w/$kind"/*.profraw | sort -V | xargs cat | md5sum | cut -c1-12)"
  done
} > "$w/manifest.txt"
cat "$w/manifest.txt"
echo "make_workload: done in $(( $(date +%s) - start )) s" >&2
