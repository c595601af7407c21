package dev.jprofdata.merge.state;

import dev.jprofdata.format.ValueSite;
import dev.jprofdata.merge.ValueMerge;

/** How a merge state keeps value sites: what a record's site becomes ({@link MergeState}). */
enum SiteKeeping {
    /** {@link SiteValues}: exact and order-free ({@link ValueMerge#EXACT}). */
    EXACT,
    /** {@link SequentialSite}s of a leading state, which apply records as they come ({@link ValueMerge#LLVM}). */
    LLVM_LEADING,
    /** {@link SequentialSite}s that keep their records until combined or finished ({@link ValueMerge#LLVM}). */
    LLVM_KEPT;

    static SiteKeeping of(ValueMerge valueMerge, boolean leading) {
        return valueMerge == ValueMerge.EXACT ? EXACT : leading ? LLVM_LEADING : LLVM_KEPT;
    }

    ValueMerge valueMerge() {
        return this == EXACT ? ValueMerge.EXACT : ValueMerge.LLVM;
    }

    /**
     * How to keep the sites of the one-record parts that a record merged into an existing function
     * builds to be absorbed (or to stand as a version of their own): a leading state applies a site
     * only when it is created by the function's first record, or when a later record's site is
     * absorbed into it; a one-record part applying its record at once could not be absorbed.
     */
    SiteKeeping ofLaterRecord() {
        return this == LLVM_LEADING ? LLVM_KEPT : this;
    }

    /** The state of {@code site} of one record, its counts times {@code weight}, at {@code position}. */
    MergedSite site(ValueSite site, long weight, long position) {
        return switch (this) {
            case EXACT -> SiteValues.of(site, weight, position);
            case LLVM_LEADING -> SequentialSite.of(site, weight, position, true);
            case LLVM_KEPT -> SequentialSite.of(site, weight, position, false);
        };
    }
}
