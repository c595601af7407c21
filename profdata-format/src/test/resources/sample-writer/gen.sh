#!/bin/bash
# Regenerates out/ with llvm-profdata 22 from cases.txt (inputs in this directory). The empty-profile
# outputs come from filtering every function away.
set -euo pipefail
cd "$(dirname "$0")"
LLVM=${LLVM_PROFDATA:-llvm-profdata-22}
mkdir -p out
grep -v '^#' cases.txt | while read -r name input format opts; do
  args=()
  for o in $opts; do
    case $o in
      z) args+=(--compress-all-sections) ;; md5) args+=(--use-md5) ;; split) args+=(--split-layout) ;;
      vt) args+=(--extbinary-write-vtable-type-prof) ;; partial) args+=(--gen-partial-profile) ;;
      *) args+=(--output-size-limit="$o") ;;
    esac
  done
  fmt=$(echo "$format" | tr 'A-Z' 'a-z')
  "$LLVM" merge --sample --num-threads=1 --"$fmt" "${args[@]}" "$input" -o "out/$name.out" 2>/dev/null
done
"$LLVM" merge --sample --extbinary --function=nothing-matches flat.proftext -o out/empty.extbinary.out 2>/dev/null
"$LLVM" merge --sample --binary --function=nothing-matches flat.proftext -o out/empty.binary.out 2>/dev/null
