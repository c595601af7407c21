#!/usr/bin/env bash
# Start-up of a small command: median wall and CPU time of RUNS runs of `jprofdata show` on a small
# indexed profile, for several JVM option sets, with and without the class-data-sharing archive
# the build writes next to the jar (profdata-cli/BUILD_DIR/jprofdata.jsa, spec/performance.md).
#
#   bench/startup_bench.sh [RUNS] [BUILD_DIR]      # defaults: 10 target
#
# The option sets are run round-robin (one run of each, RUNS times), so a change of load on a shared
# machine hits them all alike; CPU time (user + system) is steadier than wall time there. The jar is
# run directly; the last row is the launcher as users run it (only for BUILD_DIR=target).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-10}"
build="${2:-target}"
jar="$root/profdata-cli/$build/jprofdata.jar"
jsa="$root/profdata-cli/$build/jprofdata.jsa"
profile="$root/fixtures/profiles/ir.profdata"
[ -f "$jar" ] || { echo "no $jar: build first (./mvnw -DskipTests package)" >&2; exit 1; }
[ -f "$jsa" ] || echo "warning: no $jsa: the CDS rows run without an archive" >&2
cds=(-XX:SharedArchiveFile="$jsa" -Xshare:auto -Xlog:disable -Xlog:all=warning,cds*=off,class+path*=off:stderr)

labels=()
commands=()
add() { # label, then the java options (the command is always `java OPTIONS -jar JAR show PROFILE`)
  labels+=("$1")
  shift
  commands+=("$*")
}
add "G1 (JVM default), JDK's CDS archive only" ""
add "-Xshare:off (no CDS at all)" "-Xshare:off"
add "-XX:+UseSerialGC (the launcher's default before CDS)" "-XX:+UseSerialGC"
add "-XX:+UseSerialGC -XX:TieredStopAtLevel=1" "-XX:+UseSerialGC -XX:TieredStopAtLevel=1"
add "-XX:+UseSerialGC + jprofdata.jsa" "-XX:+UseSerialGC ${cds[*]}"
add "-XX:+UseSerialGC -XX:TieredStopAtLevel=1 + jprofdata.jsa" "-XX:+UseSerialGC -XX:TieredStopAtLevel=1 ${cds[*]}"
# What ./jprofdata runs: the small case's argument file (JvmTuning, written by the build) and the archive.
add "@jvm/small.args + jprofdata.jsa (what ./jprofdata runs)" \
  "-XX:SharedArchiveFile=$jsa -Xshare:auto @$root/profdata-cli/$build/jvm/small.args"

launcher=""
if [ "$build" = target ]; then
  launcher="$root/jprofdata"
  "$launcher" --version >/dev/null   # builds the jar when needed, outside the timing
fi

t=$(mktemp)
data=$(mktemp)
trap 'rm -f "$t" "$data"' EXIT
time_one() { # id, command...: appends "id wall_ms cpu_ms" to $data
  local id=$1 w u s
  shift
  /usr/bin/time -f '%e %U %S' -o "$t" "$@" >/dev/null 2>&1
  read -r w u s <"$t"
  awk -v id="$id" -v w="$w" -v u="$u" -v s="$s" 'BEGIN {printf "%s %d %d\n", id, w * 1000 + 0.5, (u + s) * 1000 + 0.5}' >>"$data"
}

for ((r = 0; r <= runs; r++)); do   # run 0 warms the page cache and is not counted
  for i in "${!commands[@]}"; do
    # shellcheck disable=SC2086 # the option strings are split on purpose
    if ((r == 0)); then java ${commands[$i]} -jar "$jar" show "$profile" >/dev/null 2>&1; else
      time_one "$i" java ${commands[$i]} -jar "$jar" show "$profile"; fi
  done
  if [ -n "$launcher" ]; then
    if ((r == 0)); then "$launcher" show "$profile" >/dev/null 2>&1; else time_one L "$launcher" show "$profile"; fi
  fi
done

median() { # id, column (2 wall, 3 CPU)
  awk -v id="$1" -v c="$2" '$1 == id {print $c}' "$data" | sort -n |
    awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : int((a[NR / 2] + a[NR / 2 + 1]) / 2)}'
}

echo "Machine: $(nproc) CPUs, $(java -version 2>&1 | head -1), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| \`show ir.profdata\` ($(stat -c %s "$profile") bytes), median of $runs round-robin runs | wall | CPU |"
echo "|---|---|---|"
for i in "${!commands[@]}"; do
  echo "| ${labels[$i]} | $(median "$i" 2) ms | $(median "$i" 3) ms |"
done
if [ -n "$launcher" ]; then
  echo "| \`./jprofdata show\` (launcher script included) | $(median L 2) ms | $(median L 3) ms |"
fi
