package dev.jprofdata.format.indexed;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.fuzz.FuzzDrain;
import java.nio.ByteBuffer;

/** Fuzz targets for the indexed reader and its value-profile codec; see {@code RawReaderFuzzTest}. */
class IndexedReaderFuzzTest {

    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void indexedReader(byte[] data) throws Exception {
        try {
            IndexedProfileReader reader = IndexedProfileReader.open(ByteBuffer.wrap(data), "fuzz.profdata");
            reader.storedSummary();
            reader.storedCsSummary();
            FuzzDrain.drain(reader);
        } catch (ProfileFormatException e) {
            FuzzDrain.checkClean(e);
        }
    }

    /** The indexed value-profile block decoder on its own (a null result is LLVM's "drop the key"). */
    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void valueProfData(byte[] data) {
        MappedBytes in = MappedBytes.wrap(ByteBuffer.wrap(data), "fuzz.vp");
        try {
            ValueProfDataCodec.Decoded d = ValueProfDataCodec.decode(in, 0, data.length);
            if (d != null && (d.totalSize() < 8 || d.totalSize() > data.length)) {
                throw new AssertionError("block size " + d.totalSize() + " outside the input");
            }
        } catch (ProfileFormatException e) {
            FuzzDrain.checkClean(e);
        }
    }
}
