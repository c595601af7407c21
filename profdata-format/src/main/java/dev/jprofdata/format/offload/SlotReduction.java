package dev.jprofdata.format.offload;

/**
 * Folds a device record's B×K per-wave slots (index {@code block·K + slot}) into B block counts.
 *
 * <p>Every one of the K slots is summed. The fork sums slots 0…K−2 only, which loses the counts the
 * default {@code atomic-warp-leader} sampling writes to the last slot (spec/offload.md). Sums stick
 * at 2^64−3, LLVM's largest ordinary counter: a block count of 2^64−1 or 2^64−2 in the first
 * position would otherwise read as a pseudo-count marker.
 */
public final class SlotReduction {
    private SlotReduction() {
    }

    /** Largest reduced value (2^64 − 3, as LLVM caps merged counters). */
    public static final long CAP = -3L;

    /** Sums of {@code slots[from + b·k .. from + b·k + k)} for {@code b < blocks}. */
    public static long[] reduce(long[] slots, int from, int blocks, int k) {
        long[] out = new long[blocks];
        for (int b = 0; b < blocks; b++) {
            long sum = 0;
            int base = from + b * k;
            for (int s = 0; s < k; s++) {
                sum = add(sum, slots[base + s]);
            }
            out[b] = sum;
        }
        return out;
    }

    /** Unsigned {@code a + b}, sticking at {@link #CAP}. */
    public static long add(long a, long b) {
        long s = a + b;
        if (Long.compareUnsigned(s, a) < 0 || Long.compareUnsigned(s, CAP) > 0) {
            return CAP;
        }
        return s;
    }
}
