package dev.jprofdata.merge.sample;

import dev.jprofdata.merge.FailureMode;
import java.util.Collection;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * What a sample-profile merge does besides adding the inputs up (llvm-profdata's
 * {@code merge --sample} options). Weights come with the inputs ({@code MergeInput}).
 *
 * @param numThreads threads reading inputs ahead of the merge (0: a choice by input count); the
 *     output never depends on it, because inputs are always merged one after the other in order
 * @param failureMode when unreadable inputs fail the merge, as for instrumentation profiles
 * @param remapper renames functions (top-level, call targets, inlinees) as they are merged; null
 *     keeps names. Like LLVM it rebuilds each profile, losing checksums, attributes, vtable counts
 *     and calling contexts
 * @param functionRegex keep only functions whose context string matches (null: all)
 * @param noFunctionRegex drop functions whose context string matches (null: none); wins over
 *     {@code functionRegex}
 * @param dropSymbolList leave the inputs' profile symbol lists out
 * @param extraSymbols symbols added to the profile symbol list ({@code --prof-sym-list})
 * @param mergeColdContext merge cold CS contexts into shorter ones
 * @param trimColdContext drop cold CS contexts
 * @param coldContextFrameDepth frames kept when merging a cold context (1: the base profile)
 * @param layout layout conversion after merging
 * @param generateMergedBaseProfiles with {@code NEST}, also merge every nested context into its
 *     function's top-level profile
 * @param coldCount the cold count threshold, overriding the summary's (null: from the summary)
 * @param hotCount the hot count threshold (accepted for LLVM's option set; no merge step uses it)
 * @param cutoffCold the summary cutoff (parts per million) whose minimum count is cold
 * @param cutoffHot the summary cutoff for hot counts (no merge step uses it)
 * @param contextlessSummary count every CS context as its own function in the summary (what
 *     LLVM does only for an explicit {@code --profile-summary-contextless=false})
 * @param profileIsFs text and binary inputs use flow-sensitive discriminators
 * @param fsPass which flow-sensitive discriminator bits are kept
 */
public record SampleMergeOptions(
        int numThreads,
        FailureMode failureMode,
        UnaryOperator<String> remapper,
        String functionRegex,
        String noFunctionRegex,
        boolean dropSymbolList,
        List<String> extraSymbols,
        boolean mergeColdContext,
        boolean trimColdContext,
        int coldContextFrameDepth,
        SampleLayoutConversion layout,
        boolean generateMergedBaseProfiles,
        Long coldCount,
        Long hotCount,
        long cutoffCold,
        long cutoffHot,
        boolean contextlessSummary,
        boolean profileIsFs,
        FsDiscriminatorPass fsPass) {

    /** LLVM's default cold cutoff (99.9999 %). */
    public static final long DEFAULT_CUTOFF_COLD = 999999;
    /** LLVM's default hot cutoff (99 %). */
    public static final long DEFAULT_CUTOFF_HOT = 990000;

    public SampleMergeOptions {
        failureMode = failureMode == null ? FailureMode.ANY : failureMode;
        extraSymbols = extraSymbols == null ? List.of() : List.copyOf(extraSymbols);
        layout = layout == null ? SampleLayoutConversion.NONE : layout;
        fsPass = fsPass == null ? FsDiscriminatorPass.PASS_LAST : fsPass;
        if (numThreads < 0) {
            throw new IllegalArgumentException("numThreads must not be negative");
        }
    }

    /**
     * jprofdata's own merge options that only instrumentation merges have: given with
     * {@code --sample}, each is named as ignored rather than dropped without a word (a budget the
     * user counts on, above all, must not silently not apply).
     */
    public static final List<String> INSTRUMENTATION_ONLY = List.of("--memory-budget", "--value-merge",
            "--for-llvm", "--index-version", "--drop-unsupported", "--no-split", "--no-unifcnts",
            "--uniformity-threshold");

    /** The warning for an {@link #INSTRUMENTATION_ONLY} option given with {@code --sample}. */
    public static String ignoredWithSample(String option) {
        return "warning: " + option + " applies to instrumentation profiles only; ignored with --sample";
    }

    public static SampleMergeOptions defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The discriminator mask applied when reading FS profiles and when remapping. */
    public int fsDiscriminatorMask() {
        return fsPass.mask();
    }

    /** Builder of {@link SampleMergeOptions}; every setting starts at llvm-profdata's default. */
    public static final class Builder {
        private int numThreads;
        private FailureMode failureMode = FailureMode.ANY;
        private UnaryOperator<String> remapper;
        private String functionRegex;
        private String noFunctionRegex;
        private boolean dropSymbolList;
        private List<String> extraSymbols = List.of();
        private boolean mergeColdContext;
        private boolean trimColdContext;
        private int coldContextFrameDepth = 1;
        private SampleLayoutConversion layout = SampleLayoutConversion.NONE;
        private boolean generateMergedBaseProfiles;
        private Long coldCount;
        private Long hotCount;
        private long cutoffCold = DEFAULT_CUTOFF_COLD;
        private long cutoffHot = DEFAULT_CUTOFF_HOT;
        private boolean contextlessSummary;
        private boolean profileIsFs;
        private FsDiscriminatorPass fsPass = FsDiscriminatorPass.PASS_LAST;

        public Builder numThreads(int n) {
            numThreads = n;
            return this;
        }

        public Builder failureMode(FailureMode m) {
            failureMode = m;
            return this;
        }

        public Builder remapper(UnaryOperator<String> r) {
            remapper = r;
            return this;
        }

        public Builder functionRegex(String r) {
            functionRegex = r;
            return this;
        }

        public Builder noFunctionRegex(String r) {
            noFunctionRegex = r;
            return this;
        }

        public Builder dropSymbolList(boolean b) {
            dropSymbolList = b;
            return this;
        }

        public Builder extraSymbols(Collection<String> s) {
            extraSymbols = List.copyOf(s);
            return this;
        }

        public Builder mergeColdContext(boolean b) {
            mergeColdContext = b;
            return this;
        }

        public Builder trimColdContext(boolean b) {
            trimColdContext = b;
            return this;
        }

        public Builder coldContextFrameDepth(int depth) {
            coldContextFrameDepth = depth;
            return this;
        }

        public Builder layout(SampleLayoutConversion l) {
            layout = l;
            return this;
        }

        public Builder generateMergedBaseProfiles(boolean b) {
            generateMergedBaseProfiles = b;
            return this;
        }

        public Builder coldCount(Long c) {
            coldCount = c;
            return this;
        }

        public Builder hotCount(Long c) {
            hotCount = c;
            return this;
        }

        public Builder cutoffCold(long c) {
            cutoffCold = c;
            return this;
        }

        public Builder cutoffHot(long c) {
            cutoffHot = c;
            return this;
        }

        public Builder contextlessSummary(boolean b) {
            contextlessSummary = b;
            return this;
        }

        public Builder profileIsFs(boolean b) {
            profileIsFs = b;
            return this;
        }

        public Builder fsPass(FsDiscriminatorPass p) {
            fsPass = p;
            return this;
        }

        public SampleMergeOptions build() {
            return new SampleMergeOptions(numThreads, failureMode, remapper, functionRegex, noFunctionRegex,
                    dropSymbolList, extraSymbols, mergeColdContext, trimColdContext, coldContextFrameDepth, layout,
                    generateMergedBaseProfiles, coldCount, hotCount, cutoffCold, cutoffHot, contextlessSummary,
                    profileIsFs, fsPass);
        }
    }
}
