package dev.jprofdata.format.raw;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.ProfileReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@link HostProfileCheck} may only claim "certainly host" for files the full reader finds no GPU
 * record in, and must claim it for the ordinary host profiles clang writes (else every merge input
 * would be decoded twice).
 */
class HostProfileCheckTest {
    private static final Path FIXTURES =
            Path.of(System.getProperty("jprofdata.root", "..")).resolve("fixtures").toAbsolutePath().normalize();

    private static List<Path> rawFixtures() throws IOException {
        try (Stream<Path> s = Files.walk(FIXTURES)) {
            return s.filter(p -> p.toString().endsWith(".profraw")).sorted().toList();
        }
    }

    /** What the full reader says: a raw v10 device record or a v11/v12 embedded GPU record. */
    private static boolean fullReaderSeesDevice(Path p) {
        try (ProfileReader r = RawProfileReader.open(p, p.getFileName().toString())) {
            return r instanceof RawProfileReader raw && (raw.hasDeviceRecords() || raw.hasEmbeddedDeviceRecords());
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    @Test
    void neverClaimsHostForAFileWithDeviceRecords() throws IOException {
        HostProfileCheck check = new HostProfileCheck();
        int device = 0;
        for (Path p : rawFixtures()) {
            if (fullReaderSeesDevice(p)) {
                device++;
                assertThat(check.isCertainlyHost(p)).as(p.toString()).isFalse();
            }
        }
        assertThat(device).as("device fixtures exist, so the check is exercised").isGreaterThan(5);
    }

    @Test
    void recognisesTheOrdinaryHostProfilesOfClang22() throws IOException {
        HostProfileCheck check = new HostProfileCheck();
        // Reused buffers: a big file after small ones and back must not confuse the check.
        for (String name : List.of("profiles/fe_1.profraw", "profiles/ir_1.profraw", "profiles/cs_1.profraw",
                "versions/profiles/clang14_ir_1.profraw", "versions/profiles/derived/clang19_ir_1.v9.profraw",
                "versions/profiles/derived/clang13_ir_3.v8.profraw", "profiles/fe_2.profraw")) {
            Path p = FIXTURES.resolve(name);
            assertThat(Files.exists(p)).as(p.toString()).isTrue();
            assertThat(check.isCertainlyHost(p)).as(name).isTrue();
        }
    }

    /**
     * Files the check cannot vouch for go to the full reader. (Bytes after value data are not
     * among them, a second profile or junk: where value data ends is not in the header, so the
     * check cannot see them; the merge's reader reports junk, and spec/performance.md says so.)
     */
    @Test
    void isUnsureAboutTruncatedJunkAndUncommonLayouts() {
        HostProfileCheck check = new HostProfileCheck();
        for (String name : List.of("profiles/bad/trunc.profraw",
                "profiles/bad/empty.profraw",
                "versions/profiles/derived/clang22_ir_1.be.profraw", "versions/profiles/clang22_ir32_2.profraw")) {
            assertThat(check.isCertainlyHost(FIXTURES.resolve(name))).as(name).isFalse();
        }
    }
}
