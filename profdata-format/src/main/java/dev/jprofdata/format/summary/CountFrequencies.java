package dev.jprofdata.format.summary;

import dev.jprofdata.format.util.LongIndex;
import java.util.Arrays;

/**
 * How often each counter value occurs (u32 in LLVM, so the frequencies wrap): distinct values and
 * their frequencies in arrays, found through a {@link LongIndex}. Replaces a boxed map that cost
 * more than the rest of a summary.
 */
final class CountFrequencies {
    private final LongIndex index = new LongIndex(64);
    private long[] values = new long[64];
    private int[] frequencies = new int[64];
    private int size;

    void increment(long value) {
        int slot = index.putIfAbsent(value, size);
        if (slot < 0) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
                frequencies = Arrays.copyOf(frequencies, size * 2);
            }
            slot = size++;
            values[slot] = value;
        }
        frequencies[slot]++;
    }

    /** The frequency of {@code value}; 0 when it never occurred. */
    int frequency(long value) {
        int slot = index.get(value);
        return slot < 0 ? 0 : frequencies[slot];
    }

    /** The distinct values, in the order they first occurred. */
    long[] distinctValues() {
        return Arrays.copyOf(values, size);
    }
}
