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
}
