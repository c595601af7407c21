package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the recorded llvm-profdata 22 transcripts of {@code show} (cases 200-249 and 260-*, plus
 * the show cases listed in {@link #ALSO_SHOW}) and {@code overlap} (400-424) in-process and compares stdout byte for byte, the exit code, and stderr
 * (program name {@code jprofdata}; our {@code (at byte N)} suffixes removed).
 *
 * <p>Each case runs in its own working directory: links to the transcript inputs, and an
 * {@code out/} directory with copies of the recorded outputs the cases read, so that files the
 * cases write never land in the shared reference directory.
 */
class TranscriptConformanceTest {

    /** Cases that need something jprofdata deliberately does not do. */
    static final Map<String, String> NOT_APPLICABLE = Map.of(
            "248-show-sample-flag", "--sample: sample profiles are not supported",
            "420-overlap-sample", "--sample: sample profiles are not supported",
            "421-overlap-sample-sim", "--sample: sample profiles are not supported",
            "422-overlap-sample-fn", "--sample: sample profiles are not supported",
            "423-overlap-sample-zero", "--sample: sample profiles are not supported");

    private static final Pattern IN_SCOPE = Pattern.compile("(2[0-4]\\d|260|4\\d\\d)-.*\\.cmd");

    /**
     * Show cases recorded under other topics (parse errors, text-format details, traces, MC/DC).
     * Not included: help texts (006-008), --debug-info (186-188) and --color (505).
     */
    private static final Pattern ALSO_SHOW = Pattern.compile(
            "(011|012|120|156|161|301|316|502|506|507|508|512|513|514|515|516|517|520|523)-.*\\.cmd");

    @TempDir
    static Path work;

    static Path transcriptRoot() {
        return Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath()
                .resolve("../shared/reference/llvm22-transcripts").normalize();
    }

    @TestFactory
    Stream<DynamicTest> transcripts() throws IOException {
        Path root = transcriptRoot();
        assumeTrue(Files.isDirectory(root.resolve("transcripts")), "no transcripts at " + root);
        List<Path> cases;
        try (Stream<Path> files = Files.list(root.resolve("transcripts"))) {
            cases = files.filter(p -> p.getFileName().toString().endsWith(".cmd"))
                    .filter(p -> IN_SCOPE.matcher(p.getFileName().toString()).matches()
                            || ALSO_SHOW.matcher(p.getFileName().toString()).matches())
                    .sorted(Comparator.comparing(Path::toString))
                    .toList();
        }
        assertThat(cases).as("transcript cases found").hasSizeGreaterThan(80);
        return cases.stream().map(cmd -> {
            String name = cmd.getFileName().toString().replaceFirst("\\.cmd$", "");
            return DynamicTest.dynamicTest(name, () -> runCase(root, name));
        });
    }

    private static void runCase(Path root, String name) throws IOException {
        String reason = NOT_APPLICABLE.get(name);
        Assumptions.assumeTrue(reason == null, () -> "not applicable: " + reason);
        Path transcripts = root.resolve("transcripts");
        String line = Files.readString(transcripts.resolve(name + ".cmd")).strip();
        Path cwd = workingDirectory(root.resolve("inputs"), name, line);

        TranscriptShell.Result result = TranscriptShell.run(cwd, line);

        String expectedOut = LlvmOutputs.text(Files.readAllBytes(transcripts.resolve(name + ".stdout")));
        String expectedErr = LlvmOutputs.expectedStderr(Files.readAllBytes(transcripts.resolve(name + ".stderr")));
        int expectedRc = Integer.parseInt(Files.readString(transcripts.resolve(name + ".rc")).strip());
        assertThat(LlvmOutputs.text(result.stdout())).as("stdout of %s", line).isEqualTo(expectedOut);
        assertThat(LlvmOutputs.actualStderr(result.stderr())).as("stderr of %s", line).isEqualTo(expectedErr);
        assertThat(result.rc()).as("exit code of %s", line).isEqualTo(expectedRc);
    }

    /**
     * A fresh directory with a link to every input and an {@code out/} holding copies of the
     * recorded outputs, except the files this case writes itself.
     */
    private static Path workingDirectory(Path inputs, String name, String line) throws IOException {
        Path cwd = Files.createDirectories(work.resolve(name));
        Path out = Files.createDirectories(cwd.resolve("out"));
        List<String> written = outputsOf(line);
        try (Stream<Path> files = Files.list(inputs)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                String file = p.getFileName().toString();
                if (!file.equals("out") && !written.contains(file)) {
                    Files.createSymbolicLink(cwd.resolve(file), p);
                }
            }
        }
        // Copies, not links: nothing a case does can reach the shared directory (they are small).
        try (Stream<Path> files = Files.list(inputs.resolve("out"))) {
            for (Path p : (Iterable<Path>) files::iterator) {
                String file = p.getFileName().toString();
                if (!written.contains("out/" + file)) {
                    Files.copy(p, out.resolve(file));
                }
            }
        }
        return cwd;
    }

    /** The {@code -o}/{@code --output} values of the llvm-profdata commands of a line. */
    static List<String> outputsOf(String line) {
        List<String> outputs = new ArrayList<>();
        for (List<String> args : TranscriptShell.profdataCommands(line)) {
            for (int i = 0; i < args.size(); i++) {
                String a = args.get(i);
                if ((a.equals("-o") || a.equals("--output") || a.equals("-output")) && i + 1 < args.size()) {
                    outputs.add(args.get(i + 1));
                } else if (a.startsWith("--output=") || a.startsWith("-output=")) {
                    outputs.add(a.substring(a.indexOf('=') + 1));
                }
            }
        }
        return outputs;
    }
}
