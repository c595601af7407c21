package dev.jprofdata.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The goal's {@code sample} mode merges sample profiles with the library's sample merge: a text
 * input merged with weight 3 and once more gives llvm-profdata 22's bytes for the same merge
 * (fixtures/golden/out/sample_weighted.proftext, recorded from the real tool), and an ext-binary
 * output is llvm-profdata's too.
 */
class MergeMojoSampleTest {
    @TempDir
    Path tmp;

    private static Path fixtures() {
        Path root = Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath().normalize();
        return root.resolve("fixtures");
    }

    private MergeMojo mojo(Path profiles, List<String> inputs, String format, String out) {
        MergeMojo mojo = new MergeMojo();
        mojo.basedir = profiles.toFile();
        mojo.inputs = inputs;
        mojo.output = tmp.resolve(out).toFile();
        mojo.sample = true;
        mojo.sampleFormat = format;
        mojo.numThreads = 2;
        return mojo;
    }

    @Test
    void weightedTextMergeIsLlvmProfdatas() throws Exception {
        Path profiles = fixtures().resolve("profiles/sample");
        Path golden = fixtures().resolve("golden/out/sample_weighted.proftext");
        assumeTrue(Files.exists(golden), "no fixtures");
        MergeMojo mojo = mojo(profiles, List.of("3,plain.proftext", "plain.proftext"), "text", "w.proftext");
        mojo.execute();
        assertThat(Files.readString(mojo.output.toPath())).isEqualTo(Files.readString(golden));
    }

    @Test
    void extBinaryOutputIsLlvmProfdatas() throws Exception {
        Path profiles = fixtures().resolve("profiles/sample");
        Path golden = fixtures().resolve("golden/out/sample_ext_cs_probe.sprof");
        assumeTrue(Files.exists(golden), "no fixtures");
        MergeMojo mojo = mojo(profiles, List.of("cs-probe.proftext"), "extbinary", "cs.sprof");
        mojo.execute();
        assertThat(Files.readAllBytes(mojo.output.toPath())).isEqualTo(Files.readAllBytes(golden));
    }

    @Test
    void anUnknownFormatFailsTheGoal() {
        MergeMojo mojo = mojo(tmp, List.of("x.proftext"), "gcc", "out.sprof");
        mojo.output = new File(tmp.toFile(), "out.sprof");
        assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class)
                .hasMessageContaining("sampleFormat must be extbinary, binary or text, not gcc");
    }
}
