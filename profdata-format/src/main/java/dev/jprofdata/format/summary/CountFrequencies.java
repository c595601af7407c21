package dev.jprofdata.format.summary;

/**
 * How often each counter value occurs: an open-addressing table of {@code long} values and
 * {@code int} frequencies (u32 in LLVM, so they wrap). Replaces a boxed map that cost more than the
 * rest of a summary.
 */
final class CountFrequencies {
    private long[] values = new long[64];
    private int[] frequencies = new int[64];
    private boolean[] used = new boolean[64];
    private int size;

    void increment(long value) {
        add(value, 1);
    }

    /** Adds {@code times} occurrences of {@code value} (wrapping like a u32). */
    void add(long value, int times) {
        int mask = values.length - 1;
        int i = mix(value) & mask;
        while (used[i]) {
            if (values[i] == value) {
                frequencies[i] += times;
                return;
            }
            i = (i + 1) & mask;
        }
        used[i] = true;
        values[i] = value;
        frequencies[i] = times;
        if (2 * ++size > values.length) {
            grow();
        }
    }

    int size() {
        return size;
    }

    /** The frequency of {@code value}; 0 when it never occurred. */
    int frequency(long value) {
        int mask = values.length - 1;
        for (int i = mix(value) & mask; used[i]; i = (i + 1) & mask) {
            if (values[i] == value) {
                return frequencies[i];
            }
        }
        return 0;
    }

    /** The distinct values, in no particular order. */
    long[] distinctValues() {
        long[] out = new long[size];
        int n = 0;
        for (int i = 0; i < values.length; i++) {
            if (used[i]) {
                out[n++] = values[i];
            }
        }
        return out;
    }

    private void grow() {
        long[] oldValues = values;
        int[] oldFrequencies = frequencies;
        boolean[] oldUsed = used;
        values = new long[oldValues.length * 2];
        frequencies = new int[values.length];
        used = new boolean[values.length];
        int mask = values.length - 1;
        for (int j = 0; j < oldValues.length; j++) {
            if (oldUsed[j]) {
                int i = mix(oldValues[j]) & mask;
                while (used[i]) {
                    i = (i + 1) & mask;
                }
                used[i] = true;
                values[i] = oldValues[j];
                frequencies[i] = oldFrequencies[j];
            }
        }
    }

    /** Counter values are often small and close together: spread them over the table. */
    private static int mix(long value) {
        long h = value * 0x9E37_79B9_7F4A_7C15L;
        return (int) (h ^ (h >>> 32));
    }
}
