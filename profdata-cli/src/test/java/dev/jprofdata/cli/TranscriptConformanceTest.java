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
 * Replays every recorded llvm-profdata 22 transcript (merge, show and overlap; the reference set in
 * {@code ../shared/reference/llvm22-transcripts}) in-process and compares stdout byte for byte,
 * the exit code, stderr (program name {@code jprofdata}; our {@code (at byte N)} suffixes and
 * {@code summary:} lines removed) and the merge outputs the recording kept. Cases where jprofdata
 * deliberately differs, or that need features outside this scope, are listed in
 * {@link #NOT_APPLICABLE} with the reason.
 *
 * <p>Each case runs in its own working directory: links to the transcript inputs, and an
 * {@code out/} directory with copies of the recorded outputs the cases read, so that files the
 * cases write never land in the shared reference directory.
 */
class TranscriptConformanceTest {

    /**
     * Cases where jprofdata deliberately behaves differently (each reason is in spec/), or that need
     * something outside the instrumentation-profile core (sample profiles, correlation, order).
     */
    static final Map<String, String> NOT_APPLICABLE = notApplicable();

    private static Map<String, String> notApplicable() {
        Map<String, String> m = new java.util.TreeMap<>();
        String help = "help and version texts are jprofdata's own (picocli), not LLVM's";
        for (String c : List.of("000-version", "004-help-merge", "005-help-hidden-merge", "006-help-show",
                "007-help-hidden-show", "008-help-overlap", "009-help-order", "010-help-top")) {
            m.put(c, help);
        }
        String threads = "LLVM's result depends on its thread count; jprofdata gives LLVM's --num-threads=1"
                + " result for every thread count (spec/merge.md)";
        for (String c : List.of("128-merge-ir-fe-j2", "130-merge-fcov-entry-j2", "141-count-mismatch-rev",
                "144-mismatch-3in-j2", "167-errors-order-j-default", "169-errors-order-j3")) {
            m.put(c, threads);
        }
        m.put("174-stdin-merge", "jprofdata reads standard input; llvm-profdata finds it consumed and merges nothing");
        m.put("176-yaml-sniff", "jprofdata reads a text profile whose first name is '---'; llvm-profdata takes it"
                + " for YAML MemProf and fails");
        String correlation = "--debug-info/--binary-file correlation is outside this release (spec/README.md)";
        for (String c : List.of("181-dbgcorr", "182-bincorr", "183-corr-both", "184-corr-unneeded",
                "185-corr-wrong-binary", "186-show-debug-info", "187-show-debug-info-ds", "188-show-debug-info-yaml",
                "521-debug-file-dir")) {
            m.put(c, correlation);
        }
        for (String c : List.of("232-show-json", "233-show-yaml", "234-show-json-legacy")) {
            m.put(c, "jprofdata supports JSON/YAML for instrumentation profiles (spec/json-output.md)");
        }
        for (String c : List.of("175-gzip-input", "260-show-err-ir_a_profraw_gz")) {
            m.put(c, "jprofdata reads gzip/zstd compressed inputs; llvm-profdata does not recognize them"
                    + " (issue 7, spec/compressed-inputs.md)");
        }
        m.put("407-overlap-zero-base", "jprofdata says on stderr why a profile whose counts sum to 0 gives no"
                + " report (spec/show-and-overlap.md)");
        String partial = "overlap fails on a profile it cannot read to its end, naming it; llvm-profdata compares"
                + " the part before the error, or prints nothing for a file that is no profile"
                + " (spec/show-and-overlap.md, fixtures/beyond/)";
        for (String c : List.of("410-overlap-badtest", "411-overlap-badbase", "424-overlap-sample-as-instr")) {
            m.put(c, partial);
        }
        m.put("505-color-forced", "--color (forced ANSI colours) is outside this release");
        m.put("522-dup-value-invalid", "jprofdata folds a value listed twice in one site into one entry; LLVM keeps"
                + " both and warns that it created an invalid profile (spec/merge.md)");
        return m;
    }

    private static final Pattern IN_SCOPE = Pattern.compile("\\d\\d\\d-.*\\.cmd");

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
                    .filter(p -> IN_SCOPE.matcher(p.getFileName().toString()).matches())
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
        compareRecordedOutputs(root, line, cwd);
    }

    /**
     * Merge outputs that only this case writes were kept by the recording run in
     * {@code inputs/out/}: ours must have the same bytes. (Scratch names that several cases
     * overwrite, like {@code out/x.profdata}, hold only the last case's output and are skipped.)
     */
    private static void compareRecordedOutputs(Path root, String line, Path cwd) throws IOException {
        if (TranscriptShell.profdataCommands(line).stream().anyMatch(TranscriptConformanceTest::llvmUsedThreads)) {
            return;
        }
        for (String written : outputsOf(line)) {
            Path recorded = root.resolve("inputs").resolve(written);
            if (!written.startsWith("out/") || writers(root).getOrDefault(written, 0) != 1
                    || !Files.exists(recorded) || !Files.exists(cwd.resolve(written))) {
                continue;
            }
            byte[] ours = Files.readAllBytes(cwd.resolve(written));
            byte[] theirs = Files.readAllBytes(recorded);
            if (written.endsWith(".profdata")) {
                assertThat(ours).as("bytes of %s written by %s", written, line).isEqualTo(theirs);
            } else {
                assertThat(LlvmOutputs.text(ours)).as("text of %s written by %s", written, line)
                        .isEqualTo(LlvmOutputs.text(theirs));
            }
        }
    }

    /**
     * Whether llvm-profdata merged with several threads (3 or more inputs and no explicit single
     * thread), whose output can differ from its single-threaded output, which is what we produce.
     */
    private static boolean llvmUsedThreads(List<String> args) {
        if (args.isEmpty() || !args.get(0).equals("merge") || args.contains("--num-threads=1") || args.contains("-j")) {
            return false;
        }
        int inputs = 0;
        for (int i = 1; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("-o") || a.equals("--output")) {
                i++;
            } else if (!a.startsWith("-")) {
                inputs++;
            }
        }
        return inputs >= 3;
    }

    private static Map<String, Integer> writerCounts;

    /** How many transcript cases write each output path. */
    private static synchronized Map<String, Integer> writers(Path root) throws IOException {
        if (writerCounts == null) {
            Map<String, Integer> counts = new java.util.HashMap<>();
            try (Stream<Path> files = Files.list(root.resolve("transcripts"))) {
                for (Path p : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".cmd"))::iterator) {
                    for (String out : new java.util.HashSet<>(outputsOf(Files.readString(p).strip()))) {
                        counts.merge(out, 1, Integer::sum);
                    }
                }
            }
            writerCounts = counts;
        }
        return writerCounts;
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
