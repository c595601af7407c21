package dev.jprofdata.merge.order;

/**
 * The cost of a utility node with {@code x} functions on the left and {@code y} on the right,
 * {@code -(x·log2(x+1) + y·log2(y+1))}, in float arithmetic as LLVM computes it (each log2 is the
 * double result rounded to float).
 */
final class LogCost {
    private static final int CACHE_SIZE = 1 << 14;
    private static final float[] LOG2 = new float[CACHE_SIZE];
    private static final double LN2 = Math.log(2.0);

    static {
        for (int i = 1; i < CACHE_SIZE; i++) {
            LOG2[i] = log2(i);
        }
    }

    private LogCost() {
    }

    static float of(int x, int y) {
        return -((float) x * log2Of(x + 1) + (float) y * log2Of(y + 1));
    }

    private static float log2Of(int i) {
        return i < CACHE_SIZE ? LOG2[i] : log2(i);
    }

    /**
     * {@code log2} rounded to float. Powers of two are exact; for other values the double quotient
     * is within a few ulps of the true value, far below float's half ulp.
     */
    static float log2(long i) {
        if (Long.bitCount(i) == 1) {
            return Long.numberOfTrailingZeros(i);
        }
        return (float) (Math.log(i) / LN2);
    }
}
