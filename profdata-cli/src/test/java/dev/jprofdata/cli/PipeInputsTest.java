package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs that can be read only once (issue 18, item 9): named pipes and a shell's process
 * substitution ({@code show <(cat x.profdata)}, which passes {@code /dev/fd/N}) give the same
 * result as the file, for show, overlap, order and merge. A device is refused with a clear error
 * instead of reading as an empty profile (item 14). Each FIFO is written once, as {@code cat x > fifo}
 * does: a command that opened it twice would wait forever for a second writer, so the in-process
 * runs have a generous limit that only a hang reaches.
 */
class PipeInputsTest {
    private static final Duration HANG = Duration.ofSeconds(120);

    @TempDir
    Path tmp;
    private int pipes;

    private static Path fixture(String name) {
        return CliRun.fixtures().resolve("profiles").resolve(name);
    }

    /** Runs {@code args} with {@code <pipe>} replaced by a FIFO fed once with {@code fixture}. */
    private CliRun runWithPipe(String fixture, String... args) throws Exception {
        Path fifo = NamedPipes.create(tmp.resolve("pipe" + pipes++));
        NamedPipes.writeOnceLater(fifo, Files.readAllBytes(fixture(fixture)));
        String[] resolved = args.clone();
        for (int i = 0; i < resolved.length; i++) {
            resolved[i] = resolved[i].replace("<pipe>", fifo.toString());
        }
        return assertTimeoutPreemptively(HANG, () -> CliRun.run(tmp, resolved));
    }

    private static CliRun direct(String... args) {
        return CliRun.run(CliRun.fixtures(), args);
    }

    @Test
    void showReadsANamedPipe() throws Exception {
        CliRun piped = runWithPipe("ir.profdata", "show", "--all-functions", "--counts", "<pipe>");
        assertThat(piped.exitCode()).as(piped.stderr()).isZero();
        assertThat(piped.stdout()).isEqualTo(direct("show", "--all-functions", "--counts",
                fixture("ir.profdata").toString()).stdout());
    }

    @Test
    void overlapReadsTwoNamedPipes() throws Exception {
        Path fifo0 = NamedPipes.create(tmp.resolve("base"));
        Path fifo1 = NamedPipes.create(tmp.resolve("test"));
        NamedPipes.writeOnceLater(fifo0, Files.readAllBytes(fixture("ir.profdata")));
        NamedPipes.writeOnceLater(fifo1, Files.readAllBytes(fixture("ir.proftext")));
        CliRun piped = assertTimeoutPreemptively(HANG, () -> CliRun.run(tmp, "overlap", "base", "test"));
        assertThat(piped.exitCode()).as(piped.stderr()).isZero();
        Files.copy(fixture("ir.profdata"), tmp.resolve("base.file"));
        Files.copy(fixture("ir.proftext"), tmp.resolve("test.file"));
        String fromFiles = CliRun.run(tmp, "overlap", "base.file", "test.file").stdout();
        assertThat(piped.stdout()).isEqualTo(fromFiles.replace("base.file", "base").replace("test.file", "test"))
                .contains("Profile overlap information");
    }

    @Test
    void orderAndMergeReadANamedPipe() throws Exception {
        CliRun order = runWithPipe("ir.profdata", "order", "<pipe>");
        assertThat(order.exitCode()).as(order.stderr()).isZero();
        assertThat(order.stdout()).isEqualTo(direct("order", fixture("ir.profdata").toString()).stdout());

        CliRun merge = runWithPipe("ir_1.profraw", "merge", "--text", "-o", "-", "<pipe>");
        assertThat(merge.exitCode()).as(merge.stderr()).isZero();
        assertThat(merge.stdout()).isEqualTo(direct("merge", "--text", "-o", "-", fixture("ir_1.profraw").toString())
                .stdout()).contains("# Func Hash:");
    }

    /** {@code <(...)} passes /dev/fd/N, a pipe the process inherits: only a real process has one. */
    @Test
    void processSubstitution() throws Exception {
        ShellRun run = ShellRun.inCLocale(tmp, """
                jprofdata show --all-functions --counts <(cat "$1/ir.profdata") > show.txt \
                  && jprofdata overlap <(cat "$1/ir.profdata") <(cat "$1/ir.proftext") > overlap.txt \
                  && jprofdata merge --text -o merge.txt <(cat "$1/ir_1.profraw") "$1/ir_2.profraw"
                """, fixture("").toString());
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(Files.readString(tmp.resolve("show.txt"))).isEqualTo(direct("show", "--all-functions", "--counts",
                fixture("ir.profdata").toString()).stdout());
        assertThat(Files.readString(tmp.resolve("overlap.txt"))).contains("Profile overlap information");
        assertThat(CliRun.run(tmp, "merge", "--text", "-o", "files.txt", fixture("ir_1.profraw").toString(),
                fixture("ir_2.profraw").toString()).exitCode()).isZero();
        assertThat(Files.readString(tmp.resolve("merge.txt"))).isEqualTo(Files.readString(tmp.resolve("files.txt")));
    }

    /** llvm-profdata reads /dev/null as an empty profile (show) or skips it (merge) without a word. */
    @Test
    void aDeviceIsNoProfile() {
        for (String[] args : List.of(new String[] {"merge", "-o", "out.profdata", "/dev/null"},
                new String[] {"merge", "-o", "out.profdata", fixture("ir_1.profraw").toString(), "/dev/null"},
                new String[] {"show", "/dev/null"}, new String[] {"show", "/dev/zero"},
                new String[] {"overlap", fixture("ir.profdata").toString(), "/dev/null"},
                new String[] {"order", "/dev/null"})) {
            CliRun run = CliRun.run(tmp, args);
            assertThat(run.exitCode()).as(String.join(" ", args)).isEqualTo(1);
            assertThat(run.stderr()).as(String.join(" ", args))
                    .matches("error: /dev/(null|zero): is a character device, not a profile file\n");
        }
        assertThat(tmp.resolve("out.profdata")).doesNotExist();
    }
}
