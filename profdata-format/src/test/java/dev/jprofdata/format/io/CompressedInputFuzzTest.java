package dev.jprofdata.format.io;

import dev.jprofdata.format.ScratchFiles;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.fuzz.FuzzDrain;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Fuzz target for compressed inputs, through the path users hit: the bytes are written to a file
 * and opened with {@link ProfileReaders#open(Path, String)}, which sniffs gzip/zstd, decompresses
 * (text as a stream, raw and indexed spilled to a temporary file) and hands the result to the
 * reader. The first input byte picks a prefix, so that half the inputs reach the decoders even
 * when the fuzzer mutates the magic away: 0-1 none (the seeds are whole .gz/.zst files), 2 the
 * gzip magic and deflate method, 3 the zstd frame magic. See {@code RawReaderFuzzTest} for the
 * contract: only a one-line {@link ProfileFormatException} may escape.
 */
class CompressedInputFuzzTest {
    private static final byte[] GZIP = {0x1f, (byte) 0x8b, 0x08};
    private static final byte[] ZSTD = {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd};
    private static final Path SCRATCH = ScratchFiles.file(".compressed");

    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void compressedInput(byte[] data) throws Exception {
        if (data.length == 0) {
            return;
        }
        byte[] prefix = switch (data[0] & 3) {
            case 2 -> GZIP;
            case 3 -> ZSTD;
            default -> new byte[0];
        };
        byte[] file = new byte[prefix.length + data.length - 1];
        System.arraycopy(prefix, 0, file, 0, prefix.length);
        System.arraycopy(data, 1, file, prefix.length, data.length - 1);
        Files.write(SCRATCH, file);
        try {
            FuzzDrain.drain(ProfileReaders.open(SCRATCH, "fuzz.compressed"));
        } catch (ProfileFormatException e) {
            FuzzDrain.checkClean(e);
        }
    }
}
