package dev.jprofdata.merge.sample;

import dev.jprofdata.format.sample.FunctionId;
import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.LineLocation;
import dev.jprofdata.format.sample.SampleContext;
import dev.jprofdata.format.sample.SampleFunctionStats;
import dev.jprofdata.format.sample.SampleMapOrder;
import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.format.sample.SampleRecord;
import dev.jprofdata.format.sample.SampleSummaries;
import dev.jprofdata.format.summary.ProfileSummary;
import dev.jprofdata.format.summary.SummaryEntry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;

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
     * profile map iterates (see {@link SampleMapOrder}), which decides the order of rows with
     * equal base weights.
     *
     * @throws SampleOverlapException when one profile is probe-based and the other not, or one is
     *     context-sensitive and the other not
     */
    public SampleOverlapResult compare(SampleProfile base, SampleProfile test) throws SampleOverlapException {
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
        return compare(new ArrayList<>(base.profiles().values()), SampleMapOrder.of(test));
    }

    /**
     * Compares two lists of top-level profiles, each in its map's iteration order, with the hot
     * thresholds already set by {@link #compare(SampleProfile, SampleProfile)} or
     * {@link #withHotThresholds}.
     */
    SampleOverlapResult compare(List<FunctionSamples> baseProfiles, List<FunctionSamples> testProfiles) {
        // Each base function with its statistics, found by context; matched ones are marked.
        Map<SampleContext, BaseFunction> baseByContext = new HashMap<>(baseProfiles.size() * 2);
        List<BaseFunction> baseFunctions = new ArrayList<>(baseProfiles.size());
        long baseSum = 0;
        for (FunctionSamples f : baseProfiles) {
            BaseFunction b = new BaseFunction(f, SampleFunctionStats.of(f, baseHot));
            baseSum += b.stats.sum();
            baseFunctions.add(b);
            baseByContext.put(f.context(), b);
        }
        SampleFunctionStats[] testStats = new SampleFunctionStats[testProfiles.size()];
        long testSum = 0;
        for (int i = 0; i < testStats.length; i++) {
            testStats[i] = SampleFunctionStats.of(testProfiles.get(i), testHot);
            testSum += testStats[i].sum();
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
        for (int i = 0; i < testStats.length; i++) {
            FunctionSamples testFunction = testProfiles.get(i);
            SampleContext context = testFunction.context();
            SampleFunctionStats ts = testStats[i];
            BaseFunction base = baseByContext.get(context);
            boolean matched = base != null && !base.matched;
            boolean testIsHot = ts.isHot(testHot);
            if (testIsHot) {
                hotTest++;
            }
            Accumulator acc = new Accumulator(matched ? base.stats.sum() : 0, ts.sum());
            double functionSimilarity = 0;
            if (!matched) {
                testUniqueFunctions++;
                testUniqueSample += ts.sum();
                acc.testUnique = ts.sum();
                hotBlock(0, ts.sum(), ts.hotBlocks());
                // LLVM adds the (zero) weighted similarity of an unmatched function too.
                similarity += weightByImportance(weightForFunction(0, 0, ts.sum(), baseSum, testSum), 0, ts.sum(),
                        baseSum, testSum);
                unionSample += ts.sum();
            } else {
                base.matched = true;
                overlapFunctions++;
                if (testIsHot && base.stats.isHot(baseHot)) {
                    hotOverlap++;
                }
                double internal = internalSimilarity(base.function, testFunction, acc);
                if (Math.abs(internal) < EPSILON) {
                    internal = 0;
                }
                functionSimilarity = weightForFunction(internal, acc.baseSample, acc.testSample, baseSum, testSum);
                similarity += weightByImportance(functionSimilarity, acc.baseSample, acc.testSample, baseSum, testSum);
                overlapSample += acc.overlap;
                unionSample += acc.union;
                baseUniqueSample += acc.baseUnique;
                testUniqueSample += acc.testUnique;
            }
            if (Long.compareUnsigned(ts.max(), options.valueCutoff()) >= 0
                    || (matched && functionSimilarity < lowSimilarity())
                    || (matched && !options.function().isEmpty()
                            && base.function.context().toString().contains(options.function()))) {
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
        final FunctionSamples function;
        final SampleFunctionStats stats;
        boolean matched;

        BaseFunction(FunctionSamples function, SampleFunctionStats stats) {
            this.function = function;
            this.stats = stats;
        }
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
    private ProfileSummary summaryOf(SampleProfile profile) {
        ProfileSummary stored = profile.storedSummary();
        return stored != null ? stored : SampleSummaries.compute(profile.profiles().values(),
                profile.flags().contextSensitive(), options.perContextSummary());
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
        Iterator<Map.Entry<LineLocation, SampleRecord>> bi = base.body().entrySet().iterator();
        Iterator<Map.Entry<LineLocation, SampleRecord>> ti = test.body().entrySet().iterator();
        Map.Entry<LineLocation, SampleRecord> b = next(bi);
        Map.Entry<LineLocation, SampleRecord> t = next(ti);
        while (b != null || t != null) {
            Side side = side(b == null ? null : b.getKey(), t == null ? null : t.getKey());
            long bs = b == null ? 0 : b.getValue().samples();
            long tsamples = t == null ? 0 : t.getValue().samples();
            difference += unit(bs, tsamples, 1, side, acc);
            if (side != Side.TEST_ONLY) {
                b = next(bi);
            }
            if (side != Side.BASE_ONLY) {
                t = next(ti);
            }
        }
        NavigableMap<LineLocation, java.util.TreeMap<FunctionId, FunctionSamples>> bc = base.callsites();
        NavigableMap<LineLocation, java.util.TreeMap<FunctionId, FunctionSamples>> tc = test.callsites();
        Iterator<Map.Entry<LineLocation, java.util.TreeMap<FunctionId, FunctionSamples>>> bci = bc.entrySet().iterator();
        Iterator<Map.Entry<LineLocation, java.util.TreeMap<FunctionId, FunctionSamples>>> tci = tc.entrySet().iterator();
        Map.Entry<LineLocation, java.util.TreeMap<FunctionId, FunctionSamples>> bcs = next(bci);
        Map.Entry<LineLocation, java.util.TreeMap<FunctionId, FunctionSamples>> tcs = next(tci);
        while (bcs != null || tcs != null) {
            Side side = side(bcs == null ? null : bcs.getKey(), tcs == null ? null : tcs.getKey());
            if (side == Side.BASE_ONLY) {
                for (FunctionSamples c : bcs.getValue().values()) {
                    difference += unmatchedCallee(c, Side.BASE_ONLY, acc);
                }
                bcs = next(bci);
            } else if (side == Side.TEST_ONLY) {
                for (FunctionSamples c : tcs.getValue().values()) {
                    difference += unmatchedCallee(c, Side.TEST_ONLY, acc);
                }
                tcs = next(tci);
            } else {
                Iterator<Map.Entry<FunctionId, FunctionSamples>> bfi = bcs.getValue().entrySet().iterator();
                Iterator<Map.Entry<FunctionId, FunctionSamples>> tfi = tcs.getValue().entrySet().iterator();
                Map.Entry<FunctionId, FunctionSamples> bf = next(bfi);
                Map.Entry<FunctionId, FunctionSamples> tf = next(tfi);
                while (bf != null || tf != null) {
                    Side callee = side(bf == null ? null : bf.getKey(), tf == null ? null : tf.getKey());
                    if (callee == Side.BASE_ONLY) {
                        difference += unmatchedCallee(bf.getValue(), callee, acc);
                        bf = next(bfi);
                    } else if (callee == Side.TEST_ONLY) {
                        difference += unmatchedCallee(tf.getValue(), callee, acc);
                        tf = next(tfi);
                    } else {
                        difference += 2.0 - 2 * internalSimilarity(bf.getValue(), tf.getValue(), acc);
                        bf = next(bfi);
                        tf = next(tfi);
                    }
                }
                bcs = next(bci);
                tcs = next(tci);
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

    private static <T> T next(Iterator<T> it) {
        return it.hasNext() ? it.next() : null;
    }

    /** C's {@code (double) u64}, rounded to nearest even. */
    static double toDouble(long value) {
        if (value >= 0) {
            return value;
        }
        return ((value >>> 1) | (value & 1)) * 2.0;
    }
}
