package dev.jprofdata.format.sample;

import dev.jprofdata.format.summary.ProfileSummary;
import dev.jprofdata.format.summary.SummaryEntry;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The hot functions of a sample profile as {@code llvm-profdata show --hot-func-list} (and
 * {@code --topn}) lists them.
 *
 * <p>The threshold is the minimum count of the summary's 99% entry (cutoff 990000 exactly; 0 when
 * the summary has no such entry). A top-level profile is hot when one of its body records,
 * inlinees included, reaches it. Hot functions are listed by total samples descending; equal
 * totals keep the order the profiles were given in, which for LLVM's output is the iteration order
 * of its profile map.
 *
 * @param threshold the hot count threshold (unsigned)
 * @param functions number of top-level profiles
 * @param profileTotal unsigned sum of every profile's total samples (wrapping like LLVM's)
 * @param hotTotal unsigned sum of the hot profiles' total samples
 * @param hot the hot profiles in listing order
 */
public record SampleHotFunctions(long threshold, long functions, long profileTotal, long hotTotal, List<Row> hot) {

    /** The cutoff (parts per million) whose minimum count is the hot threshold. */
    public static final long HOT_CUTOFF = 990000;

    /**
     * One listed function.
     *
     * @param context the profile's context (its printed form is the function name column)
     * @param total total samples of the profile
     * @param max largest body-record count, inlinees included
     * @param entry the head-sample estimate ({@link HeadSamples#estimate})
     */
    public record Row(SampleContext context, long total, long max, long entry) {
    }

    public SampleHotFunctions {
        hot = List.copyOf(hot);
    }

    /**
     * The list for {@code profiles} in the order their map iterates, with the hot threshold taken
     * from {@code summary}; {@code contextSensitive} is the profile's flag (it changes the entry
     * estimate).
     */
    public static SampleHotFunctions of(List<FunctionSamples> profiles, ProfileSummary summary,
            boolean contextSensitive) {
        try {
            return of(profiles.size(), profiles::get, summary, contextSensitive);
        } catch (IOException e) {
            throw new AssertionError("profiles in memory", e);
        }
    }

    /** The list for the profiles of {@code index}, visited in its map order and decoded one at a time. */
    public static SampleHotFunctions of(SampleProfileIndex index, ProfileSummary summary) throws IOException {
        int[] order = index.mapOrder();
        return of(order.length, i -> index.function(order[i]), summary, index.flags().contextSensitive());
    }

    private static SampleHotFunctions of(int n, ProfileAt profiles, ProfileSummary summary, boolean contextSensitive)
            throws IOException {
        long threshold = 0;
        for (SummaryEntry e : summary.entries()) {
            if (e.cutoff() == HOT_CUTOFF) {
                threshold = e.minCount();
                break;
            }
        }
        long profileTotal = 0;
        long hotTotal = 0;
        List<Row> hot = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            FunctionSamples f = profiles.get(i);
            profileTotal += f.totalSamples();
            SampleFunctionStats stats = SampleFunctionStats.of(f, threshold);
            if (stats.isHot(threshold)) {
                hotTotal += f.totalSamples();
                hot.add(new Row(f.context(), f.totalSamples(), stats.max(),
                        HeadSamples.estimate(f, contextSensitive)));
            }
        }
        // A stable sort: equal totals stay in map order, as in LLVM's multimap.
        hot.sort((a, b) -> Long.compareUnsigned(b.total(), a.total()));
        return new SampleHotFunctions(threshold, n, profileTotal, hotTotal, hot);
    }
}
