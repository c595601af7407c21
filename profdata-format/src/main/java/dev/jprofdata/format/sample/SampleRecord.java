package dev.jprofdata.format.sample;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The samples of one location of a function body and the call targets seen there (for indirect
 * calls, several). Mutable: readers and the merge accumulate into it; counts saturate.
 */
public final class SampleRecord {
    private long samples;
    private TreeMap<FunctionId, Long> targets;

    public long samples() {
        return samples;
    }

    /** Call targets in {@link FunctionId} order; unmodifiable view. */
    public Map<FunctionId, Long> targets() {
        return targets == null ? Map.of() : Collections.unmodifiableMap(targets);
    }

    /**
     * Call targets in the order every LLVM writer and printer uses: count descending, then
     * {@link FunctionId} order.
     */
    public List<Map.Entry<FunctionId, Long>> sortedTargets() {
        if (targets == null) {
            return List.of();
        }
        List<Map.Entry<FunctionId, Long>> list = new ArrayList<>(targets.entrySet());
        list.sort((a, b) -> {
            int c = Long.compareUnsigned(b.getValue(), a.getValue());
            return c != 0 ? c : a.getKey().compareTo(b.getKey());
        });
        return list;
    }

    public boolean hasTargets() {
        return targets != null && !targets.isEmpty();
    }

    public void addSamples(long count, long weight, Saturating.Overflow overflow) {
        samples = Saturating.mulAdd(count, weight, samples, overflow);
    }

    public void addTarget(FunctionId target, long count, long weight, Saturating.Overflow overflow) {
        if (targets == null) {
            targets = new TreeMap<>();
        }
        Long old = targets.get(target);
        targets.put(target, Saturating.mulAdd(count, weight, old == null ? 0 : old, overflow));
    }

    /** Sets a target's count (a text line naming the same target twice keeps the last value). */
    public void setTarget(FunctionId target, long count) {
        if (targets == null) {
            targets = new TreeMap<>();
        }
        targets.put(target, count);
    }

    /** Replaces the sample count (layout conversion subtracts what moved into an inlinee). */
    public void setSamples(long samples) {
        this.samples = samples;
    }

    /** Removes a call target, returning its count (0 when absent). */
    public long removeTarget(FunctionId target) {
        if (targets == null) {
            return 0;
        }
        Long v = targets.remove(target);
        return v == null ? 0 : v;
    }

    /** Adds {@code other} times {@code weight} into this record. */
    public void merge(SampleRecord other, long weight, Saturating.Overflow overflow) {
        addSamples(other.samples, weight, overflow);
        if (other.targets != null) {
            for (Map.Entry<FunctionId, Long> t : other.targets.entrySet()) {
                addTarget(t.getKey(), t.getValue(), weight, overflow);
            }
        }
    }

    public SampleRecord copy() {
        SampleRecord r = new SampleRecord();
        r.samples = samples;
        if (targets != null) {
            r.targets = new TreeMap<>(targets);
        }
        return r;
    }
}
