package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code merge --value-merge=llvm} against llvm-profdata 22 on real profiles (fixtures/src/vsites.c,
 * spec/merge.md "Value sites"): four runs whose indirect-call site sees 324 targets, cut to 255 as
 * they are merged, and value 0 (the uninstrumented libc targets) up to four times in one run's site.
 * The goldens are llvm-profdata's {@code --num-threads=1} output in three input orders; the llvm
 * mode must give their bytes for every thread count, and the default mode must differ from them
 * exactly as documented.
 */
class ValueMergeFixtureTest {
    @TempDir
    Path dir;

    private static final String[] FORWARD = {"profiles/vsites_1.profraw", "profiles/vsites_2.profraw",
        "profiles/vsites_3.profraw", "profiles/vsites_4.profraw"};

    /** What we print about the six zeros the vsites merges keep (llvm-profdata prints nothing). */
    private static final String VSITES_WARNING = "warning: 6 duplicate values in 2 value sites kept apart, as"
            + " llvm-profdata keeps them (--value-merge=exact adds them up)\n";

    /**
     * The golden, the inputs (and options) of each merge regen.sh recorded, and our stderr. The
     * sort_adv profiles (fixtures/src/sort_adversary.py) hold every memop size twice, in an order
     * that drives LLVM's value sort into its heapsort fallback; for a text profile with repeated
     * memop sizes llvm-profdata prints its own warning, and so do we.
     */
    static Stream<Arguments> goldens() {
        return Stream.of(
                Arguments.of("vsites.profdata", List.of(FORWARD), VSITES_WARNING),
                Arguments.of("vsites_rev.profdata", List.of("profiles/vsites_4.profraw", "profiles/vsites_3.profraw",
                        "profiles/vsites_2.profraw", "profiles/vsites_1.profraw"), VSITES_WARNING),
                Arguments.of("vsites_w.profdata", List.of("profiles/vsites_2.profraw", "profiles/vsites_4.profraw",
                        "--weighted-input=3,profiles/vsites_1.profraw", "--weighted-input=2,profiles/vsites_3.profraw"),
                        VSITES_WARNING),
                Arguments.of("vsites.proftext", Stream.concat(Stream.of("--text"), Stream.of(FORWARD)).toList(),
                        VSITES_WARNING),
                Arguments.of("sort_adv_ab.proftext", List.of("--text", "profiles/sort_adv_a.proftext",
                        "profiles/sort_adv_b.proftext"), sortAdversaryWarning()),
                Arguments.of("sort_adv_ba.proftext", List.of("--text", "profiles/sort_adv_b.proftext",
                        "profiles/sort_adv_a.proftext"), sortAdversaryWarning()));
    }

    private static String sortAdversaryWarning() {
        return "warning: 127 duplicate values in 1 value site kept apart, as llvm-profdata keeps them"
                + " (--value-merge=exact adds them up)\n"
                + "warning: invalid profile created. Please file a bug at: https://github.com/llvm/llvm-project/issues/"
                + " and include the profraw files that caused this error.\n";
    }

    @ParameterizedTest
    @MethodSource("goldens")
    void llvmModeWritesLlvmProfdatasBytesWithAnyNumberOfThreads(String golden, List<String> inputs, String stderr)
            throws IOException {
        byte[] expected = Files.readAllBytes(CliRun.fixtures().resolve("profiles").resolve(golden));
        for (int threads = 1; threads <= 4; threads++) {
            Path out = dir.resolve(threads + "-" + golden);
            CliRun run = merge(out, inputs, "--value-merge=llvm", "--num-threads=" + threads);
            assertThat(run.exitCode()).as(run.stderr()).isZero();
            assertThat(Files.readAllBytes(out)).as("%s with %d threads", golden, threads).isEqualTo(expected);
            assertThat(run.stderr()).isEqualTo(stderr);
        }
    }

    /**
     * The default merge adds the repeated zeros up and cuts each site once, at the end: every count
     * survives whole, and the input order does not matter. llvm-profdata's result (kept zeros, counts
     * lost to the cut after each run) depends on the order.
     */
    @Test
    void defaultModeAddsRepeatsUpAndCutsOnceAtTheEnd() throws IOException {
        Path forward = dir.resolve("fwd.profdata");
        Path reverse = dir.resolve("rev.profdata");
        assertThat(merge(forward, List.of(FORWARD), "--num-threads=1").exitCode()).isZero();
        assertThat(merge(reverse, List.of("profiles/vsites_4.profraw", "profiles/vsites_3.profraw",
                "profiles/vsites_2.profraw", "profiles/vsites_1.profraw"), "--num-threads=2").exitCode()).isZero();
        assertThat(Files.readAllBytes(reverse)).isEqualTo(Files.readAllBytes(forward));
        Path profiles = CliRun.fixtures().resolve("profiles");
        assertThat(Files.readAllBytes(profiles.resolve("vsites_rev.profdata")))
                .isNotEqualTo(Files.readAllBytes(profiles.resolve("vsites.profdata")));

        ValueSite exactLibc = site(forward, "libc_only");
        ValueSite llvmLibc = site(profiles.resolve("vsites.profdata"), "libc_only");
        assertThat(exactLibc.values()).containsExactly(0L);
        assertThat(llvmLibc.values()).containsExactly(0L, 0L, 0L, 0L);
        assertThat(exactLibc.count(0)).isEqualTo(llvmLibc.countSum());

        // The 324 targets of the dispatch site: 255 kept either way, but llvm-profdata cut some
        // after each run that later runs called again, and lost their earlier counts.
        Map<Long, Long> exact = byValue(site(forward, "dispatch"));
        Map<Long, Long> llvm = byValue(site(profiles.resolve("vsites.profdata"), "dispatch"));
        assertThat(site(forward, "dispatch").size()).isEqualTo(255);
        assertThat(site(profiles.resolve("vsites.profdata"), "dispatch").size()).isEqualTo(255);
        assertThat(exact).hasSize(255); // no value twice
        assertThat(llvm).hasSizeLessThan(255); // value 0 more than once
        long lost = 0;
        for (Map.Entry<Long, Long> e : llvm.entrySet()) {
            Long whole = exact.get(e.getKey());
            if (whole != null) {
                assertThat(whole).as("value %d", e.getKey()).isGreaterThanOrEqualTo(e.getValue());
                lost += whole - e.getValue();
            }
        }
        assertThat(lost).isPositive();
    }

    @Test
    void unknownModeIsRefused() {
        CliRun run = CliRun.run(CliRun.fixtures(), "merge", "--value-merge=gcc", "-o", dir.resolve("x").toString(),
                FORWARD[0]);
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr()).contains("for the --value-merge option: Cannot find option named 'gcc'!");
        assertThat(dir.resolve("x")).doesNotExist();
    }

    private static CliRun merge(Path out, List<String> inputs, String... options) {
        List<String> args = new java.util.ArrayList<>(List.of("merge", "-o", out.toString()));
        args.addAll(List.of(options));
        args.addAll(inputs);
        return CliRun.run(CliRun.fixtures(), args.toArray(String[]::new));
    }

    /** The indirect-call site of {@code function} (each has one). */
    private static ValueSite site(Path profile, String function) throws IOException {
        try (ProfileReader reader = ProfileReaders.open(profile, profile.toString())) {
            ProfileRecord r;
            while ((r = reader.next()) != null) {
                if (r.name().equals(function)) {
                    return r.sites(ValueKind.INDIRECT_CALL_TARGET)[0];
                }
            }
        }
        throw new AssertionError(function + " not in " + profile);
    }

    /** Each value's count, the copies of a repeated value added up. */
    private static Map<Long, Long> byValue(ValueSite site) {
        Map<Long, Long> counts = new HashMap<>();
        for (int i = 0; i < site.size(); i++) {
            counts.merge(site.value(i), site.count(i), Long::sum);
        }
        return counts;
    }
}
