package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * No file handle leaks (issue 6): merging thousands of inputs of every format leaves the process's
 * open descriptors where they were, and a real merge of them runs under {@code ulimit -n 256}.
 */
@EnabledOnOs(OS.LINUX)
class FileHandleLeakTest {
    private static final int INPUTS = 3000;

    @TempDir
    Path tmp;

    /** 3000 inputs: raw, indexed and text in turn, one in ten of them corrupt, listed in a -f file. */
    private Path makeInputs() throws IOException {
        Path dir = Files.createDirectory(tmp.resolve("in"));
        Path raw = CliRun.fixtures().resolve("profiles/ir_1.profraw");
        Path indexed = CliRun.fixtures().resolve("profiles/ir_a.profdata");
        Path text = CliRun.fixtures().resolve("profiles/ir.proftext");
        byte[] rawBytes = Files.readAllBytes(raw);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < INPUTS; i++) {
            Path p;
            if (i % 10 == 9) {
                p = dir.resolve("bad" + i + ".profraw");
                Files.write(p, java.util.Arrays.copyOf(rawBytes, 200)); // truncated: fails after opening
            } else {
                Path src = switch (i % 3) {
                    case 0 -> raw;
                    case 1 -> indexed;
                    default -> text;
                };
                p = dir.resolve("p" + i + "." + src.getFileName().toString().replaceAll(".*\\.", ""));
                Files.copy(src, p);
            }
            lines.add(p.toString());
        }
        Path list = tmp.resolve("inputs.list");
        Files.write(list, lines, StandardCharsets.ISO_8859_1);
        return list;
    }

    static long openDescriptors() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }

    @Test
    void inProcessMergeOfThousandsOfInputsClosesEveryFile() throws IOException {
        Path list = makeInputs();
        long before = openDescriptors();
        CliRun run = CliRun.run(tmp, "merge", "--failure-mode=warn", "-o", tmp.resolve("out.profdata").toString(),
                "-f", list.toString());
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stderr()).contains("summary: data loss: 300 of 3000 inputs dropped");
        // Two spare descriptors of slack for the JVM's own lazily opened files.
        assertThat(openDescriptors()).isLessThanOrEqualTo(before + 2);
    }

    @Test
    void realProcessMergesThousandsOfInputsUnderUlimit256() throws Exception {
        Path list = makeInputs();
        Path out = tmp.resolve("out.profdata");
        ProcessRun run = runUnderUlimit(tmp, 256, "merge", "--failure-mode=warn", "-o", out.toString(), "-f",
                list.toString());
        String output = run.output();
        assertThat(run.exitCode()).as(output).isZero();
        assertThat(output).doesNotContain("Too many open files").contains("300 of 3000 inputs dropped");
        assertThat(out).exists();
    }

    /** What a jprofdata process printed (stdout and stderr together) and its exit code. */
    record ProcessRun(String output, int exitCode) {
    }

    /**
     * Runs jprofdata in a new JVM (this test run's class path) under {@code ulimit -n limit}, in
     * {@code dir}, with a 512 MiB heap; fails after 300 seconds.
     */
    static ProcessRun runUnderUlimit(Path dir, int limit, String... args) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        StringBuilder cmd = new StringBuilder("ulimit -n " + limit + " && exec '" + java
                + "' -Xmx512m -cp \"$CP\" dev.jprofdata.cli.Main");
        for (String a : args) {
            cmd.append(" '").append(a.replace("'", "'\\''")).append("'");
        }
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", cmd.toString()).directory(dir.toFile())
                .redirectErrorStream(true);
        pb.environment().put("CP", System.getProperty("java.class.path"));
        pb.environment().remove(MergeProgress.ENV);
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).isTrue();
        return new ProcessRun(output, p.exitValue());
    }
}
