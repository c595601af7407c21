package dev.jprofdata.merge.state;

/**
 * Unsigned 64-bit arithmetic that sticks at the top instead of wrapping, as LLVM merges counts.
 * Adding non-negative amounts with saturation is associative, which keeps the merge order-free.
 */
public final class Saturating {
    private Saturating() {
    }

    /** The largest value LLVM keeps in a counter: 2^64 - 3 (the two above mark pseudo counts). */
    public static final long COUNTER_CAP = -3L;
    /** All ones: the saturation point of value-profile counts. */
    public static final long MAX = -1L;

    /** {@code a + b}, or 2^64-1 when the unsigned sum does not fit. */
    public static long add(long a, long b) {
        long s = a + b;
        return Long.compareUnsigned(s, a) < 0 ? MAX : s;
    }

    /** {@code a * b}, or 2^64-1 when the unsigned product does not fit. */
    public static long multiply(long a, long b) {
        if (a == 0 || b == 0) {
            return 0;
        }
        // Unsigned high word from the signed one (Math.unsignedMultiplyHigh needs Java 18).
        long hi = Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a);
        return hi != 0 ? MAX : a * b;
    }

    /** {@code min(value, 2^64 - 3)} in unsigned terms. */
    public static long capCounter(long value) {
        return Long.compareUnsigned(value, COUNTER_CAP) > 0 ? COUNTER_CAP : value;
    }

    /**
     * What a record's counters {@code counts[from, to)} contribute at {@code weight}: each
     * multiplied and capped as merging caps it, summed with saturation.
     */
    public static long cappedSum(long[] counts, int from, int to, long weight) {
        long sum = 0;
        for (int i = from; i < to; i++) {
            sum = add(sum, capCounter(weight == 1 ? counts[i] : multiply(counts[i], weight)));
        }
        return sum;
    }
}
