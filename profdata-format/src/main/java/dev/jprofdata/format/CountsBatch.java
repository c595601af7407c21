package dev.jprofdata.format;

import java.util.Arrays;

/**
 * The names, hashes and counters of a run of records, held in a few flat arrays instead of an
 * object per record: what reports that print every function need, read without building records
 * (see {@link BatchReader#nextBatch}). One batch is filled, read and then reused.
 *
 * <p>Record {@code i}'s name is the bytes {@code names()[nameStart(i), nameEnd(i))} (one byte per
 * char, as names are carried everywhere else) and its counters are
 * {@code counts()[countsStart(i), countsEnd(i))}.
 */
public final class CountsBatch {
    /** Records a batch takes before it counts as full. */
    public static final int RECORDS = 1024;
    /** Counters a batch takes before it counts as full (a single record may bring more). */
    private static final int COUNTERS = 16 * RECORDS;

    private byte[] names = new byte[32 * RECORDS];
    private int[] nameEnds = new int[RECORDS];
    private long[] hashes = new long[RECORDS];
    private long[] counts = new long[COUNTERS];
    private int[] countEnds = new int[RECORDS];
    private int size;
    private int namesUsed;
    private int countsUsed;

    /** An empty batch. */
    public CountsBatch() {
    }

    /** Empties the batch (the arrays are kept). */
    public void clear() {
        size = 0;
        namesUsed = 0;
        countsUsed = 0;
    }

    public int size() {
        return size;
    }

    /** True once the batch holds {@link #RECORDS} records or about as many counters as it was made for. */
    public boolean full() {
        return size >= RECORDS || countsUsed >= COUNTERS;
    }

    /**
     * Starts a record: reserves {@code nameLength} name bytes and {@code numCounts} counters and
     * returns the record's index. The caller fills them through {@link #names()} at
     * {@link #nameStart} and {@link #counts()} at {@link #countsStart}; lengths come from a file
     * already checked to hold that many bytes, so the arrays never grow past the data itself.
     */
    public int add(long hash, int nameLength, int numCounts) {
        if (size == nameEnds.length) {
            int capacity = size * 2;
            nameEnds = Arrays.copyOf(nameEnds, capacity);
            hashes = Arrays.copyOf(hashes, capacity);
            countEnds = Arrays.copyOf(countEnds, capacity);
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
        return size++;
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
}
