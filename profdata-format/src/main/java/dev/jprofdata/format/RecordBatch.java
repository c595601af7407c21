package dev.jprofdata.format;

import java.util.Arrays;

/**
 * A run of records held in a few flat arrays instead of objects per record (see
 * {@link BatchReader#nextBatch}): names, hashes and counters, and, in a batch made
 * {@linkplain #RecordBatch(boolean) with values}, MC/DC bitmap bytes and value sites too. One batch
 * is filled, read and then reused. A record whose GPU data the arrays cannot hold is kept as the
 * record object itself ({@link #object(int)}), in its place among the others, so a batch can carry
 * every record of any profile ({@link #add(ProfileRecord)}).
 *
 * <p>Record {@code i}'s name is the bytes {@code names()[nameStart(i), nameEnd(i))} (one byte per
 * char, as names are carried everywhere else), its counters
 * {@code counts()[countsStart(i), countsEnd(i))} and its bitmap
 * {@code bitmaps()[bitmapStart(i), bitmapEnd(i))}. Its sites of value kind {@code k} are the sites
 * {@code [sitesStart(i, k), sitesEnd(i, k))}; site {@code s} holds the values
 * {@code values()[valuesStart(s), valuesEnd(s))} with their counts at the same places of
 * {@link #valueCounts()}.
 */
public final class RecordBatch {
    /** Records a batch takes before it counts as full. */
    public static final int RECORDS = 1024;
    /** Counters a batch takes before it counts as full (a single record may bring more). */
    private static final int COUNTERS = 16 * RECORDS;
    /** Values a batch takes before it counts as full. */
    private static final int VALUES = 4 * RECORDS;
    private static final int KINDS = ValueKind.COUNT;

    private final boolean withValues;
    private byte[] names = new byte[32 * RECORDS];
    private int[] nameEnds = new int[RECORDS];
    private long[] hashes = new long[RECORDS];
    private long[] counts = new long[COUNTERS];
    private int[] countEnds = new int[RECORDS];
    private int size;
    private int namesUsed;
    private int countsUsed;

    private byte[] bitmaps = new byte[0];
    private int[] bitmapEnds = new int[0];
    private int bitmapsUsed;
    /** Per record and kind: the sites of all records and kinds up to and including it. */
    private int[] kindSiteEnds = new int[0];
    /** Per site: the values of all sites up to and including it. */
    private int[] siteValueEnds = new int[0];
    private long[] values = new long[0];
    private long[] valueCounts = new long[0];
    private int sitesUsed;
    private int valuesUsed;
    /** Per record: the record object of a record kept whole (GPU data), else null; null until one is. */
    private ProfileRecord[] objects;

    /** An empty batch of names, hashes and counters. */
    public RecordBatch() {
        this(false);
    }

    /** An empty batch; {@code withValues}: it holds bitmaps and value sites too. */
    public RecordBatch(boolean withValues) {
        this.withValues = withValues;
        if (withValues) {
            bitmaps = new byte[RECORDS];
            bitmapEnds = new int[RECORDS];
            kindSiteEnds = new int[RECORDS * KINDS];
            siteValueEnds = new int[RECORDS];
            values = new long[VALUES];
            valueCounts = new long[VALUES];
        }
    }

    /** Whether records carry their bitmaps and value sites (readers fill them only then). */
    public boolean withValues() {
        return withValues;
    }

    /** Empties the batch (the arrays are kept). */
    public void clear() {
        size = 0;
        namesUsed = 0;
        countsUsed = 0;
        bitmapsUsed = 0;
        sitesUsed = 0;
        valuesUsed = 0;
        if (objects != null) {
            Arrays.fill(objects, null);
        }
    }

    public int size() {
        return size;
    }

    /** True once the batch holds {@link #RECORDS} records or about as many counters or values as it was made for. */
    public boolean full() {
        return size >= RECORDS || countsUsed >= COUNTERS || valuesUsed >= VALUES;
    }

    /**
     * Starts a record: reserves {@code nameLength} name bytes and {@code numCounts} counters and
     * returns the record's index. The caller fills them through {@link #names()} at
     * {@link #nameStart} and {@link #counts()} at {@link #countsStart}; lengths come from a file
     * already checked to hold that many bytes, so the arrays never grow past the data itself. The
     * record has no bitmap and no value sites until {@link #addBitmap} and {@link #addSite} give
     * them.
     */
    public int add(long hash, int nameLength, int numCounts) {
        if (size == nameEnds.length) {
            int capacity = size * 2;
            nameEnds = Arrays.copyOf(nameEnds, capacity);
            hashes = Arrays.copyOf(hashes, capacity);
            countEnds = Arrays.copyOf(countEnds, capacity);
            if (withValues) {
                bitmapEnds = Arrays.copyOf(bitmapEnds, capacity);
                kindSiteEnds = Arrays.copyOf(kindSiteEnds, capacity * KINDS);
            }
        }
        if (names.length - namesUsed < nameLength) {
            names = Arrays.copyOf(names, Math.max(names.length * 2, namesUsed + nameLength));
        }
        if (counts.length - countsUsed < numCounts) {
            counts = Arrays.copyOf(counts, Math.max(counts.length * 2, countsUsed + numCounts));
        }
        namesUsed += nameLength;
        countsUsed += numCounts;
        nameEnds[size] = namesUsed;
        countEnds[size] = countsUsed;
        hashes[size] = hash;
        if (withValues) {
            bitmapEnds[size] = bitmapsUsed;
            Arrays.fill(kindSiteEnds, size * KINDS, size * KINDS + KINDS, sitesUsed);
        }
        return size++;
    }

    /**
     * Gives the last record {@code n} bitmap bytes (once) and returns where they go in
     * {@link #bitmaps()}. Only in a batch with values.
     */
    public int addBitmap(int n) {
        if (bitmaps.length - bitmapsUsed < n) {
            bitmaps = Arrays.copyOf(bitmaps, Math.max(bitmaps.length * 2, bitmapsUsed + n));
        }
        int at = bitmapsUsed;
        bitmapsUsed += n;
        bitmapEnds[size - 1] = bitmapsUsed;
        return at;
    }

    /**
     * Appends a site of {@code n} values to value kind {@code kind} of the last record and returns
     * where its values and counts go in {@link #values()} and {@link #valueCounts()}. A record's
     * sites are given kind by kind, in ascending kind order. Only in a batch with values.
     */
    public int addSite(int kind, int n) {
        if (sitesUsed == siteValueEnds.length) {
            siteValueEnds = Arrays.copyOf(siteValueEnds, sitesUsed * 2);
        }
        if (values.length - valuesUsed < n) {
            int capacity = Math.max(values.length * 2, valuesUsed + n);
            values = Arrays.copyOf(values, capacity);
            valueCounts = Arrays.copyOf(valueCounts, capacity);
        }
        int at = valuesUsed;
        valuesUsed += n;
        siteValueEnds[sitesUsed++] = valuesUsed;
        int base = (size - 1) * KINDS;
        for (int k = kind; k < KINDS; k++) {
            kindSiteEnds[base + k] = sitesUsed;
        }
        return at;
    }

    public byte[] names() {
        return names;
    }

    public int nameStart(int i) {
        return i == 0 ? 0 : nameEnds[i - 1];
    }

    public int nameEnd(int i) {
        return nameEnds[i];
    }

    /** Record {@code i}'s name as a string (one char per byte). */
    public String name(int i) {
        return new String(names, nameStart(i), nameEnd(i) - nameStart(i), java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    public long hash(int i) {
        return hashes[i];
    }

    public long[] counts() {
        return counts;
    }

    public int countsStart(int i) {
        return i == 0 ? 0 : countEnds[i - 1];
    }

    public int countsEnd(int i) {
        return countEnds[i];
    }

    public byte[] bitmaps() {
        return bitmaps;
    }

    public int bitmapStart(int i) {
        return i == 0 || !withValues ? 0 : bitmapEnds[i - 1];
    }

    public int bitmapEnd(int i) {
        return withValues ? bitmapEnds[i] : 0;
    }

    /** The first site of record {@code i}'s kind {@code kind}. */
    public int sitesStart(int i, int kind) {
        int at = i * KINDS + kind;
        return at == 0 || !withValues ? 0 : kindSiteEnds[at - 1];
    }

    /** One past the last site of record {@code i}'s kind {@code kind}. */
    public int sitesEnd(int i, int kind) {
        return withValues ? kindSiteEnds[i * KINDS + kind] : 0;
    }

    /** Whether record {@code i} has any value site. */
    public boolean hasValueSites(int i) {
        return sitesEnd(i, KINDS - 1) > sitesStart(i, 0);
    }

    public int valuesStart(int site) {
        return site == 0 ? 0 : siteValueEnds[site - 1];
    }

    public int valuesEnd(int site) {
        return siteValueEnds[site];
    }

    public long[] values() {
        return values;
    }

    public long[] valueCounts() {
        return valueCounts;
    }

    /**
     * Appends {@code r}: into the arrays, or, when it carries GPU data (which they do not hold) or
     * the batch takes no values but {@code r} has some, as the object itself.
     */
    public void add(ProfileRecord r) {
        String name = r.name();
        int nameLength = name.length();
        boolean whole = r.offload() != null
                || (!withValues && (r.bitmap().length != 0 || r.hasValueSites()));
        long[] c = r.counts();
        int i = add(r.hash(), nameLength, whole ? 0 : c.length);
        name.getBytes(0, nameLength, names, nameStart(i)); // one byte per char, as names are carried
        if (whole) {
            if (objects == null || objects.length < nameEnds.length) {
                objects = objects == null ? new ProfileRecord[nameEnds.length] : Arrays.copyOf(objects, nameEnds.length);
            }
            objects[i] = r;
            return;
        }
        System.arraycopy(c, 0, counts, countsStart(i), c.length);
        if (withValues) {
            copyBitmap(r.bitmap());
            copyValueSites(r.valueSites());
        }
    }

    /** Gives the last record a copy of {@code bitmap} (once; nothing when it is empty). Only in a batch with values. */
    public void copyBitmap(byte[] bitmap) {
        if (bitmap.length != 0) {
            System.arraycopy(bitmap, 0, bitmaps, addBitmap(bitmap.length), bitmap.length);
        }
    }

    /** Gives the last record copies of {@code sites} (one entry per value kind). Only in a batch with values. */
    public void copyValueSites(ValueSite[][] sites) {
        for (int k = 0; k < KINDS; k++) {
            for (ValueSite site : sites[k]) {
                long[] v = site.values();
                int at = addSite(k, v.length);
                System.arraycopy(v, 0, values, at, v.length);
                System.arraycopy(site.counts(), 0, valueCounts, at, v.length);
            }
        }
    }

    /** The record object of record {@code i} when it was kept whole ({@link #add(ProfileRecord)}), else null. */
    public ProfileRecord object(int i) {
        return objects == null ? null : objects[i];
    }

    /** Record {@code i} as a record object (for code that takes one). */
    public ProfileRecord record(int i) {
        ProfileRecord whole = object(i);
        if (whole != null) {
            return whole;
        }
        long[] c = Arrays.copyOfRange(counts, countsStart(i), countsEnd(i));
        byte[] bitmap = withValues ? Arrays.copyOfRange(bitmaps, bitmapStart(i), bitmapEnd(i)) : new byte[0];
        ValueSite[][] sites = ProfileRecord.noValueSites();
        for (int k = 0; withValues && k < KINDS; k++) {
            int first = sitesStart(i, k);
            ValueSite[] kind = new ValueSite[sitesEnd(i, k) - first];
            for (int s = 0; s < kind.length; s++) {
                int from = valuesStart(first + s);
                int to = valuesEnd(first + s);
                kind[s] = new ValueSite(Arrays.copyOfRange(values, from, to), Arrays.copyOfRange(valueCounts, from, to));
            }
            sites[k] = kind;
        }
        return new ProfileRecord(name(i), hash(i), c, bitmap, sites, null);
    }
}
