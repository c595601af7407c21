package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The merged bytes must not depend on the thread count, and must equal llvm-profdata 22's
 * single-threaded output, for inputs with value profiles, traces and mixed formats.
 */
class MergeDeterminismTest {

    @TempDir
    Path tmp;

    private static List<String> profiles(String glob) throws IOException {
        List<String> names = new ArrayList<>();
        try (Stream<Path> s = Files.list(CliRun.fixtures().resolve("profiles/many"))) {
            s.map(p -> "profiles/many/" + p.getFileName()).sorted().forEach(names::add);
        }
        return names;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 8})
    void manyRawInputsGiveLlvmBytesForEveryThreadCount(int threads) throws IOException {
        List<String> args = new ArrayList<>(List.of("merge", "--num-threads=" + threads, "-o",
                tmp.resolve("out.profdata").toString()));
        args.addAll(profiles("many"));
        CliRun run = CliRun.run(CliRun.fixtures(), args.toArray(String[]::new));
        assertThat(run.stderr()).isEmpty();
        assertThat(run.exitCode()).isZero();
        byte[] golden = Files.readAllBytes(CliRun.fixtures().resolve("golden/out/merge_many.profdata"));
        assertThat(Files.readAllBytes(tmp.resolve("out.profdata"))).isEqualTo(golden);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void mixedFormatsAndTracesDoNotDependOnThreads(int threads) throws IOException {
        String[] inputs = {"profiles/temporal_1.profraw", "profiles/temporal_2.profraw", "profiles/temporal.profdata",
            "profiles/temporal_3.profraw", "profiles/temporal.proftext", "profiles/temporal_4.profraw",
            "--weighted-input=3,profiles/temporal_5.profraw"};
        List<String> one = new ArrayList<>(List.of("merge", "--num-threads=1", "-o", tmp.resolve("one").toString()));
        List<String> many = new ArrayList<>(List.of("merge", "--num-threads=" + threads, "-o", tmp.resolve("many").toString()));
        one.addAll(List.of(inputs));
        many.addAll(List.of(inputs));
        assertThat(CliRun.run(CliRun.fixtures(), one.toArray(String[]::new)).exitCode()).isZero();
        assertThat(CliRun.run(CliRun.fixtures(), many.toArray(String[]::new)).exitCode()).isZero();
        assertThat(Files.readAllBytes(tmp.resolve("many"))).isEqualTo(Files.readAllBytes(tmp.resolve("one")));
    }

    /**
     * 300 weighted inputs with value profiles (raw, indexed and text, repeated in a shuffled order
     * from a list file): the same bytes for 1, 2 and 8 threads and from one run to the next.
     */
    @org.junit.jupiter.api.Test
    void manyWeightedInputsWithValueProfilesGiveTheSameBytesForEveryThreadCountAndRun() throws IOException {
        List<String> sources = new ArrayList<>(profiles("many"));
        for (String name : new String[] {"ir_1.profraw", "ir_2.profraw", "ir_3.profraw", "ir_4.profraw",
            "ir_5.profraw", "ir_6.profraw", "ir_a.profdata", "ir_b.profdata", "ir.proftext"}) {
            sources.add("profiles/" + name);
        }
        List<String> lines = new ArrayList<>();
        java.util.Random random = new java.util.Random(5);
        for (int i = 0; i < 300; i++) {
            String source = sources.get(random.nextInt(sources.size()));
            lines.add((1 + random.nextInt(9)) + "," + CliRun.fixtures().resolve(source));
        }
        Path list = tmp.resolve("inputs.list");
        Files.write(list, lines);
        byte[] first = null;
        for (int run = 0; run < 2; run++) {
            for (int threads : new int[] {1, 2, 8}) {
                Path out = tmp.resolve("out-" + threads + "-" + run + ".profdata");
                CliRun merged = CliRun.run(tmp, "merge", "--num-threads=" + threads, "-o", out.toString(),
                        "-f", list.toString());
                assertThat(merged.exitCode()).as(merged.stderr()).isZero();
                byte[] bytes = Files.readAllBytes(out);
                if (first == null) {
                    first = bytes;
                    assertThat(ProfileDigest.hasValues(out)).isTrue();
                }
                assertThat(bytes).as("run %d, --num-threads=%d", run, threads).isEqualTo(first);
            }
        }
    }
}
