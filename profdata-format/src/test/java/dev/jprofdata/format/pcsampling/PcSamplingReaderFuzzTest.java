package dev.jprofdata.format.pcsampling;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Fuzz targets for the PC-sampling readers (as {@code RawReaderFuzzTest} for the profile readers):
 * any input is read or fails with a clean {@link PcSamplingFormatException}. Plain {@code mvn test}
 * runs them on the empty input only; fuzzing runs them open-ended.
 */
class PcSamplingReaderFuzzTest {

    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void samplesCsv(byte[] data) throws Exception {
        PcSamplingDamageSweepTest.read("fuzz_pc_sampling_stochastic.csv", data);
    }

    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void kernelTrace(byte[] data) throws Exception {
        PcSamplingDamageSweepTest.read("kernel_trace.csv", data);
    }

    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void resultsJson(byte[] data) throws Exception {
        PcSamplingDamageSweepTest.read("fuzz_results.json", data);
    }
}
