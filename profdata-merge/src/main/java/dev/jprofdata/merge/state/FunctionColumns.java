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
 */
final class FunctionColumns {
    private static final int LIMIT = Contributors.LIMIT;
    private static final SiteValues[][] NO_SITES = new SiteValues[0][];

    /**
     * Open addressing by name: the name's spread hash in the high half, slot + 1 in the low half
     * (0 = empty), so that a probe compares hashes without touching the slot's columns. Keys of one
     * name probe from the same place.
     */
    private long[] table = new long[1 << 10];
    private int size;
    private int live;

    private String[] names = new String[256];
    private long[] hashes = new long[256];
    /** {@code spread(name.hashCode())}: compared before the names, whose strings are elsewhere in memory. */
    private int[] nameHashes = new int[256];
    /** Where each name's bytes (one per char) are in {@link #nameBytes}: batches are looked up by bytes. */
    private int[] nameAt = new int[256];
    private byte[] nameBytes = new byte[1 << 12];
    private int nameBytesUsed;
    /** Demoted: the key's data is in the state's object graph. */
    private boolean[] demoted = new boolean[256];
    /** The first slot made for its name (finishing lists each name once). */
    private boolean[] firstOfName = new boolean[256];
    /** Another slot has the same name (another hash). */
    private boolean[] sharedName = new boolean[256];
    private int[] countsAt = new int[256];
    private int[] countsLength = new int[256];
    private int[] bitmapAt = new int[256];
    private int[] bitmapLength = new int[256];
    private long[] minPos = new long[256];
    /** Position of the latest record that hit saturation or the counter cap; -1: none. */
    private long[] overflowPos = new long[256];
    private long[] total = new long[256];
    private long[] totalCountSum = new long[256];
    /** The earliest contributions (at most {@link #LIMIT}, ascending) at {@code contributorsAt}. */
    private int[] contributorsAt = new int[256];
    private int[] contributorsKept = new int[256];
    private int[] contributorsRoom = new int[256];
    /** Value-site states per kind, or {@link #NO_SITES} for keys without value sites. */
    private SiteValues[][][] sites = new SiteValues[256][][];
    /** Once finished ({@link #finishSites}): the sites as written, per kind (empty: none). */
    private ValueSite[][][] finishedSites = new ValueSite[256][][];

    private long[] counts = new long[1 << 12];
    private int countsUsed;
    private byte[] bitmaps = new byte[1 << 8];
    private int bitmapsUsed;
    private long[] contributorPositions = new long[1 << 10];
    private long[] contributorSums = new long[1 << 10];
    private int contributorsUsed;

    /** Set by {@link #find}: a slot with the name looked up (any hash), or -1. */
    private int sameName;
    /** The slot a {@code find} found or a {@code create} made last: where the next lookup looks first. */
    private int lastFound = -1;

    /** Whether {@code record} can be held here at all (the rest goes to the object graph). */
    static boolean plain(ProfileRecord record) {
        return record.offload() == null && !record.isPseudo();
    }

    /** The slot of (name, hash), or -1. */
    int find(String name, long hash) {
        int guess = lastFound + 1; // as in find(RecordBatch, int)
        if (guess < size && hashes[guess] == hash && names[guess].equals(name)) {
            lastFound = guess;
            return guess;
        }
        int mask = table.length - 1;
        int h = spread(name.hashCode());
        sameName = -1;
        for (int i = h & mask; ; i = (i + 1) & mask) {
            long e = table[i];
            if (e == 0) {
                return -1;
            }
            int s = (int) e - 1;
            if ((int) (e >>> 32) == h && names[s].equals(name)) {
                if (hashes[s] == hash) {
                    lastFound = s;
                    return s;
                }
                if (sameName < 0) {
                    sameName = s;
                }
            }
        }
    }

    /**
     * The slot of the record {@code i} of {@code batch} (its name bytes and hash), or -1; sets
     * {@link #sameName} as {@link #find(String, long)} does.
     */
    int find(RecordBatch batch, int i) {
        byte[] bytes = batch.names();
        int from = batch.nameStart(i);
        int to = batch.nameEnd(i);
        long hash = batch.hash(i);
        int length = to - from;
        // Profiles of one program list their functions in the same order (an indexed file in its
        // hash table's order): the slot after the last one found is usually the one, and looking
        // there first reads the columns in order instead of probing the table at random.
        int guess = lastFound + 1;
        if (guess < size && hashes[guess] == hash && nameLength(guess) == length
                && Arrays.equals(nameBytes, nameAt[guess], nameAt[guess] + length, bytes, from, to)) {
            lastFound = guess;
            return guess;
        }
        int h = spread(latin1Hash(bytes, from, to));
        int mask = table.length - 1;
        sameName = -1;
        for (int t = h & mask; ; t = (t + 1) & mask) {
            long e = table[t];
            if (e == 0) {
                return -1;
            }
            int s = (int) e - 1;
            if ((int) (e >>> 32) == h && nameLength(s) == length
                    && Arrays.equals(nameBytes, nameAt[s], nameAt[s] + length, bytes, from, to)) {
                if (hashes[s] == hash) {
                    lastFound = s;
                    return s;
                }
                if (sameName < 0) {
                    sameName = s;
                }
            }
        }
    }

    /** {@link String#hashCode} of the string whose chars are the bytes {@code [from, to)}. */
    private static int latin1Hash(byte[] bytes, int from, int to) {
        int h = 0;
        for (int i = from; i < to; i++) {
            h = 31 * h + (bytes[i] & 0xFF);
        }
        return h;
    }

    boolean isDemoted(int slot) {
        return demoted[slot];
    }

    /** Whether a key of {@code name} holds data here (not demoted). */
    boolean holdsName(String name) {
        int mask = table.length - 1;
        int h = spread(name.hashCode());
        for (int i = h & mask; ; i = (i + 1) & mask) {
            long e = table[i];
            if (e == 0) {
                return false;
            }
            int s = (int) e - 1;
            if ((int) (e >>> 32) == h && !demoted[s] && names[s].equals(name)) {
                return true;
            }
        }
    }

    /** The live slots of {@code name}, in no particular order. */
    int[] slotsOf(String name) {
        int[] found = new int[2];
        int n = 0;
        int mask = table.length - 1;
        int h = spread(name.hashCode());
        for (int i = h & mask; ; i = (i + 1) & mask) {
            long e = table[i];
            if (e == 0) {
                return Arrays.copyOf(found, n);
            }
            int s = (int) e - 1;
            if ((int) (e >>> 32) == h && !demoted[s] && names[s].equals(name)) {
                if (n == found.length) {
                    found = Arrays.copyOf(found, n * 2);
                }
                found[n++] = s;
            }
        }
    }

    /** Number of slots, live or demoted ({@link #name}, {@link #isFirstOfName} take any). */
    int size() {
        return size;
    }

    /** Number of keys holding data here. */
    int live() {
        return live;
    }

    String name(int slot) {
        return names[slot];
    }

    long hash(int slot) {
        return hashes[slot];
    }

    boolean isFirstOfName(int slot) {
        return firstOfName[slot];
    }

    /** Whether slot {@code slot} is live and the only slot of its name. */
    boolean isOnlyOfName(int slot) {
        return !demoted[slot] && !sharedName[slot];
    }

    long creatorPos(int slot) {
        return minPos[slot];
    }

    /** Adds a key whose data lives in the object graph ({@code find} returned -1 for it). */
    void addDemoted(String name, long hash) {
        int s = newSlot(name, hash);
        demoted[s] = true;
        live--;
    }

    /** Starts a key with one plain record ({@code find} returned -1 for it). */
    void create(ProfileRecord record, long weight, long position) {
        long[] src = record.counts();
        byte[] bitmap = record.bitmap();
        int s = start(record.name(), record.hash(), src, 0, src.length, bitmap, 0, bitmap.length, weight, position);
        lastFound = s;
        if (record.hasValueSites()) {
            SiteValues[][] kinds = new SiteValues[ValueKind.COUNT][];
            for (int k = 0; k < ValueKind.COUNT; k++) {
                ValueSite[] in = record.valueSites()[k];
                SiteValues[] mine = new SiteValues[in.length];
                for (int i = 0; i < in.length; i++) {
                    mine[i] = SiteValues.of(in[i], weight, position);
                }
                kinds[k] = mine;
            }
            sites[s] = kinds;
        }
    }

    /**
     * Starts a key with record {@code i} of {@code batch} ({@code find} returned -1 for it); the
     * record must be plain (a batch never holds GPU data; no pseudo counts).
     */
    void create(RecordBatch batch, int i, long weight, long position) {
        int s = start(batch.name(i), batch.hash(i), batch.counts(), batch.countsStart(i),
                batch.countsEnd(i) - batch.countsStart(i), batch.bitmaps(), batch.bitmapStart(i),
                batch.bitmapEnd(i) - batch.bitmapStart(i), weight, position);
        lastFound = s;
        if (batch.hasValueSites(i)) {
            SiteValues[][] kinds = new SiteValues[ValueKind.COUNT][];
            for (int k = 0; k < ValueKind.COUNT; k++) {
                int first = batch.sitesStart(i, k);
                SiteValues[] mine = new SiteValues[batch.sitesEnd(i, k) - first];
                for (int j = 0; j < mine.length; j++) {
                    int from = batch.valuesStart(first + j);
                    int n = batch.valuesEnd(first + j) - from;
                    mine[j] = SiteValues.empty(n);
                    mine[j].add(batch.values(), batch.valueCounts(), from, n, weight, position);
                }
                kinds[k] = mine;
            }
            sites[s] = kinds;
        }
    }

    /** A new slot holding one record's counters (times {@code weight}) and bitmap, no value sites yet. */
    private int start(String name, long hash, long[] src, int from, int n, byte[] bitmap, int bitmapFrom,
            int numBitmap, long weight, long position) {
        int s = newSlot(name, hash);
        int at = reserveCounts(n);
        countsAt[s] = at;
        countsLength[s] = n;
        boolean capped = false;
        long sum = 0;
        for (int i = 0; i < n; i++) {
            long raw = src[from + i];
            long scaled = weight == 1 ? raw : Saturating.multiply(raw, weight);
            long kept = Saturating.capCounter(scaled);
            capped |= kept != scaled;
            sum = Saturating.add(sum, kept);
            counts[at + i] = kept;
        }
        overflowPos[s] = capped ? position : -1;
        bitmapAt[s] = reserveBitmap(numBitmap);
        bitmapLength[s] = numBitmap;
        System.arraycopy(bitmap, bitmapFrom, bitmaps, bitmapAt[s], numBitmap);
        minPos[s] = position;
        total[s] = 1;
        totalCountSum[s] = sum;
        contributorsAt[s] = reserveContributors(1);
        contributorsRoom[s] = 1;
        contributorsKept[s] = 1;
        contributorPositions[contributorsAt[s]] = position;
        contributorSums[contributorsAt[s]] = sum;
        sites[s] = NO_SITES;
        return s;
    }

    /**
     * Adds a plain record to live slot {@code s} when it has the slot's shape; false, changing
     * nothing, when it does not (the key must then be demoted).
     */
    boolean addInPlace(int s, ProfileRecord record, long weight, long position) {
        long[] src = record.counts();
        byte[] bitmap = record.bitmap();
        if (src.length != countsLength[s] || bitmap.length != bitmapLength[s] || !sameSites(sites[s], record)) {
            return false;
        }
        long sum = addCounts(s, src, 0, weight, position);
        orBitmap(s, bitmap, 0);
        SiteValues[][] kinds = sites[s];
        for (int k = 0; k < kinds.length; k++) {
            ValueSite[] in = record.valueSites()[k];
            for (int i = 0; i < in.length; i++) {
                kinds[k][i].add(in[i], weight, position);
            }
        }
        addContributor(s, position, sum);
        return true;
    }

    /** {@link #addInPlace(int, ProfileRecord, long, long)} for record {@code i} of {@code batch}. */
    boolean addInPlace(int s, RecordBatch batch, int i, long weight, long position) {
        if (batch.countsEnd(i) - batch.countsStart(i) != countsLength[s]
                || batch.bitmapEnd(i) - batch.bitmapStart(i) != bitmapLength[s] || !sameSites(sites[s], batch, i)) {
            return false;
        }
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
        addContributor(s, position, sum);
        return true;
    }

    /**
     * Adds one record's counters (times {@code weight}), from {@code from} in {@code src}, to slot
     * {@code s}; returns their capped sum (the record's contribution).
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
        // As Shape#addInPlace: a sum that overflows is charged to the later of the two records.
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
        for (int i = 0; i < bitmapLength[s]; i++) {
            bitmaps[bitmapAt[s] + i] |= other.bitmaps[other.bitmapAt[o] + i];
        }
        absorb(s, other.counts, other.countsAt[o], other.minPos[o], other.overflowPos[o], other.sites[o],
                other.contributors(o));
    }

    /**
     * Adds a part of the shape of live slot {@code s} (apart from its bitmap): its counters at
     * {@code from} in {@code source}, its sites, who contributed, the earliest of them and the
     * overflow position, as Shape#absorb adds one shape into another.
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
        // As Shape#absorbData: a sum that overflows is charged to the later of the two parts.
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
        Contributors merged = contributors(s);
        merged.absorb(theirs);
        setContributors(s, merged);
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
            contributorsRoom[s] = 0;
            setContributors(s, many);
            return true;
        }
        if (demoted[s] || summed.length != countsLength[s] || bitmapLength[s] != 0 || !sameSites(sites[s], values)) {
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
        int s = newSlot(other.names[o], other.hashes[o]);
        countsAt[s] = reserveCounts(other.countsLength[o]);
        countsLength[s] = other.countsLength[o];
        System.arraycopy(other.counts, other.countsAt[o], counts, countsAt[s], countsLength[s]);
        bitmapAt[s] = reserveBitmap(other.bitmapLength[o]);
        bitmapLength[s] = other.bitmapLength[o];
        System.arraycopy(other.bitmaps, other.bitmapAt[o], bitmaps, bitmapAt[s], bitmapLength[s]);
        minPos[s] = other.minPos[o];
        overflowPos[s] = other.overflowPos[o];
        sites[s] = other.sites[o]; // the other state is not used afterwards
        contributorsRoom[s] = 0;
        setContributors(s, other.contributors(o));
    }

    /**
     * Demotes live slot {@code s}: returns what it holds as the aggregate per-record adds would have
     * built, and keeps the key only as a marker that its data is in the object graph.
     */
    RecordAggregate demote(int s) {
        Contributors who = contributors(s);
        Shape shape = Shape.ofColumns(countsOf(s), bitmapOf(s), sites[s].length == 0 ? null : sites[s], who,
                overflowPos[s]);
        demoted[s] = true;
        sites[s] = null;
        live--;
        return new RecordAggregate(hashes[s], shape);
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
        boolean merged = total[s] > 1;
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
        // change every later record of the slot.
        return new ProfileRecord(names[s], hashes[s], countsOf(s), bitmapOf(s), finishedSites[s].clone(), null);
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
        table = null;
        contributorPositions = null;
        contributorSums = null;
        contributorsAt = null;
        contributorsKept = null;
        contributorsRoom = null;
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

    private Contributors contributors(int s) {
        int at = contributorsAt[s];
        int n = contributorsKept[s];
        return Contributors.of(Arrays.copyOfRange(contributorPositions, at, at + n),
                Arrays.copyOfRange(contributorSums, at, at + n), n, total[s], totalCountSum[s]);
    }

    private void setContributors(int s, Contributors c) {
        int n = c.kept();
        if (contributorsRoom[s] < n) {
            contributorsAt[s] = reserveContributors(n);
            contributorsRoom[s] = n;
        }
        int at = contributorsAt[s];
        for (int i = 0; i < n; i++) {
            contributorPositions[at + i] = c.position(i);
            contributorSums[at + i] = c.countSum(i);
        }
        contributorsKept[s] = n;
        total[s] = c.total();
        totalCountSum[s] = c.totalCountSum();
    }

    /** {@link Contributors#addOne} on the slot's columns. */
    private void addContributor(int s, long position, long countSum) {
        total[s]++;
        totalCountSum[s] = Saturating.add(totalCountSum[s], countSum);
        int kept = contributorsKept[s];
        int base = contributorsAt[s];
        int at = kept;
        while (at > 0 && contributorPositions[base + at - 1] > position) {
            at--; // ties keep the listed one first
        }
        if (at >= LIMIT) {
            return;
        }
        int n = Math.min(LIMIT, kept + 1);
        if (contributorsRoom[s] < n) {
            // Moved to the end of the arena with twice the room (a merge of two inputs keeps two).
            int room = Math.min(LIMIT, Math.max(n, 2 * contributorsRoom[s]));
            int moved = reserveContributors(room);
            System.arraycopy(contributorPositions, base, contributorPositions, moved, kept);
            System.arraycopy(contributorSums, base, contributorSums, moved, kept);
            contributorsAt[s] = moved;
            contributorsRoom[s] = room;
            base = moved;
        }
        System.arraycopy(contributorPositions, base + at, contributorPositions, base + at + 1, n - 1 - at);
        System.arraycopy(contributorSums, base + at, contributorSums, base + at + 1, n - 1 - at);
        contributorPositions[base + at] = position;
        contributorSums[base + at] = countSum;
        contributorsKept[s] = n;
    }

    private int newSlot(String name, long hash) {
        if (size == names.length) {
            growSlots();
        }
        if ((size + 1) * 2 > table.length) {
            rehash(table.length * 2);
        }
        int s = size++;
        names[s] = name;
        hashes[s] = hash;
        if (nameBytes.length - nameBytesUsed < name.length()) {
            nameBytes = Arrays.copyOf(nameBytes, grown(nameBytes.length, nameBytesUsed, name.length()));
        }
        nameAt[s] = nameBytesUsed;
        for (int c = 0; c < name.length(); c++) {
            nameBytes[nameBytesUsed++] = (byte) name.charAt(c);
        }
        int h = spread(name.hashCode());
        nameHashes[s] = h;
        demoted[s] = false;
        live++;
        int mask = table.length - 1;
        boolean first = true;
        int i = h & mask;
        for (; table[i] != 0; i = (i + 1) & mask) {
            int other = (int) table[i] - 1;
            if ((int) (table[i] >>> 32) == h && names[other].equals(name)) {
                first = false;
                sharedName[other] = true;
            }
        }
        table[i] = entry(h, s);
        firstOfName[s] = first;
        sharedName[s] = !first;
        return s;
    }

    private void rehash(int capacity) {
        long[] t = new long[capacity];
        int mask = capacity - 1;
        for (int s = 0; s < size; s++) {
            int i = nameHashes[s] & mask;
            while (t[i] != 0) {
                i = (i + 1) & mask;
            }
            t[i] = entry(nameHashes[s], s);
        }
        table = t;
    }

    private static long entry(int nameHash, int slot) {
        return ((long) nameHash << 32) | (slot + 1L);
    }

    /** Bytes of slot {@code s}'s name: names are appended to {@link #nameBytes} slot after slot. */
    private int nameLength(int s) {
        return (s + 1 < size ? nameAt[s + 1] : nameBytesUsed) - nameAt[s];
    }

    private void growSlots() {
        int n = names.length * 2;
        names = Arrays.copyOf(names, n);
        hashes = Arrays.copyOf(hashes, n);
        nameHashes = Arrays.copyOf(nameHashes, n);
        nameAt = Arrays.copyOf(nameAt, n);
        demoted = Arrays.copyOf(demoted, n);
        firstOfName = Arrays.copyOf(firstOfName, n);
        sharedName = Arrays.copyOf(sharedName, n);
        countsAt = Arrays.copyOf(countsAt, n);
        countsLength = Arrays.copyOf(countsLength, n);
        bitmapAt = Arrays.copyOf(bitmapAt, n);
        bitmapLength = Arrays.copyOf(bitmapLength, n);
        minPos = Arrays.copyOf(minPos, n);
        overflowPos = Arrays.copyOf(overflowPos, n);
        total = Arrays.copyOf(total, n);
        totalCountSum = Arrays.copyOf(totalCountSum, n);
        contributorsAt = Arrays.copyOf(contributorsAt, n);
        contributorsKept = Arrays.copyOf(contributorsKept, n);
        contributorsRoom = Arrays.copyOf(contributorsRoom, n);
        sites = Arrays.copyOf(sites, n);
        finishedSites = Arrays.copyOf(finishedSites, n);
    }

    private int reserveCounts(int n) {
        if (counts.length - countsUsed < n) {
            counts = Arrays.copyOf(counts, grown(counts.length, countsUsed, n));
        }
        int at = countsUsed;
        countsUsed += n;
        return at;
    }

    private int reserveBitmap(int n) {
        if (bitmaps.length - bitmapsUsed < n) {
            bitmaps = Arrays.copyOf(bitmaps, grown(bitmaps.length, bitmapsUsed, n));
        }
        int at = bitmapsUsed;
        bitmapsUsed += n;
        return at;
    }

    private int reserveContributors(int n) {
        if (contributorPositions.length - contributorsUsed < n) {
            int capacity = grown(contributorPositions.length, contributorsUsed, n);
            contributorPositions = Arrays.copyOf(contributorPositions, capacity);
            contributorSums = Arrays.copyOf(contributorSums, capacity);
        }
        int at = contributorsUsed;
        contributorsUsed += n;
        return at;
    }

    /** A capacity of at least {@code used + n}: doubled, but never past the largest array. */
    private static int grown(int capacity, int used, int n) {
        long need = (long) used + n;
        long grown = Math.max(need, Math.min((long) capacity * 2, Integer.MAX_VALUE - 8));
        if (need > Integer.MAX_VALUE - 8) {
            throw new OutOfMemoryError("merge state: more than 2^31 entries in one column");
        }
        return (int) grown;
    }

    /** Mixes a string hash so that its low bits, which pick the table entry, depend on all of it. */
    private static int spread(int h) {
        int x = (h ^ (h >>> 16)) * 0x9E3779B1;
        return x ^ (x >>> 15);
    }
}
