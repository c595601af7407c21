package dev.jprofdata.format.raw;

import dev.jprofdata.format.TemporalTrace;
import dev.jprofdata.format.TemporalTraces;
import java.util.Arrays;
import java.util.List;

/**
 * Collects the first-call timestamps of temporal-profiling records and turns them into the single
 * trace a raw file contributes: function name hashes ordered by (timestamp, name hash), both
 * unsigned. Timestamps from all profiles of a file go into the same trace, and a file without any
 * timestamp contributes no trace at all (stream size 0), as llvm-profdata 22 does.
 */
final class TemporalTimestamps {
    private long[] timestamps = new long[16];
    private long[] nameRefs = new long[16];
    private int size;

    void add(long timestamp, long nameRef) {
        if (size == timestamps.length) {
            timestamps = Arrays.copyOf(timestamps, size * 2);
            nameRefs = Arrays.copyOf(nameRefs, size * 2);
        }
        timestamps[size] = timestamp;
        nameRefs[size++] = nameRef;
    }

    TemporalTraces traces(long weight) {
        if (size == 0) {
            return TemporalTraces.NONE;
        }
        Integer[] order = new Integer[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> {
            int c = Long.compareUnsigned(timestamps[a], timestamps[b]);
            return c != 0 ? c : Long.compareUnsigned(nameRefs[a], nameRefs[b]);
        });
        long[] trace = new long[size];
        for (int i = 0; i < size; i++) {
            trace[i] = nameRefs[order[i]];
        }
        return new TemporalTraces(List.of(new TemporalTrace(weight, trace)), 1);
    }
}
