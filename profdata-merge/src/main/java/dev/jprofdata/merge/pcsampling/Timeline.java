package dev.jprofdata.merge.pcsampling;

/**
 * A dispatch's samples over time, in {@link #BINS} equal bins, built while the samples stream
 * (rocprofv3 does not sort them by time). The window starts at the first sample's timestamp with
 * bins one unit wide; a later sample beyond the window doubles the bin width (the window grows to
 * the right), one before it doubles the width and moves the window's start left by the old
 * window's length. So the window is at most four times the samples' time span, and at least a
 * quarter of the bins are in use. The bins depend on the order of the samples, which is the
 * order of their file: the same input gives the same bins. Each bin counts its samples and sums
 * their wave counts: the CU occupancy over the dispatch ("draining towards the end", in the
 * CDNA3/CDNA4 document's words).
 */
public final class Timeline {
    public static final int BINS = 64;

    private final long[] samples = new long[BINS];
    private final long[] waveSamples = new long[BINS];
    private final long[] waveSums = new long[BINS];
    private long start;
    private int shift = -1;

    void add(long timestamp, int waves) {
        long t = Math.max(0, timestamp);
        if (shift < 0) {
            shift = 0;
            start = t;
        }
        while (t < start || t - start >= ((long) BINS << shift)) {
            coarsen(t < start);
        }
        int bin = (int) ((t - start) >>> shift);
        samples[bin]++;
        if (waves >= 0) {
            waveSamples[bin]++;
            waveSums[bin] += waves;
        }
    }

    /** Doubles the bin width; {@code left}: the old window becomes the new one's right half. */
    private void coarsen(boolean left) {
        int next = shift + 1;
        long newStart = left ? Math.max(0, start - ((long) BINS << shift)) : start;
        long[][] all = {samples, waveSamples, waveSums};
        for (long[] a : all) {
            long[] merged = new long[BINS];
            for (int i = 0; i < BINS; i++) {
                long t = start + ((long) i << shift);
                merged[(int) ((t - newStart) >>> next)] += a[i];
            }
            System.arraycopy(merged, 0, a, 0, BINS);
        }
        start = newStart;
        shift = next;
    }

    /** The first bin's start (a raw timestamp), or -1 without samples. */
    public long start() {
        return shift < 0 ? -1 : start;
    }

    /** Each bin's width in timestamp units. */
    public long binWidth() {
        return shift < 0 ? 0 : 1L << shift;
    }

    public long samples(int bin) {
        return samples[bin];
    }

    /** The mean wave count of a bin's samples, or NaN. */
    public double meanWaves(int bin) {
        return waveSamples[bin] == 0 ? Double.NaN : (double) waveSums[bin] / waveSamples[bin];
    }

    public long waveSum(int bin) {
        return waveSums[bin];
    }

    /** The bins from the first to the last with samples (the rest of the window is empty). */
    public int firstUsed() {
        for (int i = 0; i < BINS; i++) {
            if (samples[i] > 0) {
                return i;
            }
        }
        return BINS;
    }

    public int lastUsed() {
        for (int i = BINS - 1; i >= 0; i--) {
            if (samples[i] > 0) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The mean wave count over {@code parts} equal stretches of the used bins (first to last), for a
     * short summary: NaN for a stretch without wave counts.
     */
    public double[] meanWavesIn(int parts) {
        double[] out = new double[parts];
        int first = firstUsed();
        int last = lastUsed();
        int used = last - first + 1;
        for (int p = 0; p < parts; p++) {
            long n = 0;
            long sum = 0;
            if (used > 0) {
                int from = first + (int) ((long) used * p / parts);
                int to = first + (int) ((long) used * (p + 1) / parts);
                for (int i = from; i < Math.max(to, from + 1) && i <= last; i++) {
                    n += waveSamples[i];
                    sum += waveSums[i];
                }
            }
            out[p] = n == 0 ? Double.NaN : (double) sum / n;
        }
        return out;
    }
}
