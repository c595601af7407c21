package dev.jprofdata.merge.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.jprofdata.format.sample.FunctionId;
import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.LineLocation;
import dev.jprofdata.format.sample.SampleContext;
import dev.jprofdata.format.sample.SampleFormat;
import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.format.sample.SampleProfileFlags;
import dev.jprofdata.format.sample.Saturating;
import java.util.LinkedHashMap;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link SampleOverlap} on profiles built in code: the base and test profiles of the
 * {@code sample_overlap_*} golden cases (ovl-base/ovl-test), whose numbers llvm-profdata 22 printed,
 * and small cases worked out by hand.
 */
class SampleOverlapTest {
    private static final Saturating.Overflow OVERFLOW = new Saturating.Overflow();

    private static FunctionSamples function(String name, long total, long head) {
        FunctionSamples f = new FunctionSamples(SampleContext.of(FunctionId.of(name)));
        f.setTotalSamples(total);
        f.setHeadSamples(head);
        return f;
    }

    private static void line(FunctionSamples f, int line, long samples, Object... targets) {
        f.bodyRecord(new LineLocation(line, 0)).addSamples(samples, 1, OVERFLOW);
        for (int i = 0; i < targets.length; i += 2) {
            f.bodyRecord(new LineLocation(line, 0)).addTarget(FunctionId.of((String) targets[i]),
                    ((Number) targets[i + 1]).longValue(), 1, OVERFLOW);
        }
    }

    private static FunctionSamples inlinee(FunctionSamples f, int line, String callee, long total) {
        FunctionSamples c = f.inlinee(new LineLocation(line, 0), FunctionId.of(callee));
        c.setTotalSamples(total);
        return c;
    }

    private static SampleProfile profile(SampleProfileFlags flags, FunctionSamples... functions) {
        LinkedHashMap<SampleContext, FunctionSamples> map = new LinkedHashMap<>();
        for (FunctionSamples f : functions) {
            map.put(f.context(), f);
        }
        return new SampleProfile(SampleFormat.TEXT, map, flags, null, null);
    }

    private static SampleProfile profile(FunctionSamples... functions) {
        return profile(SampleProfileFlags.NONE, functions);
    }

    /** ovl-base.proftext. */
    private static SampleProfile base() {
        FunctionSamples main = function("main", 10000, 10);
        line(main, 1, 1000);
        line(main, 2, 2000, "foo", 1500);
        line(main, 3, 500);
        FunctionSamples bar = inlinee(main, 4, "bar", 3000);
        line(bar, 1, 2000);
        line(bar, 2, 1000);
        line(main, 5, 200);
        FunctionSamples foo = function("foo", 3000, 1500);
        line(foo, 1, 1500);
        line(foo, 2, 1500);
        FunctionSamples baz = function("baz", 100, 5);
        line(baz, 1, 100);
        return profile(main, foo, baz);
    }

    /** ovl-test.proftext. */
    private static SampleProfile test() {
        FunctionSamples main = function("main", 9000, 20);
        line(main, 1, 900);
        line(main, 2, 2500, "foo", 2000);
        line(main, 3, 100);
        FunctionSamples bar = inlinee(main, 4, "bar", 2000);
        line(bar, 1, 1500);
        line(bar, 3, 500);
        line(main, 6, 300);
        FunctionSamples foo = function("foo", 4000, 2000);
        line(foo, 1, 2000);
        line(foo, 2, 2000);
        FunctionSamples qux = function("qux", 500, 10);
        line(qux, 1, 500);
        return profile(main, foo, qux);
    }

    private static String percent(double fraction, int digits) {
        return String.format(java.util.Locale.ROOT, "%." + digits + "f", fraction * 100);
    }

    @Test
    void programLevelNumbersAreLlvms() throws Exception {
        SampleOverlapResult.Compared r = (SampleOverlapResult.Compared) new SampleOverlap(
                SampleOverlapOptions.defaults()).compare(base(), test());
        // What llvm-profdata 22 printed for these two profiles (golden sample_overlap_basic).
        assertThat(percent(r.similarity(), 3)).isEqualTo("71.540");
        assertThat(percent(r.sampleOverlap(), 3)).isEqualTo("59.524");
        assertThat(percent(r.baseUniqueFraction(), 3)).isEqualTo("13.265");
        assertThat(percent(r.testUniqueFraction(), 3)).isEqualTo("12.621");
        assertThat(r.baseSamples()).isEqualTo(9800);
        assertThat(r.testSamples()).isEqualTo(10300);
        assertThat(r.overlapFunctions()).isEqualTo(2);
        assertThat(r.baseUniqueFunctions()).isEqualTo(1);
        assertThat(r.testUniqueFunctions()).isEqualTo(1);
        assertThat(r.hotOverlapFunctions()).isEqualTo(2);
        assertThat(r.hotBaseFunctions() - r.hotOverlapFunctions()).isEqualTo(1);
        assertThat(r.hotTestFunctions() - r.hotOverlapFunctions()).isEqualTo(1);
        assertThat(r.hotOverlapBlocks()).isEqualTo(5);
        assertThat(r.hotBaseBlocks() - r.hotOverlapBlocks()).isEqualTo(4);
        assertThat(r.hotTestBlocks() - r.hotOverlapBlocks()).isEqualTo(3);
        assertThat(r.functions()).as("no rows without --value-cutoff, --similarity-cutoff or --function").isEmpty();
    }

    @Test
    void identicalFunctionsWithTheSameShareAreFullySimilar() {
        // foo has the same shape in both (half its samples on each line) but a different share of
        // its profile: FS = 1 - |3000/9800 - 4000/10300|.
        SampleOverlapResult.Compared r = (SampleOverlapResult.Compared) new SampleOverlap(
                new SampleOverlapOptions(0, SampleOverlapOptions.NO_VALUE_CUTOFF, "fo", 990000, null, false))
                .withHotThresholds(1, 1).compare(List.copyOf(base().profiles().values()),
                        List.copyOf(test().profiles().values()));
        assertThat(r.functions()).hasSize(1);
        SampleFunctionOverlap foo = r.functions().get(0);
        assertThat(foo.context().toString()).isEqualTo("foo");
        assertThat(foo.similarity()).isCloseTo(1 - Math.abs(3000.0 / 9800 - 4000.0 / 10300), within(1e-12));
        assertThat(foo.overlap()).isEqualTo(3000.0 / 4000);
        assertThat(foo.baseUnique()).isZero();
        assertThat(foo.testUnique()).isZero();
        assertThat(foo.baseSamples()).isEqualTo(3000);
        assertThat(foo.testSamples()).isEqualTo(4000);
    }

    @Test
    void valueCutoffRowsAreSortedByBaseWeightWithTestOnlyFunctionsLast() throws Exception {
        SampleOverlapResult.Compared r = (SampleOverlapResult.Compared) new SampleOverlap(
                new SampleOverlapOptions(0, 0, "", 990000, null, false)).compare(base(), test());
        assertThat(r.functions()).extracting(f -> f.context().toString()).containsExactly("main", "foo", "qux");
        SampleFunctionOverlap main = r.functions().get(0);
        // golden sample_overlap_valcut: 68.37% 56.31% 63.64% 56.25% 17.91% 13.79%
        assertThat(percent(main.baseWeight(), 2)).isEqualTo("68.37");
        assertThat(percent(main.testWeight(), 2)).isEqualTo("56.31");
        assertThat(percent(main.similarity(), 2)).isEqualTo("63.64");
        assertThat(percent(main.overlap(), 2)).isEqualTo("56.25");
        assertThat(percent(main.baseUnique(), 2)).isEqualTo("17.91");
        assertThat(percent(main.testUnique(), 2)).isEqualTo("13.79");
        SampleFunctionOverlap qux = r.functions().get(2);
        assertThat(qux.matched()).isFalse();
        assertThat(qux.baseWeight()).isZero();
        assertThat(qux.similarity()).isZero();
        assertThat(qux.testUnique()).isEqualTo(1.0);
    }

    @Test
    void mainWorkedOutByHand() {
        // main alone: base lines 1000, 2000, 500, 200 (at 1, 2, 3, 5) and inlinee bar at 4 with
        // 2000 + 1000; test lines 900, 2500, 100, 300 (at 1, 2, 3, 6) and bar with 1500 + 500 (at
        // 1, 3). fb = 6700, ft = 5800.
        SampleProfile b = base();
        SampleProfile t = test();
        FunctionSamples bm = b.profiles().get(SampleContext.of(FunctionId.of("main")));
        FunctionSamples tm = t.profiles().get(SampleContext.of(FunctionId.of("main")));
        SampleOverlapResult.Compared r = (SampleOverlapResult.Compared) new SampleOverlap(
                new SampleOverlapOptions(0, 0, "", 990000, null, false)).withHotThresholds(1, 1)
                .compare(List.of(bm), List.of(tm));
        double fb = 6700;
        double ft = 5800;
        double d = Math.abs(1000 / fb - 900 / ft) + Math.abs(2000 / fb - 2500 / ft) + Math.abs(500 / fb - 100 / ft)
                + 200 / fb + 300 / ft;
        // bar matched: its own places against the same function totals, counted twice.
        double barDifference = Math.abs(2000 / fb - 1500 / ft) + 1000 / fb + 500 / ft;
        d += barDifference;
        double internal = (2 - d) / 2;
        SampleFunctionOverlap main = r.functions().get(0);
        assertThat(main.similarity()).isCloseTo(internal, within(1e-12));
        long overlap = 900 + 2000 + 100 + 1500;
        long union = 1000 + 2500 + 500 + 200 + 300 + 2000 + 1000 + 500;
        assertThat(main.overlap()).isCloseTo((double) overlap / union, within(1e-15));
        assertThat(main.baseUnique()).isCloseTo((200 + 1000) / fb, within(1e-15));
        assertThat(main.testUnique()).isCloseTo((300 + 500) / ft, within(1e-15));
        // Alone, main weighs 1 in both profiles: the program similarity is its own.
        assertThat(r.similarity()).isCloseTo(internal, within(1e-12));
    }

    @Test
    void aProfileWithoutSamplesIsReportedNotCompared() throws Exception {
        FunctionSamples empty = function("f", 10, 1);
        SampleOverlapResult r = new SampleOverlap(SampleOverlapOptions.defaults()).compare(profile(empty), test());
        assertThat(r).isEqualTo(new SampleOverlapResult.ZeroSum(true, false));
    }

    @Test
    void probeAndContextKindsMustAgree() {
        SampleProfileFlags probe = new SampleProfileFlags(true, false, false, false, false, false, false);
        SampleProfileFlags cs = new SampleProfileFlags(false, true, false, false, false, false, false);
        assertThatThrownBy(() -> new SampleOverlap(SampleOverlapOptions.defaults()).compare(
                profile(probe, function("f", 1, 1)), base()))
                .isInstanceOf(SampleOverlapException.class)
                .hasMessage("cannot compare probe-based profile with non-probe-based profile");
        assertThatThrownBy(() -> new SampleOverlap(SampleOverlapOptions.defaults()).compare(
                base(), profile(cs, function("f", 1, 1))))
                .isInstanceOf(SampleOverlapException.class)
                .hasMessage("cannot compare CS profile with non-CS profile");
    }

    @Test
    void aHotCutoffAboveEverySummaryEntryIsAnError() {
        assertThatThrownBy(() -> new SampleOverlap(new SampleOverlapOptions(0, -1, "", 1000001, null, false))
                .compare(base(), test()))
                .isInstanceOf(SampleOverlapException.class)
                .hasMessageContaining("desired percentile exceeds the maximum cutoff");
    }

    @Test
    void aForcedHotCountDecidesHotness() throws Exception {
        SampleOverlapResult.Compared r = (SampleOverlapResult.Compared) new SampleOverlap(
                new SampleOverlapOptions(0, -1, "", 990000, 100_000_000L, false)).compare(base(), test());
        assertThat(r.hotUnionFunctions()).isZero();
        assertThat(r.hotFunctionOverlap()).isNaN();
        assertThat(r.hotBlockOverlap()).isNaN();
    }

    /** Pairs of real-binary fixtures of one kind (line, probe, CS probe), ext-binary and text. */
    static java.util.stream.Stream<String[]> realPairs() {
        return java.util.stream.Stream.of(
                new String[] {"spc.line.extbinary.sprof", "spc2.line.extbinary.sprof"},
                new String[] {"spc.probe.extbinary.sprof", "spc2.probe.extbinary.sprof"},
                new String[] {"spc.csprobe.extbinary.sprof", "spc2.csprobe.extbinary.sprof"},
                new String[] {"spc.line.proftext", "spc2.line.extbinary.sprof"},
                new String[] {"spx.line.extbinary.sprof", "spx.line.extbinary.sprof"});
    }

    /** Comparing profiles decoded on demand is a shortcut: the result must be the whole reads'. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("realPairs")
    void onDemandComparisonIsTheWholeReadsComparison(String base, String test) throws Exception {
        java.nio.file.Path dir = java.nio.file.Path.of(System.getProperty("jprofdata.root", ".."))
                .toAbsolutePath().resolve("fixtures/profiles/sample/real").normalize();
        org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.isDirectory(dir), "fixtures not found");
        SampleOverlapResult onDemand = SampleProfiles.overlap(dir.resolve(base), dir.resolve(test));
        SampleOverlapResult whole = new SampleOverlap(SampleOverlapOptions.defaults())
                .compare(SampleProfiles.read(dir.resolve(base)), SampleProfiles.read(dir.resolve(test)));
        assertThat(onDemand).isInstanceOf(SampleOverlapResult.Compared.class);
        assertThat(onDemand).isEqualTo(whole);
    }
}
