package dev.jprofdata.format.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.ProfileRecord;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What follows a gzip member (spec/compressed-inputs.md): another member is read on, as gzip -d
 * reads it; zero bytes are padding; anything else is refused with its offset instead of being
 * ignored. And gzip inputs can trip the decompression-bomb guard.
 */
class GzipMembersTest {
    @TempDir
    Path dir;

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(GzipMembersTest.class.getResource("/" + name).toURI());
    }

    private static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = Compression.GZIP.compress(bytes)) {
            out.write(data);
        }
        return bytes.toByteArray();
    }

    private static List<ProfileRecord> records(Path path) throws IOException {
        try (ProfileReader reader = ProfileReaders.open(path, "input.gz")) {
            List<ProfileRecord> records = new ArrayList<>();
            for (ProfileRecord r; (r = reader.next()) != null; ) {
                records.add(r);
            }
            return records;
        }
    }

    private Path write(String name, byte[]... parts) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            all.writeBytes(p);
        }
        Path p = dir.resolve(name);
        Files.write(p, all.toByteArray());
        return p;
    }

    @ParameterizedTest
    @ValueSource(strings = {"text/examples/cs_merged.proftext", "raw/examples/ir_vp_le32_v10.profraw",
        "indexed/profdata/fe.profdata"})
    void trailingGarbageIsRefusedWithItsOffset(String name) throws Exception {
        byte[] gz = gzip(Files.readAllBytes(resource(name)));
        Path withGarbage = write("garbage.gz", gz, "garbage".getBytes(StandardCharsets.US_ASCII));
        assertThatThrownBy(() -> records(withGarbage)).isInstanceOfSatisfying(ProfileFormatException.class, e -> {
            assertThat(e.file()).isEqualTo("input.gz");
            assertThat(e.reason()).isEqualTo("trailing garbage after gzip data (not a gzip member)");
            assertThat(e.offset()).isEqualTo(gz.length);
        });
    }

    @Test
    void membersAreReadOnAndTrailingZerosAreIgnoredAsGzipDoes() throws Exception {
        Path original = resource("text/examples/cs_merged.proftext");
        byte[] text = Files.readAllBytes(original);
        int half = text.length / 2;
        Path twoMembers = write("two.gz", gzip(Arrays.copyOf(text, half)),
                gzip(Arrays.copyOfRange(text, half, text.length)), new byte[100]);
        List<ProfileRecord> expected = records(original);
        assertThat(expected).isNotEmpty();
        assertThat(records(twoMembers)).isEqualTo(expected);
    }

    @Test
    void zerosFollowedByGarbageAreRefused() throws Exception {
        byte[] gz = gzip(Files.readAllBytes(resource("text/examples/cs_merged.proftext")));
        Path p = write("zeros.gz", gz, new byte[16], new byte[] {7});
        assertThatThrownBy(() -> records(p)).isInstanceOfSatisfying(ProfileFormatException.class,
                e -> assertThat(e.offset()).isEqualTo(gz.length));
    }

    @Test
    void truncatedSecondMemberIsTruncatedData() throws Exception {
        byte[] gz = gzip(Files.readAllBytes(resource("text/examples/cs_merged.proftext")));
        Path p = write("cut.gz", gz, Arrays.copyOf(gz, 6));
        assertThatThrownBy(() -> records(p)).isInstanceOfSatisfying(ProfileFormatException.class,
                e -> assertThat(e.reason()).isEqualTo("truncated gzip data"));
    }

    @Test
    void corruptTrailerIsMalformed() throws Exception {
        byte[] gz = gzip(Files.readAllBytes(resource("text/examples/cs_merged.proftext")));
        gz[gz.length - 6] ^= 1; // the CRC
        Path p = write("crc.gz", gz);
        assertThatThrownBy(() -> records(p)).isInstanceOfSatisfying(ProfileFormatException.class,
                e -> assertThat(e.reason()).startsWith("malformed gzip data:"));
    }

    /**
     * A gzip bomb: 272 MiB of zeros in about 270 KiB. Deflate cannot pass about 1032:1, so a ratio
     * limit of 4096 (the old default) let every gzip input through; at 256 it trips.
     */
    @Test
    void gzipBombTripsTheGuard() throws Exception {
        Path bomb = dir.resolve("bomb.profraw.gz");
        try (OutputStream out = Compression.GZIP.compress(Files.newOutputStream(bomb))) {
            out.write(new byte[] {(byte) 0x81, 'r', 'f', 'o', 'r', 'p', 'l', (byte) 0xff});
            byte[] block = new byte[1 << 20];
            for (long left = Decompression.BOMB_FLOOR + (16 << 20); left > 0; left -= block.length) {
                out.write(block, 0, (int) Math.min(block.length, left));
            }
        }
        long compressed = Files.size(bomb);
        assertThat(compressed).isGreaterThan(Decompression.BOMB_FLOOR / 4096);
        assertThatThrownBy(() -> ProfileReaders.open(bomb, "bomb.gz").close())
                .isInstanceOfSatisfying(ProfileFormatException.class, e -> {
                    assertThat(e.reason()).isEqualTo("decompressed gzip data is larger than "
                            + Decompression.BOMB_FLOOR + " bytes (a decompression bomb?"
                            + " -Djprofdata.maxDecompressionRatio=N raises the limit)");
                    assertThat(e.offset()).isBetween(0L, compressed);
                });
    }
}
