#!/usr/bin/env python3
"""Writes the C sources of the merge benchmark workload (issue 5) into a directory.

Usage: gen_workload.py N OUTDIR [SEED]

N instrumented functions, each with a loop holding an if/else chain with a short-circuit
condition, a switch and a final branch, so that every function has about 10 counters (coverage:
one per region; IR PGO: one per instrumented edge). One function in FANOUT also makes an indirect
call through a table of function pointers and one in FANOUT a memcpy of a size that depends on
the run's argument, so that IR PGO builds record indirect-call and memop value profiles. What a
run executes depends on its argument (argv[1]), so the M runs of the workload produce different
counts.

The functions are spread over files of CHUNK functions (part_K.c, each with a driver that calls
its functions) plus main.c: clang's optimiser is superlinear on one huge file, and separate files
compile in parallel. The text depends only on N and SEED: the same arguments write the same bytes.
"""
import os
import random
import sys

n = int(sys.argv[1])
outdir = sys.argv[2]
seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
FANOUT = 8   # one function in 8 makes an indirect call, one in 8 a memcpy
TABLE = 64   # indirect-call targets
CHUNK = 500  # functions per source file

rng = random.Random(seed)
os.makedirs(outdir, exist_ok=True)
header = ("#include <stdlib.h>\n#include <string.h>\n"
          "typedef int (*op_t)(int);\n"
          f"extern op_t table[{TABLE}];\n"
          "extern char buf_a[4096], buf_b[4096];\n\n")


def function(i):
    m = [rng.randint(2, 9) for _ in range(8)]
    body = [f"__attribute__((noinline)) int f{i}(int x) {{\n  int s = {rng.randint(0, 9)};\n"]
    body.append(f"  for (int k = 0; k < (x % {m[0]}) + {i % 3}; k++) {{\n"
                f"    if ((k + x) % {m[1]} == 0 && k > {m[2] % 3}) s += k;\n"
                f"    else if ((k ^ x) % {m[3]} == 1) s -= 1;\n"
                f"    else s ^= k;\n  }}\n")
    body.append(f"  switch ((x + s) % {m[5] + 2}) {{\n")
    for c in range(m[5] % 3 + 2):
        body.append(f"  case {c}: s += {rng.randint(1, 99)}; break;\n")
    body.append("  default: s -= 3;\n  }\n")
    body.append(f"  if (s > {m[6] * 5}) s /= {m[7]};\n")
    if i % FANOUT == 1:
        body.append(f"  if (x % {m[2]}) s += table[(x + s + {i}) & {TABLE - 1}](x + 1);\n")
    if i % FANOUT == 2:
        body.append(f"  memcpy(buf_a, buf_b, (x * {rng.randint(1, 997)} + s) & 4095);\n")
    body.append("  return s;\n}\n")
    return "".join(body)


parts = (n + CHUNK - 1) // CHUNK
for d in range(parts):
    first, last = d * CHUNK, min(n, (d + 1) * CHUNK)
    out = [header]
    out.extend(function(i) for i in range(first, last))
    out.append(f"long driver{d}(int a) {{\n  long s = 0;\n")
    for i in range(first, last):
        # Each function runs in about two runs of three, on a pattern that differs by function.
        out.append(f"  if ((a + {i}) % 3) s += f{i}(a + {i % 17});\n")
    out.append("  return s;\n}\n")
    with open(os.path.join(outdir, f"part_{d:03d}.c"), "w") as f:
        f.write("".join(out))

out = [header, "char buf_a[4096], buf_b[4096];\n"]
# Leaves of the indirect calls: small functions, so indirect calls never recurse.
for t in range(TABLE):
    out.append(f"__attribute__((noinline)) int t{t}(int x) {{ return x % {t + 2} ? x + {t} : x - {t}; }}\n")
out.append(f"op_t table[{TABLE}] = {{" + ", ".join(f"t{t}" for t in range(TABLE)) + "};\n")
out.extend(f"long driver{d}(int a);\n" for d in range(parts))
out.append("int main(int argc, char **argv) {\n  int a = argc > 1 ? atoi(argv[1]) : 1;\n  long s = 0;\n")
out.extend(f"  s += driver{d}(a);\n" for d in range(parts))
out.append("  return s == 42 ? 1 : 0;\n}\n")
with open(os.path.join(outdir, "main.c"), "w") as f:
    f.write("".join(out))
