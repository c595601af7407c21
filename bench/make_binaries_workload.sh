#!/usr/bin/env bash
# Builds the many-binaries merge workloads of issue 20: the functions of make_workload.sh linked
# into several programs, as a test suite builds them.
#
# Usage: bench/make_binaries_workload.sh [N=20000] [K=10] [R=20] [T=20] [P=30]
#   linked:  K programs, each all N functions linked in a different object order, R runs each
#   suite:   T small programs, each main calling the drivers of 4 of the parts, linked against a
#            static library of all the parts (so each program holds only the parts it calls, and
#            the programs share most of them), P runs each (each run its own process, as a
#            test runner starts one per test)
# Env:   CLANG (default clang-22), SEED (default 1), JOBS (parallel compiles, default 2).
#
# Output (bench/work/ is not in git), IR PGO builds (-O1 -fprofile-generate):
#   bench/work/binN/linked/prog_K, linked/ir/bK_rR.profraw
#   bench/work/binN/suite/test_T, suite/ir/tT_rP.profraw
#   bench/work/binN/manifest.txt   sizes and checksums (runs without ASLR, so the same bytes)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
N=${1:-20000}; K=${2:-10}; R=${3:-20}; T=${4:-20}; P=${5:-30}
CLANG=${CLANG:-clang-22}
SEED=${SEED:-1}
JOBS=${JOBS:-2}
command -v "$CLANG" >/dev/null || { echo "make_binaries_workload: $CLANG not found (set CLANG=...)" >&2; exit 2; }
w="$here/work/bin${N}"
rm -rf "$w"
mkdir -p "$w/src" "$w/obj" "$w/linked/ir" "$w/suite/ir"
start=$(date +%s)
python3 "$here/gen_workload.py" "$N" "$w/src" "$SEED"

(cd "$w/src" && ls ./*.c) | sed 's|^\./||' |
  CLANG="$CLANG" W="$w" xargs -P "$JOBS" -I{} bash -c '
    src={}; cd "$W/src" && nice -n 10 "$CLANG" -O1 -fprofile-generate -ffile-prefix-map="$W"=. -c "$src" -o "$W/obj/${src%.c}.o"'
parts=$(cd "$w/obj" && ls part_*.o | wc -l)

# Linked: every program has every object, in an order of its own (so every function sits at
# another address and the raw files of two programs differ everywhere).
for k in $(seq 1 "$K"); do
  mapfile -t objs < <(cd "$w/obj" && ls ./*.o | python3 -c "
import random, sys
objs = [l.strip() for l in sys.stdin]
random.Random($SEED * 1000 + $k).shuffle(objs)
print('\n'.join(objs))")
  (cd "$w/obj" && nice -n 10 "$CLANG" -fprofile-generate "${objs[@]}" -o "$w/linked/prog_$k")
done

# Suite: a static library of the parts; each test program calls the drivers of 4 parts of its
# own (and main.c's table of indirect-call targets comes with the library's main.o replacement).
sed -e '/^int main/,$d' "$w/src/main.c" > "$w/src/common.c"
nice -n 10 "$CLANG" -O1 -fprofile-generate -ffile-prefix-map="$w"=. -c "$w/src/common.c" -o "$w/obj/common.o"
rm -f "$w/libparts.a"
ar rcs "$w/libparts.a" "$w"/obj/part_*.o "$w/obj/common.o"
for t in $(seq 1 "$T"); do
  python3 - "$t" "$parts" "$SEED" > "$w/src/test_$t.c" <<'EOF'
import random, sys
t, parts, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
chosen = sorted(random.Random(seed * 7919 + t).sample(range(parts), 4))
print("#include <stdlib.h>")
for d in chosen:
    print(f"long driver{d}(int a);")
print("int main(int argc, char **argv) {\n  int a = argc > 1 ? atoi(argv[1]) : 1;\n  long s = 0;")
for d in chosen:
    print(f"  s += driver{d}(a);")
print("  return s == 42 ? 1 : 0;\n}")
EOF
  (cd "$w/src" && nice -n 10 "$CLANG" -O1 -fprofile-generate -ffile-prefix-map="$w"=. "test_$t.c" "$w/libparts.a" \
    -o "$w/suite/test_$t")
done
rm -rf "$w/obj"
echo "make_binaries_workload: built in $(( $(date +%s) - start )) s; running" >&2

norand=()
setarch "$(uname -m)" -R true 2>/dev/null && norand=(setarch "$(uname -m)" -R)
for k in $(seq 1 "$K"); do
  for r in $(seq 1 "$R"); do
    LLVM_PROFILE_FILE="$w/linked/ir/b${k}_r${r}.profraw" nice -n 10 "${norand[@]}" "$w/linked/prog_$k" \
      $(( (k - 1) * R + r )) || true
  done
done
for t in $(seq 1 "$T"); do
  for p in $(seq 1 "$P"); do
    LLVM_PROFILE_FILE="$w/suite/ir/t${t}_r${p}.profraw" nice -n 10 "${norand[@]}" "$w/suite/test_$t" \
      $(( (t - 1) * P + p )) || true
  done
done

{
  echo "N=$N K=$K R=$R T=$T P=$P SEED=$SEED clang=$("$CLANG" --version | head -1)"
  for part in linked suite; do
    echo "$part: $(ls "$w/$part/ir" | wc -l) files, $(du -sb "$w/$part/ir" | cut -f1) bytes," \
      "md5 of all: $(cat "$w/$part"/ir/*.profraw | md5sum | cut -c1-12)"
  done
} > "$w/manifest.txt"
cat "$w/manifest.txt" >&2
echo "make_binaries_workload: done in $(( $(date +%s) - start )) s" >&2
