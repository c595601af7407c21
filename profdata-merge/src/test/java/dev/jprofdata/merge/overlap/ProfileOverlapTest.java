package dev.jprofdata.merge.overlap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ValueKind;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The overlap computation on small text profiles ({@code src/test/resources/overlap/}). The
 * expected numbers are those llvm-profdata 22 printed for the same files (as percentages with
 * three decimals, hence the tolerance), plus exact fractions where they are simple.
 */
class ProfileOverlapTest {
    private static final double PRINTED = 5e-6;

    private static Path resource(String name) {
        try {
            return Path.of(ProfileOverlapTest.class.getResource("/overlap/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static OverlapResult compare(OverlapOptions options, String base, String test,
            List<FunctionOverlap> functions) throws IOException {
        return new ProfileOverlap(options).compare(resource(base), base, resource(test), test, functions::add);
    }

    private static ProgramOverlap program(OverlapResult result) {
        assertThat(result).isInstanceOf(OverlapResult.Compared.class);
        return ((OverlapResult.Compared) result).program();
    }

    /*
     * base: foo#1 [10,20,30] memop{100:5, 200:15}; bar#2 [40]; gone#5 [7]
     * test: foo#1 [5,10,15] memop{200:9, 100:1, 300:2}; bar#3 [8]; newfn#4 [4,4]; gone#5 [0]
     */
    @Test
    void uniqueMismatchZeroSumAndOverlap() throws IOException {
        List<FunctionOverlap> functions = new ArrayList<>();
        ProgramOverlap p = program(compare(new OverlapOptions(false, 0, ""), "base.proftext", "test.proftext", functions));

        assertThat(p.base().edges()).isEqualTo(107.0);
        assertThat(p.test().edges()).isEqualTo(46.0);
        assertThat(p.base().value(ValueKind.MEMOP_SIZE)).isEqualTo(20.0);
        assertThat(p.test().value(ValueKind.MEMOP_SIZE)).isEqualTo(12.0);
        assertThat(p.base().value(ValueKind.INDIRECT_CALL_TARGET)).isZero();

        // foo overlaps, and gone (whose test counters sum to 0) counts as overlapping.
        assertThat(p.overlap().entries()).isEqualTo(2);
        // Every base count of foo is the smaller share: 60/107 (printed 56.075%).
        assertThat(p.overlap().edges()).isCloseTo(60.0 / 107, within(1e-12));
        // memop: value 100 min(5/20, 1/12) + value 200 min(15/20, 9/12); 300 is only in the test.
        assertThat(p.overlap().value(ValueKind.MEMOP_SIZE)).isCloseTo(1.0 / 12 + 0.75, within(1e-12));

        // bar: same name, other hash; newfn: not in the base. Each is 8/46 of the test (17.391%).
        assertThat(p.mismatch().entries()).isEqualTo(1);
        assertThat(p.mismatch().edges()).isCloseTo(8.0 / 46, within(1e-12));
        assertThat(p.mismatch().value(ValueKind.MEMOP_SIZE)).isZero();
        assertThat(p.unique().entries()).isEqualTo(1);
        assertThat(p.unique().edges()).isCloseTo(8.0 / 46, within(1e-12));

        // Cutoff 0 reports every compared function: only foo got that far.
        assertThat(functions).hasSize(1);
        FunctionOverlap foo = functions.get(0);
        assertThat(foo.name()).isEqualTo("foo");
        assertThat(foo.hash()).isEqualTo(1);
        assertThat(foo.overlap().entries()).isEqualTo(3);
        assertThat(foo.overlap().edges()).isCloseTo(1.0, within(1e-12));
        assertThat(foo.overlap().value(ValueKind.MEMOP_SIZE)).isCloseTo(0.83333, within(PRINTED));
        assertThat(foo.base().edges()).isEqualTo(60.0);
        assertThat(foo.test().edges()).isEqualTo(30.0);
        assertThat(foo.base().value(ValueKind.MEMOP_SIZE)).isEqualTo(20.0);
        assertThat(foo.test().value(ValueKind.MEMOP_SIZE)).isEqualTo(12.0);
    }

    @Test
    void swappedInputs() throws IOException {
        List<FunctionOverlap> functions = new ArrayList<>();
        ProgramOverlap p = program(compare(new OverlapOptions(false, OverlapOptions.NO_FUNCTIONS, "foo"),
                "test.proftext", "base.proftext", functions));
        assertThat(p.overlap().entries()).isEqualTo(2);
        assertThat(p.overlap().edges()).isCloseTo(0.56075, within(PRINTED));
        // bar#2 (40) mismatches: 40/107 (37.383%); no test function is missing from the base.
        assertThat(p.mismatch().entries()).isEqualTo(1);
        assertThat(p.mismatch().edges()).isCloseTo(40.0 / 107, within(1e-12));
        assertThat(p.unique().entries()).isZero();
        // Only the --function match is reported, despite the default cutoff.
        assertThat(functions).extracting(FunctionOverlap::name).containsExactly("foo");
    }

    @Test
    void defaultCutoffReportsNoFunction() throws IOException {
        List<FunctionOverlap> functions = new ArrayList<>();
        compare(OverlapOptions.defaults(), "base.proftext", "test.proftext", functions);
        assertThat(functions).isEmpty();
    }

    @Test
    void cutoffIsComparedWithTheLargestTestCounter() throws IOException {
        List<FunctionOverlap> functions = new ArrayList<>();
        compare(new OverlapOptions(false, 15, ""), "base.proftext", "test.proftext", functions);
        assertThat(functions).extracting(FunctionOverlap::name).containsExactly("foo");
        functions.clear();
        compare(new OverlapOptions(false, 16, ""), "base.proftext", "test.proftext", functions);
        assertThat(functions).isEmpty();
    }

    /** A CS-IR profile with foo (non-CS, 10) and foo (CS, 30), compared with itself. */
    @Test
    void contextSensitiveRecordsAreComparedButNotTotalled() throws IOException {
        ProgramOverlap plain = program(compare(OverlapOptions.defaults(), "cs.proftext", "cs.proftext", new ArrayList<>()));
        // Totals over the non-CS record (10), both records scored against them: 1 + 3 (400.000%).
        assertThat(plain.base().edges()).isEqualTo(10.0);
        assertThat(plain.overlap().entries()).isEqualTo(2);
        assertThat(plain.overlap().edges()).isCloseTo(4.0, within(1e-12));

        ProgramOverlap cs = program(compare(new OverlapOptions(true, OverlapOptions.NO_FUNCTIONS, ""),
                "cs.proftext", "cs.proftext", new ArrayList<>()));
        // Totals over the CS record (30): 1/3 + 1 (133.333%).
        assertThat(cs.base().edges()).isEqualTo(30.0);
        assertThat(cs.overlap().edges()).isCloseTo(4.0 / 3, within(1e-12));
    }

    /** Records of the base with the same name and hash are merged before comparing. */
    @Test
    void baseRecordsAreMergedByNameAndHash() throws IOException {
        List<FunctionOverlap> functions = new ArrayList<>();
        ProgramOverlap p = program(compare(new OverlapOptions(false, 0, ""), "dup.proftext", "single.proftext", functions));
        assertThat(p.base().edges()).isEqualTo(120.0);
        assertThat(p.test().edges()).isEqualTo(60.0);
        assertThat(p.overlap().edges()).isCloseTo(1.0, within(1e-12));
        assertThat(functions).singleElement().satisfies(f -> assertThat(f.base().edges()).isEqualTo(120.0));
    }

    /**
     * broken.proftext breaks after foo. llvm-profdata compares what it read up to the error; we
     * fail instead, naming the file (spec/show-and-overlap.md), on either side.
     */
    @Test
    void aProfileBrokenPartWayFailsNamingTheFile() {
        String[][] pairs = {{"broken.proftext", "single.proftext"}, {"single.proftext", "broken.proftext"}};
        for (String[] pair : pairs) {
            assertThatThrownBy(() -> compare(OverlapOptions.defaults(), pair[0], pair[1], new ArrayList<>()))
                    .isInstanceOfSatisfying(ProfileFormatException.class, e -> {
                        assertThat(e.file()).isEqualTo("broken.proftext");
                        assertThat(e.kind()).isEqualTo(ProfileFormatException.Kind.MALFORMED);
                    });
        }
    }

    @Test
    void zeroSumProfilesAreNotCompared() throws IOException {
        assertThat(compare(OverlapOptions.defaults(), "single.proftext", "zero.proftext", new ArrayList<>()))
                .isEqualTo(new OverlapResult.ZeroSum("zero.proftext"));
        assertThat(compare(OverlapOptions.defaults(), "zero.proftext", "single.proftext", new ArrayList<>()))
                .isEqualTo(new OverlapResult.ZeroSum("zero.proftext"));
    }

    @Test
    void anInputThatCannotBeOpenedFails() {
        Path missing = resource("base.proftext").resolveSibling("missing.proftext");
        assertThatThrownBy(() -> new ProfileOverlap(OverlapOptions.defaults())
                .compare(resource("base.proftext"), "base", missing, "missing.proftext", f -> { }))
                .isInstanceOf(ProfileFormatException.class)
                .hasMessageContaining("missing.proftext");
    }

    @Test
    void scoreIsTheSmallerShareOrZeroForEmptyTotals() {
        assertThat(ProfileOverlap.score(10, 5, 107, 46)).isEqualTo(10.0 / 107);
        assertThat(ProfileOverlap.score(10, 5, 0.5, 46)).isZero();
        assertThat(ProfileOverlap.score(10, 5, 107, 0)).isZero();
        // Counts are unsigned: 2^64-1 is a huge count, not -1.
        assertThat(ProfileOverlap.score(-1L, -1L, 1.8446744073709552e19, 1.8446744073709552e19)).isEqualTo(1.0);
    }
}
