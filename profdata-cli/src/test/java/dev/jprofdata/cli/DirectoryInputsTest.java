package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A directory named as a merge input expands to the regular files below it, sorted by path: files
 * in subdirectories and links to files are inputs, links to directories are not followed.
 */
class DirectoryInputsTest {
    @TempDir
    Path tmp;

    @Test
    void directoryExpandsToItsFilesSorted() throws IOException {
        Path runs = Files.createDirectories(tmp.resolve("runs"));
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Path one = CliRun.fixtures().resolve("profiles/ir_1.profraw");
        Files.copy(one, runs.resolve("b.profraw"));
        Files.copy(one, Files.createDirectories(runs.resolve("a")).resolve("z.profraw"));
        Files.copy(one, elsewhere.resolve("x.profraw"));
        Files.createSymbolicLink(runs.resolve("c.profraw"), elsewhere.resolve("x.profraw"));
        Files.createSymbolicLink(runs.resolve("d"), elsewhere);
        Files.createSymbolicLink(runs.resolve("e.profraw"), tmp.resolve("missing"));

        CliRun run = CliRun.run(tmp, "merge", "--dump-input-file-list", "runs", "--weighted-input=3,runs/");
        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).isEqualTo("""
                1,runs/a/z.profraw
                1,runs/b.profraw
                1,runs/c.profraw
                3,runs/a/z.profraw
                3,runs/b.profraw
                3,runs/c.profraw
                """);
    }

    @Test
    void mergingADirectoryEqualsMergingItsFiles() throws IOException {
        Path runs = Files.createDirectories(tmp.resolve("runs"));
        for (int i = 1; i <= 3; i++) {
            Files.copy(CliRun.fixtures().resolve("profiles/ir_" + i + ".profraw"), runs.resolve("r" + i + ".profraw"));
        }
        assertThat(CliRun.run(tmp, "merge", "--text", "-o", "dir.proftext", "runs").exitCode()).isZero();
        assertThat(CliRun.run(tmp, "merge", "--text", "-o", "files.proftext", "runs/r1.profraw", "runs/r2.profraw",
                "runs/r3.profraw").exitCode()).isZero();
        assertThat(Files.readString(tmp.resolve("dir.proftext"))).isEqualTo(Files.readString(tmp.resolve("files.proftext")))
                .contains("# Func Hash:");
    }

    /**
     * A run killed while writing its output into an input directory leaves its temporary file
     * there (a copy of some profile): the next merge of the directory skips it, and says so. Other
     * hidden files are inputs, as llvm-profdata reads them.
     */
    @Test
    void temporaryFilesOfAnInterruptedRunAreSkippedWithAWarning() throws IOException {
        Path runs = Files.createDirectories(tmp.resolve("runs"));
        Path one = CliRun.fixtures().resolve("profiles/ir_1.profraw");
        Files.copy(one, runs.resolve("r1.profraw"));
        Files.copy(one, runs.resolve(".hidden.profraw"));
        Files.copy(CliRun.fixtures().resolve("profiles/ir.profdata"), runs.resolve(".merged.profdata.8234761230.tmp"));
        Files.copy(one, Files.createDirectories(runs.resolve("sub")).resolve(".report.txt.5f3a9c.tmp"));

        CliRun run = CliRun.run(tmp, "merge", "--dump-input-file-list", "runs");
        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).isEqualTo("1,runs/.hidden.profraw\n1,runs/r1.profraw\n");
        assertThat(run.stderr()).isEqualTo("""
                warning: runs/.merged.profdata.8234761230.tmp: skipped: a temporary file left by an interrupted jprofdata run
                warning: runs/sub/.report.txt.5f3a9c.tmp: skipped: a temporary file left by an interrupted jprofdata run
                """);
    }
}
