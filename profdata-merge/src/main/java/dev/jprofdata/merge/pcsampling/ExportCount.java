package dev.jprofdata.merge.pcsampling;

/** Which PC samples a sample profile exported from them counts. */
public enum ExportCount {
    /**
     * Every sample: where the waves spent their time. Long-latency instructions ({@code s_waitcnt}
     * above all) collect most samples, so this weighs lines by time more than by execution.
     */
    ALL,
    /**
     * Only samples whose wave issued the sampled instruction (stochastic sampling): closer to how
     * often each instruction runs, which is what the compiler's profile-guided decisions want.
     */
    ISSUED
}
