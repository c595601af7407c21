package dev.jprofdata.format.sample;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.jprofdata.format.fuzz.FuzzDrain;
import java.nio.ByteBuffer;
import java.util.Set;

/**
 * Fuzz targets for the sample-profile readers; see {@code RawReaderFuzzTest} and
 * {@code bench/FUZZING.md}. {@link #sampleReader} goes through the facade's format detection with
 * the bytes as they come; the four others put one format's leading bytes (magic and version, or
 * GCC's prefix) in front of the data, so that every input reaches that format's reader. The last
 * byte picks a whole read, a selective one (the ext-binary offset-table path) or a read on demand
 * checked against a whole read ({@link SampleProfileIndex}); a flow-sensitive
 * mask is used on odd-length inputs. A finding is any throwable other than a
 * {@link SampleProfileException} with a clean one-line message.
 */
class SampleReaderFuzzTest {

    private static final byte[] BINARY_MAGIC = {(byte) 0xff, (byte) 0xe5, (byte) 0xd0, (byte) 0xb1, (byte) 0xf4,
        (byte) 0xc9, (byte) 0x94, (byte) 0xa8, 0x53, 0x67};
    private static final byte[] EXTBINARY_MAGIC = {(byte) 0x84, (byte) 0xe4, (byte) 0xd0, (byte) 0xb1, (byte) 0xf4,
        (byte) 0xc9, (byte) 0x94, (byte) 0xa8, 0x53, 0x67};

    private static void read(byte[] prefix, byte[] data) throws Exception {
        byte[] all = new byte[prefix.length + data.length];
        System.arraycopy(prefix, 0, all, 0, prefix.length);
        System.arraycopy(data, 0, all, prefix.length, data.length);
        SampleReadOptions options = all.length % 2 == 0 ? SampleReadOptions.DEFAULTS
                : new SampleReadOptions(true, SampleReadOptions.maskForPass("Pass1"));
        if (all.length > 0 && (all[all.length - 1] & 3) == 2) {
            onDemandAgreesWithWholeRead(all, options);
            return;
        }
        try {
            SampleProfile p;
            if (all.length > 0 && (all[all.length - 1] & 1) != 0) {
                p = SampleProfileReaders.readFunctions(ByteBuffer.wrap(all), "fuzz", options,
                        Set.of(FunctionId.of("main"), FunctionId.of("foo")));
            } else {
                p = SampleProfileReaders.read(ByteBuffer.wrap(all), "fuzz", options);
            }
            // What every command does next with a profile.
            SampleSummaries.compute(p);
        } catch (SampleProfileException e) {
            FuzzDrain.checkClean(e);
        }
    }

    /**
     * Reading on demand ({@link SampleProfileReaders#open}) must fail exactly when a whole read
     * fails, with the same message, and otherwise hand out the same profiles.
     */
    private static void onDemandAgreesWithWholeRead(byte[] all, SampleReadOptions options) throws Exception {
        String wholeError = null;
        SampleProfile whole = null;
        try {
            whole = SampleProfileReaders.read(ByteBuffer.wrap(all), "fuzz", options);
        } catch (SampleProfileException e) {
            FuzzDrain.checkClean(e);
            wholeError = e.getMessage();
        }
        SampleProfileIndex onDemand;
        try {
            onDemand = SampleProfileReaders.open(ByteBuffer.wrap(all), "fuzz", options);
        } catch (SampleProfileException e) {
            FuzzDrain.checkClean(e);
            if (!e.getMessage().equals(wholeError)) {
                throw new AssertionError("on demand: " + e.getMessage() + "; whole: " + wholeError);
            }
            return;
        }
        if (wholeError != null) {
            throw new AssertionError("on demand read what a whole read refused: " + wholeError);
        }
        SampleProfileIndexTest.assertSameIndex(onDemand, SampleProfileIndex.of(whole), "fuzz");
    }

    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void sampleReader(byte[] data) throws Exception {
        read(new byte[0], data);
    }

    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void textReader(byte[] data) throws Exception {
        read(new byte[0], data);
    }

    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void binaryReader(byte[] data) throws Exception {
        read(BINARY_MAGIC, data);
    }

    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void extBinaryReader(byte[] data) throws Exception {
        read(EXTBINARY_MAGIC, data);
    }

    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void gccReader(byte[] data) throws Exception {
        read(SampleLayout.GCC_PREFIX, data);
    }
}
