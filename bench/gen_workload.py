#!/usr/bin/env python3
"""Writes a C program with N instrumented functions (loops, branches, indirect calls, memcpy)
whose behaviour depends on the run's argument, for merge benchmarks."""
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
out = []
out.append("#include <stdlib.h>\n#include <string.h>\n")
out.append("typedef int (*op_t)(int);\n")
for i in range(n):
    out.append(f"""__attribute__((noinline)) int f{i}(int x) {{
  int s = 0;
  for (int k = 0; k < (x % 7) + {i % 3}; k++) {{
    if ((k + x) % {2 + i % 5} == 0) s += k; else s -= 1;
  }}
  return s;
}}
""")
out.append("static op_t table[] = {" + ", ".join(f"f{i}" for i in range(min(n, 64))) + "};\n")
out.append("""char buf_a[4096], buf_b[4096];
int main(int argc, char **argv) {
  int a = argc > 1 ? atoi(argv[1]) : 1;
  long s = 0;
""")
# call every function a little, some through the table, plus memops
for i in range(n):
    if i % 97 == 0:
        out.append(f"  s += table[(a + {i}) % {min(n, 64)}](a + {i});\n")
        out.append(f"  memcpy(buf_a, buf_b, (a * {i + 1}) % 4096);\n")
    else:
        out.append(f"  if ((a + {i}) % 3) s += f{i}(a);\n")
out.append("  return s == 42 ? 1 : 0;\n}\n")
sys.stdout.write("".join(out))
