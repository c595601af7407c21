package dev.jprofdata.format.raw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Damaged input must end in a {@link ProfileFormatException} or a normal read: never another
 * exception, never a hang.
 */
class RobustnessTest {
    @TempDir
    Path dir;

    private static final String[] FILES = {
        "examples/ir_vp_le64_v10.profraw", "examples/ir_vp_le32_v10.profraw",
        "examples/ir_vp_le64_v8_clang14.profraw", "examples/fe_mcdc_le64_v10.profraw",
        "examples/ir_vtable_le64_v10.profraw", "examples/fe_two_profiles_le64_v10.profraw",
        "transcripts/inputs/temporal_1.profraw", "temporal/byte_coverage.profraw"};

    /** Every prefix of a real file. */
    @ParameterizedTest
    @ValueSource(strings = {
        "examples/ir_vp_le64_v10.profraw", "examples/ir_vp_le32_v10.profraw",
        "examples/ir_vp_le64_v8_clang14.profraw", "examples/fe_mcdc_le64_v10.profraw",
        "examples/ir_vtable_le64_v10.profraw", "examples/fe_two_profiles_le64_v10.profraw",
        "transcripts/inputs/temporal_1.profraw", "temporal/byte_coverage.profraw"})
    void everyTruncationEitherReadsOrFailsCleanly(String resource) {
        byte[] whole = RawResources.bytes(resource);
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            int failures = 0;
            for (int cut = 0; cut < whole.length; cut++) {
                failures += readFully(Arrays.copyOf(whole, cut), "cut" + cut) ? 0 : 1;
            }
            // Every cut inside the header, records, counters or names must be noticed.
            assertThat(failures).isGreaterThan(whole.length / 2);
        });
    }

    /** Random byte corruption (fixed seed, so failures reproduce). */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7})
    void randomCorruptionEitherReadsOrFailsCleanly(int seed) {
        Random random = new Random(seed);
        byte[] whole = RawResources.bytes(FILES[seed % FILES.length]);
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (int round = 0; round < 300; round++) {
                byte[] damaged = whole.clone();
                int flips = 1 + random.nextInt(4);
                for (int i = 0; i < flips; i++) {
                    int at = random.nextInt(damaged.length);
                    damaged[at] = switch (random.nextInt(3)) {
                        case 0 -> (byte) random.nextInt(256);
                        case 1 -> (byte) 0xFF;
                        default -> 0;
                    };
                }
                readFully(damaged, "fuzz" + round);
            }
        });
    }

    /** True when the bytes read without error; false when they failed with a ProfileFormatException. */
    private boolean readFully(byte[] bytes, String name) throws IOException {
        Path file = dir.resolve(name + ".profraw");
        Files.write(file, bytes);
        try {
            if (bytes.length == 0) {
                RawProfileReader.open(file, name);
                return true;
            }
            try (ProfileReader r = RawProfileReader.open(file, name)) {
                RawResources.readAll(r);
                r.temporalTraces(1);
                r.warnings();
                r.binaryIds();
                return true;
            }
        } catch (ProfileFormatException e) {
            assertThat(e.reason()).isNotBlank();
            assertThat(e.file()).isEqualTo(name);
            return false;
        } finally {
            Files.delete(file);
        }
    }
}
