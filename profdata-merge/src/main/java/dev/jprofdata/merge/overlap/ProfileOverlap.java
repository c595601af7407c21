package dev.jprofdata.merge.overlap;

import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;
import dev.jprofdata.format.io.MappedFaults;
import dev.jprofdata.merge.MergeInput;
import dev.jprofdata.merge.state.LlvmSiteSort;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Compares a test profile with a base profile as {@code llvm-profdata overlap} does for
 * instrumentation profiles.
 *
 * <ol>
 *   <li>Both profiles are read once for their totals (counter sum and value count sums per kind,
 *       {@link ProfileTotals}); an indexed base that merging would not change is read once for its
 *       totals and its table together (step 3). In IR profiles only the records whose context
 *       sensitivity matches {@link OverlapOptions#contextSensitive()} count. An input that cannot be read to its end
 *       fails the comparison. (llvm-profdata ends a profile's totals at its first bad record and
 *       compares what it has read, or, when nothing was read, prints nothing and succeeds: a
 *       comparison of part of a profile, or of a file that is no profile, passes for a result.)
 *   <li>If either counter total is below 1, nothing is compared ({@link OverlapResult.ZeroSum}).
 *   <li>The base is loaded with records merged by name and hash.
 *   <li>Every test record (all of them: no context-sensitivity filter here) is looked up in the
 *       base by name, then by hash. A name not in the base counts as "unique", a missing hash or a
 *       different number of counters or value sites as "mismatch", each with the record's share of
 *       the test totals. A test function whose counters sum to less than 1 counts as overlapping
 *       without further work. Otherwise the counters and values are scored: for each pair,
 *       {@code min(base/baseTotal, test/testTotal)}, against the program totals and, for the
 *       function-level report, against the function's own sums.
 * </ol>
 *
 * <p>Only the base profile is held in memory; the test profile is streamed.
 */
public final class ProfileOverlap {

    private final OverlapOptions options;

    public ProfileOverlap(OverlapOptions options) {
        this.options = options;
    }

    /**
     * Compares {@code test} against {@code base}. Functions selected for a function-level report are
     * passed to {@code functionLevel} as they are compared, in the test profile's record order.
     *
     * @throws IOException when either profile cannot be opened (the names given are used in the
     *     message), typically a {@link dev.jprofdata.format.ProfileFormatException}
     */
    public OverlapResult compare(Path base, String baseName, Path test, String testName,
            Consumer<FunctionOverlap> functionLevel) throws IOException {
        // A file that shrinks while it is read fails with its name wherever the JVM raises the
        // fault (MappedFaults).
        // An indexed base that merging would not change is checked in one pass that also counts
        // its totals, and is looked up in its file during the walk; any other base has its totals
        // counted first, then is merged (so an unreadable base fails before the test profile is
        // read, either way).
        MergeInput baseInput = new MergeInput(base, baseName, 1);
        ProfileTotals counted = new ProfileTotals(options.contextSensitive());
        BaseProfile direct = MappedFaults.guard(baseName, () -> BaseProfile.readStraight(baseInput, counted));
        CountSums baseTotal = direct != null ? counted.result()
                : MappedFaults.guard(baseName, () -> ProfileTotals.read(base, baseName, options.contextSensitive()));
        CountSums testTotal = MappedFaults.guard(testName,
                () -> ProfileTotals.read(test, testName, options.contextSensitive()));
        if (baseTotal.edges() < 1.0) {
            return new OverlapResult.ZeroSum(baseName);
        }
        if (testTotal.edges() < 1.0) {
            return new OverlapResult.ZeroSum(testName);
        }
        BaseProfile baseProfile = direct != null ? direct
                : MappedFaults.guard(baseName, () -> BaseProfile.merged(baseInput));
        Walk walk = new Walk(baseProfile, baseTotal, testTotal, functionLevel);
        MappedFaults.guard(testName, () -> {
            try (ProfileReader reader = ProfileReaders.open(test, testName)) {
                ProfileRecord r;
                while ((r = reader.next()) != null) {
                    walk.compare(r);
                }
            }
            return null;
        });
        ProgramOverlap program = new ProgramOverlap(baseTotal, testTotal, walk.overlap.toRecord(),
                walk.mismatch.toRecord(), walk.unique.toRecord());
        return new OverlapResult.Compared(program, baseProfile.problems());
    }

    /** LLVM's {@code OverlapStats::score}. */
    static double score(long baseCount, long testCount, double baseSum, double testSum) {
        if (baseSum < 1.0 || testSum < 1.0) {
            return 0.0;
        }
        return Math.min(Unsigned.asDouble(baseCount) / baseSum, Unsigned.asDouble(testCount) / testSum);
    }

    /** The walk over the test records, accumulating the program-level results. */
    private final class Walk {
        private final BaseProfile base;
        private final CountSums baseTotal;
        private final CountSums testTotal;
        private final Consumer<FunctionOverlap> functionLevel;
        final MutableSums overlap = new MutableSums();
        final MutableSums mismatch = new MutableSums();
        final MutableSums unique = new MutableSums();
        /** The current test record's sums, and its base record's: filled record after record. */
        private final MutableSums funcTest = new MutableSums();
        private final MutableSums funcBase = new MutableSums();
        private final double[] funcValues = new double[ValueKind.COUNT];
        /** The two sites being scored, sorted by value. */
        private final SortedSite baseSorted = new SortedSite();
        private final SortedSite testSorted = new SortedSite();

        Walk(BaseProfile base, CountSums baseTotal, CountSums testTotal, Consumer<FunctionOverlap> functionLevel) {
            this.base = base;
            this.baseTotal = baseTotal;
            this.testTotal = testTotal;
            this.functionLevel = functionLevel;
        }

        void compare(ProfileRecord t) throws IOException {
            funcTest.setTo(t);
            List<ProfileRecord> sameName = base.recordsNamed(t.name());
            if (sameName == null) {
                unique.addShare(funcTest, testTotal);
                return;
            }
            if (funcTest.edges < 1.0) {
                overlap.entries++;
                return;
            }
            ProfileRecord b = BaseProfile.withHash(sameName, t.hash());
            if (b == null || !sameShape(b, t)) {
                mismatch.addShare(funcTest, testTotal);
                return;
            }
            funcBase.setTo(b);
            java.util.Arrays.fill(funcValues, 0);
            for (int k = 0; k < ValueKind.COUNT; k++) {
                ValueKind kind = ValueKind.of(k);
                ValueSite[] baseSites = b.sites(kind);
                ValueSite[] testSites = t.sites(kind);
                for (int s = 0; s < baseSites.length; s++) {
                    scoreSite(kind, baseSites[s], testSites[s]);
                }
            }
            long[] bc = b.counts();
            long[] tc = t.counts();
            double edgeScore = 0;
            long max = 0;
            for (int i = 0; i < tc.length; i++) {
                edgeScore += score(bc[i], tc[i], baseTotal.edges(), testTotal.edges());
                if (Long.compareUnsigned(tc[i], max) > 0) {
                    max = tc[i];
                }
            }
            overlap.edges += edgeScore;
            overlap.entries++;
            String filter = options.functionFilter();
            long cutoff = !filter.isEmpty() && t.name().contains(filter) ? 0 : options.valueCutoff();
            if (Long.compareUnsigned(max, cutoff) >= 0) {
                double funcScore = 0;
                for (int i = 0; i < tc.length; i++) {
                    funcScore += score(bc[i], tc[i], funcBase.edges, funcTest.edges);
                }
                CountSums funcOverlap = new CountSums(tc.length, funcScore, funcValues);
                functionLevel.accept(new FunctionOverlap(t.name(), t.hash(), funcOverlap, funcBase.toRecord(),
                        funcTest.toRecord()));
            }
        }

        /**
         * Scores the values two sites have in common, both sorted by value, into the program-level
         * overlap and the function's own value overlap. A value both sites hold more than once
         * pairs copy with copy, in the order the sort leaves them; so the test site is first put
         * in the order the base's merge gave its own site (by count), and a profile compared with
         * itself pairs every copy with itself.
         */
        private void scoreSite(ValueKind kind, ValueSite baseSite, ValueSite testSite) {
            baseSorted.sort(baseSite, false);
            testSorted.sort(testSite, true);
            long[] bv = baseSorted.values;
            long[] bc = baseSorted.counts;
            long[] tv = testSorted.values;
            long[] tc = testSorted.counts;
            int k = kind.number();
            double programScore = 0;
            double functionScore = 0;
            int i = 0;
            int j = 0;
            while (i < baseSorted.size && j < testSorted.size) {
                int cmp = Long.compareUnsigned(bv[i], tv[j]);
                if (cmp == 0) {
                    programScore += score(bc[i], tc[j], baseTotal.value(kind), testTotal.value(kind));
                    functionScore += score(bc[i], tc[j], funcBase.values[k], funcTest.values[k]);
                    i++;
                    j++;
                } else if (cmp < 0) {
                    i++;
                } else {
                    j++;
                }
            }
            overlap.values[k] += programScore;
            funcValues[k] += functionScore;
        }
    }

    /** Same number of counters and of value sites of every kind. */
    private static boolean sameShape(ProfileRecord b, ProfileRecord t) {
        if (b.counts().length != t.counts().length) {
            return false;
        }
        for (int k = 0; k < ValueKind.COUNT; k++) {
            ValueKind kind = ValueKind.of(k);
            if (b.numSites(kind) != t.numSites(kind)) {
                return false;
            }
        }
        return true;
    }

    /**
     * A site's values and counts by ascending unsigned value, sorted as llvm-profdata sorts them
     * ({@link LlvmSiteSort#byValue}: for the few values of most sites an insertion sort), in arrays
     * reused site after site. With {@code byCountFirst} the site is first sorted by count, highest
     * first (stable), as a merge of the record alone leaves it; LLVM compares the test site as it
     * was read, so a test site with a repeated value out of count order can score differently there
     * (spec).
     */
    private static final class SortedSite {
        long[] values;
        long[] counts;
        /** How many of {@link #values} and {@link #counts} are the site's. */
        int size;
        private long[] ownValues = new long[8];
        private long[] ownCounts = new long[8];

        void sort(ValueSite site, boolean byCountFirst) {
            size = site.size();
            if (strictlyAscending(site.values())) {
                // The one order both sorts give, whatever they start from: nothing to copy or
                // sort (every site of one value, and most of a few).
                values = site.values();
                counts = site.counts();
                return;
            }
            if (ownValues.length < size) {
                ownValues = new long[Math.max(size, 2 * ownValues.length)];
                ownCounts = new long[ownValues.length];
            }
            System.arraycopy(site.values(), 0, ownValues, 0, size);
            System.arraycopy(site.counts(), 0, ownCounts, 0, size);
            if (byCountFirst && !inCountOrder(site.counts())) {
                LlvmSiteSort.byCountDescending(ownValues, ownCounts, size);
            }
            LlvmSiteSort.byValue(ownValues, ownCounts, size);
            values = ownValues;
            counts = ownCounts;
        }
    }

    /** Whether every value is above the one before it (unsigned): then no two are equal. */
    private static boolean strictlyAscending(long[] values) {
        for (int i = 1; i < values.length; i++) {
            if (Long.compareUnsigned(values[i - 1], values[i]) >= 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean inCountOrder(long[] counts) {
        for (int i = 1; i < counts.length; i++) {
            if (Long.compareUnsigned(counts[i], counts[i - 1]) > 0) {
                return false;
            }
        }
        return true;
    }
}
