package dev.jprofdata.format.sample;

import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The samples of one location of a function body and the call targets seen there (for indirect
 * calls, several). Mutable: readers and the merge accumulate into it; counts saturate.
 *
 * <p>The targets are kept in two arrays in {@link FunctionId} order (a location has few targets;
 * a merge walks both records' arrays side by side).
 */
public final class SampleRecord {
    private static final FunctionId[] NO_IDS = {};
    private static final long[] NO_COUNTS = {};

    private long samples;
    private FunctionId[] ids = NO_IDS;
    private long[] counts = NO_COUNTS;
    private int size;

    public long samples() {
        return samples;
    }

    /** Call targets in {@link FunctionId} order; an unmodifiable snapshot. */
    public Map<FunctionId, Long> targets() {
        if (size == 0) {
            return Map.of();
        }
        TreeMap<FunctionId, Long> m = new TreeMap<>();
        for (int i = 0; i < size; i++) {
            m.put(ids[i], counts[i]);
        }
        return Collections.unmodifiableMap(m);
    }

    /** How many call targets there are. */
    public int targetCount() {
        return size;
    }

    /** The {@code i}-th call target in {@link FunctionId} order. */
    public FunctionId targetAt(int i) {
        return ids[check(i)];
    }

    /** The count of the {@code i}-th call target in {@link FunctionId} order. */
    public long targetCountAt(int i) {
        return counts[check(i)];
    }

    private int check(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException(i);
        }
        return i;
    }

    /**
     * Call targets in the order every LLVM writer and printer uses: count descending, then
     * {@link FunctionId} order.
     */
    public List<Map.Entry<FunctionId, Long>> sortedTargets() {
        if (size == 0) {
            return List.of();
        }
        int[] order = hottestFirst();
        List<Map.Entry<FunctionId, Long>> list = new ArrayList<>(size);
        for (int i : order) {
            list.add(new AbstractMap.SimpleImmutableEntry<>(ids[i], counts[i]));
        }
        return list;
    }

    /**
     * The indexes of the call targets ({@link #targetAt}) in {@link #sortedTargets()} order: count
     * descending (unsigned), then {@link FunctionId} order, which is index order.
     */
    public int[] hottestFirst() {
        int[] order = new int[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        // Insertion sort, stable: equal counts keep index (FunctionId) order. Lists are short.
        for (int i = 1; i < size; i++) {
            int x = order[i];
            int j = i - 1;
            while (j >= 0 && Long.compareUnsigned(counts[order[j]], counts[x]) < 0) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = x;
        }
        return order;
    }

    public boolean hasTargets() {
        return size > 0;
    }

    public void addSamples(long count, long weight, Saturating.Overflow overflow) {
        samples = Saturating.mulAdd(count, weight, samples, overflow);
    }

    public void addTarget(FunctionId target, long count, long weight, Saturating.Overflow overflow) {
        int at = find(target);
        if (at < 0) {
            at = insert(-at - 1, target);
        }
        counts[at] = Saturating.mulAdd(count, weight, counts[at], overflow);
    }

    /** Replaces the sample count (layout conversion subtracts what moved into an inlinee). */
    public void setSamples(long samples) {
        this.samples = samples;
    }

    /** Removes a call target, returning its count (0 when absent). */
    public long removeTarget(FunctionId target) {
        int at = find(target);
        if (at < 0) {
            return 0;
        }
        long v = counts[at];
        System.arraycopy(ids, at + 1, ids, at, size - at - 1);
        System.arraycopy(counts, at + 1, counts, at, size - at - 1);
        size--;
        ids[size] = null;
        return v;
    }

    /** Makes room for {@code targets} more call targets (a reader knows how many follow). */
    public void reserve(int targets) {
        if (targets > 0 && ids.length - size < targets) {
            ids = Arrays.copyOf(ids, size + targets);
            counts = Arrays.copyOf(counts, size + targets);
        }
    }

    /** The index of {@code target}, or -(insertion point) - 1. */
    private int find(FunctionId target) {
        int n = size;
        if (n == 0 || ids[n - 1].compareTo(target) < 0) {
            return -(n + 1);
        }
        int lo = 0;
        int hi = n - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = ids[mid].compareTo(target);
            if (c < 0) {
                lo = mid + 1;
            } else if (c > 0) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -(lo + 1);
    }

    private int insert(int at, FunctionId target) {
        if (size == ids.length) {
            int cap = Math.max(2, size * 2);
            ids = Arrays.copyOf(ids, cap);
            counts = Arrays.copyOf(counts, cap);
        }
        System.arraycopy(ids, at, ids, at + 1, size - at);
        System.arraycopy(counts, at, counts, at + 1, size - at);
        ids[at] = target;
        counts[at] = 0;
        size++;
        return at;
    }

    /** Adds {@code other} times {@code weight} into this record. */
    public void merge(SampleRecord other, long weight, Saturating.Overflow overflow) {
        addSamples(other.samples, weight, overflow);
        int m = other.size;
        if (m == 0) {
            return;
        }
        // Both target lists are sorted: one pass finds the common targets, a second (only when
        // the other has new ones) builds the merged lists.
        int n = size;
        int missing = 0;
        int i = 0;
        for (int j = 0; j < m; j++) {
            FunctionId t = other.ids[j];
            int c = 1;
            while (i < n && (c = ids[i].compareTo(t)) < 0) {
                i++;
            }
            if (i < n && c == 0) {
                counts[i] = Saturating.mulAdd(other.counts[j], weight, counts[i], overflow);
                i++;
            } else {
                missing++;
            }
        }
        if (missing == 0) {
            return;
        }
        FunctionId[] newIds = new FunctionId[n + missing];
        long[] newCounts = new long[n + missing];
        int k = 0;
        i = 0;
        for (int j = 0; j < m; j++) {
            FunctionId t = other.ids[j];
            int c = 1;
            while (i < n && (c = ids[i].compareTo(t)) < 0) {
                newIds[k] = ids[i];
                newCounts[k++] = counts[i++];
            }
            if (i < n && c == 0) {
                newIds[k] = ids[i];
                newCounts[k++] = counts[i++];
            } else {
                newIds[k] = t;
                newCounts[k++] = Saturating.mulAdd(other.counts[j], weight, 0, overflow);
            }
        }
        while (i < n) {
            newIds[k] = ids[i];
            newCounts[k++] = counts[i++];
        }
        ids = newIds;
        counts = newCounts;
        size = k;
    }

    public SampleRecord copy() {
        SampleRecord r = new SampleRecord();
        r.samples = samples;
        r.ids = Arrays.copyOf(ids, size);
        r.counts = Arrays.copyOf(counts, size);
        r.size = size;
        return r;
    }
}
