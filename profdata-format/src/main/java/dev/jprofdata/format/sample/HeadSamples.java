package dev.jprofdata.format.sample;


/**
 * LLVM's estimate of how often a function was entered ({@code getHeadSamplesEstimate}), used where
 * a profile's recorded head count cannot be trusted: nested inlinees carry none, and line profiles
 * often record 0.
 */
public final class HeadSamples {
    private HeadSamples() {
    }

    /**
     * The entry count of {@code f}. A context-sensitive profile's recorded head count wins when it
     * is not 0. Otherwise the count at the function's first place: the first body record when it
     * comes before the first inlined callsite, else the sum of the estimates of the inlinees at the
     * first callsite (a promoted indirect call has several). A function with samples never gets 0:
     * the estimate is then 1.
     */
    public static long estimate(FunctionSamples f, boolean contextSensitive) {
        if (contextSensitive && f.headSamples() != 0) {
            return f.headSamples();
        }
        long count = 0;
        // The first body record and the first callsite, read from the sorted arrays (no map
        // snapshot is built: the hot-function list asks this of every hot function).
        LineLocation firstBody = f.bodySize() > 0 ? f.bodyLocation(0) : null;
        LineLocation firstCall = f.inlineeCount() > 0 ? f.inlineeLocation(0) : null;
        if (firstBody != null && (firstCall == null || firstBody.compareTo(firstCall) < 0)) {
            count = f.bodyRecordAt(0).samples();
        } else if (firstCall != null) {
            for (int i = 0; i < f.inlineeCount() && f.inlineeLocation(i).equals(firstCall); i++) {
                count += estimate(f.inlineeAt(i), contextSensitive);
            }
        }
        if (count != 0) {
            return count;
        }
        return f.totalSamples() != 0 ? 1 : 0;
    }
}
