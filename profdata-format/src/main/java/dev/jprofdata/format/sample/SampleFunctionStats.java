package dev.jprofdata.format.sample;


/**
 * What {@code show --hot-func-list} and {@code overlap} measure of one profile: over the body
 * records of the function and, recursively, of every inlinee, the sum of their sample counts, the
 * largest count, and how many reach a hot threshold.
 *
 * <p>The header's total is not used: a function's weight here is what its lines saw. Sums wrap
 * like LLVM's unsigned 64-bit additions; counts compare unsigned.
 *
 * @param sum unsigned sum of the body-record counts
 * @param max unsigned largest body-record count (0 when there is none)
 * @param hotBlocks number of body records whose count is at least the threshold
 */
public record SampleFunctionStats(long sum, long max, long hotBlocks) {

    /** The statistics of {@code function} and its inlinees against {@code hotThreshold} (unsigned). */
    public static SampleFunctionStats of(FunctionSamples function, long hotThreshold) {
        long[] acc = new long[3];
        add(function, hotThreshold, acc);
        return new SampleFunctionStats(acc[0], acc[1], acc[2]);
    }

    /** Whether the function counts as hot: its largest count reaches the threshold. */
    public boolean isHot(long hotThreshold) {
        return Long.compareUnsigned(max, hotThreshold) >= 0;
    }

    private static void add(FunctionSamples f, long hotThreshold, long[] acc) {
        for (int i = 0, n = f.bodySize(); i < n; i++) {
            long samples = f.bodyRecordAt(i).samples();
            acc[0] += samples;
            if (Long.compareUnsigned(samples, acc[1]) > 0) {
                acc[1] = samples;
            }
            if (Long.compareUnsigned(samples, hotThreshold) >= 0) {
                acc[2]++;
            }
        }
        for (int i = 0, n = f.inlineeCount(); i < n; i++) {
            add(f.inlineeAt(i), hotThreshold, acc);
        }
    }
}
