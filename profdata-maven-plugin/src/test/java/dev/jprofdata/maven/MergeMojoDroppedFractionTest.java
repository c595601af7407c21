package dev.jprofdata.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The goal's {@code maxDroppedFraction} refuses a merge as {@code jprofdata merge
 * --max-dropped-fraction} does, with the same figures, and leaves the previous output as it was:
 * two real runs and a text profile whose one record has another number of counters (9 of 187
 * counts, 4.81 %, dropped).
 */
class MergeMojoDroppedFractionTest {
    @TempDir
    Path tmp;

    private MergeMojo mojo(String fraction) {
        Path profiles = Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath().normalize()
                .resolve("fixtures/profiles");
        assumeTrue(Files.exists(profiles.resolve("counter_mismatch.proftext")), "no fixtures");
        MergeMojo mojo = new MergeMojo();
        mojo.basedir = profiles.toFile();
        mojo.inputs = List.of("ir_1.profraw", "counter_mismatch.proftext", "ir_2.profraw");
        mojo.output = tmp.resolve("merged.profdata").toFile();
        mojo.numThreads = 1;
        mojo.maxDroppedFraction = fraction;
        return mojo;
    }

    @Test
    void aMergeThatDropsMoreThanTheLimitWritesNothing() throws Exception {
        byte[] previous = "previous".getBytes(StandardCharsets.US_ASCII);
        Files.write(tmp.resolve("merged.profdata"), previous);
        assertThatThrownBy(mojo("0.04")::execute).isInstanceOf(MojoFailureException.class)
                .hasMessage("jprofdata: merge dropped more than maxDroppedFraction=0.04 of its input: 4.81% of the"
                        + " counts read, 0.00% of the inputs lost entirely; nothing was written");
        assertThat(Files.readAllBytes(tmp.resolve("merged.profdata"))).isEqualTo(previous);

        mojo("0.05").execute();
        assertThat(Files.readAllBytes(tmp.resolve("merged.profdata"))).isNotEqualTo(previous);
    }

    @Test
    void withoutALimitTheMergeIsWritten() throws Exception {
        mojo(null).execute();
        assertThat(tmp.resolve("merged.profdata")).exists();
    }

    @Test
    void aLimitOutsideZeroToOneFailsTheGoal() {
        for (String bad : List.of("1.5", "-0.1", "half")) {
            assertThatThrownBy(mojo(bad)::execute).as(bad).isInstanceOf(MojoExecutionException.class)
                    .hasMessageContaining("maxDroppedFraction must be a number from 0 to 1, not " + bad);
        }
    }
}
