package dev.jprofdata.merge.state;

import java.util.List;

/**
 * Sorts function names as {@link String#compareTo} orders them (for names, which carry one byte per
 * char, unsigned {@code memcmp}), faster than a comparison sort over the strings themselves.
 *
 * <p>A merge of a big profile sorts hundreds of thousands of names that lie all over the heap, and
 * comparing two of them means fetching both from memory: most of the sort's time. Here each name's
 * first sixteen chars become two {@code long}s whose unsigned order is theirs (missing chars count
 * as 0), and the names are sorted by those keys, which sit side by side in two arrays. Only names
 * whose keys are equal are then compared whole, among themselves. A key never orders two names the
 * other way round: they differ at a char among the first sixteen, or one of them ends there (a
 * missing char, 0, sorts first or, against a real NUL, ties).
 */
final class NameOrder {
    private NameOrder() {
    }

    /** Chars in a key: two longs of eight. */
    static final int KEY_CHARS = 16;

    /** Sorts {@code names} in place into ascending order. */
    static void sort(List<String> names) {
        String[] strings = names.toArray(new String[0]);
        int[] order = order(strings);
        for (int i = 0; i < strings.length; i++) {
            names.set(i, strings[order[i]]);
        }
    }

    /**
     * The ascending order of {@code strings}: {@code order[i]} is the index of the i-th smallest
     * (equal strings keep their order).
     */
    static int[] order(String[] strings) {
        int n = strings.length;
        long[] high = new long[n];
        long[] low = new long[n];
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        for (int i = 0; i < n; i++) {
            if (!keyInto(strings[i], high, low, i)) {
                // A char above 255 (not from a profile: a caller's own name) has no byte key.
                sortRun(strings, order, 0, n);
                return order;
            }
        }
        new KeySort(high, low, order).sort();
        // Runs of equal keys: names that differ after their sixteenth char (or tie on NULs).
        for (int start = 0; start < n; ) {
            int end = start + 1;
            while (end < n && high[end] == high[start] && low[end] == low[start]) {
                end++;
            }
            if (end - start > 1) {
                sortRun(strings, order, start, end);
            }
            start = end;
        }
        return order;
    }

    /** Sorts {@code order[start, end)} by the strings they index, whole (stable). */
    private static void sortRun(String[] strings, int[] order, int start, int end) {
        Integer[] run = new Integer[end - start];
        for (int i = start; i < end; i++) {
            run[i - start] = order[i];
        }
        java.util.Arrays.sort(run, (a, b) -> strings[a].compareTo(strings[b]));
        for (int i = start; i < end; i++) {
            order[i] = run[i - start];
        }
    }

    /**
     * Sets {@code high[at]} and {@code low[at]} to the key of {@code name}: its first sixteen chars,
     * big-endian, missing ones as 0. False, and nothing set, when one of them is above 255.
     */
    static boolean keyInto(String name, long[] high, long[] low, int at) {
        long h = 0;
        long l = 0;
        int length = Math.min(KEY_CHARS, name.length());
        for (int i = 0; i < length; i++) {
            char c = name.charAt(i);
            if (c > 0xFF) {
                return false;
            }
            if (i < 8) {
                h |= (long) c << (56 - 8 * i);
            } else {
                l |= (long) c << (56 - 8 * (i - 8));
            }
        }
        high[at] = h;
        low[at] = l;
        return true;
    }

    /**
     * A bottom-up merge sort of the keys (two unsigned longs each, compared high first) that moves
     * {@code order} along, through one scratch copy of the three arrays.
     */
    private static final class KeySort {
        private final long[] high;
        private final long[] low;
        private final int[] order;
        private final long[] highScratch;
        private final long[] lowScratch;
        private final int[] orderScratch;

        KeySort(long[] high, long[] low, int[] order) {
            this.high = high;
            this.low = low;
            this.order = order;
            this.highScratch = new long[high.length];
            this.lowScratch = new long[high.length];
            this.orderScratch = new int[high.length];
        }

        void sort() {
            int n = high.length;
            for (int width = 1; width < n; width *= 2) {
                for (int lo = 0; lo < n - width; lo += 2 * width) {
                    int mid = lo + width;
                    if (compare(high[mid - 1], low[mid - 1], high[mid], low[mid]) > 0) {
                        merge(lo, mid, Math.min(lo + 2 * width, n));
                    }
                }
            }
        }

        private void merge(int lo, int mid, int hi) {
            System.arraycopy(high, lo, highScratch, lo, hi - lo);
            System.arraycopy(low, lo, lowScratch, lo, hi - lo);
            System.arraycopy(order, lo, orderScratch, lo, hi - lo);
            int i = lo;
            int j = mid;
            for (int k = lo; k < hi; k++) {
                boolean left = j >= hi
                        || (i < mid && compare(highScratch[i], lowScratch[i], highScratch[j], lowScratch[j]) <= 0);
                int from = left ? i++ : j++;
                high[k] = highScratch[from];
                low[k] = lowScratch[from];
                order[k] = orderScratch[from];
            }
        }

        private static int compare(long highA, long lowA, long highB, long lowB) {
            int byHigh = Long.compareUnsigned(highA, highB);
            return byHigh != 0 ? byHigh : Long.compareUnsigned(lowA, lowB);
        }
    }
}
