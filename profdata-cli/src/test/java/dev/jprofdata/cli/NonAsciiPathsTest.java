package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * File names are bytes, and jprofdata handles them whatever the locale (issue 18, item 3): with no
 * locale at all (the JVM then decodes names as ASCII), a directory merge takes files whose names
 * are UTF-8 or not UTF-8 at all, a relative input works in a non-ASCII working directory, a
 * non-ASCII argument names its file, and messages print the name's bytes back. Real processes:
 * the arguments, the working directory and the locale are the process's own. Names are written
 * here as ISO-8859-1 Strings (one char per byte): {@code caf\u00C3\u00A9} is "café" in UTF-8,
 * {@code bad\u00E9} is a name with the lone byte 0xE9, which is not UTF-8.
 */
class NonAsciiPathsTest {
    @TempDir
    Path tmp;

    /** {@code runs/} with ir_1 as {@code café.profraw}, ir_2 as {@code bad<E9>.profraw}, ir_3 as {@code plain.profraw}. */
    @BeforeEach
    void runs() throws Exception {
        Path profiles = CliRun.fixtures().resolve("profiles");
        ShellRun made = ShellRun.inCLocale(tmp, """
                mkdir runs && cp "$1/ir_1.profraw" "runs/$(printf 'caf\\303\\251').profraw" \
                  && cp "$1/ir_2.profraw" "runs/$(printf 'bad\\351').profraw" && cp "$1/ir_3.profraw" runs/plain.profraw \
                  && mkdir "$(printf 'w\\351')" && cp "$1/ir_1.profraw" "$(printf 'w\\351')/a.profraw"
                """, profiles.toString());
        assertThat(made.exitCode()).as(made.stderr()).isZero();
    }

    /** The three fixtures merged in-process, named by plain ASCII paths: what every run must give. */
    private String expectedMerge(String... fixtures) throws IOException {
        String[] args = new String[fixtures.length + 4];
        args[0] = "merge";
        args[1] = "--text";
        args[2] = "-o";
        args[3] = tmp.resolve("expected.proftext").toString();
        for (int i = 0; i < fixtures.length; i++) {
            args[4 + i] = CliRun.fixtures().resolve("profiles").resolve(fixtures[i]).toString();
        }
        assertThat(CliRun.run(tmp, args).exitCode()).isZero();
        return Files.readString(tmp.resolve("expected.proftext"), StandardCharsets.ISO_8859_1);
    }

    @Test
    void directoryMergeTakesEveryNameAndPrintsItsBytes() throws Exception {
        ShellRun list = ShellRun.inCLocale(tmp, "jprofdata merge --dump-input-file-list runs");
        assertThat(list.exitCode()).as(list.stderr()).isZero();
        // Sorted by bytes: b < c < p.
        assertThat(list.stdout()).isEqualTo("1,runs/bad\u00E9.profraw\n1,runs/caf\u00C3\u00A9.profraw\n1,runs/plain.profraw\n");

        ShellRun merge = ShellRun.inCLocale(tmp, "jprofdata merge --text -o merged.proftext runs");
        assertThat(merge.exitCode()).as(merge.stderr()).isZero();
        assertThat(Files.readString(tmp.resolve("merged.proftext"), StandardCharsets.ISO_8859_1))
                .isEqualTo(expectedMerge("ir_1.profraw", "ir_2.profraw", "ir_3.profraw"));
    }

    @Test
    void relativeInputInANonAsciiWorkingDirectory() throws Exception {
        ShellRun merge = ShellRun.inCLocale(tmp, "cd \"$(printf 'w\\351')\" && jprofdata merge --text -o out.proftext a.profraw"
                + " && jprofdata show a.profraw && jprofdata show \"../runs/$(printf 'bad\\351').profraw\"");
        assertThat(merge.exitCode()).as(merge.stderr()).isZero();
        assertThat(merge.stdout()).startsWith("Instrumentation level: IR");
        Path dir;
        try (var entries = Files.list(tmp)) {
            dir = entries.filter(p -> p.getFileName().toString().startsWith("w")).findFirst().orElseThrow();
        }
        assertThat(Files.readString(dir.resolve("out.proftext"), StandardCharsets.ISO_8859_1))
                .isEqualTo(expectedMerge("ir_1.profraw"));
    }

    @Test
    void nonAsciiArgumentsNameTheirFiles() throws Exception {
        ShellRun show = ShellRun.inCLocale(tmp, "jprofdata show \"runs/$(printf 'bad\\351').profraw\""
                + " && jprofdata merge --text -o - \"runs/$(printf 'caf\\303\\251').profraw\""
                + " \"--weighted-input=2,runs/$(printf 'bad\\351').profraw\"");
        assertThat(show.exitCode()).as(show.stderr()).isZero();
        assertThat(show.stderr()).isEmpty();
        assertThat(show.stdout()).startsWith("Instrumentation level: IR").contains("# Func Hash:");
    }

    /** The output's temporary file is named from the output's bytes too. */
    @Test
    void nonAsciiOutputs() throws Exception {
        ShellRun run = ShellRun.inCLocale(tmp, "jprofdata merge --text -o \"$(printf 'out\\351').proftext\" runs/plain.profraw"
                + " && jprofdata show -o \"$(printf 'show\\351').txt\" runs/plain.profraw && ls");
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).contains("out\u00E9.proftext\n", "show\u00E9.txt\n");
    }

    @Test
    void messagesPrintTheNamesBytesBack() throws Exception {
        ShellRun show = ShellRun.inCLocale(tmp, "jprofdata merge -o out.profdata \"$(printf 'missing\\351')\"");
        assertThat(show.exitCode()).isEqualTo(1);
        assertThat(show.stderr()).isEqualTo("error: missing\u00E9: No such file or directory\n");
    }
}
