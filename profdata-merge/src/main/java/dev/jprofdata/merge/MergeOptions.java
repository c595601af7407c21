package dev.jprofdata.merge;

import dev.jprofdata.format.offload.UniformityRule;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * How to merge. Build with {@link #builder()}; every field has llvm-profdata's default.
 *
 * @param numThreads worker threads; 0 picks {@code min(cores, (inputs + 1) / 2)}. The output never
 *     depends on it
 * @param failureMode when unreadable inputs fail the whole merge
 * @param nameFilter keeps a function name when it returns true (applied after merging); null keeps all
 * @param remapper renames functions as they are read ({@code --remapping-file}); null keeps names
 * @param sparse drop functions whose every counter and bitmap byte is zero
 * @param traceReservoirSize most temporal traces kept ({@code --temporal-profile-trace-reservoir-size})
 * @param maxTraceLength longest trace kept ({@code --temporal-profile-max-trace-length})
 * @param keepVTableSymbols carry the inputs' vtable names into the output
 * @param readUnifcnts read the {@code .unifcnts} side file next to each device {@code .profraw}
 * @param uniformityRule when a GPU block counts as uniform ({@code --uniformity-threshold})
 * @param verbose collect per-device-function details ({@code merge --verbose})
 * @param memoryBudget estimated bytes the merge state may use before the merge fails with
 *     {@link MemoryBudgetExceededException} rather than running out of memory; 0 means no limit
 * @param groupRawInputs add the counters of raw files that are runs of one binary straight from
 *     their mappings instead of decoding each file (same result; spec/performance.md). Off only to
 *     compare the two paths
 * @param valueMerge how value sites are merged: {@link ValueMerge#EXACT} (the default) or as
 *     llvm-profdata does ({@link ValueMerge#LLVM}, {@code --value-merge=llvm})
 */
public record MergeOptions(
        int numThreads,
        FailureMode failureMode,
        Predicate<String> nameFilter,
        UnaryOperator<String> remapper,
        boolean sparse,
        int traceReservoirSize,
        int maxTraceLength,
        boolean keepVTableSymbols,
        boolean readUnifcnts,
        UniformityRule uniformityRule,
        boolean verbose,
        long memoryBudget,
        boolean groupRawInputs,
        ValueMerge valueMerge) {

    public MergeOptions {
        java.util.Objects.requireNonNull(valueMerge, "valueMerge");
    }

    /** With exact value merging (the form before {@code valueMerge} existed). */
    public MergeOptions(int numThreads, FailureMode failureMode, Predicate<String> nameFilter,
            UnaryOperator<String> remapper, boolean sparse, int traceReservoirSize, int maxTraceLength,
            boolean keepVTableSymbols, boolean readUnifcnts, UniformityRule uniformityRule, boolean verbose,
            long memoryBudget, boolean groupRawInputs) {
        this(numThreads, failureMode, nameFilter, remapper, sparse, traceReservoirSize, maxTraceLength,
                keepVTableSymbols, readUnifcnts, uniformityRule, verbose, memoryBudget, groupRawInputs,
                ValueMerge.EXACT);
    }

    /** With raw-input grouping on (the form before {@code groupRawInputs} existed). */
    public MergeOptions(int numThreads, FailureMode failureMode, Predicate<String> nameFilter,
            UnaryOperator<String> remapper, boolean sparse, int traceReservoirSize, int maxTraceLength,
            boolean keepVTableSymbols, boolean readUnifcnts, UniformityRule uniformityRule, boolean verbose,
            long memoryBudget) {
        this(numThreads, failureMode, nameFilter, remapper, sparse, traceReservoirSize, maxTraceLength,
                keepVTableSymbols, readUnifcnts, uniformityRule, verbose, memoryBudget, true);
    }

    /** Without a memory budget (the form before {@code memoryBudget} existed). */
    public MergeOptions(int numThreads, FailureMode failureMode, Predicate<String> nameFilter,
            UnaryOperator<String> remapper, boolean sparse, int traceReservoirSize, int maxTraceLength,
            boolean keepVTableSymbols, boolean readUnifcnts, UniformityRule uniformityRule, boolean verbose) {
        this(numThreads, failureMode, nameFilter, remapper, sparse, traceReservoirSize, maxTraceLength,
                keepVTableSymbols, readUnifcnts, uniformityRule, verbose, 0);
    }

    public static MergeOptions defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.numThreads = numThreads;
        b.failureMode = failureMode;
        b.nameFilter = nameFilter;
        b.remapper = remapper;
        b.sparse = sparse;
        b.traceReservoirSize = traceReservoirSize;
        b.maxTraceLength = maxTraceLength;
        b.keepVTableSymbols = keepVTableSymbols;
        b.readUnifcnts = readUnifcnts;
        b.uniformityRule = uniformityRule;
        b.verbose = verbose;
        b.memoryBudget = memoryBudget;
        b.groupRawInputs = groupRawInputs;
        b.valueMerge = valueMerge;
        return b;
    }

    /** Builder of {@link MergeOptions}. */
    public static final class Builder {
        private int numThreads;
        private FailureMode failureMode = FailureMode.ANY;
        private Predicate<String> nameFilter;
        private UnaryOperator<String> remapper;
        private boolean sparse;
        private int traceReservoirSize = 100;
        private int maxTraceLength = 10000;
        private boolean keepVTableSymbols;
        private boolean readUnifcnts = true;
        private UniformityRule uniformityRule = UniformityRule.DEFAULT;
        private boolean verbose;
        private long memoryBudget;
        private boolean groupRawInputs = true;
        private ValueMerge valueMerge = ValueMerge.EXACT;

        private Builder() {
        }

        public Builder numThreads(int n) {
            if (n < 0) {
                throw new IllegalArgumentException("numThreads must be >= 0");
            }
            this.numThreads = n;
            return this;
        }

        public Builder failureMode(FailureMode mode) {
            this.failureMode = mode;
            return this;
        }

        public Builder nameFilter(Predicate<String> filter) {
            this.nameFilter = filter;
            return this;
        }

        public Builder remapper(UnaryOperator<String> remapper) {
            this.remapper = remapper;
            return this;
        }

        public Builder sparse(boolean sparse) {
            this.sparse = sparse;
            return this;
        }

        public Builder traceReservoirSize(int size) {
            this.traceReservoirSize = size;
            return this;
        }

        public Builder maxTraceLength(int length) {
            this.maxTraceLength = length;
            return this;
        }

        public Builder keepVTableSymbols(boolean keep) {
            this.keepVTableSymbols = keep;
            return this;
        }

        /** Whether to read {@code .unifcnts} side files (default true; {@code --no-unifcnts} turns it off). */
        public Builder readUnifcnts(boolean read) {
            this.readUnifcnts = read;
            return this;
        }

        public Builder uniformityRule(UniformityRule rule) {
            this.uniformityRule = java.util.Objects.requireNonNull(rule, "rule");
            return this;
        }

        public Builder verbose(boolean verbose) {
            this.verbose = verbose;
            return this;
        }

        /** Estimated merge-state bytes allowed (0: no limit); see {@link MemoryBudgetExceededException}. */
        public Builder memoryBudget(long bytes) {
            if (bytes < 0) {
                throw new IllegalArgumentException("memoryBudget must be >= 0");
            }
            this.memoryBudget = bytes;
            return this;
        }

        /** See {@link MergeOptions#groupRawInputs()}; on by default. */
        public Builder groupRawInputs(boolean group) {
            this.groupRawInputs = group;
            return this;
        }

        /** See {@link MergeOptions#valueMerge()}; {@link ValueMerge#EXACT} by default. */
        public Builder valueMerge(ValueMerge valueMerge) {
            this.valueMerge = java.util.Objects.requireNonNull(valueMerge, "valueMerge");
            return this;
        }

        public MergeOptions build() {
            return new MergeOptions(numThreads, failureMode, nameFilter, remapper, sparse,
                    traceReservoirSize, maxTraceLength, keepVTableSymbols, readUnifcnts, uniformityRule, verbose,
                    memoryBudget, groupRawInputs, valueMerge);
        }
    }
}
