#!/bin/sh
# Regenerates merge-text/ from the .profdata files (needs llvm-profdata-22).
set -e
cd "$(dirname "$0")"
for d in versions profdata synth out; do
  for f in "$d"/*.profdata; do
    b=$(basename "$f" .profdata)
    [ "$d/$b" = synth/nfuncs_3000 ] && continue
    llvm-profdata-22 merge --num-threads=1 --text "$f" -o "merge-text/$d-$b.proftext"
  done
done
