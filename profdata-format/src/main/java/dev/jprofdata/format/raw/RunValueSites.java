package dev.jprofdata.format.raw;

import java.util.Arrays;

/**
 * One run's value sites as {@link RawCounterLayout#decodeValues} decoded them, addresses resolved,
 * held until the whole of the run's value data is known to be sound: the binary groups add a run's
 * sites only then, so that a damaged run adds nothing and is left to the ordinary reader. One
 * object serves run after run (merges of many runs allocate as little as they can per run).
 */
public final class RunValueSites {
    private int sites;
    private int[] record = new int[64];
    private int[] kind = new int[64];
    private int[] index = new int[64];
    private int[] start = new int[65];
    private long[] values = new long[256];
    private long[] counts = new long[256];

    void clear() {
        sites = 0;
        start[0] = 0;
    }

    /**
     * Makes room for site {@code site} of value kind {@code k} of record {@code r} with {@code n}
     * entries (at most 255, the format's byte per site) and returns where its entries go in
     * {@link #values()} and {@link #counts()}.
     */
    int add(int r, int k, int site, int n) {
        if (sites == record.length) {
            int grown = 2 * sites;
            record = Arrays.copyOf(record, grown);
            kind = Arrays.copyOf(kind, grown);
            index = Arrays.copyOf(index, grown);
            start = Arrays.copyOf(start, grown + 1);
        }
        int from = start[sites];
        if (from + n > values.length) {
            int grown = Math.max(2 * values.length, from + n);
            values = Arrays.copyOf(values, grown);
            counts = Arrays.copyOf(counts, grown);
        }
        record[sites] = r;
        kind[sites] = k;
        index[sites] = site;
        start[sites + 1] = from + n;
        sites++;
        return from;
    }

    long[] values() {
        return values;
    }

    long[] counts() {
        return counts;
    }

    /** Hands every site to {@code sink}, in the order the run lists them. */
    public void feed(RawCounterLayout.ValueSink sink) {
        for (int s = 0; s < sites; s++) {
            int from = start[s];
            sink.site(record[s], kind[s], index[s], values, counts, from, start[s + 1] - from);
        }
    }
}
