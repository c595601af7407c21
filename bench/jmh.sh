#!/usr/bin/env bash
# Builds the JMH benchmarks (module profdata-bench) and runs them with short settings.
#
# Usage: bench/jmh.sh [JMH options and benchmark regexps...]
#   e.g. bench/jmh.sh RawDecode            only the raw decoding benchmarks
#        bench/jmh.sh -p copies=8192       other parameters (see each class's @Param)
# Env:   JMH_ARGS   run settings (default "-f 1 -wi 2 -w 1s -i 3 -r 1s": short, rough numbers;
#                   use e.g. "-f 2 -wi 5 -i 10" for numbers worth comparing)
#        JMH_BUILD_DIR  Maven build directory name (default target-jmh)
# The benchmark inputs are the repository's fixtures/profiles replicated in memory (no LLVM).
# Writes bench/work/jmh/result.json and prints a markdown table (MB/s = 10^6 bytes per second of
# the input decoded, merged or hashed, or of the output written).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
build=${JMH_BUILD_DIR:-target-jmh}
jar="profdata-bench/$build/benchmarks.jar"
mvn_args=(-q -B -ntp -Djprofdata.buildDir="$build" -DskipTests -Pjmh -pl profdata-bench -am package)
# Offline first (the usual case once JMH was downloaded), online otherwise.
./mvnw -o "${mvn_args[@]}" >&2 2>/dev/null || ./mvnw "${mvn_args[@]}" >&2
mkdir -p bench/work/jmh
read -r -a settings <<< "${JMH_ARGS:--f 1 -wi 2 -w 1s -i 3 -r 1s}"
java -jar "$jar" "${settings[@]}" -jvmArgsAppend "-Djprofdata.root=$root" \
  -rf json -rff bench/work/jmh/result.json "$@" >&2
python3 - bench/work/jmh/result.json <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))
print("| benchmark | params | ops/s | ± (99.9%) | MB/s |")
print("|---|---|---|---|---|")
for r in rows:
    name = r["benchmark"].replace("dev.jprofdata.bench.", "")
    params = ", ".join(f"{k}={v}" for k, v in sorted(r.get("params", {}).items()))
    p = r["primaryMetric"]
    b = r.get("secondaryMetrics", {}).get("bytes")
    mbs = f"{b['score'] / 1e6:,.1f}" if b else ""
    print(f"| {name} | {params} | {p['score']:,.1f} | {p['scoreError']:,.1f} | {mbs} |")
PY
