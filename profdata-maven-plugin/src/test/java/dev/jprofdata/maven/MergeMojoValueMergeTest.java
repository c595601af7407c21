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
 * The goal's {@code valueMerge} reaches the merge: {@code llvm} gives llvm-profdata 22's
 * {@code --num-threads=1} bytes for four real runs whose value sites pass 255 values and repeat a
 * value ({@code fixtures/profiles/vsites_*}), {@code exact} does not.
 */
class MergeMojoValueMergeTest {
    @TempDir
    Path tmp;

    private byte[] merge(String valueMerge, Path profiles) throws Exception {
        MergeMojo mojo = new MergeMojo();
        mojo.basedir = profiles.toFile();
        mojo.inputs = List.of("vsites_1.profraw", "vsites_2.profraw", "vsites_3.profraw", "vsites_4.profraw");
        mojo.output = tmp.resolve(valueMerge + ".profdata").toFile();
        mojo.valueMerge = valueMerge;
        mojo.numThreads = 2;
        mojo.execute();
        return Files.readAllBytes(mojo.output.toPath());
    }

    @Test
    void llvmGivesLlvmProfdatasBytesAndExactKeepsEveryCount() throws Exception {
        Path root = Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath().normalize();
        Path profiles = root.resolve("fixtures/profiles");
        assumeTrue(Files.exists(profiles.resolve("vsites_1.profraw")), "no fixtures");
        byte[] llvmProfdata = Files.readAllBytes(profiles.resolve("vsites.profdata"));
        assertThat(merge("llvm", profiles)).isEqualTo(llvmProfdata);
        assertThat(merge("exact", profiles)).isNotEqualTo(llvmProfdata);
    }

    @Test
    void anUnknownModeFailsTheGoal() {
        MergeMojo mojo = new MergeMojo();
        mojo.basedir = tmp.toFile();
        mojo.inputs = List.of("x.profraw");
        mojo.output = new File(tmp.toFile(), "out.profdata");
        mojo.valueMerge = "fast";
        assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class)
                .hasMessageContaining("valueMerge must be exact or llvm, not fast");
    }
}
