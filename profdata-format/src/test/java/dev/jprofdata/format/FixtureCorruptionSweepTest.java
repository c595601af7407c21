package dev.jprofdata.format;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.fuzz.FuzzDrain;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Truncation and bit-flip sweeps (issue 6) over every profile in {@code fixtures/profiles/}, through
 * the path every command takes ({@link ProfileReaders#open} on a file, then every record): each
 * damaged copy either reads or fails with a clean one-line {@link ProfileFormatException}; nothing
 * else may escape, and nothing may hang.
 *
 * <p>Cuts: every offset in the first 256 bytes and in the last 32, every 11th in between (in files
 * of more than 66 KB, about 6,000 evenly spaced cuts in between: the six 230-260 KB "wide" raw
 * files took over a minute each at every 11th byte, close to the hang guard on a busy machine,
 * and the middle of their counter arrays is all alike). Flips:
 * every bit of the first 64 bytes (headers), plus 96 seeded random bits anywhere. The damaged
 * copies are written to /dev/shm when it exists, to keep the sweep fast.
 */
class FixtureCorruptionSweepTest {

    @TempDir
    static Path tempDir;

    private static Path scratch;

    @org.junit.jupiter.api.BeforeAll
    static void pickScratch() throws IOException {
        Path shm = Path.of("/dev/shm");
        scratch = Files.isDirectory(shm) && Files.isWritable(shm) ? Files.createTempDirectory(shm, "jprofdata-sweep")
                : tempDir;
    }

    @org.junit.jupiter.api.AfterAll
    static void dropScratch() throws IOException {
        if (!scratch.equals(tempDir)) {
            try (Stream<Path> s = Files.list(scratch)) {
                for (Path p : (Iterable<Path>) s::iterator) {
                    Files.deleteIfExists(p);
                }
            }
            Files.deleteIfExists(scratch);
        }
    }

    static Stream<Path> fixtures() throws IOException {
        Path root = Path.of(System.getProperty("jprofdata.root", "..")).resolve("fixtures").toAbsolutePath().normalize();
        Assumptions.assumeTrue(Files.isDirectory(root.resolve("profiles")), "fixtures/ not found");
        List<Path> files = new ArrayList<>();
        for (String dir : List.of("profiles", "profiles/bad", "offload", "offload/embedded")) {
            Path d = root.resolve(dir);
            if (!Files.isDirectory(d)) {
                continue;
            }
            try (Stream<Path> s = Files.list(d)) {
                s.filter(Files::isRegularFile)
                        .filter(p -> p.toString().matches(".*\\.(profraw|profdata|proftext)"))
                        // Raw v11/v12: all layouts (2 versions x 3 widths/orders) of one two-kernel file.
                        .filter(p -> !dir.equals("offload/embedded")
                                || p.getFileName().toString().startsWith("app.amdgcn-amd-amdhsa.0."))
                        .sorted()
                        .forEach(files::add);
            }
        }
        return files.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void everyTruncationReadsOrFailsCleanly(Path fixture) throws Exception {
        byte[] bytes = Files.readAllBytes(fixture);
        Path victim = scratch.resolve("cut-" + fixture.getFileName());
        int step = Math.max(11, (bytes.length / 6000) | 1);
        Assertions.assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            for (int len = 0; len < bytes.length; len++) {
                if (len > 256 && len < bytes.length - 32 && len % step != 0) {
                    continue;
                }
                Files.write(victim, java.util.Arrays.copyOf(bytes, len));
                readOrFailCleanly(victim);
            }
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void everyHeaderBitFlipAndRandomFlipsReadOrFailCleanly(Path fixture) throws Exception {
        byte[] bytes = Files.readAllBytes(fixture);
        Assumptions.assumeTrue(bytes.length > 0);
        Path victim = scratch.resolve("flip-" + fixture.getFileName());
        SplittableRandom random = new SplittableRandom(fixture.getFileName().toString().hashCode());
        Assertions.assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            int headerBits = 8 * Math.min(64, bytes.length);
            for (int flip = 0; flip < headerBits + 96; flip++) {
                long bit = flip < headerBits ? flip : random.nextLong(8L * bytes.length);
                byte[] copy = bytes.clone();
                copy[(int) (bit >>> 3)] ^= (byte) (1 << (bit & 7));
                Files.write(victim, copy);
                readOrFailCleanly(victim);
            }
        });
    }

    private static void readOrFailCleanly(Path file) throws Exception {
        try {
            FuzzDrain.drain(ProfileReaders.open(file, "victim"));
        } catch (ProfileFormatException e) {
            FuzzDrain.checkClean(e);
            assertThat(e.file()).isEqualTo("victim");
        }
    }
}
