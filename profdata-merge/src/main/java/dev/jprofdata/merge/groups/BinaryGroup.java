package dev.jprofdata.merge.groups;

import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.raw.RawCounterLayout;
import dev.jprofdata.format.raw.RunValueSites;
import dev.jprofdata.format.raw.Words;
import dev.jprofdata.merge.MergeInput;
import dev.jprofdata.merge.state.BulkContribution;
import dev.jprofdata.merge.state.BulkValues;
import dev.jprofdata.merge.state.MergeState;
import dev.jprofdata.merge.state.Saturating;
import dev.jprofdata.merge.state.SummedRecords;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One binary's group of the binary groups ({@link BinaryGroups}, spec/performance.md): the files
 * of one binary, all added here: the first (the reference, probed with the ordinary reader) and
 * every later run that matches it. Its counters-only records enter the merge state flat; its
 * records of functions an earlier group holds too may go into that group's records
 * ({@link BinaryGroups}' shared functions), and its value sites may be another group's
 * ({@link SharedValueSites}).
 */
final class BinaryGroup implements SummedRecords {
    /** With counters below 2^56, a weight up to 255 cannot overflow the weighted value. */
    static final long MAX_WEIGHT = 255;
    /** Counters of 2^56 and more: the ordinary reader warns about them, so such a run is read that way. */
    static final long LARGE_COUNTER_BITS = 0xFF00_0000_0000_0000L;

    /** The binary's layout, which holds what runs are compared with (the probed file's words). */
    final RawCounterLayout layout;
    final List<Member> members = new ArrayList<>();
    long[] sums;
    /**
     * Per record with value data, its members' summed sites; null without value data. A
     * borrowed record's are another group's, shared ({@link SharedValueSites}).
     */
    BulkValues[] values;
    /** Which records' sites are borrowed; null when none can be. */
    boolean[] borrowed;
    /** The groups this one shares value sites with, itself included. */
    final SharedValueSites.Component component = new SharedValueSites.Component();
    /** Whether its records are offered to later groups to share. */
    boolean registered;
    /**
     * Records added into an earlier group's record of the same function when the groups were
     * emitted ({@link #addSharedFunctions}); left out of the state. Null when none.
     */
    boolean[] mergedAway;
    /** How many records are {@link #mergedAway}. */
    int mergedAwayCount;
    /**
     * Groups whose records were added into this group's, in the order they were, each with its
     * record for each of this group's records (-1: none); null when none. A list, not a map: a
     * record's contribution and first position walk it, for every record of the group, and a map's
     * entries were an object per group per walk.
     */
    List<Donor> donors;
    /**
     * After {@link #emit}: which records went into the state with their value sites (the state then
     * owns their sites, and lets go of each as it finishes it); null when none did.
     */
    boolean[] emittedBulk;
    /** All members' counters, weighted and summed, saturating: bounds every single sum. */
    long grandTotal;
    /** The records by counter position (the probe's, shared by the slices' groups of the binary). */
    final RecordRanges ranges;
    /**
     * A joining run's per-record sums, before they are kept as {@link RecordSums}: reused run
     * after run (a new array per run was 160 KB of garbage for each of a group's first 16 runs).
     */
    private long[] runRecordSums;
    /** Reused by {@link #contribution} for each record it lists. */
    private final BulkContribution.Builder contributions = new BulkContribution.Builder();

    BinaryGroup(RawCounterLayout layout, RecordRanges ranges) {
        this.layout = layout;
        this.ranges = ranges;
    }

    RawCounterLayout.Match compare(Words.Source words, long wordsSize) {
        return layout.compare(words, wordsSize);
    }

    /**
     * Adds one run ({@code words} is the whole file, whose functions sit {@code slide} above
     * the reference file's, null when they did not move together; its value sites are decoded
     * into {@code runSites}); null when it cannot join.
     */
    JoinedRun join(int inputIndex, MergeInput input, Words.Source words, Long slide,
            RunValueSites runSites) {
        long weight = input.weight();
        if (Long.compareUnsigned(weight, MAX_WEIGHT) > 0) {
            return null;
        }
        if (layout.hasValueData()) {
            // The value data is checked and decoded whole before any of it is added (after the
            // counters, below): a damaged blob leaves the file to the ordinary reader.
            if (slide == null || !layout.decodeValues(words.bytesFrom(layout.valueDataOffset()), slide, runSites)) {
                return null;
            }
        }
        int base = (int) (layout.countersOffset() / 8);
        int n = layout.numCounters();
        if (sums == null) {
            sums = new long[n];
        }
        // The first members' per-record sums are added up in the same pass (unweighted:
        // weighted below, once the input is known not to overflow).
        long[] recordSums = members.size() < BulkContribution.KEPT ? runRecordSums() : null;
        int nextRange = 0;
        // One pass: add the weighted counters and note the reader's warning case (counters of
        // 2^56 and more) and the input's own sum, kept in two halves that cannot overflow.
        long seen = 0;
        long high = 0;
        long low = 0;
        for (int from = 0; from < n; from += Words.CHUNK) {
            int len = Math.min(Words.CHUNK, n - from);
            int at = words.load(base + from, len);
            long[] w = words.array();
            if (recordSums != null) {
                nextRange = ranges.addSums(w, at, from, len, recordSums, nextRange);
            }
            if (weight == 1) {
                for (int i = 0; i < len; i++) {
                    long y = w[at + i];
                    seen |= y;
                    high += y >>> 32;
                    low += y & 0xFFFF_FFFFL;
                    sums[from + i] += y;
                }
            } else {
                for (int i = 0; i < len; i++) {
                    long y = w[at + i];
                    seen |= y;
                    high += y >>> 32;
                    low += y & 0xFFFF_FFFFL;
                    sums[from + i] += weight * y;
                }
            }
        }
        long total = (high << 32) + low;
        if ((seen & LARGE_COUNTER_BITS) != 0 || (high >>> 32) != 0 || Long.compareUnsigned(total, low) < 0) {
            // Leave this input to the ordinary reader; subtracting undoes the additions exactly
            // (arithmetic modulo 2^64), so the group's sums are as before.
            for (int from = 0; from < n; from += Words.CHUNK) {
                int len = Math.min(Words.CHUNK, n - from);
                int at = words.load(base + from, len);
                long[] w = words.array();
                for (int i = 0; i < len; i++) {
                    sums[from + i] -= weight * w[at + i];
                }
            }
            return null;
        }
        // No counter's sum can exceed the sum of all counters of all members: while that stays
        // below 2^64 - 3 nothing overflowed, without checking each addition.
        grandTotal = Saturating.add(grandTotal, Saturating.multiply(total, weight));
        if (layout.hasValueData()) {
            if (values == null) {
                values = new BulkValues[layout.numRecords()];
            }
            long w = weight;
            runSites.feed((r, kind, site, vals, counts, from, count) -> {
                if (values[r] == null) {
                    values[r] = new BulkValues();
                }
                values[r].addSite(kind, site, layout.siteCount(r, ValueKind.of(kind)), vals, counts, from, count,
                        w, MergeState.position(inputIndex, r));
            });
        }
        RecordSums kept = null;
        if (recordSums != null) {
            // No record's sum can exceed the input's, which fits: weighting saturates as adding
            // each weighted counter would.
            if (weight != 1) {
                for (int r = 0; r < recordSums.length; r++) {
                    recordSums[r] = Saturating.multiply(recordSums[r], weight);
                }
            }
            kept = RecordSums.of(recordSums);
        }
        members.add(new Member(inputIndex, kept));
        if (members.size() >= BulkContribution.KEPT) {
            runRecordSums = null; // later runs list no per-record sums
        }
        return new JoinedRun(layout.kind(), layout.numRecords(), Saturating.multiply(total, weight));
    }

    /**
     * Puts the group into {@code state} as summed records (records with value data are added up
     * there, the rest kept flat); false when its files must be read one by one.
     */
    boolean emit(MergeState state) {
        if (!canEmit()) {
            return false;
        }
        state.add(this);
        if (values != null) {
            // The state owns the value sites now; which records had them still tells the flat ones.
            emittedBulk = new boolean[layout.numRecords()];
            for (int r = 0; r < values.length; r++) {
                emittedBulk[r] = values[r] != null;
            }
        }
        values = null;
        borrowed = null;
        return true;
    }

    /** Whether {@link #emit} can put the group into the state (else its files are read one by one). */
    boolean canEmit() {
        // Some sum may have wrapped; or damaged names sections, which the ordinary reader reports.
        return Long.compareUnsigned(grandTotal, Saturating.COUNTER_CAP) <= 0 && layout.namesDecoded();
    }

    private boolean isBorrowed(int r) {
        return borrowed != null && borrowed[r];
    }

    private boolean isMergedAway(int r) {
        return mergedAway != null && mergedAway[r];
    }

    /**
     * Whether {@code g}'s record {@code r}, of this record {@code tr}'s function, can be added
     * into it ({@link #addSharedFunctions}).
     */
    boolean canTake(int tr, BinaryGroup g, int r) {
        if (!layout.kind().equals(g.layout.kind()) || layout.counterCount(tr) != g.layout.counterCount(r)) {
            return false;
        }
        BulkValues mine = values == null ? null : values[tr];
        BulkValues theirs = g.values == null ? null : g.values[r];
        // A record that owns its sites must bring them itself: this record may have borrowed
        // them (after the threads' groups were added together, an owner can come later).
        return theirs == null ? mine == null : g.isBorrowed(r) && theirs == mine;
    }

    /**
     * Takes {@code g}'s bound on its sums into this group's, if the two together stay below the
     * counter cap (then no sum of this group's, with {@code g}'s records added, can have
     * wrapped); false, and nothing changed, otherwise.
     */
    boolean addBound(BinaryGroup g) {
        long both = Saturating.add(grandTotal, g.grandTotal);
        if (Long.compareUnsigned(both, Saturating.COUNTER_CAP) > 0) {
            return false;
        }
        grandTotal = both;
        return true;
    }

    /** Adds {@code g}'s record {@code r} into this group's record {@code tr} of the same function. */
    void take(int tr, BinaryGroup g, int r) {
        int to = (int) layout.counterStart(tr);
        int from = (int) g.layout.counterStart(r);
        for (int k = 0; k < layout.counterCount(tr); k++) {
            sums[to + k] += g.sums[from + k];
        }
        if (g.mergedAway == null) {
            g.mergedAway = new boolean[g.layout.numRecords()];
        }
        g.mergedAway[r] = true;
        if (++g.mergedAwayCount == g.layout.numRecords()) {
            // Nothing of g enters the state: its sums and sites are no longer needed (its runs'
            // per-record sums stay, for the contributions of the records it went into).
            g.sums = null;
            g.values = null;
            g.borrowed = null;
        }
        donorOf(g).records[tr] = r;
    }

    /** {@code g}'s entry in {@link #donors}, made when it has none (a slice has at most 64 groups). */
    private Donor donorOf(BinaryGroup g) {
        if (donors == null) {
            donors = new ArrayList<>();
        }
        for (Donor d : donors) {
            if (d.group == g) {
                return d;
            }
        }
        int[] records = new int[layout.numRecords()];
        Arrays.fill(records, -1);
        Donor d = new Donor(g, records);
        donors.add(d);
        return d;
    }

    private void setBorrowed(int r, boolean b) {
        if (b && borrowed == null) {
            borrowed = new boolean[layout.numRecords()];
        }
        if (borrowed != null) {
            borrowed[r] = b;
        }
    }

    private int[] siteCounts(int r) {
        int[] counts = new int[ValueKind.COUNT];
        for (int k = 0; k < ValueKind.COUNT; k++) {
            counts[k] = layout.siteCount(r, ValueKind.of(k));
        }
        return counts;
    }

    @Override
    public int size() {
        return layout.numRecords();
    }

    @Override
    public boolean absorb(SummedRecords records) {
        if (!(records instanceof BinaryGroup other) || (emittedBulk == null) != (other.emittedBulk == null)
                || mergedAway != null || donors != null || other.mergedAway != null || other.donors != null) {
            // Groups whose records went into others' (or took others') are resolved by name.
            return false;
        }
        return addUp(other);
    }

    /** {@link #absorb} for a group of another slice before either was emitted. */
    boolean absorbUnemitted(BinaryGroup other) {
        if (emittedBulk != null || other.emittedBulk != null || (values == null) != (other.values == null)
                || !addUp(other)) {
            return false;
        }
        if (values != null) {
            for (int r = 0; r < values.length; r++) {
                BulkValues theirs = other.values[r];
                if (theirs == null || other.isBorrowed(r) && values[r] != null) {
                    // A borrowed record's sites are in its owner's, which adds them up or
                    // emits them on its own.
                    continue;
                }
                if (values[r] == null || isBorrowed(r)) {
                    values[r] = theirs;
                    setBorrowed(r, other.isBorrowed(r));
                } else {
                    values[r].absorb(theirs);
                }
            }
            other.values = null;
        }
        component.join(other.component);
        return true;
    }

    /**
     * Adds {@code other}'s members and sums to this group's, if both are of one binary, their
     * inputs are distinct and no sum would overflow; false (both groups as they were) if not.
     */
    private boolean addUp(BinaryGroup other) {
        if (other.layout != layout || other.sums.length != sums.length) {
            // One layout per probed binary, shared by the slices of a merge: the same layout
            // means the same binary (its reference files had equal bytes apart from counters).
            return false;
        }
        List<Member> all = new ArrayList<>(members.size() + other.members.size());
        all.addAll(members);
        all.addAll(other.members);
        all.sort(java.util.Comparator.comparingInt(Member::inputIndex));
        for (int m = 0; m < all.size(); m++) {
            if (m > 0 && all.get(m - 1).inputIndex == all.get(m).inputIndex) {
                return false; // overlapping inputs: not two parts of one merge
            }
            if (m < BulkContribution.KEPT && all.get(m).recordSums == null) {
                return false;
            }
        }
        // Checked whole before anything is added (so a refusal leaves both groups as they
        // were), then added in place: no third array of sums at the peak of the merge.
        for (int i = 0; i < sums.length; i++) {
            long a = sums[i];
            long t = a + other.sums[i];
            if (Long.compareUnsigned(t, a) < 0 || Long.compareUnsigned(t, Saturating.COUNTER_CAP) > 0) {
                return false; // the state's ordinary combine reports the overflow
            }
        }
        for (int i = 0; i < sums.length; i++) {
            sums[i] += other.sums[i];
        }
        grandTotal = Saturating.add(grandTotal, other.grandTotal);
        members.clear();
        members.addAll(all);
        return true;
    }

    @Override
    public boolean isFlat(int r) {
        if (isMergedAway(r)) {
            return false;
        }
        if (values != null) {
            return values[r] == null;
        }
        return emittedBulk == null || !emittedBulk[r];
    }

    @Override
    public BulkValues values(int r) {
        if (isMergedAway(r) || values == null || values[r] == null) {
            return null;
        }
        // A borrowed record's sites are in its owner's; it brings empty ones of its shape.
        return isBorrowed(r) ? BulkValues.emptySites(siteCounts(r)) : values[r];
    }

    @Override
    public String name(int r) {
        return layout.name(r);
    }

    @Override
    public long hash(int r) {
        return layout.hash(r);
    }

    @Override
    public long[] counts(int r) {
        int start = (int) layout.counterStart(r);
        return Arrays.copyOfRange(sums, start, start + layout.counterCount(r));
    }

    @Override
    public long firstPosition(int r) {
        // Groups are emitted in the order of their first runs, so a donor's first run comes after
        // this group's; the minimum below keeps the answer right without relying on that.
        long first = MergeState.position(members.get(0).inputIndex, r);
        if (donors != null) {
            for (int i = 0; i < donors.size(); i++) {
                Donor d = donors.get(i);
                int dr = d.records[r];
                if (dr >= 0) {
                    first = Math.min(first, MergeState.position(d.group.members.get(0).inputIndex, dr));
                }
            }
        }
        return first;
    }

    @Override
    public BulkContribution contribution(int r) {
        // The slot's sums include the records of the donors (if any): its total is the total.
        long totalCountSum = 0;
        int start = (int) layout.counterStart(r);
        for (int k = 0; k < layout.counterCount(r); k++) {
            totalCountSum = Saturating.add(totalCountSum, sums[start + k]);
        }
        BulkContribution.Builder runs = contributions.clear();
        addRuns(runs, r);
        if (donors != null) {
            for (int i = 0; i < donors.size(); i++) {
                Donor d = donors.get(i);
                int dr = d.records[r];
                if (dr >= 0) {
                    d.group.addRuns(runs, dr);
                }
            }
        }
        return runs.build(totalCountSum);
    }

    /** The zeroed scratch array for one run's per-record sums. */
    private long[] runRecordSums() {
        if (runRecordSums == null) {
            runRecordSums = new long[layout.numRecords()];
        } else {
            Arrays.fill(runRecordSums, 0);
        }
        return runRecordSums;
    }

    /** Gives {@code runs} this group's runs of record {@code r}: the first {@link BulkContribution#KEPT}, then a count. */
    private void addRuns(BulkContribution.Builder runs, int r) {
        int listed = Math.min(BulkContribution.KEPT, members.size());
        for (int m = 0; m < listed; m++) {
            runs.add(MergeState.position(members.get(m).inputIndex, r), members.get(m).recordSums.get(r));
        }
        runs.count(members.size() - listed);
    }

    /** A group whose records went into this one's: its record for each of this group's records (-1: none). */
    record Donor(BinaryGroup group, int[] records) {
    }

    /** One joined input: its position in the merge and, for the first few, per-record count sums. */
    record Member(int inputIndex, RecordSums recordSums) {
    }

    /**
     * One input's count sum per record, kept for the first {@link BulkContribution#KEPT} members of
     * a group: as 32-bit words when every sum fits (the usual case: half the memory of 16 copies
     * of a long per function), else as longs.
     */
    record RecordSums(int[] small, long[] large) {
        static RecordSums of(long[] sums) {
            int[] small = new int[sums.length];
            for (int r = 0; r < sums.length; r++) {
                if ((sums[r] >>> 32) != 0) {
                    return new RecordSums(null, sums.clone()); // sums is the group's scratch
                }
                small[r] = (int) sums[r];
            }
            return new RecordSums(small, null);
        }

        long get(int r) {
            return small != null ? Integer.toUnsignedLong(small[r]) : large[r];
        }
    }
}
