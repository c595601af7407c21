package dev.jprofdata.format.raw;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.fuzz.FuzzDrain;
import java.nio.ByteBuffer;

/**
 * Fuzz targets for the raw reader and its two sub-decoders. Plain {@code mvn test} replays the kept
 * corpus under {@code RawReaderFuzzTestInputs/}; {@code bench/fuzz.sh} (JAZZER_FUZZ=1) runs the
 * campaign. The script gives libFuzzer a per-input time budget ({@code -timeout=10}, passed as the
 * JUnit configuration parameter {@code jazzer.internal.arg.1}), so a loop that does not advance is a
 * finding; a JUnit {@code @Timeout} would not do, since it also bounds the whole campaign.
 */
class RawReaderFuzzTest {

    /**
     * The whole raw reader: every version, width and byte order the seeds show it; and its batch
     * mode, which must give exactly the records and the error of {@code next()}
     * ({@link RawBatchModeTest#compare}).
     */
    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void rawReader(byte[] data) throws Exception {
        try {
            FuzzDrain.drain(RawProfileReader.open(ByteBuffer.wrap(data), "fuzz.profraw"));
        } catch (ProfileFormatException e) {
            FuzzDrain.checkClean(e);
        }
        RawBatchModeTest.compare(data, "fuzz.profraw");
    }

    /** The names blob decoder (chunks of ULEB lengths, stored or zlib payloads). */
    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void namesDecoder(byte[] data) {
        try {
            NamesSectionDecoder.decode(RawBytes.wrap(ByteBuffer.wrap(data)), 0, data.length, "fuzz.names");
        } catch (ProfileFormatException e) {
            FuzzDrain.checkClean(e);
        }
    }

    /**
     * The raw value-profile decoder. The first byte picks the byte order; the resolver knows a few
     * addresses so that remapping runs too.
     */
    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void valueProfData(byte[] data) {
        if (data.length == 0) {
            return;
        }
        RawBytes bytes = RawBytes.wrap(ByteBuffer.wrap(data, 1, data.length - 1));
        if ((data[0] & 1) != 0) {
            bytes = bytes.withOrder(java.nio.ByteOrder.BIG_ENDIAN);
        }
        AddressResolver resolver = new AddressResolver(new long[] {0x1000, 0x2000}, new long[] {11, 22},
                new long[] {0x4000}, new long[] {0x4100}, new long[] {33});
        long at = 0;
        try {
            // Several blobs back to back, as in a value-data section.
            while (at < bytes.size()) {
                ValueProfDataDecoder.Decoded d = ValueProfDataDecoder.decode(bytes, at, resolver, "fuzz.vp");
                if (d.totalSize() <= 0) {
                    throw new AssertionError("value blob of size " + d.totalSize() + " does not advance");
                }
                at += d.totalSize();
            }
        } catch (ProfileFormatException e) {
            FuzzDrain.checkClean(e);
        }
    }
}
