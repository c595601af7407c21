package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.io.AtomicOutput;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash consistency (issue 6): a real merge process is SIGKILLed while it writes its output; the
 * previous output must be intact, and the next run must succeed and leave no temporary file (it
 * removes the one the killed run left).
 */
@EnabledOnOs(OS.LINUX)
class CrashConsistencyTest {
    private static final int FUNCTIONS = 200_000;

    @TempDir
    Path tmp;

    /** The child processes' output, outside {@link #tmp} so that it does not disturb the listing. */
    @TempDir
    Path logs;

    @Test
    void killedMidWriteLeavesPreviousOutputAndNextRunCleansUp() throws Exception {
        Path big = tmp.resolve("big.proftext");
        writeBigTextProfile(big);
        Path out = tmp.resolve("out.profdata");
        byte[] previous = Files.readAllBytes(CliRun.fixtures().resolve("profiles/ir.profdata"));
        Files.write(out, previous);

        Process p = start("merge", "-o", out.toString(), big.toString());
        Optional<Path> temporary = Optional.empty();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        while (temporary.isEmpty() && p.isAlive() && System.nanoTime() < deadline) {
            temporary = temporaryFile();
            if (temporary.isEmpty()) {
                Thread.sleep(2);
            }
        }
        assertThat(temporary).as("the merge started writing its temporary file; its output: %s", childOutput())
                .isPresent();
        p.destroyForcibly(); // SIGKILL on Linux: no shutdown hooks, no finally blocks.
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();

        byte[] after = Files.readAllBytes(out);
        if (temporaryFile().isPresent()) {
            // Killed before the rename: the old output is untouched, byte for byte.
            assertThat(after).isEqualTo(previous);
        } else {
            // The rename won the race: then the output must be the complete new profile.
            assertThat(recordCount(out)).isEqualTo(FUNCTIONS);
        }

        // The next run succeeds and removes the killed run's leftover.
        Process next = start("merge", "-o", out.toString(), CliRun.fixtures().resolve("profiles/ir_1.profraw").toString());
        assertThat(next.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(next.exitValue()).as(childOutput()).isZero();
        assertThat(temporaryFile()).isEmpty();
        try (Stream<Path> files = Files.list(tmp)) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactlyInAnyOrder("big.proftext",
                    "out.profdata");
        }
        assertThat(recordCount(out)).isEqualTo(recordCount(CliRun.fixtures().resolve("profiles/ir_1.profraw")));
    }

    private Process start(String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1g", "-cp", System.getProperty("java.class.path"), "dev.jprofdata.cli.Main"));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).directory(tmp.toFile()).redirectErrorStream(true)
                .redirectOutput(logs.resolve("child.txt").toFile()).start();
    }

    private String childOutput() throws IOException {
        Path log = logs.resolve("child.txt");
        return Files.exists(log) ? Files.readString(log, StandardCharsets.ISO_8859_1) : "";
    }

    private Optional<Path> temporaryFile() throws IOException {
        try (Stream<Path> files = Files.list(tmp)) {
            return files.filter(f -> f.getFileName().toString().startsWith(".out.profdata.")
                    && AtomicOutput.isTemporaryName(f.getFileName().toString())).findFirst();
        }
    }

    private static long recordCount(Path profile) throws IOException {
        long n = 0;
        try (ProfileReader r = ProfileReaders.open(profile)) {
            while (r.next() != null) {
                n++;
            }
        }
        return n;
    }

    /** Large enough that writing the indexed output takes a noticeable moment (about 35 MB out). */
    private static void writeBigTextProfile(Path file) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.ISO_8859_1)) {
            w.write(":ir\n");
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < FUNCTIONS; i++) {
                sb.setLength(0);
                sb.append("function_with_a_long_name_").append(i).append('\n').append(i * 7919L + 1).append("\n8\n");
                for (int k = 0; k < 8; k++) {
                    sb.append((i + k) % 1000 + 1).append('\n');
                }
                sb.append('\n');
                w.write(sb.toString());
            }
        }
    }
}
