package dev.jprofdata.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link KindProbe} reads 16 bytes of a raw or indexed input and takes every other input the long
 * way; both must give the kind the full reader gives, and the size as stored.
 */
class KindProbeTest {
    private static final Path FIXTURES = Path.of(System.getProperty("jprofdata.root", ".."))
            .toAbsolutePath().resolve("fixtures/profiles").normalize();

    @TempDir
    Path dir;

    static Stream<Path> profiles() throws IOException {
        try (Stream<Path> files = Files.list(FIXTURES)) {
            List<Path> all = files.filter(p -> p.toString().matches(".*\\.(profraw|profdata|proftext)"))
                    .sorted().toList();
            return all.stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("profiles")
    void givesTheReadersKindAndTheStoredSize(Path profile) throws IOException {
        ProfileKind expected;
        try (ProfileReader reader = ProfileReaders.open(profile, profile.toString())) {
            expected = reader.kind();
        } catch (ProfileFormatException e) {
            return; // a fixture the reader refuses (damaged on purpose): nothing to compare with
        }
        KindProbe.Head head = KindProbe.probe(profile, profile.toString());
        assertThat(head.kind()).isEqualTo(expected);
        assertThat(head.size()).isEqualTo(Files.size(profile));
    }

    @Test
    void findsTheKindOfCompressedAndByteSwappedRawHeaders() throws IOException {
        Path ir = FIXTURES.resolve("ir_1.profraw");
        ProfileKind expected = KindProbe.probe(ir, "ir").kind();
        assertThat(expected.isUnknown()).isFalse();
        byte[] bytes = Files.readAllBytes(ir);

        Path gz = dir.resolve("ir.profraw.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(bytes);
        }
        KindProbe.Head compressed = KindProbe.probe(gz, "ir.gz");
        assertThat(compressed.kind()).as("decompressed first").isEqualTo(expected);
        assertThat(compressed.size()).isEqualTo(Files.size(gz));

        // A big-endian writer stores magic and version word byte-swapped; only they are read.
        byte[] swapped = Arrays.copyOf(bytes, 64);
        reverse(swapped, 0, 8);
        reverse(swapped, 8, 16);
        Path be = dir.resolve("be.profraw");
        Files.write(be, swapped);
        assertThat(KindProbe.probe(be, "be").kind()).isEqualTo(expected);
    }

    @Test
    void shortEmptyAndMissingInputsGoTheLongWay() throws IOException {
        Path shortRaw = dir.resolve("short.profraw");
        Files.write(shortRaw, Arrays.copyOf(Files.readAllBytes(FIXTURES.resolve("ir_1.profraw")), 10));
        assertThat(KindProbe.probe(shortRaw, "short").kind().isUnknown())
                .as("too short for a version: the reader reports it").isTrue();

        Path empty = dir.resolve("empty.profraw");
        Files.write(empty, new byte[0]);
        assertThatThrownBy(() -> KindProbe.probe(empty, "empty"))
                .isInstanceOfSatisfying(ProfileFormatException.class,
                        e -> assertThat(e.reason()).isEqualTo(ProfileReaders.EMPTY_FILE));

        assertThatThrownBy(() -> KindProbe.probe(dir.resolve("missing.profraw"), "missing"))
                .isInstanceOf(ProfileFormatException.class)
                .hasMessageContaining("missing")
                .hasMessageContaining("No such file or directory");
    }

    private static void reverse(byte[] b, int from, int to) {
        for (int i = from, j = to - 1; i < j; i++, j--) {
            byte t = b[i];
            b[i] = b[j];
            b[j] = t;
        }
    }
}
