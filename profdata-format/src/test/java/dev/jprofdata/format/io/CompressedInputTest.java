package dev.jprofdata.format.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.ProfileFormat;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.ProfileRecord;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** gzip and zstd inputs read exactly like their uncompressed originals, in every format. */
class CompressedInputTest {
    @TempDir
    Path dir;

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(CompressedInputTest.class.getResource("/" + name).toURI());
    }

    private Path compress(Path source, Compression compression) throws IOException {
        Path target = dir.resolve(source.getFileName() + "." + compression.name().toLowerCase());
        try (OutputStream out = compression.compress(Files.newOutputStream(target))) {
            Files.copy(source, out);
        }
        return target;
    }

    private record Snapshot(ProfileFormat format, long version, List<ProfileRecord> records, String traces) {
    }

    private static Snapshot read(Path path) throws IOException {
        try (ProfileReader reader = ProfileReaders.open(path, "input")) {
            List<ProfileRecord> records = new ArrayList<>();
            for (ProfileRecord r; (r = reader.next()) != null; ) {
                records.add(r);
            }
            return new Snapshot(reader.format(), reader.displayVersion(), records,
                    reader.temporalTraces(1).traces().toString());
        }
    }

    @ParameterizedTest
    @CsvSource({
        "raw/examples/ir_vp_le32_v10.profraw, GZIP",
        "raw/examples/ir_vp_le32_v10.profraw, ZSTD",
        "raw/examples/fe_two_profiles_le64_v10.profraw, ZSTD",
        "indexed/profdata/fe.profdata, GZIP",
        "indexed/profdata/fe.profdata, ZSTD",
        "text/examples/cs_merged.proftext, GZIP",
        "text/examples/cs_merged.proftext, ZSTD",
    })
    void compressedReadsLikeTheOriginal(String name, Compression compression) throws Exception {
        Path original = resource(name);
        Path compressed = compress(original, compression);
        assertThat(Compression.of(compressed)).isEqualTo(compression);
        assertThat(ProfileReaders.detect(compressed, "input")).isEqualTo(ProfileReaders.detect(original, "input"));
        Snapshot expected = read(original);
        assertThat(expected.records()).isNotEmpty();
        assertThat(read(compressed)).isEqualTo(expected);
    }

    @Test
    void truncatedGzipNamesFileAndCompressedOffset() throws Exception {
        Path gz = compress(resource("indexed/profdata/fe.profdata"), Compression.GZIP);
        byte[] bytes = Files.readAllBytes(gz);
        Path cut = dir.resolve("cut.gz");
        Files.write(cut, Arrays.copyOf(bytes, bytes.length / 2));
        assertThatThrownBy(() -> read(cut))
                .isInstanceOfSatisfying(ProfileFormatException.class, e -> {
                    assertThat(e.file()).isEqualTo("input");
                    assertThat(e.reason()).isEqualTo("truncated gzip data");
                    assertThat(e.offset()).isEqualTo(bytes.length / 2);
                });
    }

    @Test
    void corruptZstdIsAFormatError() throws Exception {
        Path zst = compress(resource("raw/examples/ir_vp_le32_v10.profraw"), Compression.ZSTD);
        byte[] bytes = Files.readAllBytes(zst);
        for (int i = 8; i < bytes.length; i++) {
            bytes[i] ^= 0x5a;
        }
        Path bad = dir.resolve("bad.zst");
        Files.write(bad, bytes);
        assertThatThrownBy(() -> read(bad))
                .isInstanceOfSatisfying(ProfileFormatException.class, e -> {
                    assertThat(e.file()).isEqualTo("input");
                    assertThat(e.reason()).startsWith("malformed zstd data");
                });
    }

    @Test
    void compressedEmptyFileIsAnEmptyProfile() throws Exception {
        Path empty = dir.resolve("empty");
        Files.write(empty, new byte[0]);
        Path gz = compress(empty, Compression.GZIP);
        assertThatThrownBy(() -> read(gz)).isInstanceOfSatisfying(ProfileFormatException.class,
                e -> assertThat(e.reason()).isEqualTo(ProfileReaders.EMPTY_FILE));
    }

    @Test
    void noTemporaryFilesAreLeftBehind() throws Exception {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        long before = countTemporaries(tmp);
        Path zst = compress(resource("indexed/profdata/fe.profdata"), Compression.ZSTD);
        read(zst);
        assertThat(countTemporaries(tmp)).isEqualTo(before);
    }

    private static long countTemporaries(Path tmp) throws IOException {
        try (var files = Files.list(tmp)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".decompressed")).count();
        }
    }

    @Test
    void outputCompressionFollowsTheFileName() {
        assertThat(Compression.forFileName("x.proftext.zst")).isEqualTo(Compression.ZSTD);
        assertThat(Compression.forFileName("x.proftext.gz")).isEqualTo(Compression.GZIP);
        assertThat(Compression.forFileName("x.proftext")).isEqualTo(Compression.NONE);
    }
}
