package dev.jprofdata.merge;

import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.merge.state.MergeState;

/**
 * A cheap estimate of a merge state's heap use, for the memory budget: distinct functions in the
 * state times the mean footprint of the records read so far. A function's footprint is taken as
 * its record's (name, counters, bitmap, value pairs) plus a fixed overhead for the map entry and the
 * aggregate objects around it. It is an estimate, not a measurement; spec/robustness.md says how
 * to size the budget.
 */
final class MemoryEstimate {
    /** Map entry, name entry, aggregate, shape, contributor arrays: measured order of magnitude. */
    static final long PER_FUNCTION_OVERHEAD = 320;

    private final MergeState state;
    private long records;
    private long recordBytes;

    private MemoryEstimate(MergeState state) {
        this.state = state;
    }

    static MemoryEstimate of(MergeState state) {
        return new MemoryEstimate(state);
    }

    void record(ProfileRecord r) {
        long bytes = PER_FUNCTION_OVERHEAD + 2L * r.name().length() + 8L * r.counts().length
                + (r.bitmap() == null ? 0 : r.bitmap().length);
        for (ValueKind k : ValueKind.values()) {
            bytes += 32L * r.numSites(k);
            for (var site : r.sites(k)) {
                bytes += 16L * site.size();
            }
        }
        records++;
        recordBytes += bytes;
    }

    long bytes() {
        if (records == 0) {
            return 0;
        }
        double mean = (double) recordBytes / records;
        return (long) Math.min(Long.MAX_VALUE, mean * state.functionCount());
    }
}
