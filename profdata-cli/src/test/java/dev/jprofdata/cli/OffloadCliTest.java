package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code merge} and {@code show} on GPU device profiles: the generated files of
 * {@code fixtures/offload} plus a real host raw profile ({@code fixtures/profiles/ir_1.profraw}),
 * copied into a temporary directory.
 */
class OffloadCliTest {
    @TempDir
    Path tmp;

    @BeforeEach
    void copyFixtures() throws IOException {
        Path dir = CliRun.fixtures().resolve("offload");
        Assumptions.assumeTrue(Files.isDirectory(dir), "fixtures/offload absent");
        try (var files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, tmp.resolve(f.getFileName()));
            }
        }
        Files.copy(CliRun.fixtures().resolve("profiles/ir_1.profraw"), tmp.resolve("app.profraw"));
    }

    private static long versionOf(Path p) throws IOException {
        return ByteBuffer.wrap(Files.readAllBytes(p)).order(ByteOrder.LITTLE_ENDIAN).getLong(8) & 0xFFFF_FFFFL;
    }

    @Test
    void mixedMergeWritesHostAndDeviceFiles() throws IOException {
        CliRun run = CliRun.run(tmp, "merge", "-o", "app.profdata", "app.profraw",
                "divergent_v3.amdgcn-amd-amdhsa.0.profraw", "gfx90a.default.profraw", "gfx90a.1.default.profraw");
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).isEqualTo("host profile: app.profdata (1 inputs)\n"
                + "device profile: app.amdgcn-amd-amdhsa.profdata (3 inputs)\n");
        assertThat(run.stderr()).isEmpty();
        // The host file is exactly what a host-only merge writes (the golden tests tie that to LLVM 22).
        CliRun host = CliRun.run(tmp, "merge", "-o", "hostonly.profdata", "app.profraw");
        assertThat(host.exitCode()).isZero();
        assertThat(Files.readAllBytes(tmp.resolve("app.profdata")))
                .isEqualTo(Files.readAllBytes(tmp.resolve("hostonly.profdata")));
        assertThat(versionOf(tmp.resolve("app.profdata"))).isEqualTo(13);
        assertThat(versionOf(tmp.resolve("app.amdgcn-amd-amdhsa.profdata"))).isEqualTo(14);

        CliRun show = CliRun.run(tmp, "show", "--uniformity", "app.amdgcn-amd-amdhsa.profdata");
        assertThat(show.exitCode()).isZero();
        assertThat(show.stdout().lines().sorted().toList()).containsExactly(
                "Total: 4/7 blocks uniform in 2 device functions",
                "divergent_v3: 3/5 blocks uniform [D, D, U, U, U]",
                "saxpy: 1/2 blocks uniform [D, U]");

        CliRun counts = CliRun.run(tmp, "show", "--counts", "--function=divergent", "app.amdgcn-amd-amdhsa.profdata");
        assertThat(counts.stdout()).contains("  divergent_v3:\n    Hash: 0x0000000000002222\n    Counters: 5\n"
                + "    Block counts: [40960, 81920, 122880, 163840, 204800]\n"
                + "    Block uniformity: [D, D, U, U, U]\n");
    }

    /**
     * A raw device profile whose name says nothing: the host merge finds its device records when it
     * opens it and sets it apart for the device merge — in any position and with any thread count,
     * the files written are those of a split by name.
     */
    @Test
    void aDeviceProfileWithAHostNameIsFoundByTheHostOnlyMerge() throws IOException {
        Files.copy(tmp.resolve("divergent_v3.amdgcn-amd-amdhsa.0.profraw"), tmp.resolve("kernel.profraw"));
        Files.copy(tmp.resolve("divergent_v3.amdgcn-amd-amdhsa.0.unifcnts"), tmp.resolve("kernel.unifcnts"));
        CliRun expected = CliRun.run(tmp, "merge", "-o", "named.profdata", "app.profraw",
                "divergent_v3.amdgcn-amd-amdhsa.0.profraw");
        assertThat(expected.exitCode()).as(expected.stderr()).isZero();
        for (String threads : new String[] {"1", "2"}) {
            for (boolean deviceFirst : new boolean[] {false, true}) {
                String[] inputs = deviceFirst ? new String[] {"kernel.profraw", "app.profraw"}
                        : new String[] {"app.profraw", "kernel.profraw"};
                CliRun run = CliRun.run(tmp, "merge", "-j", threads, "-o", "app.profdata", inputs[0], inputs[1]);
                assertThat(run.exitCode()).as(run.stderr()).isZero();
                assertThat(run.stdout()).isEqualTo("host profile: app.profdata (1 inputs)\n"
                        + "device profile: app.amdgcn-amd-amdhsa.profdata (1 inputs)\n");
                assertThat(run.stderr()).isEmpty();
                assertThat(Files.readAllBytes(tmp.resolve("app.profdata")))
                        .isEqualTo(Files.readAllBytes(tmp.resolve("named.profdata")));
                assertThat(Files.readAllBytes(tmp.resolve("app.amdgcn-amd-amdhsa.profdata")))
                        .isEqualTo(Files.readAllBytes(tmp.resolve("named.amdgcn-amd-amdhsa.profdata")));
            }
        }
    }

    @Test
    void noSplitWritesOneV14File() throws IOException {
        CliRun run = CliRun.run(tmp, "merge", "--no-split", "-o", "all.profdata", "app.profraw",
                "uniform_v3.amdgcn-amd-amdhsa.0.profraw");
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).isEmpty();
        assertThat(tmp.resolve("all.amdgcn-amd-amdhsa.profdata")).doesNotExist();
        assertThat(versionOf(tmp.resolve("all.profdata"))).isEqualTo(14);
        CliRun show = CliRun.run(tmp, "show", "--uniformity", "all.profdata");
        assertThat(show.stdout()).isEqualTo("uniform_v3: 5/5 blocks uniform [U, U, U, U, U]\n"
                + "Total: 5/5 blocks uniform in 1 device function\n");
    }

    @Test
    void missingSideFileWarnsAndVerboseShowsTheRfcLog() {
        CliRun run = CliRun.run(tmp, "merge", "--verbose", "-o", "dev.profdata",
                "nounif.amdgcn-amd-amdhsa.0.profraw", "uniform_v3.amdgcn-amd-amdhsa.0.profraw");
        assertThat(run.exitCode()).isZero();
        assertThat(run.stderr()).contains("warning: nounif.amdgcn-amd-amdhsa.0.unifcnts: not found; "
                + "nounif.amdgcn-amd-amdhsa.0.profraw is merged without uniformity data\n");
        assertThat(run.stderr()).contains("uniform_v3: NumCounters: 1280, NumOffloadProfilingThreads: 255\n"
                + "uniform_v3: reduced 1280 slots to 5 counters\n"
                + "uniform_v3: 5/5 blocks uniform (from .unifcnts) [U, U, U, U, U]\n");
    }

    @Test
    void thresholdWritePrevVersionAndBadThreshold() throws IOException {
        CliRun half = CliRun.run(tmp, "merge", "--uniformity-threshold=0.5", "-o", "h.profdata",
                "divergent_v3.amdgcn-amd-amdhsa.0.profraw");
        assertThat(half.exitCode()).isZero();
        assertThat(CliRun.run(tmp, "show", "--uniformity", "h.profdata").stdout())
                .startsWith("divergent_v3: 5/5 blocks uniform");

        CliRun prev = CliRun.run(tmp, "merge", "--write-prev-version", "-o", "p.profdata",
                "divergent_v3.amdgcn-amd-amdhsa.0.profraw");
        assertThat(prev.exitCode()).isZero();
        assertThat(prev.stderr()).isEqualTo(
                "warning: GPU block uniformity is dropped: indexed version 11 cannot hold it\n");
        assertThat(versionOf(tmp.resolve("p.profdata"))).isEqualTo(11);

        CliRun bad = CliRun.run(tmp, "merge", "--uniformity-threshold=2", "-o", "b.profdata",
                "divergent_v3.amdgcn-amd-amdhsa.0.profraw");
        assertThat(bad.exitCode()).isNotZero();
        assertThat(bad.stderr()).contains("--uniformity-threshold option: '2' is not a number between 0 and 1");
    }

    @Test
    void showOnARawDeviceProfileReportsSlots() {
        CliRun show = CliRun.run(tmp, "show", "--counts", "--all-functions", "gfx90a.default.profraw");
        assertThat(show.exitCode()).isZero();
        assertThat(show.stdout()).contains("  saxpy:\n    Hash: 0x0000000000005a5a\n    Counters: 2\n"
                + "    Device slots: 128 (2 blocks x 64 slots, NumOffloadProfilingThreads 63)\n"
                + "    Block counts: [640, 640]\n    Block uniformity: [D, U]\n");
    }

    @Test
    void malformedDeviceRecordFailsCleanlyAndWritesNothing() throws IOException {
        byte[] bytes = Files.readAllBytes(tmp.resolve("uniform_v3.amdgcn-amd-amdhsa.0.profraw"));
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(128 + 16, b.getLong(128 + 16) + 8); // CounterPtr one counter too far: slots overrun
        Files.write(tmp.resolve("bad.amdgcn-amd-amdhsa.0.profraw"), bytes);
        CliRun run = CliRun.run(tmp, "merge", "-o", "app.profdata", "app.profraw", "bad.amdgcn-amd-amdhsa.0.profraw");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr()).contains("warning: bad.amdgcn-amd-amdhsa.0.profraw: malformed instrumentation profile"
                + " data: number of counters 1280 is greater than the maximum number of counters 1279 (device record 0"
                + " (uniform_v3, NumOffloadProfilingThreads 255): 5 blocks x 256 slots)");
        assertThat(run.stderr()).contains("error: no profile can be merged");
        assertThat(tmp.resolve("app.profdata")).doesNotExist();
        assertThat(tmp.resolve("app.amdgcn-amd-amdhsa.profdata")).doesNotExist();
    }
}
