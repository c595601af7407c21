package dev.jprofdata.merge.state;

/**
 * Records of many inputs, already weighted and summed, with which inputs each stands for: what the
 * shortcut for many runs of one binary hands the merge state (spec/performance.md, "binary
 * groups"), and what a merge state read back from bytes holds. Each slot is one of three things:
 *
 * <ul>
 *   <li><em>flat</em> ({@link #isFlat}): summed counters and nothing else. The state keeps these
 *       records as they are, with no per-record bookkeeping; when it is finished, a flat record
 *       whose name met no other record becomes an output record directly, and one whose name did is
 *       first added up with the rest, which gives what adding each input's record would.</li>
 *   <li>with value sites ({@link #values} not null): added up with the rest as the records enter
 *       the state.</li>
 *   <li>empty: the slot's runs were summed into a record of other summed records.</li>
 * </ul>
 */
public non-sealed interface SummedRecords extends StateInput {
    /** Number of record slots. */
    int size();

    /** Whether slot {@code r} is a flat record, which the state keeps in these records. */
    boolean isFlat(int r);

    /**
     * The summed value sites of slot {@code r} when it has any, else null (a flat or empty slot).
     * Read only while the records enter the state, which owns the sites from then on.
     */
    BulkValues values(int r);

    String name(int r);

    long hash(int r);

    /** The summed counters of slot {@code r} (a new array; each at most {@link Saturating#COUNTER_CAP}). */
    long[] counts(int r);

    /** Position ({@link MergeState#position}) of the earliest input record slot {@code r} stands for. */
    long firstPosition(int r);

    /** Which input records slot {@code r} stands for. */
    BulkContribution contribution(int r);

    /**
     * Adds {@code other}'s records to these when both hold the same records (the same functions
     * in the same slots, from inputs that do not overlap) and no sum overflows; returns false, and
     * changes nothing, otherwise. Partial merges of one binary's runs on several threads combine
     * this way without building per-record bookkeeping. Only asked of records in a state.
     */
    boolean absorb(SummedRecords other);
}
