package dev.jprofdata.format.sample;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.jprofdata.format.ProfileFormatException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Fuzz targets for the four sample-profile readers. Each target puts its format's leading bytes
 * in front of the fuzzer's data, so that detection always hands the bytes to that reader, and
 * reads through {@link SampleProfileReaders} as the tools do (a file, mapped). Plain
 * {@code mvn test} replays the kept inputs under {@code SampleReaderFuzzTestInputs/};
 * {@code bench/fuzz.sh} runs the campaign (10 million executions each, a small heap so that an
 * allocation sized by an unchecked field shows up, and a per-input time budget for hangs).
 *
 * <p>What counts as a finding: any throwable other than a {@link ProfileFormatException} whose
 * message is one non-empty line.
 */
class SampleReaderFuzzTest {

    private static final byte[] BINARY_MAGIC = {(byte) 0xff, (byte) 0xe5, (byte) 0xd0, (byte) 0xb1, (byte) 0xf4,
        (byte) 0xc9, (byte) 0x94, (byte) 0xa8, 0x53, 0x67};
    private static final byte[] EXTBINARY_MAGIC = {(byte) 0x84, (byte) 0xe4, (byte) 0xd0, (byte) 0xb1, (byte) 0xf4,
        (byte) 0xc9, (byte) 0x94, (byte) 0xa8, 0x53, 0x67};

    private static final ThreadLocal<Path> FILE = ThreadLocal.withInitial(() -> {
        try {
            Path p = Files.createTempFile("jprofdata-fuzz", ".sprof");
            p.toFile().deleteOnExit();
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    });

    private static void read(byte[] prefix, byte[] data) throws IOException {
        byte[] all = new byte[prefix.length + data.length];
        System.arraycopy(prefix, 0, all, 0, prefix.length);
        System.arraycopy(data, 0, all, prefix.length, data.length);
        Path file = FILE.get();
        Files.write(file, all);
        try {
            SampleProfile p = SampleProfileReaders.read(file, "fuzz.sprof", SampleReadOptions.DEFAULTS);
            // What the tools do next with a profile: summarize it and walk every node.
            SampleSummaries.compute(p);
            if (all.length > 0 && all[0] == (byte) 0x84) {
                SampleProfileReaders.sections(file, "fuzz.sprof");
            }
        } catch (ProfileFormatException e) {
            String m = e.getMessage();
            if (m == null || m.isEmpty() || m.indexOf('\n') >= 0 || e.reason() == null) {
                throw new AssertionError("unclean error message: " + m, e);
            }
        }
    }

    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void textReader(byte[] data) throws IOException {
        read(new byte[0], data);
    }

    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void binaryReader(byte[] data) throws IOException {
        read(BINARY_MAGIC, data);
    }

    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void extBinaryReader(byte[] data) throws IOException {
        read(EXTBINARY_MAGIC, data);
    }

    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void gccReader(byte[] data) throws IOException {
        read(SampleLayout.GCC_PREFIX, data);
    }
}
