package dev.jprofdata.format.sample;

import java.util.Map;
import java.util.TreeMap;

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
        Map.Entry<LineLocation, SampleRecord> firstBody = f.body().firstEntry();
        Map.Entry<LineLocation, TreeMap<FunctionId, FunctionSamples>> firstCall = f.callsites().firstEntry();
        if (firstBody != null && (firstCall == null || firstBody.getKey().compareTo(firstCall.getKey()) < 0)) {
            count = firstBody.getValue().samples();
        } else if (firstCall != null) {
            for (FunctionSamples c : firstCall.getValue().values()) {
                count += estimate(c, contextSensitive);
            }
        }
        if (count != 0) {
            return count;
        }
        return f.totalSamples() != 0 ? 1 : 0;
    }
}
