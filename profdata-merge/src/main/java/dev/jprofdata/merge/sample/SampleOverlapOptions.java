package dev.jprofdata.merge.sample;

/**
 * What {@code overlap --sample} reports beyond the program level, and how it tells hot from cold.
 *
 * @param similarityCutoff parts per million (unsigned): matched functions whose similarity is below
 *     it get a row
 * @param valueCutoff unsigned: test functions whose largest count reaches it get a row;
 *     {@link #NO_VALUE_CUTOFF} (2^64-1) is LLVM's default
 * @param function matched functions whose base context contains this get a row (empty: none)
 * @param hotCutoff the summary cutoff (parts per million) whose minimum count is the hot threshold
 *     ({@code --profile-summary-cutoff-hot}, 990000 by default)
 * @param hotCount the hot threshold itself when given ({@code --profile-summary-hot-count}), else null
 * @param perContextSummary a summary computed here (text and GCC profiles) counts every calling
 *     context of a CSSPGO profile as a function ({@code --profile-summary-contextless=false});
 *     by default, as in LLVM, contexts are merged by function first
 */
public record SampleOverlapOptions(long similarityCutoff, long valueCutoff, String function, long hotCutoff,
        Long hotCount, boolean perContextSummary) {

    /** LLVM's default value cutoff: only a count of 2^64-1 reaches it. */
    public static final long NO_VALUE_CUTOFF = -1L;
    /** LLVM's default hot cutoff, 99%. */
    public static final long DEFAULT_HOT_CUTOFF = 990000;

    public SampleOverlapOptions {
        if (function == null) {
            throw new NullPointerException("function");
        }
    }

    /** LLVM's defaults: no function rows, the 99% hot threshold. */
    public static SampleOverlapOptions defaults() {
        return new SampleOverlapOptions(0, NO_VALUE_CUTOFF, "", DEFAULT_HOT_CUTOFF, null, false);
    }
}
