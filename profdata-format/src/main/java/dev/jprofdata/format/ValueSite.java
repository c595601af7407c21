package dev.jprofdata.format;

import java.util.Arrays;

/**
 * The values observed at one value-profiling site (one indirect call, one memop, one vtable load),
 * as parallel arrays of value and count, in stored order.
 *
 * <p>Arrays are owned by the site: callers must not modify them after construction.
 */
public record ValueSite(long[] values, long[] counts) {

    public static final ValueSite EMPTY = new ValueSite(new long[0], new long[0]);

    public ValueSite {
        if (values.length != counts.length) {
            throw new IllegalArgumentException("values and counts differ in length");
        }
    }

    public int size() {
        return values.length;
    }

    public long value(int i) {
        return values[i];
    }

    public long count(int i) {
        return counts[i];
    }

    /** Sum of the counts, wrapping modulo 2^64 as LLVM does. */
    public long countSum() {
        long sum = 0;
        for (long c : counts) {
            sum += c;
        }
        return sum;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ValueSite s && Arrays.equals(values, s.values) && Arrays.equals(counts, s.counts);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(values) + Arrays.hashCode(counts);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(Long.toUnsignedString(values[i])).append(':').append(Long.toUnsignedString(counts[i]));
        }
        return sb.append(']').toString();
    }
}
