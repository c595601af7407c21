package dev.jprofdata.merge.state;

/**
 * The two orders llvm-profdata puts a value site in, on parallel arrays of values and counts.
 *
 * <p>Before merging or comparing two sites LLVM sorts each by value with {@code llvm::sort}, which
 * is {@code std::sort}: not stable. As long as a site holds every value once, any sort gives the same
 * order; but a site may hold a value twice (the unresolved targets of a raw profile all become 0),
 * and which copy then meets which copy of the other site depends on how the sort moved them. The
 * Linux builds of llvm-profdata use GNU libstdc++, whose {@code std::sort} is an introsort:
 * quicksort with the median of three as pivot, down to runs of 16, a heapsort when the recursion
 * gets too deep, and a final insertion sort. {@link #byValue} is that algorithm, step for step, so
 * that copies move as they move there. (Checked against llvm-profdata 22 on sites with repeated
 * values, see spec/merge.md; a libc++ build orders repeated values its own way.)
 *
 * <p>After adding a record LLVM sorts each site by count, descending, with a stable sort
 * ({@link #byCountDescending}).
 */
public final class LlvmSiteSort {
    /** Runs of at most this many entries are left to the final insertion sort. */
    private static final int THRESHOLD = 16;

    private LlvmSiteSort() {
    }

    /** Sorts the first {@code n} entries by unsigned value, moving them as libstdc++'s {@code std::sort} does. */
    public static void byValue(long[] values, long[] counts, int n) {
        if (n <= 1) {
            return;
        }
        Pairs a = new Pairs(values, counts);
        introsort(a, 0, n, 2 * (31 - Integer.numberOfLeadingZeros(n)));
        finalInsertionSort(a, 0, n);
    }

    /** Sorts the first {@code n} entries by unsigned count, highest first; equal counts keep their order. */
    public static void byCountDescending(long[] values, long[] counts, int n) {
        if (n <= 32) {
            for (int i = 1; i < n; i++) {
                long v = values[i];
                long c = counts[i];
                int at = i;
                while (at > 0 && Long.compareUnsigned(counts[at - 1], c) < 0) {
                    values[at] = values[at - 1];
                    counts[at] = counts[at - 1];
                    at--;
                }
                values[at] = v;
                counts[at] = c;
            }
            return;
        }
        mergeSortByCount(values, counts, new long[n], new long[n], 0, n);
    }

    private static void mergeSortByCount(long[] v, long[] c, long[] tv, long[] tc, int from, int to) {
        if (to - from <= 32) {
            for (int i = from + 1; i < to; i++) {
                long value = v[i];
                long count = c[i];
                int at = i;
                while (at > from && Long.compareUnsigned(c[at - 1], count) < 0) {
                    v[at] = v[at - 1];
                    c[at] = c[at - 1];
                    at--;
                }
                v[at] = value;
                c[at] = count;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSortByCount(v, c, tv, tc, from, mid);
        mergeSortByCount(v, c, tv, tc, mid, to);
        int i = from;
        int j = mid;
        int k = from;
        while (i < mid && j < to) {
            // The left run wins ties: stable.
            if (Long.compareUnsigned(c[j], c[i]) > 0) {
                tv[k] = v[j];
                tc[k++] = c[j++];
            } else {
                tv[k] = v[i];
                tc[k++] = c[i++];
            }
        }
        while (i < mid) {
            tv[k] = v[i];
            tc[k++] = c[i++];
        }
        while (j < to) {
            tv[k] = v[j];
            tc[k++] = c[j++];
        }
        System.arraycopy(tv, from, v, from, to - from);
        System.arraycopy(tc, from, c, from, to - from);
    }

    /** The entries being sorted by value, with the moves libstdc++ makes on them. */
    private record Pairs(long[] values, long[] counts) {
        boolean less(int i, int j) {
            return Long.compareUnsigned(values[i], values[j]) < 0;
        }

        boolean lessThan(long value, int j) {
            return Long.compareUnsigned(value, values[j]) < 0;
        }

        boolean lessThanValue(int i, long value) {
            return Long.compareUnsigned(values[i], value) < 0;
        }

        void swap(int i, int j) {
            long v = values[i];
            values[i] = values[j];
            values[j] = v;
            long c = counts[i];
            counts[i] = counts[j];
            counts[j] = c;
        }

        void copy(int from, int to) {
            values[to] = values[from];
            counts[to] = counts[from];
        }

        void set(int at, long value, long count) {
            values[at] = value;
            counts[at] = count;
        }
    }

    private static void introsort(Pairs a, int first, int last, int depthLimit) {
        while (last - first > THRESHOLD) {
            if (depthLimit == 0) {
                heapSort(a, first, last);
                return;
            }
            depthLimit--;
            int cut = partitionAroundMedian(a, first, last);
            introsort(a, cut, last, depthLimit);
            last = cut;
        }
    }

    /** Moves the median of the second, middle and last entries to the first place, then partitions. */
    private static int partitionAroundMedian(Pairs a, int first, int last) {
        int mid = first + (last - first) / 2;
        int x = first + 1;
        int y = mid;
        int z = last - 1;
        int median;
        if (a.less(x, y)) {
            median = a.less(y, z) ? y : a.less(x, z) ? z : x;
        } else {
            median = a.less(x, z) ? x : a.less(y, z) ? z : y;
        }
        a.swap(first, median);
        // Hoare partition around the pivot at {@code first}; neither scan needs a bound check.
        int lo = first + 1;
        int hi = last;
        while (true) {
            while (a.less(lo, first)) {
                lo++;
            }
            hi--;
            while (a.less(first, hi)) {
                hi--;
            }
            if (lo >= hi) {
                return lo;
            }
            a.swap(lo, hi);
            lo++;
        }
    }

    private static void finalInsertionSort(Pairs a, int first, int last) {
        if (last - first > THRESHOLD) {
            insertionSort(a, first, first + THRESHOLD);
            for (int i = first + THRESHOLD; i < last; i++) {
                linearInsert(a, i);
            }
        } else {
            insertionSort(a, first, last);
        }
    }

    private static void insertionSort(Pairs a, int first, int last) {
        for (int i = first + 1; i < last; i++) {
            if (a.less(i, first)) {
                long v = a.values[i];
                long c = a.counts[i];
                for (int k = i; k > first; k--) {
                    a.copy(k - 1, k);
                }
                a.set(first, v, c);
            } else {
                linearInsert(a, i);
            }
        }
    }

    /** Moves entry {@code at} down past every greater entry before it (a smaller one is known to exist). */
    private static void linearInsert(Pairs a, int at) {
        long v = a.values[at];
        long c = a.counts[at];
        int hole = at;
        while (a.lessThan(v, hole - 1)) {
            a.copy(hole - 1, hole);
            hole--;
        }
        a.set(hole, v, c);
    }

    /** The fallback when quicksort recurses too deep: build a max-heap, then pop it from the back. */
    private static void heapSort(Pairs a, int first, int last) {
        int len = last - first;
        if (len >= 2) {
            for (int parent = (len - 2) / 2; ; parent--) {
                siftDown(a, first, parent, len, a.values[first + parent], a.counts[first + parent]);
                if (parent == 0) {
                    break;
                }
            }
        }
        while (last - first > 1) {
            last--;
            long v = a.values[last];
            long c = a.counts[last];
            a.copy(first, last);
            siftDown(a, first, 0, last - first, v, c);
        }
    }

    /**
     * Places ({@code v}, {@code c}) in the heap of {@code len} entries at {@code first} with a hole at
     * {@code hole}: the hole goes down to a leaf along the greater children, then the entry rises
     * from there.
     */
    private static void siftDown(Pairs a, int first, int hole, int len, long v, long c) {
        int top = hole;
        int child = hole;
        while (child < (len - 1) / 2) {
            child = 2 * (child + 1);
            if (a.less(first + child, first + child - 1)) {
                child--;
            }
            a.copy(first + child, first + hole);
            hole = child;
        }
        if ((len & 1) == 0 && child == (len - 2) / 2) {
            child = 2 * (child + 1);
            a.copy(first + child - 1, first + hole);
            hole = child - 1;
        }
        int parent = (hole - 1) / 2;
        while (hole > top && a.lessThanValue(first + parent, v)) {
            a.copy(first + parent, first + hole);
            hole = parent;
            parent = (hole - 1) / 2;
        }
        a.set(first + hole, v, c);
    }
}
