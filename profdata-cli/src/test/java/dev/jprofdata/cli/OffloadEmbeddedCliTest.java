package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CLI on raw v11/v12 GPU device profiles ({@code fixtures/offload/embedded}, the kernels of the
 * stage-B fixtures with their uniform counters embedded): {@code show --counts} prints the fork's
 * {@code Block wave counts} line, merges sum wave counts with weights, {@code merge --text} refuses
 * wave counters, and a v11 device file is recognised by its content.
 */
class OffloadEmbeddedCliTest {
    @TempDir
    Path tmp;

    private static final String SAXPY_V12 = "gfx90a.default.v12.le64.profraw";
    private static final String SAXPY_V12_BE = "gfx90a.default.v12.be64.profraw";

    @BeforeEach
    void copyFixtures() throws IOException {
        Path dir = CliRun.fixtures().resolve("offload/embedded");
        Assumptions.assumeTrue(Files.isDirectory(dir), "fixtures/offload/embedded absent");
        try (var files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, tmp.resolve(f.getFileName()));
            }
        }
        Files.copy(CliRun.fixtures().resolve("profiles/ir_1.profraw"), tmp.resolve("app.profraw"));
    }

    @Test
    void showCountsPrintsWaveCountsOfARawV12Profile() {
        CliRun show = CliRun.run(tmp, "show", "--counts", "--all-functions", SAXPY_V12);
        assertThat(show.exitCode()).as(show.stderr()).isZero();
        // 64 slots of 10 per block = 640 executions = 10 waves of 64; block 0 is 50 % uniform.
        assertThat(show.stdout()).contains("  saxpy:\n    Hash: 0x0000000000005a5a\n    Counters: 2\n"
                + "    Block counts: [640, 640]\n    Block wave counts: [10, 10]\n    Block uniformity: [D, U]\n");
    }

    @Test
    void mergedWaveCountsAreWeightedAndShownFromTheIndexedFile() {
        CliRun merge = CliRun.run(tmp, "merge", "-o", "w.profdata", SAXPY_V12, "--weighted-input=2," + SAXPY_V12_BE);
        assertThat(merge.exitCode()).as(merge.stderr()).isZero();
        CliRun show = CliRun.run(tmp, "show", "--counts", "--all-functions", "w.profdata");
        assertThat(show.exitCode()).as(show.stderr()).isZero();
        assertThat(show.stdout()).contains("    Block counts: [1920, 1920]\n    Block wave counts: [30, 30]\n"
                + "    Block uniformity: [D, U]\n");
    }

    @Test
    void jsonShowCarriesWaveCountsAndUniformity() {
        CliRun merge = CliRun.run(tmp, "merge", "-o", "w.profdata", SAXPY_V12, "--weighted-input=2," + SAXPY_V12_BE);
        assertThat(merge.exitCode()).as(merge.stderr()).isZero();
        CliRun json = CliRun.run(tmp, "show", "--show-format=json", "--all-functions", "w.profdata");
        assertThat(json.exitCode()).as(json.stderr()).isZero();
        String compact = json.stdout().replaceAll("\\s+", "");
        assertThat(compact).contains("\"counters\":[1920,1920],\"waveCounts\":[30,30],\"uniformBlocks\":[false,true]");
    }

    @Test
    void textOutputRefusesWaveCounts() {
        CliRun text = CliRun.run(tmp, "merge", "--text", "-o", "w.proftext", SAXPY_V12);
        assertThat(text.exitCode()).isEqualTo(1);
        assertThat(text.stderr()).contains("error: text profiles do not support wave counts\n"
                + "summary: 1 function has GPU wave counters; write an indexed profile (version 15) to keep them\n");
        assertThat(tmp.resolve("w.proftext")).doesNotExist();
        // v11 has no wave counters: text works (and drops the uniformity, as for v10 device input).
        CliRun v11 = CliRun.run(tmp, "merge", "--text", "-o", "u.proftext", "gfx90a.default.v11.le64.profraw");
        assertThat(v11.exitCode()).as(v11.stderr()).isZero();
    }

    @Test
    void verboseDescribesEmbeddedUniformCountersAndNoSideFileIsLookedFor() {
        CliRun run = CliRun.run(tmp, "merge", "--verbose", "-o", "d.profdata", "gfx90a.default.v11.le32.profraw");
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stderr()).contains("saxpy: 1/2 blocks uniform (embedded uniform counters) [D, U]\n");
        assertThat(run.stderr()).doesNotContain("unifcnts");
    }

    /** A v11 device profile under a name without any device marker is still split off by its content. */
    @Test
    void aV11DeviceFileIsSplitFromHostInputsByContent() throws IOException {
        Files.copy(tmp.resolve("divergent_v3.amdgcn-amd-amdhsa.0.v11.be64.profraw"), tmp.resolve("kernels.profraw"));
        CliRun run = CliRun.run(tmp, "merge", "-o", "all.profdata", "app.profraw", "kernels.profraw");
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).isEqualTo("host profile: all.profdata (1 inputs)\n"
                + "device profile: all.amdgcn-amd-amdhsa.profdata (1 inputs)\n");
        CliRun show = CliRun.run(tmp, "show", "--uniformity", "all.amdgcn-amd-amdhsa.profdata");
        assertThat(show.stdout()).startsWith("divergent_v3: 3/5 blocks uniform [D, D, U, U, U]\n");
    }
}
