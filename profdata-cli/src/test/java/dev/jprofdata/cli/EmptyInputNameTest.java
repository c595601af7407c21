package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An empty file name (an empty shell variable, a list entry {@code 3,}, {@code --weighted-input=5,})
 * is an error, as in llvm-profdata ("No such file or directory"), wherever a name is taken (issue
 * 18, item 1). Resolved, it would name the working directory, and a merge would take every profile
 * below it: each test runs where a profile lies, so that such a merge would succeed.
 */
class EmptyInputNameTest {
    private static final String EMPTY = "error: No such file or directory (empty file name)\n";

    @TempDir
    Path tmp;

    @BeforeEach
    void aProfileInTheWorkingDirectory() throws IOException {
        Files.copy(CliRun.fixtures().resolve("profiles/ir_1.profraw"), tmp.resolve("run.profraw"));
    }

    private static String profile(String name) {
        return CliRun.fixtures().resolve("profiles").resolve(name).toString();
    }

    private void assertEmptyNameError(String expected, String... args) {
        CliRun run = CliRun.run(tmp, args);
        assertThat(run.exitCode()).as(String.join(" ", args)).isEqualTo(1);
        assertThat(run.stderr()).as(String.join(" ", args)).isEqualTo(expected);
        assertThat(run.stdout()).as(String.join(" ", args)).isEmpty();
        assertThat(tmp.resolve("out.profdata")).doesNotExist();
    }

    @Test
    void mergeInputs() {
        assertEmptyNameError(EMPTY, "merge", "-o", "out.profdata", "");
        assertEmptyNameError(EMPTY, "merge", "--dump-input-file-list", profile("ir_2.profraw"), "");
        assertEmptyNameError(EMPTY, "merge", "-o", "out.profdata", "--weighted-input=5,");
        assertEmptyNameError(EMPTY, "merge", "-o", "out.profdata", "--weighted-input", "5,");
    }

    @Test
    void listEntries() throws IOException {
        Files.write(tmp.resolve("inputs.list"), List.of(profile("ir_2.profraw"), "3,"));
        assertEmptyNameError("error: No such file or directory (empty file name) (inputs.list:2)\n",
                "merge", "-o", "out.profdata", "-f", "inputs.list");
    }

    /**
     * llvm-profdata takes an empty -f or -r as not given: it would merge without the list's inputs
     * or without the remapping, and exit 0.
     */
    @Test
    void listRemappingAndOutputNames() {
        assertEmptyNameError(EMPTY, "merge", "-o", "out.profdata", "-f", "");
        assertEmptyNameError(EMPTY, "merge", "-o", "out.profdata", "-r", "", profile("ir_2.profraw"));
        assertEmptyNameError(EMPTY, "merge", "-o", "", profile("ir_2.profraw"));
    }

    @Test
    void showOverlapAndOrder() {
        assertEmptyNameError(EMPTY, "show", "");
        assertEmptyNameError(EMPTY, "show", "-o", "", profile("ir.profdata"));
        assertEmptyNameError(EMPTY, "overlap", "", profile("ir.profdata"));
        assertEmptyNameError(EMPTY, "overlap", profile("ir.profdata"), "");
        assertEmptyNameError(EMPTY, "order", "");
    }
}
