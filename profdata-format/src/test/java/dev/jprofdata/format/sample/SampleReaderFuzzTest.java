package dev.jprofdata.format.sample;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.jprofdata.format.fuzz.FuzzDrain;
import java.nio.ByteBuffer;
import java.util.Set;

/**
 * Fuzz target for the sample-profile readers (every format, through the facade's format detection);
 * see {@code RawReaderFuzzTest} and {@code bench/FUZZING.md}. The last byte picks a whole read or a
 * selective one (the ext-binary offset-table path); a flow-sensitive mask is used on odd inputs.
 */
class SampleReaderFuzzTest {

    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void sampleReader(byte[] data) throws Exception {
        SampleReadOptions options = data.length % 2 == 0 ? SampleReadOptions.DEFAULTS
                : new SampleReadOptions(true, SampleReadOptions.maskForPass("Pass1"));
        try {
            if (data.length > 0 && (data[data.length - 1] & 1) != 0) {
                SampleProfileReaders.readFunctions(ByteBuffer.wrap(data), "fuzz", options,
                        Set.of(FunctionId.of("main"), FunctionId.of("foo")));
            } else {
                SampleProfileReaders.read(ByteBuffer.wrap(data), "fuzz", options);
            }
        } catch (SampleProfileException e) {
            FuzzDrain.checkClean(e);
        }
    }
}
