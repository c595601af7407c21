# Shared helpers of merge_bench.sh and scale_bench.sh (sourced, not run).
#
# Env read here:
#   JPROFDATA  command that runs jprofdata (default: the repo's ./jprofdata launcher, which builds
#              the jar first when needed); e.g. JPROFDATA="java -jar profdata-cli/target-x/jprofdata.jar"
#   LLVM_PROFDATA  llvm-profdata to compare with (default llvm-profdata-22); the LLVM columns are
#              left out when it is not installed.
# Peak RSS and CPU come from GNU time (`/usr/bin/time -v`, Debian package `time`: apt-get install time).

bench_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
read -r -a JPROF <<< "${JPROFDATA:-$bench_root/jprofdata}"
LLVM=${LLVM_PROFDATA:-llvm-profdata-22}
if ! command -v "$LLVM" >/dev/null 2>&1; then
  echo "bench: $LLVM not installed; LLVM columns skipped" >&2
  LLVM=
fi
if [ ! -x /usr/bin/time ]; then
  echo "bench: /usr/bin/time missing: apt-get install time" >&2
  exit 2
fi

# Input size in MB (10^6 bytes) of the given files, two decimals.
input_mb() {
  local bytes
  bytes=$(stat -c %s "$@" | awk '{s += $1} END {printf "%.0f", s}')
  awk -v b="$bytes" 'BEGIN {printf "%.2f", b / 1e6}'
}

# measure LABEL STDOUT_FILE CMD...: runs CMD once under /usr/bin/time -v, appends
# "LABEL wall_s cpu_s rss_kb" to $results. Wall time comes from the clock around the run (finer
# than time's 10 ms); CPU = user + system; RSS = maximum resident set size. Fails loudly when CMD
# fails, showing its stderr.
measure() {
  local label=$1 stdout=$2; shift 2
  local t0 t1
  t0=$(date +%s%N)
  if ! /usr/bin/time -v -o "$scratch/time.txt" "$@" >"$stdout" 2>"$scratch/err.txt"; then
    echo "bench: FAILED: $*" >&2
    tail -20 "$scratch/err.txt" >&2
    exit 1
  fi
  t1=$(date +%s%N)
  awk -v label="$label" -v wall="$(( (t1 - t0) / 1000000 ))" -F': ' '
    /User time/ {u = $2} /System time/ {s = $2} /Maximum resident set size/ {r = $2}
    END {printf "%s %.3f %.2f %d\n", label, wall / 1000, u + s, r}' "$scratch/time.txt" >> "$results"
}

# median LABEL COLUMN: median of COLUMN (2 wall, 3 cpu, 4 rss kB) over the rows of LABEL.
median() {
  awk -v l="$1" -v c="$2" '$1 == l {print $c}' "$results" | sort -g |
    awk '{a[NR] = $1} END {if (NR == 0) print "nan"; else if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2}'
}

# machine_line: one line naming date, CPU, cores, memory, JDK and LLVM version, for RESULTS.md.
machine_line() {
  local cpu java llvmv
  cpu=$(lscpu 2>/dev/null | awk -F': *' '/Model name/ {print $2; exit}')
  java=$(java -version 2>&1 | head -1 | sed 's/.*version "\([^"]*\)".*/\1/')
  llvmv=${LLVM:+$("$LLVM" --version 2>/dev/null | sed -n 's/.*LLVM version \([^ ]*\).*/\1/p' | head -1)}
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc) vCPU ${cpu:-?}; $(free -g | awk '/Mem:/ {print $2}') GiB RAM;" \
       "JDK $java; llvm-profdata ${llvmv:-not installed}; load average $(cut -d' ' -f1-3 /proc/loadavg)"
}
