package dev.jprofdata.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The goal's {@code sample} merges sample profiles: the bytes llvm-profdata 22 writes for the same
 * inputs and weights (fixtures/golden/out/sample_ext_plain.sprof, sample_weighted.proftext).
 */
class MergeMojoSampleTest {
    @TempDir
    Path tmp;

    private static Path fixtures() {
        return Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath().normalize().resolve("fixtures");
    }

    private MergeMojo mojo(List<String> inputs, String output, boolean text) {
        MergeMojo mojo = new MergeMojo();
        mojo.basedir = fixtures().resolve("profiles/sample").toFile();
        mojo.inputs = inputs;
        mojo.output = tmp.resolve(output).toFile();
        mojo.sample = true;
        mojo.text = text;
        return mojo;
    }

    @Test
    void writesLlvmProfdatasExtBinaryAndWeightedText() throws Exception {
        assumeTrue(Files.exists(fixtures().resolve("golden/out/sample_ext_plain.sprof")), "no fixtures");
        MergeMojo ext = mojo(List.of("plain.proftext"), "plain.sprof", false);
        ext.execute();
        assertThat(Files.readAllBytes(ext.output.toPath()))
                .isEqualTo(Files.readAllBytes(fixtures().resolve("golden/out/sample_ext_plain.sprof")));
        MergeMojo weighted = mojo(List.of("plain.proftext", "3,plain.proftext"), "w.proftext", true);
        weighted.execute();
        assertThat(Files.readString(weighted.output.toPath()))
                .isEqualTo(Files.readString(fixtures().resolve("golden/out/sample_weighted.proftext")));
    }

    @Test
    void maxDroppedFractionRefusesASampleMergeAndWritesNothing() throws Exception {
        assumeTrue(Files.exists(fixtures().resolve("profiles/bad/garbage.txt")), "no fixtures");
        String garbage = fixtures().resolve("profiles/bad/garbage.txt").toString();
        MergeMojo lossy = mojo(List.of("plain.proftext", garbage), "lossy.sprof", false);
        lossy.failureMode = "warn";
        lossy.maxDroppedFraction = "0.25";
        Files.writeString(lossy.output.toPath(), "earlier");

        assertThatThrownBy(lossy::execute).isInstanceOf(MojoFailureException.class)
                .hasMessageContaining("merge dropped more than maxDroppedFraction=0.25 of its input")
                .hasMessageContaining("nothing was written");
        assertThat(Files.readString(lossy.output.toPath())).isEqualTo("earlier");

        // Half the inputs lost is within a half: written.
        lossy.maxDroppedFraction = "0.5";
        lossy.execute();
        assertThat(Files.readAllBytes(lossy.output.toPath()))
                .isEqualTo(Files.readAllBytes(fixtures().resolve("golden/out/sample_ext_plain.sprof")));
    }

    @Test
    void probeAndLineProfilesFailTheGoal() {
        assumeTrue(Files.exists(fixtures().resolve("profiles/sample/hash1.proftext")), "no fixtures");
        MergeMojo mixed = mojo(List.of("hash1.proftext", "plain.proftext"), "x.sprof", false);
        assertThatThrownBy(mixed::execute).isInstanceOf(MojoFailureException.class)
                .hasMessageContaining("cannot merge probe-based profile with non-probe-based profile");
        assertThat(mixed.output).doesNotExist();
    }
}
