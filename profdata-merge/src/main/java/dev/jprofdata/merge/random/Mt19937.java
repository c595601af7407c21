package dev.jprofdata.merge.random;

/**
 * The 32-bit Mersenne Twister with C++'s default seed, so temporal-trace sampling draws the same
 * numbers as llvm-profdata (which uses {@code std::mt19937}): temporal-trace sampling in merge and
 * balanced partitioning in order. Not thread-safe; each user owns its generator.
 */
public final class Mt19937 {
    private static final int N = 624;
    private static final int M = 397;
    private final int[] mt = new int[N];
    private int index;

    /** A generator seeded with C++'s default seed, 5489. */
    public Mt19937() {
        this(5489);
    }

    /** A generator seeded like {@code std::mt19937(seed)}. */
    public Mt19937(int seed) {
        mt[0] = seed;
        for (int i = 1; i < N; i++) {
            mt[i] = 1812433253 * (mt[i - 1] ^ (mt[i - 1] >>> 30)) + i;
        }
        index = N;
    }

    /** The next output as an unsigned 32-bit value. */
    public long next() {
        if (index >= N) {
            twist();
        }
        int y = mt[index++];
        y ^= y >>> 11;
        y ^= (y << 7) & 0x9d2c5680;
        y ^= (y << 15) & 0xefc60000;
        y ^= y >>> 18;
        return y & 0xFFFFFFFFL;
    }

    private void twist() {
        for (int i = 0; i < N; i++) {
            int y = (mt[i] & 0x80000000) | (mt[(i + 1) % N] & 0x7fffffff);
            int v = mt[(i + M) % N] ^ (y >>> 1);
            if ((y & 1) != 0) {
                v ^= 0x9908b0df;
            }
            mt[i] = v;
        }
        index = 0;
    }

    /**
     * A uniform integer in {@code [0, max]} drawn as libstdc++'s
     * {@code uniform_int_distribution<uint64_t>} does for ranges below 2^32 (Lemire's method).
     */
    public long uniform(long max) {
        long range = max + 1;
        if (range <= 0 || range > 0xFFFFFFFFL) {
            throw new IllegalArgumentException("range not supported: " + max);
        }
        long product = next() * range;
        long low = product & 0xFFFFFFFFL;
        if (low < range) {
            long threshold = (0x1_0000_0000L - range) % range;
            while (low < threshold) {
                product = next() * range;
                low = product & 0xFFFFFFFFL;
            }
        }
        return product >>> 32;
    }

    /**
     * A float in {@code [0, 1)} drawn as libstdc++'s {@code uniform_real_distribution<float>(0, 1)}
     * does: {@code generate_canonical<float, 24>} takes one 32-bit draw, divides it by 2^32 in
     * float arithmetic and clamps a result that rounded up to 1 to the largest float below 1.
     */
    public float nextCanonicalFloat() {
        float value = (float) next() / 4294967296f;
        return value >= 1f ? Math.nextDown(1f) : value;
    }
}
