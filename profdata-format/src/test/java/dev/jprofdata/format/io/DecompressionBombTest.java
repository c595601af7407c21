package dev.jprofdata.format.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tiny compressed file that inflates hugely is refused once it passes the bomb limit, instead of
 * filling the temporary file system up to its 64 MiB margin.
 */
class DecompressionBombTest {
    @TempDir
    Path dir;

    /** Raw-profile magic followed by {@code zeros} zero bytes, zstd compressed (a few KiB). */
    private Path zstdBomb(long zeros) throws IOException {
        Path bomb = dir.resolve("bomb.profraw.zst");
        try (OutputStream out = Compression.ZSTD.compress(Files.newOutputStream(bomb))) {
            out.write(new byte[] {(byte) 0x81, 'r', 'f', 'o', 'r', 'p', 'l', (byte) 0xff});
            byte[] block = new byte[1 << 20];
            for (long left = zeros; left > 0; left -= block.length) {
                out.write(block, 0, (int) Math.min(block.length, left));
            }
        }
        return bomb;
    }

    @Test
    void limitIsTheFloorOrTheRatioWhicheverIsLarger() {
        assertThat(Decompression.limit(10)).isEqualTo(Decompression.BOMB_FLOOR);
        assertThat(Decompression.limit(1L << 20)).isEqualTo(Decompression.DEFAULT_MAX_RATIO << 20);
        assertThat(Decompression.limit(Long.MAX_VALUE / 2)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void tinyZstdBombIsRefusedAndLeavesNoTemporaryFile() throws Exception {
        Path bomb = zstdBomb(Decompression.BOMB_FLOOR + (16 << 20));
        long compressed = Files.size(bomb);
        assertThat(compressed).isLessThan(64 << 10);
        long before = countTemporaries();
        assertThatThrownBy(() -> {
            try (ProfileReader r = ProfileReaders.open(bomb, "bomb.zst")) {
                r.next();
            }
        }).isInstanceOfSatisfying(ProfileFormatException.class, e -> {
            assertThat(e.file()).isEqualTo("bomb.zst");
            assertThat(e.kind()).isEqualTo(ProfileFormatException.Kind.DECOMPRESSION_LIMIT);
            assertThat(e.reason()).isEqualTo("decompressed zstd data is larger than " + Decompression.BOMB_FLOOR
                    + " bytes (a decompression bomb? -Djprofdata.maxDecompressionRatio=N raises the limit)");
            assertThat(e.offset()).isBetween(0L, compressed);
            assertThat(e.getMessage()).doesNotContain("\n");
        });
        assertThat(countTemporaries()).isEqualTo(before);
    }

    @Test
    void smallerZstdBombIsReadUpToTheFloor() throws Exception {
        // 8 MiB of zeros from a few hundred bytes: well past 256:1 but under the floor, so it is
        // decompressed and the raw reader reports the real problem (a header of zeros).
        Path bomb = zstdBomb(8 << 20);
        assertThatThrownBy(() -> {
            try (ProfileReader r = ProfileReaders.open(bomb, "bomb.zst")) {
                r.next();
            }
        }).isInstanceOfSatisfying(ProfileFormatException.class,
                e -> assertThat(e.reason()).doesNotStartWith("decompressed"));
    }

    private static long countTemporaries() throws IOException {
        try (var files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return files.filter(p -> p.getFileName().toString().endsWith(".decompressed")).count();
        }
    }
}
