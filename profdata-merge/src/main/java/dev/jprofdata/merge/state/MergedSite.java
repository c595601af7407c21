package dev.jprofdata.merge.state;

import dev.jprofdata.format.ValueSite;

/**
 * The merge state of one value site: {@link SiteValues} (exact, order-free) or
 * {@link SequentialSite} (as llvm-profdata merges, record after record).
 */
sealed interface MergedSite permits SiteValues, SequentialSite {

    /** Adds one input record's site, its counts times {@code weight}, at {@code position}. */
    void add(ValueSite site, long weight, long position);

    /** Adds {@code other}'s records (of the same kind of state); {@code other} must not be used afterwards. */
    void absorb(MergedSite other);

    /**
     * The site as it is written, at most {@code limit} values, for a function created by the record
     * at {@code creatorPos}; {@code merged}: more than one record contributed.
     */
    ValueSite finish(long creatorPos, boolean merged, int limit);
}
