package dev.jprofdata.format.sample;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The order in which LLVM prints and writes the top-level profiles of a sample profile: total
 * samples descending (unsigned), equal totals by context order ({@link SampleContext#compareTo}).
 */
public final class SampleProfileOrder {
    private SampleProfileOrder() {
    }

    /** {@code profiles} sorted as LLVM's {@code show} dump and text writer list them. */
    public static List<FunctionSamples> byTotalSamples(Collection<FunctionSamples> profiles) {
        List<FunctionSamples> sorted = new ArrayList<>(profiles);
        sorted.sort((a, b) -> {
            int c = Long.compareUnsigned(b.totalSamples(), a.totalSamples());
            return c != 0 ? c : a.context().compareTo(b.context());
        });
        return sorted;
    }
}
