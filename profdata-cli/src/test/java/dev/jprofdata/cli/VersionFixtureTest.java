package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replays the cross-release fixtures ({@code fixtures/versions/cases/NAME.cmd}) in-process and
 * compares with {@code fixtures/versions/golden/}, which {@code fixtures/versions/regen.sh}
 * recorded with the llvm-profdata of the release a case names (14, 15, 16, 19 or 22; see
 * fixtures/versions/README.md).
 *
 * <p>Line 1 of a case holds the jprofdata arguments (same conventions as
 * {@link FixtureGoldenTest}: no quoting, run in a fresh directory with {@code profiles} and an
 * empty {@code out/}); the {@code # golden:} lines are the commands that produced the golden and
 * are only read by regen.sh. Compared: stdout and stderr text (program names such as
 * {@code llvm-profdata-14} read as {@code jprofdata}), the exit code, and every output file, byte
 * for byte for {@code .profdata}.
 *
 * <p>A case whose option jprofdata does not have yet (jprofdata rejects it as an unknown command
 * line argument) is skipped with that reason rather than failed, so that the cases can be
 * written before the option exists.
 */
class VersionFixtureTest {

    private static final Pattern UNKNOWN_OPTION = Pattern.compile("Unknown command line argument '(--[^'=]+)");

    @TempDir
    static Path work;

    static Path versions() {
        return CliRun.fixtures().resolve("versions");
    }

    @TestFactory
    Stream<DynamicTest> cases() throws IOException {
        Path dir = versions();
        assumeTrue(Files.isDirectory(dir.resolve("cases")) && Files.isDirectory(dir.resolve("golden")),
                "no recorded version fixtures at " + dir);
        List<String> names;
        try (Stream<Path> files = Files.list(dir.resolve("cases"))) {
            names = files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".cmd"))
                    .map(n -> n.substring(0, n.length() - ".cmd".length()))
                    .sorted()
                    .toList();
        }
        return names.stream().map(name -> DynamicTest.dynamicTest(name, () -> runCase(dir, name)));
    }

    /**
     * Every derived file ({@code profiles/derived/clangR_K_N.X.profraw}: big-endian, narrowed to
     * 32-bit, raw v5/v8/v9) merges to the same indexed bytes and the same text as the real file
     * it was made from ({@code profiles/clangR_K_N.profraw}), whatever tool could or could not check it.
     */
    @TestFactory
    Stream<DynamicTest> derivedFilesMergeLikeTheirOriginals() throws IOException {
        Path profiles = versions().resolve("profiles");
        assumeTrue(Files.isDirectory(profiles.resolve("derived")), "no derived profiles at " + profiles);
        List<String> derived;
        try (Stream<Path> files = Files.list(profiles.resolve("derived"))) {
            derived = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".profraw")).sorted().toList();
        }
        assertThat(derived).isNotEmpty();
        return derived.stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            String original = name.substring(0, name.indexOf('.')) + ".profraw";
            Path cwd = Files.createDirectories(work.resolve("derived-" + name));
            Files.createSymbolicLink(cwd.resolve("profiles"), profiles);
            for (String[] form : List.of(new String[] {"", ".profdata"}, new String[] {"--text", ".proftext"})) {
                byte[] fromDerived = merged(cwd, form, "profiles/derived/" + name, "d");
                byte[] fromOriginal = merged(cwd, form, "profiles/" + original, "o");
                assertThat(fromDerived).as("merge %s of %s vs %s", form[0], name, original).isEqualTo(fromOriginal);
            }
        }));
    }

    private static byte[] merged(Path cwd, String[] form, String input, String tag) throws IOException {
        String out = "out-" + tag + form[1];
        List<String> args = new ArrayList<>(List.of("merge", "-o", out, input));
        if (!form[0].isEmpty()) {
            args.add(1, form[0]);
        }
        CliRun run = CliRun.run(cwd, args.toArray(String[]::new));
        assertThat(run.exitCode()).as("exit code of %s (stderr %s)", args, run.stderr()).isZero();
        return Files.readAllBytes(cwd.resolve(out));
    }

    private static void runCase(Path dir, String name) throws IOException {
        Path golden = dir.resolve("golden");
        assumeTrue(Files.exists(golden.resolve(name + ".rc")), "no golden recorded for " + name);
        String line = Files.readAllLines(dir.resolve("cases").resolve(name + ".cmd")).get(0).strip();
        String[] args = line.split("\\s+");

        Path cwd = Files.createDirectories(work.resolve(name));
        Files.createSymbolicLink(cwd.resolve("profiles"), dir.resolve("profiles"));
        Path out = Files.createDirectories(cwd.resolve("out"));
        CliRun run = CliRun.run(cwd, args);

        Matcher unknown = UNKNOWN_OPTION.matcher(run.stderr());
        assumeTrue(!unknown.find(), () -> "jprofdata has no option " + unknown.group(1) + " yet");

        assertThat(run.stdout()).as("stdout of %s", line)
                .isEqualTo(LlvmOutputs.text(Files.readAllBytes(golden.resolve(name + ".stdout"))));
        assertThat(LlvmOutputs.actualStderr(run.stderr().getBytes(StandardCharsets.ISO_8859_1)))
                .as("stderr of %s", line)
                .isEqualTo(LlvmOutputs.expectedStderr(Files.readAllBytes(golden.resolve(name + ".stderr")))
                        .replaceAll("jprofdata-\\d+", "jprofdata"));
        assertThat(run.exitCode()).as("exit code of %s", line)
                .isEqualTo(Integer.parseInt(Files.readString(golden.resolve(name + ".rc")).strip()));

        Set<String> produced = fileNames(out, "");
        assertThat(produced).as("files written by %s", line).isEqualTo(fileNames(golden.resolve("out"), name + "."));
        for (String f : produced) {
            byte[] actual = Files.readAllBytes(out.resolve(f));
            byte[] wanted = Files.readAllBytes(golden.resolve("out").resolve(f));
            if (f.endsWith(".profdata")) {
                assertThat(actual).as("bytes of out/%s", f).isEqualTo(wanted);
            } else {
                assertThat(LlvmOutputs.text(actual)).as("text of out/%s", f).isEqualTo(LlvmOutputs.text(wanted));
            }
        }
    }

    private static Set<String> fileNames(Path dir, String prefix) throws IOException {
        Set<String> names = new TreeSet<>();
        try (Stream<Path> files = Files.list(dir)) {
            files.filter(Files::isRegularFile)
                    .map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith(prefix))
                    .forEach(names::add);
        }
        return names;
    }
}
