package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The man page, completion script and build info the build derives from the picocli model. */
class BuildArtifactsTest {
    @TempDir
    Path dir;

    @Test
    void writesManPageCompletionAndCommit() throws Exception {
        Path classes = dir.resolve("classes");
        BuildArtifacts.main(new String[] {dir.toString(), classes.toString(), dir.toString()});
        String man = Files.readString(dir.resolve("jprofdata.1"), StandardCharsets.UTF_8);
        assertThat(man).startsWith(".TH JPROFDATA 1");
        for (String sub : new String[] {"merge", "show", "overlap", "order"}) {
            assertThat(man).contains(".SS " + sub + "\n");
        }
        assertThat(man).contains("\\fB--num-test-traces\\fR=\\fI<uint>\\fR", "\\fB--show-format\\fR");
        // hidden options stay out of the page
        assertThat(man).doesNotContain("--similarity-cutoff");
        String completion = Files.readString(dir.resolve("jprofdata_completion"), StandardCharsets.UTF_8);
        assertThat(completion).contains("complete -F", "--num-test-traces", "--show-format");
        // dir is not a git work tree: the commit is "unknown" rather than a failed build
        assertThat(Files.readString(classes.resolve("dev/jprofdata/cli/build-info.properties")))
                .isEqualTo("commit=unknown\n");
    }

    @Test
    void versionNamesCommitAndFormats() {
        CliRun run = CliRun.run(dir, "--version");
        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).contains("(commit ", "indexed profiles v1-v13", "gzip/zstd");
    }
}
