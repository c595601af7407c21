#!/usr/bin/env bash
# The Spark merge (issue 22, spec/spark.md) against jprofdata merge on one machine: the merge of
# COUNT runs (default 2,000: the runs of WORKLOAD/KIND listed again and again in an input list) by
#   cli      ./jprofdata merge -f LIST (the single-machine merge),
#   local    profdata-spark/jprofdata-spark --master local[2] (one JVM, two task threads),
#   cluster  the same job on a loopback standalone cluster: a master and two one-core workers
#            started here as JVMs of their own, from Spark's jars in the local Maven repository,
# each RUNS times (median wall, CPU of the driver JVM or the CLI, peak RSS of the same), outputs
# compared byte for byte. Then the pieces of the cost (bench/PartialStateBench.java: one part's
# merge, encoded size, encode, decode, combine).
#
# usage: bench/spark_bench.sh [WORKLOAD=bench/work/n20000] [RUNS=3]
# env: KIND=ir|cov (default ir), or line|cs for sample profiles (--sample; the workload is then
#      bench/work/sample by default, made by make_sample_workload.sh), COUNT (2000), PARTITIONS (8)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
. "$here/lib.sh"
kind=${KIND:-ir}
case $kind in
  line | cs) default_work=$here/work/sample ext=sprof sample=(--sample) ;;
  *) default_work=$here/work/n20000 ext=profraw sample=() ;;
esac
work=$(cd "${1:-$default_work}" && pwd)
runs=${2:-3}
count=${COUNT:-2000}
partitions=${PARTITIONS:-8}
mkdir -p "$here/work"
scratch=$(mktemp -d "$here/work/spark_bench.XXXXXX")
cluster_pids=()
cleanup() {
  for pid in "${cluster_pids[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  if [ "${KEEP:-}" = 1 ]; then echo "spark_bench: kept $scratch" >&2; else rm -rf "$scratch"; fi
}
trap cleanup EXIT
results="$scratch/results.txt"
: >"$results"

mapfile -t base < <(ls "$work/$kind"/*."$ext" | sort -V)
[ ${#base[@]} -gt 0 ] || { echo "spark_bench: no runs in $work/$kind" >&2; exit 1; }
list="$scratch/inputs.list"
for ((i = 0; i < count; i++)); do
  echo "${base[i % ${#base[@]}]}"
done >"$list"
mb=$(awk -v n="$count" -v k="${#base[@]}" -v s="$(input_mb "${base[@]}")" 'BEGIN {printf "%.0f", s * n / k}')

spark="$bench_root/profdata-spark/jprofdata-spark"
"${JPROF[@]}" --version >/dev/null
"$spark" --help 2>/dev/null || true # builds the job on first use

# The loopback cluster: no Spark installation, so one is made of links: SPARK_HOME/jars holds
# links to Spark's jars in the local Maven repository, where the workers look for their
# executors' class path.
spark_cp=$(cat "$bench_root/profdata-spark/target/spark-classpath.txt")
mkdir -p "$scratch/spark-home/jars"
tr ':' '\n' <<<"$spark_cp" | while read -r jar; do ln -s "$jar" "$scratch/spark-home/jars/"; done
opens=()
for p in java.lang java.lang.invoke java.lang.reflect java.io java.net java.nio java.util java.util.concurrent \
  java.util.concurrent.atomic sun.nio.ch sun.nio.cs sun.security.action sun.util.calendar; do
  opens+=("--add-opens=java.base/$p=ALL-UNNAMED")
done
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port)
export SPARK_HOME="$scratch/spark-home" SPARK_SCALA_VERSION=2.13 SPARK_LOCAL_IP=127.0.0.1 SPARK_LOCAL_DIRS="$scratch"
java -Xmx256m "${opens[@]}" -cp "$spark_cp" org.apache.spark.deploy.master.Master --host 127.0.0.1 \
  --port "$port" --webui-port "$(free_port)" >"$scratch/master.log" 2>&1 &
cluster_pids+=($!)
for w in 0 1; do
  mkdir -p "$scratch/worker$w"
  java -Xmx256m "${opens[@]}" -cp "$spark_cp" org.apache.spark.deploy.worker.Worker --host 127.0.0.1 --cores 1 \
    --memory 2g --webui-port "$(free_port)" --work-dir "$scratch/worker$w" "spark://127.0.0.1:$port" \
    >"$scratch/worker$w.log" 2>&1 &
  cluster_pids+=($!)
done
sleep 8

echo "spark_bench: $count $kind runs ($mb MB), $partitions partitions; $(machine_line)"
for ((r = 1; r <= runs; r++)); do
  measure cli /dev/null "${JPROF[@]}" merge "${sample[@]}" -f "$list" -o "$scratch/cli.profdata"
  measure local /dev/null "$spark" --master 'local[2]' "${sample[@]}" --partitions "$partitions" -f "$list" \
    -o "$scratch/local.profdata"
  JAVA_OPTS="-Dspark.executor.memory=1g" measure cluster /dev/null "$spark" --master "spark://127.0.0.1:$port" \
    "${sample[@]}" --partitions "$partitions" -f "$list" -o "$scratch/cluster.profdata"
  cmp "$scratch/cli.profdata" "$scratch/local.profdata"
  cmp "$scratch/cli.profdata" "$scratch/cluster.profdata"
done
echo "| how | wall (median) | CPU of the driver (median) | peak RSS of the driver | output |"
echo "|---|---|---|---|---|"
for label in cli local cluster; do
  printf '| %s | %.2f s | %.2f s | %d MB | = cli bytes |\n' "$label" "$(median "$label" 2)" "$(median "$label" 3)" \
    "$(( $(median "$label" 4 | cut -d. -f1) / 1024 ))"
done

classes="$bench_root/profdata-merge/target/classes:$bench_root/profdata-format/target/classes"
jackson=$(tr ':' '\n' <<<"$spark_cp" | grep -m1 'jackson-core-' || true)
echo "pieces (two parts of 20 runs each, then combined):"
java -cp "$classes:$jackson" "$here/PartialStateBench.java" "$work/$kind" 20 3
