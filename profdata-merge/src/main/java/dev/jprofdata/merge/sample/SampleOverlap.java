package dev.jprofdata.merge.sample;

import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.SampleContext;
import dev.jprofdata.format.sample.SampleFunctionStats;
import dev.jprofdata.format.sample.ProfileAt;
import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.format.sample.SampleProfileIndex;
import dev.jprofdata.format.sample.SampleSummaries;
import dev.jprofdata.format.summary.ProfileSummary;
import dev.jprofdata.format.summary.SummaryEntry;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How similar a test sample profile is to a base one, computed as {@code llvm-profdata overlap
 * --sample} does (spec/sample-show-overlap.md gives the formulas in words).
 *
 * <p>Functions are matched by context. A function's weight is the sum of its body-record counts,
 * inlinees included; the similarity of two matched functions compares, place by place, each
 * place's share of its function's samples, and is then scaled by how far apart the two functions'
 * shares of their profiles are. The program similarity averages the function similarities,
 * weighted by the functions' shares. Hot blocks and functions are judged against each profile's
 * own threshold from its summary.
 *
 * <p>The arithmetic is the same double-precision arithmetic, in the same order, as LLVM's, so the
 * printed numbers agree to the last digit. Not thread-safe; one instance per comparison.
 */
public final class SampleOverlap {
    /** LLVM rounds similarities this close to 0 or 1 to exactly 0 or 1. */
    private static final double EPSILON = 0.000005;

    private final SampleOverlapOptions options;
    private long baseHot;
    private long testHot;
    private long hotBlockUnion;
    private long hotBlockBase;
    private long hotBlockTest;
    private long hotBlockOverlap;

    public SampleOverlap(SampleOverlapOptions options) {
        this.options = options;
    }

    /**
     * Compares {@code test} with {@code base}, taking each profile's functions in the order its
     * profile map iterates (see {@link SampleProfileIndex#mapOrder}), which decides the order of rows with
     * equal base weights.
     *
     * @throws SampleOverlapException when one profile is probe-based and the other not, or one is
     *     context-sensitive and the other not
     */
    public SampleOverlapResult compare(SampleProfile base, SampleProfile test) throws SampleOverlapException {
        try {
            return compare(SampleProfileIndex.of(base), SampleProfileIndex.of(test));
        } catch (IOException e) {
            throw new AssertionError("profiles in memory", e);
        }
    }

    /**
     * As {@link #compare(SampleProfile, SampleProfile)}, decoding the functions of each profile
     * when they are needed (twice at most) rather than holding them all.
     *
     * @throws IOException when a profile cannot be decoded
     */
    public SampleOverlapResult compare(SampleProfileIndex base, SampleProfileIndex test)
            throws SampleOverlapException, IOException {
        if (base.flags().probeBased() != test.flags().probeBased()) {
            throw new SampleOverlapException("cannot compare probe-based profile with non-probe-based profile");
        }
        if (base.flags().contextSensitive() != test.flags().contextSensitive()) {
            throw new SampleOverlapException("cannot compare CS profile with non-CS profile");
        }
        baseHot = hotThreshold(summaryOf(base));
        testHot = hotThreshold(summaryOf(test));
        // Base functions only in base are visited in LLVM in the order of another map (keyed by
        // context), which only changes the rounding of the similarity sum: file order will do.
        int[] testOrder = test.mapOrder();
        return compare(base.size(), base::function, testOrder.length, i -> test.function(testOrder[i]));
    }

    /**
     * Compares two lists of top-level profiles, each in its map's iteration order, with the hot
     * thresholds already set by {@link #withHotThresholds}.
     */
    SampleOverlapResult compare(List<FunctionSamples> baseProfiles, List<FunctionSamples> testProfiles) {
        try {
            return compare(baseProfiles.size(), baseProfiles::get, testProfiles.size(), testProfiles::get);
        } catch (IOException e) {
            throw new AssertionError("profiles in memory", e);
        }
    }

    /**
     * The comparison: the statistics of every base function first (each decoded once), then each
     * test function in order with its base function (the base function decoded again, one pair
     * at a time), then the numbers that need the profiles' sums.
     */
    private SampleOverlapResult compare(int baseCount, ProfileAt baseProfiles, int testCount, ProfileAt testProfiles)
            throws IOException {
        // Each base function with its statistics, found by context; matched ones are marked.
        Map<SampleContext, BaseFunction> baseByContext = new HashMap<>(baseCount * 2);
        List<BaseFunction> baseFunctions = new ArrayList<>(baseCount);
        long baseSum = 0;
        for (int i = 0; i < baseCount; i++) {
            FunctionSamples f = baseProfiles.get(i);
            BaseFunction b = new BaseFunction(i, f.context(), SampleFunctionStats.of(f, baseHot));
            baseSum += b.stats.sum();
            baseFunctions.add(b);
            baseByContext.put(f.context(), b);
        }
        // Each test function with its match: what does not need the profiles' sums, in test order.
        TestFunction[] tests = new TestFunction[testCount];
        long testSum = 0;
        for (int i = 0; i < testCount; i++) {
            FunctionSamples testFunction = testProfiles.get(i);
            SampleFunctionStats ts = SampleFunctionStats.of(testFunction, testHot);
            testSum += ts.sum();
            BaseFunction base = baseByContext.get(testFunction.context());
            boolean matched = base != null && !base.matched;
            Accumulator acc = new Accumulator(matched ? base.stats.sum() : 0, ts.sum());
            double internal = 0;
            if (matched) {
                base.matched = true;
                internal = internalSimilarity(baseProfiles.get(base.slot), testFunction, acc);
                if (Math.abs(internal) < EPSILON) {
                    internal = 0;
                }
            } else {
                acc.testUnique = ts.sum();
                hotBlock(0, ts.sum(), ts.hotBlocks());
            }
            tests[i] = new TestFunction(testFunction.context(), ts, matched ? base : null, internal, acc);
        }
        if (baseSum == 0 || testSum == 0) {
            return new SampleOverlapResult.ZeroSum(baseSum == 0, testSum == 0);
        }

        long overlapFunctions = 0;
        long testUniqueFunctions = 0;
        long overlapSample = 0;
        long unionSample = 0;
        long baseUniqueSample = 0;
        long testUniqueSample = 0;
        long hotTest = 0;
        long hotOverlap = 0;
        double similarity = 0;
        // Rows sorted by base weight descending; equal weights keep insertion (test map) order.
        List<SampleFunctionOverlap> rows = new ArrayList<>();
        for (TestFunction test : tests) {
            SampleContext context = test.context;
            SampleFunctionStats ts = test.stats;
            BaseFunction base = test.base;
            boolean matched = base != null;
            boolean testIsHot = ts.isHot(testHot);
            if (testIsHot) {
                hotTest++;
            }
            Accumulator acc = test.acc;
            double functionSimilarity = 0;
            if (!matched) {
                testUniqueFunctions++;
                testUniqueSample += ts.sum();
                // LLVM adds the (zero) weighted similarity of an unmatched function too.
                similarity += weightByImportance(weightForFunction(0, 0, ts.sum(), baseSum, testSum), 0, ts.sum(),
                        baseSum, testSum);
                unionSample += ts.sum();
            } else {
                overlapFunctions++;
                if (testIsHot && base.stats.isHot(baseHot)) {
                    hotOverlap++;
                }
                functionSimilarity = weightForFunction(test.internal, acc.baseSample, acc.testSample, baseSum, testSum);
                similarity += weightByImportance(functionSimilarity, acc.baseSample, acc.testSample, baseSum, testSum);
                overlapSample += acc.overlap;
                unionSample += acc.union;
                baseUniqueSample += acc.baseUnique;
                testUniqueSample += acc.testUnique;
            }
            if (Long.compareUnsigned(ts.max(), options.valueCutoff()) >= 0
                    || (matched && functionSimilarity < lowSimilarity())
                    || (matched && !options.function().isEmpty()
                            && base.context.toString().contains(options.function()))) {
                rows.add(new SampleFunctionOverlap(context,
                        toDouble(acc.baseSample) / toDouble(baseSum),
                        toDouble(acc.testSample) / toDouble(testSum),
                        functionSimilarity,
                        acc.union != 0 ? toDouble(acc.overlap) / toDouble(acc.union) : 0,
                        acc.baseSample != 0 ? toDouble(acc.baseUnique) / toDouble(acc.baseSample) : 0,
                        acc.testSample != 0 ? toDouble(acc.testUnique) / toDouble(acc.testSample) : 0,
                        acc.baseSample, acc.testSample, matched));
            }
        }
        long baseUniqueFunctions = 0;
        long hotBase = 0;
        for (BaseFunction b : baseFunctions) {
            if (b.stats.isHot(baseHot)) {
                hotBase++;
            }
            if (b.matched) {
                continue;
            }
            baseUniqueFunctions++;
            baseUniqueSample += b.stats.sum();
            hotBlock(b.stats.sum(), 0, b.stats.hotBlocks());
            similarity += weightByImportance(weightForFunction(0, b.stats.sum(), 0, baseSum, testSum), b.stats.sum(),
                    0, baseSum, testSum);
            unionSample += b.stats.sum();
        }
        if (Math.abs(similarity - 1) < EPSILON) {
            similarity = 1;
        }
        rows.sort((a, b) -> Double.compare(b.baseWeight(), a.baseWeight()));
        // Hot functions: hot in test, plus hot in base but not hot (or absent) in test.
        long hotUnion = hotTest + hotBase - hotOverlap;
        return new SampleOverlapResult.Compared(similarity,
                toDouble(overlapSample) / toDouble(unionSample),
                toDouble(baseUniqueSample) / toDouble(baseSum),
                toDouble(testUniqueSample) / toDouble(testSum),
                baseSum, testSum, overlapFunctions, baseUniqueFunctions, testUniqueFunctions,
                hotOverlap, hotBase, hotTest, hotUnion,
                hotBlockOverlap, hotBlockBase, hotBlockTest, hotBlockUnion, rows);
    }

    /** A base function, its statistics, and whether a test function matched it. */
    private static final class BaseFunction {
        final int slot;
        final SampleContext context;
        final SampleFunctionStats stats;
        boolean matched;

        BaseFunction(int slot, SampleContext context, SampleFunctionStats stats) {
            this.slot = slot;
            this.context = context;
            this.stats = stats;
        }
    }

    /** A test function, its statistics, its matched base function (null when none) and their internal similarity. */
    private record TestFunction(SampleContext context, SampleFunctionStats stats, BaseFunction base, double internal,
            Accumulator acc) {
    }

    /** Sets the hot thresholds directly (tests, and callers that computed them). */
    SampleOverlap withHotThresholds(long base, long test) {
        this.baseHot = base;
        this.testHot = test;
        return this;
    }

    private double lowSimilarity() {
        return toDouble(options.similarityCutoff()) / 1000000;
    }

    /** The summary LLVM's reader holds: the stored one, or one computed from the profiles. */
    private ProfileSummary summaryOf(SampleProfileIndex profile) throws IOException {
        ProfileSummary stored = profile.storedSummary();
        return stored != null ? stored : SampleSummaries.compute(profile, options.perContextSummary());
    }

    /** The minimum count of the first summary entry at or above the hot cutoff, or the forced count. */
    private long hotThreshold(ProfileSummary summary) throws SampleOverlapException {
        long count = -1;
        boolean found = false;
        for (SummaryEntry e : summary.entries()) {
            if (Long.compareUnsigned(e.cutoff(), options.hotCutoff()) >= 0) {
                count = e.minCount();
                found = true;
                break;
            }
        }
        if (!found) {
            // LLVM stops with "Desired percentile exceeds the maximum cutoff" even when a count is forced.
            throw new SampleOverlapException("desired percentile exceeds the maximum cutoff: --profile-summary-cutoff-hot="
                    + Long.toUnsignedString(options.hotCutoff()) + " is above every cutoff of the profile summary");
        }
        return options.hotCount() != null ? options.hotCount() : count;
    }

    /** The per-function counters one matched function (with its inlinees) accumulates. */
    private static final class Accumulator {
        final long baseSample;
        final long testSample;
        long overlap;
        long union;
        long baseUnique;
        long testUnique;

        Accumulator(long baseSample, long testSample) {
            this.baseSample = baseSample;
            this.testSample = testSample;
        }
    }

    private enum Side { MATCH, BASE_ONLY, TEST_ONLY }

    /**
     * The internal similarity of two matched nodes: 1 minus half the sum, over every place, of how
     * much the place's shares of the two functions differ. Inlinees at the same place and of the
     * same callee are compared recursively and add twice their own dissimilarity; unmatched
     * inlinees add their whole share.
     */
    private double internalSimilarity(FunctionSamples base, FunctionSamples test, Accumulator acc) {
        double difference = 0;
        // Both bodies in location order, side by side.
        int bn = base.bodySize();
        int tn = test.bodySize();
        for (int b = 0, t = 0; b < bn || t < tn; ) {
            Side side = side(b < bn ? base.bodyLocation(b) : null, t < tn ? test.bodyLocation(t) : null);
            long bs = side != Side.TEST_ONLY ? base.bodyRecordAt(b).samples() : 0;
            long ts = side != Side.BASE_ONLY ? test.bodyRecordAt(t).samples() : 0;
            difference += unit(bs, ts, 1, side, acc);
            if (side != Side.TEST_ONLY) {
                b++;
            }
            if (side != Side.BASE_ONLY) {
                t++;
            }
        }
        // Both inlinee lists in location, then callee order, side by side: the same visits, in
        // the same order, as walking the locations and then each location's callees.
        bn = base.inlineeCount();
        tn = test.inlineeCount();
        for (int b = 0, t = 0; b < bn || t < tn; ) {
            Side side;
            if (b >= bn) {
                side = Side.TEST_ONLY;
            } else if (t >= tn) {
                side = Side.BASE_ONLY;
            } else {
                int c = base.inlineeLocation(b).compareTo(test.inlineeLocation(t));
                if (c == 0) {
                    c = base.inlineeCallee(b).compareTo(test.inlineeCallee(t));
                }
                side = c < 0 ? Side.BASE_ONLY : c > 0 ? Side.TEST_ONLY : Side.MATCH;
            }
            if (side == Side.BASE_ONLY) {
                difference += unmatchedCallee(base.inlineeAt(b++), side, acc);
            } else if (side == Side.TEST_ONLY) {
                difference += unmatchedCallee(test.inlineeAt(t++), side, acc);
            } else {
                difference += 2.0 - 2 * internalSimilarity(base.inlineeAt(b++), test.inlineeAt(t++), acc);
            }
        }
        return (2.0 - difference) / 2;
    }

    /** An inlinee only one side has counts as one unit of its whole sum and its hot blocks. */
    private double unmatchedCallee(FunctionSamples callee, Side side, Accumulator acc) {
        if (side == Side.BASE_ONLY) {
            SampleFunctionStats s = SampleFunctionStats.of(callee, baseHot);
            return unit(s.sum(), 0, s.hotBlocks(), side, acc);
        }
        SampleFunctionStats s = SampleFunctionStats.of(callee, testHot);
        return unit(0, s.sum(), s.hotBlocks(), side, acc);
    }

    /** Counts one place (or one unmatched inlinee) and returns how much it adds to the difference. */
    private double unit(long baseSample, long testSample, long hotBlocks, Side side, Accumulator acc) {
        if (side == Side.BASE_ONLY) {
            testSample = 0;
            acc.baseUnique += baseSample;
        } else if (side == Side.TEST_ONLY) {
            baseSample = 0;
            acc.testUnique += testSample;
        }
        acc.union += Long.compareUnsigned(baseSample, testSample) >= 0 ? baseSample : testSample;
        acc.overlap += Long.compareUnsigned(baseSample, testSample) <= 0 ? baseSample : testSample;
        double baseFraction = acc.baseSample != 0 ? toDouble(baseSample) / toDouble(acc.baseSample) : 0.0;
        double testFraction = acc.testSample != 0 ? toDouble(testSample) / toDouble(acc.testSample) : 0.0;
        double blockSimilarity = 1.0 - Math.abs(baseFraction - testFraction);
        hotBlock(baseSample, testSample, hotBlocks);
        return 1.0 - blockSimilarity;
    }

    private void hotBlock(long baseSample, long testSample, long blocks) {
        boolean baseIsHot = Long.compareUnsigned(baseSample, baseHot) >= 0;
        boolean testIsHot = Long.compareUnsigned(testSample, testHot) >= 0;
        if (!baseIsHot && !testIsHot) {
            return;
        }
        hotBlockUnion += blocks;
        if (baseIsHot) {
            hotBlockBase += blocks;
        }
        if (testIsHot) {
            hotBlockTest += blocks;
        }
        if (baseIsHot && testIsHot) {
            hotBlockOverlap += blocks;
        }
    }

    /** The function similarity: the internal one scaled by how close the two weights are. */
    private static double weightForFunction(double internal, long baseSample, long testSample, long baseSum,
            long testSum) {
        double baseFraction = toDouble(baseSample) / toDouble(baseSum);
        double testFraction = toDouble(testSample) / toDouble(testSum);
        return internal * (1 - Math.abs(baseFraction - testFraction));
    }

    /** A function's contribution to the program similarity: its similarity times its mean weight. */
    private static double weightByImportance(double similarity, long baseSample, long testSample, long baseSum,
            long testSum) {
        double baseFraction = toDouble(baseSample) / toDouble(baseSum) / 2.0;
        double testFraction = toDouble(testSample) / toDouble(testSum) / 2.0;
        return similarity * (baseFraction + testFraction);
    }

    private static <K extends Comparable<K>> Side side(K base, K test) {
        if (base != null && (test == null || base.compareTo(test) < 0)) {
            return Side.BASE_ONLY;
        }
        if (test != null && (base == null || test.compareTo(base) < 0)) {
            return Side.TEST_ONLY;
        }
        return Side.MATCH;
    }

    /** C's {@code (double) u64}, rounded to nearest even. */
    static double toDouble(long value) {
        if (value >= 0) {
            return value;
        }
        return ((value >>> 1) | (value & 1)) * 2.0;
    }
}
