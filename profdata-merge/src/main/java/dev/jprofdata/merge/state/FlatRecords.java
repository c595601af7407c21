package dev.jprofdata.merge.state;

/**
 * Counters-only records of many inputs, already weighted and summed, that the merge state keeps as
 * they are ({@link MergeState#addFlat}) instead of building its per-record bookkeeping: the fast
 * path of many runs of one binary (spec/performance.md, "binary groups"). When the state is
 * finished, a flat record whose name met no other record becomes an output record directly; one
 * whose name did is first added with {@link MergeState#addBulk}, which gives what per-input adds
 * would.
 */
public interface FlatRecords {
    /** Number of record slots; slot {@code r} is used when {@link #isFlat(int)}. */
    int size();

    /** Whether slot {@code r} is a flat record (others were added to the state another way). */
    boolean isFlat(int r);

    String name(int r);

    long hash(int r);

    /** The summed counters of slot {@code r} (a new array; each at most {@link Saturating#COUNTER_CAP}). */
    long[] counts(int r);

    /** Position ({@link MergeState#position}) of the earliest input record slot {@code r} stands for. */
    long firstPosition(int r);

    /** Which input records slot {@code r} stands for, as {@link MergeState#addBulk} takes them. */
    BulkContribution contribution(int r);

    /**
     * Adds {@code other}'s records to these when both hold the same records (the same functions
     * in the same slots, from inputs that do not overlap) and no sum overflows; returns false, and
     * changes nothing, otherwise. Partial merges of one binary's runs on several threads combine
     * this way without building per-record bookkeeping.
     */
    boolean absorb(FlatRecords other);
}
