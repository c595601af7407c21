package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replays every case of the project's own fixtures ({@code fixtures/cases/NAME.cmd}, recorded with
 * llvm-profdata 22 by {@code fixtures/regen.sh}) in-process and compares with
 * {@code fixtures/golden/}: stdout byte for byte, stderr (program name {@code jprofdata}, our
 * {@code (at byte N)} suffixes removed), the exit code, and every file the case leaves in
 * {@code out/}.
 *
 * <p>Conventions (fixtures/README.md): the line holds the arguments after the program name,
 * separated by white space, without quoting; the case runs in a fresh directory holding
 * {@code profiles} (a link to {@code fixtures/profiles}) and an empty {@code out/}, with empty
 * standard input; a case writes only {@code out/NAME.<ext>}.
 *
 * <p>Cases listed in {@code fixtures/beyond/} are where jprofdata deliberately does better than
 * llvm-profdata: their expected output is recorded there instead.
 *
 * <p>One deliberate difference is allowed everywhere: when {@code show} or {@code overlap} fails,
 * llvm-profdata has already created (truncated) its {@code -o} file and leaves it empty, while
 * jprofdata leaves no file (and an existing file untouched).
 */
class FixtureGoldenTest {

    @TempDir
    static Path work;

    static Path fixtures() {
        return CliRun.fixtures();
    }

    @TestFactory
    Stream<DynamicTest> goldens() throws IOException {
        Path fixtures = fixtures();
        assumeTrue(Files.isDirectory(fixtures.resolve("cases")) && Files.isDirectory(fixtures.resolve("golden")),
                "no recorded fixtures at " + fixtures);
        List<String> names;
        try (Stream<Path> files = Files.list(fixtures.resolve("cases"))) {
            names = files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".cmd"))
                    .map(n -> n.substring(0, n.length() - ".cmd".length()))
                    .sorted(Comparator.naturalOrder())
                    .toList();
        }
        return names.stream().map(name -> DynamicTest.dynamicTest(name, () -> runCase(fixtures, name)));
    }

    private static void runCase(Path fixtures, String name) throws IOException {
        Path golden = fixtures.resolve("golden");
        // regen.sh records no golden for cases it cannot run here (e.g. m32_* without a 32-bit toolchain).
        assumeTrue(Files.exists(golden.resolve(name + ".rc")), "no golden recorded for " + name);
        String line = Files.readAllLines(fixtures.resolve("cases").resolve(name + ".cmd")).get(0).strip();
        String[] args = line.isEmpty() ? new String[0] : line.split("\\s+");

        Path cwd = Files.createDirectories(work.resolve(name));
        Files.createSymbolicLink(cwd.resolve("profiles"), fixtures.resolve("profiles"));
        Path out = Files.createDirectories(cwd.resolve("out"));

        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int rc;
        InputStream savedIn = System.in;
        System.setIn(new ByteArrayInputStream(new byte[0]));
        try (PrintStream o = new PrintStream(stdout, true, StandardCharsets.ISO_8859_1);
                PrintStream e = new PrintStream(stderr, true, StandardCharsets.ISO_8859_1)) {
            rc = Main.run(cwd, args, o, e);
        } finally {
            System.setIn(savedIn);
        }

        int goldenRc = Integer.parseInt(Files.readString(golden.resolve(name + ".rc")).strip());
        Path beyond = fixtures.resolve("beyond");
        if (Files.exists(beyond.resolve(name + ".rc"))) {
            checkDeliberateDifference(name, line, beyond, golden, stdout.toByteArray(), stderr.toByteArray(), rc, out);
            return;
        }
        assertThat(LlvmOutputs.text(stdout.toByteArray())).as("stdout of %s", line)
                .isEqualTo(LlvmOutputs.text(Files.readAllBytes(golden.resolve(name + ".stdout"))));
        assertThat(LlvmOutputs.actualStderr(stderr.toByteArray())).as("stderr of %s", line)
                .isEqualTo(LlvmOutputs.expectedStderr(Files.readAllBytes(golden.resolve(name + ".stderr"))));
        assertThat(rc).as("exit code of %s", line).isEqualTo(goldenRc);
        compareOutputFiles(name, args, goldenRc, out, golden.resolve("out"));
    }

    /**
     * A case where jprofdata deliberately does better than llvm-profdata ({@code fixtures/beyond/},
     * whose README says why for each): our output must be the one recorded there, and that must
     * still differ from llvm-profdata's golden (else the exception is stale). Such cases fail, so
     * they leave no output file.
     */
    private static void checkDeliberateDifference(String name, String line, Path beyond, Path golden, byte[] stdout,
            byte[] stderr, int rc, Path out) throws IOException {
        String wantOut = LlvmOutputs.text(Files.readAllBytes(beyond.resolve(name + ".stdout")));
        String wantErr = LlvmOutputs.text(Files.readAllBytes(beyond.resolve(name + ".stderr")));
        int wantRc = Integer.parseInt(Files.readString(beyond.resolve(name + ".rc")).strip());
        assertThat(LlvmOutputs.text(stdout)).as("stdout of %s", line).isEqualTo(wantOut);
        assertThat(LlvmOutputs.text(stderr)).as("stderr of %s", line).isEqualTo(wantErr);
        assertThat(rc).as("exit code of %s", line).isEqualTo(wantRc);
        int llvmRc = Integer.parseInt(Files.readString(golden.resolve(name + ".rc")).strip());
        String llvmErr = LlvmOutputs.expectedStderr(Files.readAllBytes(golden.resolve(name + ".stderr")));
        assertThat(wantRc != llvmRc || !LlvmOutputs.actualStderr(stderr).equals(llvmErr))
                .as("%s is listed in fixtures/beyond but now behaves like llvm-profdata", name).isTrue();
        if (wantRc != 0) {
            assertThat(fileNames(out, null)).as("files left by the failed %s", name).isEmpty();
        }
    }

    /** Every file the case wrote equals its golden; every golden of the case was written. */
    private static void compareOutputFiles(String name, String[] args, int goldenRc, Path out, Path goldenOut)
            throws IOException {
        Set<String> produced = fileNames(out, null);
        Set<String> expected = fileNames(goldenOut, name + ".");
        for (String f : produced) {
            assertThat(goldenOut.resolve(f)).as("golden of written file out/%s", f).exists();
            byte[] actual = Files.readAllBytes(out.resolve(f));
            byte[] wanted = Files.readAllBytes(goldenOut.resolve(f));
            if (f.endsWith(".profdata") || f.endsWith(".sprof") || f.endsWith(".afdo")) {
                assertThat(actual).as("bytes of out/%s", f).isEqualTo(wanted);
            } else {
                assertThat(LlvmOutputs.text(actual)).as("text of out/%s", f).isEqualTo(LlvmOutputs.text(wanted));
            }
        }
        List<String> missing = new ArrayList<>();
        for (String f : expected) {
            if (!produced.contains(f) && !leftEmptyByFailedReport(args, goldenRc, goldenOut.resolve(f))) {
                missing.add(f);
            }
        }
        assertThat(missing).as("golden output files of %s that were not written", name).isEmpty();
    }

    /**
     * The allowed difference: a failed show or overlap, or a failed sample-profile merge (LLVM
     * opens the output before it knows the writer cannot write that profile), does not create its
     * (empty) output file.
     */
    private static boolean leftEmptyByFailedReport(String[] args, int goldenRc, Path goldenFile) throws IOException {
        boolean report = args.length > 0 && (args[0].equals("show") || args[0].equals("overlap")
                || List.of(args).contains("--sample"));
        return report && goldenRc != 0 && Files.size(goldenFile) == 0;
    }

    private static Set<String> fileNames(Path dir, String prefix) throws IOException {
        Set<String> names = new TreeSet<>();
        try (Stream<Path> files = Files.list(dir)) {
            files.filter(Files::isRegularFile)
                    .map(p -> p.getFileName().toString())
                    .filter(n -> prefix == null || n.startsWith(prefix))
                    .forEach(names::add);
        }
        return names;
    }
}
