#!/usr/bin/env bash
# Runs the reader fuzz campaign (issue 6): each Jazzer @FuzzTest in fuzzing mode, one at a time,
# until its maxExecutions (10,000,000) or maxDuration is reached. Logs and libFuzzer statistics go to
# bench/work/fuzz/<target>.log; the growing corpus lives in profdata-format/.cifuzz-corpus/ (not in
# git); crashing inputs are written to the test resources Inputs/ directory of the fuzz test, where
# plain `mvn test` replays them.
#
# Usage: bench/fuzz.sh [Class#method ...]     (default: every target below)
# Env:   FUZZ_XMX (default 512m) heap of the fuzzed JVM, so a huge allocation shows as a finding.
#        FUZZ_TIMEOUT (default 10) seconds one input may take (libFuzzer -timeout), so a hang is a finding.
#        FUZZ_RUNS / FUZZ_DURATION override @FuzzTest(maxExecutions / maxDuration), e.g. 100000 / 60s.
set -euo pipefail
cd "$(dirname "$0")/.."
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(
    RawReaderFuzzTest#rawReader
    RawReaderFuzzTest#namesDecoder
    RawReaderFuzzTest#valueProfData
    IndexedReaderFuzzTest#indexedReader
    IndexedReaderFuzzTest#valueProfData
    TextReaderFuzzTest#textReader
    CompressedInputFuzzTest#compressedInput
    SampleReaderFuzzTest#sampleReader
    SampleReaderFuzzTest#textReader
    SampleReaderFuzzTest#binaryReader
    SampleReaderFuzzTest#extBinaryReader
    SampleReaderFuzzTest#gccReader
    CodeObjectFuzzTest#symbolizer
    PcSamplingReaderFuzzTest#samplesCsv
    PcSamplingReaderFuzzTest#kernelTrace
    PcSamplingReaderFuzzTest#resultsJson
    profdata-merge:BinaryGroupsFuzzTest#fuzzedRunAmongRealOnes
  )
  # The .unifcnts reader joins when it exists.
  if ls profdata-format/src/test/java/dev/jprofdata/format/offload/*FuzzTest.java >/dev/null 2>&1; then
    targets+=(OffloadReaderFuzzTest#unifcntsReader)
  fi
fi
mkdir -p bench/work/fuzz
for target in "${targets[@]}"; do
  # A target is Class#method of profdata-format, or module:Class#method of another module.
  module=profdata-format
  t=$target
  case "$target" in
    *:*) module=${target%%:*}; t=${target#*:} ;;
  esac
  log="bench/work/fuzz/${t//#/_}.log"
  echo "== $target -> $log"
  start=$(date +%s)
  # -am builds the modules the target's module depends on (profdata-format for profdata-merge).
  JAZZER_FUZZ=1 ./mvnw -o -Djprofdata.buildDir="${FUZZ_BUILD_DIR:-target-fuzz}" -pl "$module" -am test \
      -Dtest="$t" -Dsurefire.failIfNoSpecifiedTests=false -DargLine="-Xmx${FUZZ_XMX:-512m} -Djazzer.internal.arg.0=jazzer -Djazzer.internal.arg.1=-timeout=${FUZZ_TIMEOUT:-10} ${FUZZ_RUNS:+-Djazzer.max_executions=$FUZZ_RUNS} ${FUZZ_DURATION:+-Djazzer.max_duration=$FUZZ_DURATION}" \
      -DtrimStackTrace=false >"$log" 2>&1 && rc=0 || rc=$?
  end=$(date +%s)
  # libFuzzer's final line: "Done N runs in S second(s)".
  done_line=$(grep -ao 'Done [0-9]* runs in [0-9]* second(s)' "$log" "$module/${FUZZ_BUILD_DIR:-target-fuzz}"/surefire-reports/*.txt 2>/dev/null | tail -1 || true)
  echo "   exit=$rc wall=$((end - start))s ${done_line:-no libFuzzer summary found}"
done
