package dev.jprofdata.format.sample;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * The order in which LLVM writes (and shows) the top-level profiles of a sample profile: total
 * samples descending (unsigned), equal totals by context order.
 */
public final class SampleProfileOrder {
    private SampleProfileOrder() {
    }

    /** Hottest first; ties by {@link SampleContext} order. */
    public static final Comparator<FunctionSamples> HOTTEST_FIRST = (a, b) -> compare(a.totalSamples(), a.context(),
            b.totalSamples(), b.context());

    /** The order of two profiles given by their totals and contexts: hottest first, ties by context. */
    public static int compare(long totalA, SampleContext a, long totalB, SampleContext b) {
        int c = Long.compareUnsigned(totalB, totalA);
        return c != 0 ? c : a.compareTo(b);
    }

    /** A new list of {@code profiles} in writing order. */
    public static List<FunctionSamples> sorted(Collection<FunctionSamples> profiles) {
        List<FunctionSamples> list = new ArrayList<>(profiles);
        list.sort(HOTTEST_FIRST);
        return list;
    }
}
