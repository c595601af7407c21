package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.merge.MergeInput;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The merge progress line: when it appears, what it says, that it is erased, and when it never appears. */
class MergeProgressTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(bytes, true, StandardCharsets.ISO_8859_1);
    private long now = 1_000_000 * MS;

    private String stderr() {
        return bytes.toString(StandardCharsets.ISO_8859_1);
    }

    private MergeProgress progress(int files, long totalBytes) {
        return new MergeProgress(err, () -> now, files, totalBytes, MergeProgress.DEFAULT_DELAY_NANOS);
    }

    private static MergeInput input(int i) {
        return MergeInput.of(Path.of("in" + i + ".profraw"));
    }

    @AfterEach
    void clearProperties() {
        System.clearProperty(MergeProgress.TTY_PROPERTY);
        System.clearProperty(MergeProgress.DELAY_PROPERTY);
    }

    @Test
    void nothingDuringTheFirstSecond() {
        MergeProgress p = progress(4, 4_000_000);
        now += 500 * MS;
        p.inputFinished(0, input(0), 1_000_000);
        now += 400 * MS;
        p.inputFinished(1, input(1), 1_000_000);
        p.close();
        assertThat(stderr()).isEmpty();
    }

    @Test
    void afterASecondShowsFilesMegabytesRateAndEtaThenErasesTheLine() {
        MergeProgress p = progress(4, 4_000_000);
        now += 1000 * MS;
        p.inputFinished(0, input(0), 1_000_000);
        assertThat(stderr()).isEqualTo("\rmerging: 1/4 files, 1.0/4.0 MB, 1.0 MB/s, ETA 0:03");
        now += 100 * MS; // within the redraw interval: not redrawn
        p.inputFinished(1, input(1), 1_000_000);
        assertThat(stderr()).isEqualTo("\rmerging: 1/4 files, 1.0/4.0 MB, 1.0 MB/s, ETA 0:03");
        now += 900 * MS;
        p.tick();
        String second = "\rmerging: 2/4 files, 2.0/4.0 MB, 1.0 MB/s, ETA 0:02";
        assertThat(stderr()).endsWith(second);
        p.close();
        int width = second.length() - 1;
        assertThat(stderr()).endsWith(second + "\r" + " ".repeat(width) + "\r");
    }

    @Test
    void nothingIsDrawnAfterClose() {
        MergeProgress p = progress(2, 2_000_000);
        now += 1000 * MS;
        p.inputFinished(0, input(0), 1_000_000);
        p.close();
        String closed = stderr();
        now += 1000 * MS;
        p.tick(); // a late redraw of the background thread
        p.inputFinished(1, input(1), 1_000_000);
        assertThat(stderr()).isEqualTo(closed).endsWith("\r");
    }

    @Test
    void aShorterLinePadsOverTheLongerOne() {
        MergeProgress p = progress(2, 2_000_000);
        now += 1000 * MS;
        p.inputFinished(0, input(0), 1_000_000);
        String first = "merging: 1/2 files, 1.0/2.0 MB, 1.0 MB/s, ETA 0:01";
        now += 1000 * MS;
        p.inputFinished(1, input(1), 1_000_000); // done: no ETA, shorter line
        String last = "merging: 2/2 files, 2.0/2.0 MB, 1.0 MB/s";
        assertThat(stderr()).isEqualTo("\r" + first + "\r" + last + " ".repeat(first.length() - last.length()));
    }

    @Test
    void enabledOnlyOnATerminalUnlessQuietOrOverridden() {
        assertThat(MergeProgress.enabled(false, null, null)).isFalse();
        assertThat(MergeProgress.enabled(false, null, "1")).isTrue();
        assertThat(MergeProgress.enabled(true, null, "1")).isFalse();
        assertThat(MergeProgress.enabled(false, "never", "1")).isFalse();
        assertThat(MergeProgress.enabled(false, "always", null)).isTrue();
        assertThat(MergeProgress.enabled(true, "always", null)).isFalse();
        assertThat(MergeProgress.enabled(false, "auto", "1")).isTrue();
        assertThat(MergeProgress.enabled(false, "auto", null)).isFalse();
    }

    /** The whole merge command on a "terminal" with no delay: a progress line, erased at the end; none when piped or quiet. */
    @Test
    void mergeCommandShowsProgressOnATerminalOnly() throws Exception {
        Path out = tmp.resolve("out.profdata");
        String[] args = {"merge", "--num-threads=1", "-o", out.toString(), "profiles/ir_1.profraw",
            "profiles/ir_2.profraw", "profiles/ir_3.profraw"};
        CliRun piped = CliRun.run(CliRun.fixtures(), args);
        assertThat(piped.exitCode()).isZero();
        assertThat(piped.stderr()).isEmpty();
        byte[] expected = Files.readAllBytes(out);

        System.setProperty(MergeProgress.DELAY_PROPERTY, "0");
        CliRun piped0 = CliRun.run(CliRun.fixtures(), args);
        assertThat(piped0.stderr()).isEmpty();

        System.setProperty(MergeProgress.TTY_PROPERTY, "1");
        CliRun tty = CliRun.run(CliRun.fixtures(), args);
        assertThat(tty.exitCode()).isZero();
        long size = 0;
        for (int i = 1; i <= 3; i++) {
            size += Files.size(CliRun.fixtures().resolve("profiles/ir_" + i + ".profraw"));
        }
        // One or more redraws (the redraw thread may add one), then the line erased; no newline.
        String mb = String.format(java.util.Locale.ROOT, "/%.1f MB, ", size / 1e6).replace(".", "\\.");
        assertThat(tty.stderr()).matches("(\rmerging: [0-3]/3 files, [0-9.]+" + mb + "[^\r\n]*)+\r +\r");
        assertThat(Files.readAllBytes(out)).isEqualTo(expected);

        String[] quiet = new String[args.length + 1];
        System.arraycopy(args, 0, quiet, 0, args.length);
        quiet[args.length] = "--quiet";
        CliRun silenced = CliRun.run(CliRun.fixtures(), quiet);
        assertThat(silenced.exitCode()).isZero();
        assertThat(silenced.stderr()).isEmpty();
    }

    /** Warnings of the merge come after the erased line, so they start at the beginning of a line. */
    @Test
    void warningsFollowTheErasedLine() throws Exception {
        Path bad = tmp.resolve("bad.profraw");
        Files.write(bad, java.util.Arrays.copyOf(Files.readAllBytes(CliRun.fixtures().resolve("profiles/ir_1.profraw")), 200));
        System.setProperty(MergeProgress.DELAY_PROPERTY, "0");
        System.setProperty(MergeProgress.TTY_PROPERTY, "1");
        CliRun run = CliRun.run(CliRun.fixtures(), "merge", "--failure-mode=warn", "-o", tmp.resolve("o").toString(),
                "profiles/ir_1.profraw", bad.toString());
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stderr()).matches("(?s)(\rmerging: [^\r\n]*)+\r +\rwarning: " + java.util.regex.Pattern.quote(bad.toString())
                + ": .*");
    }
}
