package dev.jprofdata.format.text;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.fuzz.FuzzDrain;
import java.io.ByteArrayInputStream;

/** Fuzz target for the text reader; see {@code RawReaderFuzzTest}. */
class TextReaderFuzzTest {

    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void textReader(byte[] data) throws Exception {
        try {
            FuzzDrain.drain(TextProfileReader.open(new ByteArrayInputStream(data), "fuzz.proftext"));
        } catch (ProfileFormatException e) {
            FuzzDrain.checkClean(e);
        }
    }
}
