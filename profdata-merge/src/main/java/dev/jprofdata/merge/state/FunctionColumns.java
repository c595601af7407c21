package dev.jprofdata.merge.state;

import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.RecordBatch;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;
import java.util.Arrays;

/**
 * The functions of a merge state held column by column: for each (name, hash) key, its summed
 * counters, OR-ed bitmap bytes, earliest position, overflow position and the list of who
 * contributed, in flat arrays shared by every key, plus one array of value-site states for keys
 * that have value sites. The object graph of {@link NameEntry} costs a dozen objects per function,
 * and a merge that holds hundreds of thousands of functions spends most of its time collecting
 * them; here a function costs its name and nothing else.
 *
 * <p>A key stays here while every record merged into it agrees on its shape (the number of
 * counters, of bitmap bytes and of sites of each value kind) and is plain (no pseudo counts, no GPU
 * data): then there is exactly one version of each part, every part has the same contributors, and
 * nothing is ever dropped. The first record or partial state that breaks this <em>demotes</em> the
 * key ({@link #demote}): what it holds becomes a {@link RecordAggregate} (the same one per-record
 * adds would have built), and the key lives in the object graph from then on. The index remembers
 * demoted keys, so each key is in exactly one place. MergeStateModelTest holds the state to the
 * same results with and without columns.
 *
 * <p>The keys and their lookup are {@link FunctionKeys}'s, the contributor lists
 * {@link ContributorColumns}'; this class holds the counters, bitmaps and value sites and merges.
 */
final class FunctionColumns {
    private static final SiteValues[][] NO_SITES = new SiteValues[0][];

    /** The keys, numbered by slot; each slot's data is at the same index of every column below. */
    private final FunctionKeys keys = new FunctionKeys();
    private final ContributorColumns contributors = new ContributorColumns();
    private int live;

    private int[] countsAt = new int[256];
    private int[] countsLength = new int[256];
    private int[] bitmapAt = new int[256];
    private int[] bitmapLength = new int[256];
    private long[] minPos = new long[256];
    /** Position of the latest record that hit saturation or the counter cap; -1: none. */
    private long[] overflowPos = new long[256];
    /** Value-site states per kind, or {@link #NO_SITES} for keys without value sites. */
    private SiteValues[][][] sites = new SiteValues[256][][];
    /** Once finished ({@link #finishSites}): the sites as written, per kind (empty: none). */
    private ValueSite[][][] finishedSites = new ValueSite[256][][];

    private long[] counts = new long[1 << 12];
    private int countsUsed;
    private byte[] bitmaps = new byte[1 << 8];
    private int bitmapsUsed;

    /** Whether {@code record} can be held here at all (the rest goes to the object graph). */
    static boolean plain(ProfileRecord record) {
        return record.offload() == null && !record.isPseudo();
    }

    /** The slot of (name, hash), or -1. */
    int find(String name, long hash) {
        return keys.find(name, hash);
    }

    /** The slot of record {@code i} of {@code batch} (its name bytes and hash), or -1. */
    int find(RecordBatch batch, int i) {
        return keys.find(batch, i);
    }

    boolean isDemoted(int slot) {
        return keys.isDemoted(slot);
    }

    /** Whether a key of {@code name} holds data here (not demoted). */
    boolean holdsName(String name) {
        return keys.holdsName(name);
    }

    /** The live slots of {@code name}, in no particular order. */
    int[] slotsOf(String name) {
        return keys.slotsOf(name);
    }

    /** Number of slots, live or demoted ({@link #name}, {@link #isFirstOfName} take any). */
    int size() {
        return keys.size();
    }

    /** Number of keys holding data here. */
    int live() {
        return live;
    }

    String name(int slot) {
        return keys.name(slot);
    }

    long hash(int slot) {
        return keys.hash(slot);
    }

    boolean isFirstOfName(int slot) {
        return keys.isFirstOfName(slot);
    }

    /** Whether slot {@code slot} is live and the only slot of its name. */
    boolean isOnlyOfName(int slot) {
        return keys.isOnlyOfName(slot);
    }

    long creatorPos(int slot) {
        return minPos[slot];
    }

    /** Adds a key whose data lives in the object graph ({@code find} returned -1 for it). */
    void addDemoted(String name, long hash) {
        int s = newSlot(name, hash);
        keys.demote(s);
        live--;
    }

    /**
     * Starts a key with one plain record ({@code find} returned -1 for it); returns what the
     * record's counters contribute (their capped weighted sum).
     */
    long create(ProfileRecord record, long weight, long position) {
        int s = newShape(record.name(), record.hash(), record.counts().length, record.bitmap().length, position);
        if (record.hasValueSites()) {
            SiteValues[][] kinds = new SiteValues[ValueKind.COUNT][];
            for (int k = 0; k < ValueKind.COUNT; k++) {
                ValueSite[] in = record.valueSites()[k];
                kinds[k] = new SiteValues[in.length];
                for (int i = 0; i < in.length; i++) {
                    kinds[k][i] = SiteValues.empty(in[i].size());
                }
            }
            sites[s] = kinds;
        }
        long sum = add(s, record, weight, position);
        contributors.start(s, position, sum);
        return sum;
    }

    /**
     * Starts a key with record {@code i} of {@code batch} ({@code find} returned -1 for it); the
     * record must be plain (a batch never holds GPU data; no pseudo counts). Returns what the
     * record's counters contribute.
     */
    long create(RecordBatch batch, int i, long weight, long position) {
        int s = newShape(batch.name(i), batch.hash(i), batch.countsEnd(i) - batch.countsStart(i),
                batch.bitmapEnd(i) - batch.bitmapStart(i), position);
        if (batch.hasValueSites(i)) {
            SiteValues[][] kinds = new SiteValues[ValueKind.COUNT][];
            for (int k = 0; k < ValueKind.COUNT; k++) {
                int first = batch.sitesStart(i, k);
                kinds[k] = new SiteValues[batch.sitesEnd(i, k) - first];
                for (int j = 0; j < kinds[k].length; j++) {
                    kinds[k][j] = SiteValues.empty(batch.valuesEnd(first + j) - batch.valuesStart(first + j));
                }
            }
            sites[s] = kinds;
        }
        long sum = add(s, batch, i, weight, position);
        contributors.start(s, position, sum);
        return sum;
    }

    /**
     * A new slot of {@code numCounts} counters and {@code numBitmap} bitmap bytes, all 0 (fresh
     * arena space is never reused), created at {@code position}, with no value sites yet: adding
     * the creating record to it then is what creating from it means.
     */
    private int newShape(String name, long hash, int numCounts, int numBitmap, long position) {
        int s = newSlot(name, hash);
        countsAt[s] = reserveCounts(numCounts);
        countsLength[s] = numCounts;
        bitmapAt[s] = reserveBitmap(numBitmap);
        bitmapLength[s] = numBitmap;
        minPos[s] = position;
        overflowPos[s] = -1;
        sites[s] = NO_SITES;
        return s;
    }

    /** Whether a plain record has the shape of live slot {@code s} ({@link #add} may take it). */
    boolean fits(int s, ProfileRecord record) {
        return record.counts().length == countsLength[s] && record.bitmap().length == bitmapLength[s]
                && sameSites(sites[s], record);
    }

    /** Whether record {@code i} of {@code batch} has the shape of live slot {@code s}. */
    boolean fits(int s, RecordBatch batch, int i) {
        return batch.countsEnd(i) - batch.countsStart(i) == countsLength[s]
                && batch.bitmapEnd(i) - batch.bitmapStart(i) == bitmapLength[s] && sameSites(sites[s], batch, i);
    }

    /**
     * Adds a plain record that {@link #fits} live slot {@code s} (its counters, bitmap and value
     * sites) and lists its contribution; returns what its counters contribute.
     */
    long addInPlace(int s, ProfileRecord record, long weight, long position) {
        long sum = add(s, record, weight, position);
        contributors.add(s, position, sum);
        // Inputs usually come in position order, but not always (the binary groups' runs read the
        // ordinary way after the rest): the first position is the least, as the object graph's.
        minPos[s] = Math.min(minPos[s], position);
        return sum;
    }

    /** {@link #addInPlace(int, ProfileRecord, long, long)} for record {@code i} of {@code batch}. */
    long addInPlace(int s, RecordBatch batch, int i, long weight, long position) {
        long sum = add(s, batch, i, weight, position);
        contributors.add(s, position, sum);
        minPos[s] = Math.min(minPos[s], position);
        return sum;
    }

    private long add(int s, ProfileRecord record, long weight, long position) {
        long sum = addCounts(s, record.counts(), 0, weight, position);
        orBitmap(s, record.bitmap(), 0);
        SiteValues[][] kinds = sites[s];
        for (int k = 0; k < kinds.length; k++) {
            ValueSite[] in = record.valueSites()[k];
            for (int i = 0; i < in.length; i++) {
                kinds[k][i].add(in[i], weight, position);
            }
        }
        return sum;
    }

    private long add(int s, RecordBatch batch, int i, long weight, long position) {
        long sum = addCounts(s, batch.counts(), batch.countsStart(i), weight, position);
        orBitmap(s, batch.bitmaps(), batch.bitmapStart(i));
        SiteValues[][] kinds = sites[s];
        for (int k = 0; k < kinds.length; k++) {
            int first = batch.sitesStart(i, k);
            for (int j = 0; j < kinds[k].length; j++) {
                int from = batch.valuesStart(first + j);
                kinds[k][j].add(batch.values(), batch.valueCounts(), from, batch.valuesEnd(first + j) - from, weight,
                        position);
            }
        }
        return sum;
    }

    /**
     * Adds one record's counters (times {@code weight}), from {@code from} in {@code src}, to slot
     * {@code s}; returns their capped sum (the record's contribution). On a new slot (all 0) this
     * is the creating record's weighting and capping.
     */
    private long addCounts(int s, long[] src, int from, long weight, long position) {
        int at = countsAt[s];
        int n = countsLength[s];
        boolean incomingCapped = false;
        boolean overflow = false;
        long sum = 0;
        for (int i = 0; i < n; i++) {
            long raw = src[from + i];
            long scaled = weight == 1 ? raw : Saturating.multiply(raw, weight);
            long capped = Saturating.capCounter(scaled);
            incomingCapped |= capped != scaled;
            sum = Saturating.add(sum, capped);
            long summed = Saturating.add(counts[at + i], capped);
            long kept = Saturating.capCounter(summed);
            overflow |= kept != summed;
            counts[at + i] = kept;
        }
        // As CountersVersion#addInPlace: a sum that overflows is charged to the later of the two records.
        if (overflow) {
            overflowPos[s] = Math.max(overflowPos[s], Math.max(minPos[s], position));
        }
        if (incomingCapped) {
            overflowPos[s] = Math.max(overflowPos[s], position);
        }
        return sum;
    }

    private void orBitmap(int s, byte[] src, int from) {
        int b = bitmapAt[s];
        for (int i = 0; i < bitmapLength[s]; i++) {
            bitmaps[b + i] |= src[from + i];
        }
    }

    /** Whether record {@code i} of {@code batch} has the number of sites of each kind that {@code kinds} holds. */
    private static boolean sameSites(SiteValues[][] kinds, RecordBatch batch, int i) {
        if (kinds.length == 0) {
            return !batch.hasValueSites(i);
        }
        for (int k = 0; k < ValueKind.COUNT; k++) {
            if (kinds[k].length != batch.sitesEnd(i, k) - batch.sitesStart(i, k)) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code record} has the number of sites of each kind that {@code kinds} holds. */
    private static boolean sameSites(SiteValues[][] kinds, ProfileRecord record) {
        ValueSite[][] in = record.valueSites();
        if (kinds.length == 0) {
            return !record.hasValueSites();
        }
        for (int k = 0; k < ValueKind.COUNT; k++) {
            if (kinds[k].length != in[k].length) {
                return false;
            }
        }
        return true;
    }

    /** Whether live slots {@code s} of this and {@code o} of {@code other} have one shape. */
    boolean sameShape(int s, FunctionColumns other, int o) {
        return countsLength[s] == other.countsLength[o] && bitmapLength[s] == other.bitmapLength[o]
                && sameSites(sites[s], other.sites[o]);
    }

    /** Adds live slot {@code o} of {@code other}, of the same shape ({@link #sameShape}), into live slot {@code s}. */
    void absorb(int s, FunctionColumns other, int o) {
        orBitmap(s, other.bitmaps, other.bitmapAt[o]);
        absorb(s, other.counts, other.countsAt[o], other.minPos[o], other.overflowPos[o], other.sites[o],
                other.contributors.get(o));
    }

    /**
     * Adds a part of the shape of live slot {@code s} (apart from its bitmap): its counters at
     * {@code from} in {@code source}, its sites, who contributed, the earliest of them and the
     * overflow position, as CountersVersion#absorb adds one shape into another.
     */
    private void absorb(int s, long[] source, int from, long theirMinPos, long theirOverflowPos,
            SiteValues[][] theirSites, Contributors theirs) {
        int at = countsAt[s];
        boolean overflow = false;
        for (int i = 0; i < countsLength[s]; i++) {
            long summed = Saturating.add(counts[at + i], source[from + i]);
            long kept = Saturating.capCounter(summed);
            overflow |= kept != summed;
            counts[at + i] = kept;
        }
        // As CountersVersion#absorbData: a sum that overflows is charged to the later of the two parts.
        if (overflow) {
            overflowPos[s] = Math.max(overflowPos[s], Math.max(minPos[s], theirMinPos));
        }
        overflowPos[s] = Math.max(overflowPos[s], theirOverflowPos);
        SiteValues[][] mine = sites[s];
        for (int k = 0; k < mine.length; k++) {
            for (int i = 0; i < mine[k].length; i++) {
                mine[k][i].absorb(theirSites[k][i]);
            }
        }
        contributors.absorb(s, theirs);
        minPos[s] = Math.min(minPos[s], theirMinPos);
    }

    /**
     * Adds a bulk record: {@code summed} counters of the input records {@code many} stands for
     * (already weighted, summed and capped), no bitmap, their value sites per kind ({@code values},
     * {@link #NO_SITES} when none; taken over). A new key gets a slot; a live key of the same shape
     * adds it in place, as a bulk shape is absorbed. False, changing nothing, when the key is
     * demoted or has another shape (it must then be demoted).
     */
    boolean addBulk(String name, long hash, long[] summed, Contributors many, SiteValues[][] values) {
        int s = find(name, hash);
        if (s < 0) {
            s = newSlot(name, hash);
            countsAt[s] = reserveCounts(summed.length);
            countsLength[s] = summed.length;
            System.arraycopy(summed, 0, counts, countsAt[s], summed.length);
            bitmapAt[s] = bitmapsUsed;
            bitmapLength[s] = 0;
            minPos[s] = many.position(0);
            overflowPos[s] = -1;
            sites[s] = values;
            contributors.set(s, many, true);
            return true;
        }
        if (keys.isDemoted(s) || summed.length != countsLength[s] || bitmapLength[s] != 0 || !sameSites(sites[s], values)) {
            return false;
        }
        absorb(s, summed, 0, many.position(0), -1, values, many);
        return true;
    }

    /** Whether two sets of value-site states have the same number of sites of each kind. */
    private static boolean sameSites(SiteValues[][] a, SiteValues[][] b) {
        if (a.length != b.length) {
            return false;
        }
        for (int k = 0; k < a.length; k++) {
            if (a[k].length != b[k].length) {
                return false;
            }
        }
        return true;
    }

    /** {@code kinds} as a slot holds them: {@link #NO_SITES} when no kind has a site. */
    static SiteValues[][] sitesOf(SiteValues[][] kinds) {
        for (SiteValues[] k : kinds) {
            if (k.length > 0) {
                return kinds;
            }
        }
        return NO_SITES;
    }

    /** Copies live slot {@code o} of {@code other} into this, as a new key ({@code find} returned -1 for it). */
    void copy(FunctionColumns other, int o) {
        int s = newSlot(other.keys.name(o), other.keys.hash(o));
        countsAt[s] = reserveCounts(other.countsLength[o]);
        countsLength[s] = other.countsLength[o];
        System.arraycopy(other.counts, other.countsAt[o], counts, countsAt[s], countsLength[s]);
        bitmapAt[s] = reserveBitmap(other.bitmapLength[o]);
        bitmapLength[s] = other.bitmapLength[o];
        System.arraycopy(other.bitmaps, other.bitmapAt[o], bitmaps, bitmapAt[s], bitmapLength[s]);
        minPos[s] = other.minPos[o];
        overflowPos[s] = other.overflowPos[o];
        sites[s] = other.sites[o]; // the other state is not used afterwards
        contributors.set(s, other.contributors.get(o), true);
    }

    /**
     * Demotes live slot {@code s}: returns what it holds as the aggregate per-record adds would have
     * built, and keeps the key only as a marker that its data is in the object graph.
     */
    RecordAggregate demote(int s) {
        Contributors who = contributors.get(s);
        CountersVersion shape = CountersVersion.ofColumns(countsOf(s), bitmapOf(s), sites[s].length == 0 ? null : sites[s], who,
                overflowPos[s]);
        keys.demote(s);
        sites[s] = null;
        live--;
        return new RecordAggregate(keys.hash(s), shape);
    }

    /**
     * The record live slot {@code s} finishes as (value sites at most {@code limit} values each);
     * the slot's value-site states are let go and their finished sites kept, so that the record can
     * be built again ({@link #record}).
     */
    ProfileRecord finish(int s, int limit) {
        finishSites(s, limit);
        return record(s);
    }

    /**
     * Finishes the value sites of live slot {@code s} (at most {@code limit} values each), once:
     * what {@link #record} then gives.
     */
    void finishSites(int s, int limit) {
        if (finishedSites[s] != null) {
            return;
        }
        ValueSite[][] out = ProfileRecord.noValueSites();
        SiteValues[][] kinds = sites[s];
        boolean merged = contributors.total(s) > 1;
        for (int k = 0; k < kinds.length; k++) {
            ValueSite[] finished = new ValueSite[kinds[k].length];
            for (int i = 0; i < finished.length; i++) {
                finished[i] = kinds[k][i].finish(minPos[s], merged, limit);
            }
            out[k] = finished;
        }
        sites[s] = NO_SITES;
        finishedSites[s] = out;
    }

    /**
     * The finished record of live slot {@code s} ({@link #finishSites} first), a new object each
     * time; only reads the columns, so several threads may build records at once.
     */
    ProfileRecord record(int s) {
        // A copy of the per-kind array: a caller that replaced a kind's sites would otherwise
        // change every later record of the slot. A new array and arraycopy, not clone() or
        // Arrays.copyOf: under C1 the first is a call into the VM and the second makes the array
        // by reflection (100 MB merged with itself: 225 and 130 of 3,100 profile samples).
        ValueSite[][] sites = finishedSites[s];
        ValueSite[][] copy = new ValueSite[sites.length][];
        System.arraycopy(sites, 0, copy, 0, sites.length);
        return new ProfileRecord(keys.name(s), keys.hash(s), countsOf(s), bitmapOf(s), copy, null);
    }

    /** Whether every counter and bitmap byte of live slot {@code s} is 0 ({@link ProfileRecord#isAllZero}). */
    boolean isAllZero(int s) {
        for (int i = countsAt[s]; i < countsAt[s] + countsLength[s]; i++) {
            if (counts[i] != 0) {
                return false;
            }
        }
        for (int i = bitmapAt[s]; i < bitmapAt[s] + bitmapLength[s]; i++) {
            if (bitmaps[i] != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Lets go of what only merging needs (the index and the contributor lists) once the state is
     * finished: the records are built from what is left while the output is written.
     */
    void releaseMergingColumns() {
        keys.releaseTable();
        contributors.releaseLists();
    }

    /** Position of the latest record of live slot {@code s} that overflowed, or -1. */
    long overflowPos(int s) {
        return overflowPos[s];
    }

    private long[] countsOf(int s) {
        return Arrays.copyOfRange(counts, countsAt[s], countsAt[s] + countsLength[s]);
    }

    private byte[] bitmapOf(int s) {
        return bitmapLength[s] == 0 ? NO_BITMAP : Arrays.copyOfRange(bitmaps, bitmapAt[s], bitmapAt[s] + bitmapLength[s]);
    }

    /** Shared by the records without bitmap: an empty array cannot be changed. */
    private static final byte[] NO_BITMAP = new byte[0];

    /** A new slot for (name, hash), live, with room in every column. */
    private int newSlot(String name, long hash) {
        int capacity = keys.capacity();
        if (countsAt.length < capacity) {
            countsAt = Arrays.copyOf(countsAt, capacity);
            countsLength = Arrays.copyOf(countsLength, capacity);
            bitmapAt = Arrays.copyOf(bitmapAt, capacity);
            bitmapLength = Arrays.copyOf(bitmapLength, capacity);
            minPos = Arrays.copyOf(minPos, capacity);
            overflowPos = Arrays.copyOf(overflowPos, capacity);
            sites = Arrays.copyOf(sites, capacity);
            finishedSites = Arrays.copyOf(finishedSites, capacity);
        }
        contributors.ensureSlots(capacity);
        live++;
        return keys.add(name, hash);
    }

    private int reserveCounts(int n) {
        if (counts.length - countsUsed < n) {
            counts = Arrays.copyOf(counts, ColumnArena.grown(counts.length, countsUsed, n));
        }
        int at = countsUsed;
        countsUsed += n;
        return at;
    }

    private int reserveBitmap(int n) {
        if (bitmaps.length - bitmapsUsed < n) {
            bitmaps = Arrays.copyOf(bitmaps, ColumnArena.grown(bitmaps.length, bitmapsUsed, n));
        }
        int at = bitmapsUsed;
        bitmapsUsed += n;
        return at;
    }
}
