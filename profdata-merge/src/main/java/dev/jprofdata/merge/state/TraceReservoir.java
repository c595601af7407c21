package dev.jprofdata.merge.state;

import dev.jprofdata.format.TemporalTrace;
import dev.jprofdata.format.TemporalTraces;
import dev.jprofdata.merge.random.Mt19937;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps a bounded sample of temporal traces the way llvm-profdata 22 does when it adds each
 * input's traces in turn: fill the reservoir, then let the remaining traces of a sampled source
 * replace random entries.
 */
final class TraceReservoir {
    private final int capacity;
    private final int maxLength;
    private final Mt19937 rng = new Mt19937();
    private final List<TemporalTrace> traces = new ArrayList<>();
    private long streamSize;

    TraceReservoir(int capacity, int maxLength) {
        this.capacity = capacity;
        this.maxLength = maxLength;
    }

    void add(TemporalTraces source) {
        while (traces.size() > capacity) {
            traces.remove(traces.size() - 1);
        }
        List<TemporalTrace> incoming = new ArrayList<>();
        for (TemporalTrace t : source.traces()) {
            TemporalTrace cut = t.truncatedTo(maxLength);
            if (cut.length() > 0) {
                incoming.add(cut);
            }
        }
        if (incoming.isEmpty()) {
            return;
        }
        int next = 0;
        while (traces.size() < capacity && next < incoming.size()) {
            traces.add(incoming.get(next++));
        }
        List<TemporalTrace> rest = new ArrayList<>(incoming.subList(next, incoming.size()));
        shuffle(rest);
        int consumed = 0;
        for (long i = traces.size(); i < source.streamSize() && consumed < rest.size(); i++) {
            long slot = rng.uniform(i);
            if (slot < traces.size()) {
                traces.set((int) slot, rest.get(consumed++));
            }
        }
        streamSize += source.streamSize();
    }

    /** {@code llvm::shuffle}: walk forward, swapping each element with a random later one. */
    private void shuffle(List<TemporalTrace> list) {
        int first = 0;
        for (int size = list.size(); size > 1; first++, size--) {
            int offset = (int) (rng.next() % size);
            if (offset != 0) {
                TemporalTrace a = list.get(first);
                list.set(first, list.get(first + offset));
                list.set(first + offset, a);
            }
        }
    }

    TemporalTraces result() {
        return new TemporalTraces(traces, streamSize);
    }
}
