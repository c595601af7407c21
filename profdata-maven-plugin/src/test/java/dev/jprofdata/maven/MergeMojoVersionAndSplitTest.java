package dev.jprofdata.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The goal writes the version the CLI's {@code --for-llvm}/{@code --index-version}/
 * {@code --write-prev-version} would (the library's plan), byte-identical to what that release's
 * llvm-profdata wrote for the same clang-19 runs (goldens of the CLI's tests), refuses to lose data
 * unless {@code dropUnsupported}, and splits GPU device profiles into the output's
 * {@code .amdgcn-amd-amdhsa} sibling as {@code jprofdata merge} does.
 */
class MergeMojoVersionAndSplitTest {
    private static final Path ROOT = Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath().normalize();
    private static final Path VERSIONS = ROOT.resolve("profdata-cli/src/test/resources/indexversions");
    private static final List<String> RAWS_19 = List.of("ir_p1_19_a.profraw", "ir_p1_19_b.profraw",
            "ir_p2_19_a.profraw", "ir_p2_19_b.profraw");

    @TempDir
    Path tmp;

    private MergeMojo mojo(Path basedir, List<String> inputs) {
        assumeTrue(Files.isDirectory(basedir), "no fixtures");
        MergeMojo mojo = new MergeMojo();
        mojo.basedir = basedir.toFile();
        mojo.inputs = inputs;
        mojo.output = tmp.resolve("merged.profdata").toFile();
        mojo.numThreads = 1;
        return mojo;
    }

    private byte[] output() throws IOException {
        return Files.readAllBytes(tmp.resolve("merged.profdata"));
    }

    private static long versionOf(Path p) throws IOException {
        return ByteBuffer.wrap(Files.readAllBytes(p)).order(ByteOrder.LITTLE_ENDIAN).getLong(8) & 0xFFFF_FFFFL;
    }

    @Test
    void forLlvmAndWritePrevVersionWriteWhatThoseReleasesWrite() throws Exception {
        MergeMojo for19 = mojo(VERSIONS, RAWS_19);
        for19.forLlvm = "19";
        for19.execute();
        assertThat(output()).isEqualTo(Files.readAllBytes(VERSIONS.resolve("ir19_by19.profdata")));

        MergeMojo prev = mojo(VERSIONS, RAWS_19);
        prev.writePrevVersion = true;
        prev.execute();
        assertThat(output()).isEqualTo(Files.readAllBytes(VERSIONS.resolve("ir19_by22prev.profdata")));

        MergeMojo v13 = mojo(VERSIONS, RAWS_19);
        v13.indexVersion = 13;
        v13.execute();
        assertThat(output()).isEqualTo(Files.readAllBytes(VERSIONS.resolve("ir19_by22.profdata")));
    }

    @Test
    void dataTheVersionCannotHoldFailsTheGoalUnlessDropped() throws Exception {
        byte[] previous = "previous".getBytes(StandardCharsets.US_ASCII);
        Files.write(tmp.resolve("merged.profdata"), previous);
        MergeMojo refused = mojo(VERSIONS, List.of("mcdc_v13.profdata"));
        refused.forLlvm = "16";
        assertThatThrownBy(refused::execute).isInstanceOf(MojoFailureException.class)
                .hasMessageStartingWith("jprofdata: cannot write indexed version 9 (LLVM 16) without losing data: MC/DC"
                        + " bitmaps (1 record, 1 bitmap byte)")
                .hasMessageEndingWith("set dropUnsupported to write the profile without them; nothing was written");
        assertThat(output()).isEqualTo(previous);

        MergeMojo dropped = mojo(VERSIONS, List.of("mcdc_v13.profdata"));
        dropped.forLlvm = "16";
        dropped.dropUnsupported = true;
        dropped.execute();
        assertThat(versionOf(tmp.resolve("merged.profdata"))).isEqualTo(9);
    }

    @Test
    void conflictingOrUnknownVersionsFailTheGoal() {
        MergeMojo both = mojo(VERSIONS, RAWS_19);
        both.indexVersion = 9;
        both.forLlvm = "16";
        assertThatThrownBy(both::execute).isInstanceOf(MojoExecutionException.class)
                .hasMessageContaining("set only one");
        MergeMojo unknown = mojo(VERSIONS, RAWS_19);
        unknown.forLlvm = "13";
        assertThatThrownBy(unknown::execute).isInstanceOf(MojoExecutionException.class)
                .hasMessageStartingWith("jprofdata: forLlvm: unknown LLVM release '13'");
        MergeMojo withText = mojo(VERSIONS, RAWS_19);
        withText.indexVersion = 9;
        withText.text = true;
        assertThatThrownBy(withText::execute).isInstanceOf(MojoExecutionException.class)
                .hasMessageContaining("cannot be used with text");
    }

    @Test
    void deviceProfilesGoToTheirOwnFile() throws Exception {
        Path dir = tmp.resolve("in");
        Files.createDirectories(dir);
        for (String name : List.of("gfx90a.default.profraw", "gfx90a.default.unifcnts")) {
            Files.copy(ROOT.resolve("fixtures/offload").resolve(name), dir.resolve(name));
        }
        // A device profile under a host name: found by its records.
        Files.copy(ROOT.resolve("fixtures/offload/divergent_v3.amdgcn-amd-amdhsa.0.profraw"),
                dir.resolve("kernel.profraw"));
        Files.copy(ROOT.resolve("fixtures/profiles/ir_1.profraw"), dir.resolve("app.profraw"));

        mojo(dir, List.of("app.profraw")).execute();
        byte[] hostAlone = output();
        MergeMojo deviceOnly = mojo(dir, List.of("kernel.profraw", "gfx90a.default.profraw"));
        deviceOnly.execute();
        byte[] deviceAlone = output();

        mojo(dir, List.of("kernel.profraw", "app.profraw", "gfx90a.default.profraw")).execute();
        assertThat(output()).isEqualTo(hostAlone);
        Path device = tmp.resolve("merged.amdgcn-amd-amdhsa.profdata");
        assertThat(Files.readAllBytes(device)).isEqualTo(deviceAlone);
        assertThat(versionOf(device)).isEqualTo(14);
        assertThat(versionOf(tmp.resolve("merged.profdata"))).isEqualTo(13);

        MergeMojo together = mojo(dir, List.of("kernel.profraw", "app.profraw", "gfx90a.default.profraw"));
        together.split = false;
        Files.delete(device);
        together.execute();
        assertThat(versionOf(tmp.resolve("merged.profdata"))).isEqualTo(14);
        assertThat(device).doesNotExist();
    }
}
