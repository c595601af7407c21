package dev.jprofdata.format.sample;

/**
 * Unsigned 64-bit arithmetic that stops at 2^64-1 instead of wrapping, as LLVM's
 * {@code SaturatingMultiplyAdd} does for every sample count. Callers learn about saturation
 * through {@link Overflow} so a merge can say which function overflowed.
 */
public final class Saturating {
    private Saturating() {
    }

    /** Collects whether any operation saturated. */
    public static final class Overflow {
        private boolean happened;

        public boolean happened() {
            return happened;
        }

        void set() {
            happened = true;
        }
    }

    /** {@code acc + x * weight}, saturating; records saturation in {@code overflow}. */
    public static long mulAdd(long x, long weight, long acc, Overflow overflow) {
        // Unsigned high word from the signed one (Math.unsignedMultiplyHigh needs Java 18).
        long hi = Math.multiplyHigh(x, weight) + ((x >> 63) & weight) + ((weight >> 63) & x);
        long product = x * weight;
        if (hi != 0) {
            overflow.set();
            return -1L;
        }
        long sum = product + acc;
        if (Long.compareUnsigned(sum, acc) < 0) {
            overflow.set();
            return -1L;
        }
        return sum;
    }
}
