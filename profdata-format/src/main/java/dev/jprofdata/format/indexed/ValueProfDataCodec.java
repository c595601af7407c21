package dev.jprofdata.format.indexed;

import dev.jprofdata.format.MemoryGuard;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.RecordBatch;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The ValueProfData block that follows each record's counters (v3+):
 * {@code u32 TotalSize, u32 NumValueKinds}, then per kind with at least one site
 * {@code u32 Kind, u32 NumValueSites, u8 count per site, zero padding to 8,
 * (u64 value, u64 count) per value}.
 */
final class ValueProfDataCodec {

    private ValueProfDataCodec() {
    }

    /** The most values one site can hold: the per-site count is a byte. */
    static final int MAX_VALUES_PER_SITE = 255;

    /**
     * Checks the block at {@code at}, which must end by {@code end}, the way LLVM does before it
     * reads one, and returns the block's size; -1 where a check fails (LLVM then drops the whole key
     * and the caller reports "profile data is empty"). Nothing is allocated.
     */
    static long checkedSize(MappedBytes in, long at, long end) throws ProfileFormatException {
        if (end - at < 8) {
            return -1;
        }
        long totalSize = in.u32(at) & 0xFFFF_FFFFL;
        long numKinds = in.u32(at + 4) & 0xFFFF_FFFFL;
        if (totalSize > end - at || numKinds > ValueKind.COUNT || totalSize % 8 != 0 || totalSize < 8) {
            return -1;
        }
        long blockEnd = at + totalSize;
        long vr = at + 8;
        for (long k = 0; k < numKinds; k++) {
            if (blockEnd - vr < 8) {
                return -1;
            }
            long kind = in.u32(vr) & 0xFFFF_FFFFL;
            long numSites = in.u32(vr + 4) & 0xFFFF_FFFFL;
            long header = IndexedFormat.alignTo8(8 + numSites);
            if (kind >= ValueKind.COUNT || header > blockEnd - vr || numSites > Integer.MAX_VALUE - 16) {
                return -1;
            }
            long numValues = 0;
            for (long s = 0; s < numSites; s++) {
                numValues += in.u8(vr + 8 + s);
            }
            long recordSize = header + 16 * numValues;
            if (recordSize > blockEnd - vr) {
                return -1;
            }
            vr += recordSize;
        }
        return totalSize;
    }

    /** What {@link #walk} reports of a block's sites, kind by kind in ascending kind order. */
    private interface SiteVisitor {
        /** An entry of kind {@code kind} with {@code numSites} sites and {@code numValues} values in all comes next. */
        void entry(int kind, int numSites, long numValues) throws ProfileFormatException;

        /** A site of kind {@code kind} with {@code n} (value, count) pairs of 16 bytes from {@code valueAt}. */
        void site(int kind, int n, long valueAt) throws ProfileFormatException;
    }

    /**
     * Walks the sites of a block that {@link #checkedSize} accepted, kind by kind in ascending
     * kind order: a kind listed twice gives its first entry's sites, then its second's (LLVM
     * appends them). The one walk behind {@link #decode} and {@link #addTo}.
     */
    private static void walk(MappedBytes in, long at, SiteVisitor visitor) throws ProfileFormatException {
        long numKinds = in.u32(at + 4) & 0xFFFF_FFFFL;
        for (int wanted = 0; numKinds > 0 && wanted < ValueKind.COUNT; wanted++) {
            long vr = at + 8;
            for (long k = 0; k < numKinds; k++) {
                int kind = in.u32(vr);
                int numSites = in.u32(vr + 4);
                long valueAt = vr + IndexedFormat.alignTo8(8L + numSites);
                if (kind == wanted) {
                    long numValues = 0;
                    for (int s = 0; s < numSites; s++) {
                        numValues += in.u8(vr + 8 + s);
                    }
                    visitor.entry(kind, numSites, numValues);
                }
                for (int s = 0; s < numSites; s++) {
                    int n = in.u8(vr + 8 + s);
                    if (kind == wanted) {
                        visitor.site(kind, n, valueAt);
                    }
                    valueAt += 16L * n;
                }
                vr = valueAt;
            }
        }
    }

    /**
     * The value sites of a block that {@link #checkedSize} accepted; a kind that repeats appends to
     * the earlier sites.
     */
    static ValueSite[][] decode(MappedBytes in, long at) throws ProfileFormatException {
        return decode(in, at, MemoryGuard.NONE);
    }

    /** As {@link #decode(MappedBytes, long)}, asking {@code guard} before each kind's sites are built. */
    static ValueSite[][] decode(MappedBytes in, long at, MemoryGuard guard) throws ProfileFormatException {
        ValueSite[][] sites = ProfileRecord.noValueSites();
        int[] filled = new int[ValueKind.COUNT];
        walk(in, at, new SiteVisitor() {
            @Override
            public void entry(int kind, int numSites, long numValues) throws ProfileFormatException {
                // A site: its slot, a ValueSite and two arrays; a value: 8 bytes in each array.
                guard.reserve(64L * numSites + 16 * numValues, in.file());
                sites[kind] = Arrays.copyOf(sites[kind], sites[kind].length + numSites);
            }

            @Override
            public void site(int kind, int n, long valueAt) throws ProfileFormatException {
                long[] values = new long[n];
                long[] counts = new long[n];
                for (int i = 0; i < n; i++) {
                    values[i] = in.u64(valueAt + 16L * i);
                    counts[i] = in.u64(valueAt + 16L * i + 8);
                }
                sites[kind][filled[kind]++] = new ValueSite(values, counts);
            }
        });
        return sites;
    }

    /**
     * Appends the value sites of a block that {@link #checkedSize} accepted to the last record of
     * {@code batch}, as {@link #decode} gives them.
     */
    static void addTo(MappedBytes in, long at, RecordBatch batch) throws ProfileFormatException {
        walk(in, at, new SiteVisitor() {
            @Override
            public void entry(int kind, int numSites, long numValues) {
            }

            @Override
            public void site(int kind, int n, long valueAt) throws ProfileFormatException {
                int to = batch.addSite(kind, n);
                long[] values = batch.values();
                long[] counts = batch.valueCounts();
                for (int i = 0; i < n; i++) {
                    values[to + i] = in.u64(valueAt + 16L * i);
                    counts[to + i] = in.u64(valueAt + 16L * i + 8);
                }
            }
        });
    }

    /** Bytes the block for {@code record} takes (8 when it has no value sites). */
    static long encodedSize(ProfileRecord record) {
        long size = 8;
        for (int k = 0; k < ValueKind.COUNT; k++) {
            ValueKind kind = ValueKind.of(k);
            ValueSite[] sites = record.sites(kind);
            if (sites.length == 0) {
                continue;
            }
            long values = 0;
            for (ValueSite site : sites) {
                values += site.size();
            }
            size += IndexedFormat.alignTo8(8L + sites.length) + 16 * values;
        }
        return size;
    }

    /** Writes the block for {@code record}; {@code out} must have {@link #encodedSize} bytes left. */
    static void encode(ProfileRecord record, ByteBuffer out) {
        long total = encodedSize(record);
        if (total > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException(record.name() + ": value profile data exceeds 4 GiB");
        }
        int kinds = 0;
        for (int k = 0; k < ValueKind.COUNT; k++) {
            ValueKind kind = ValueKind.of(k);
            if (record.numSites(kind) > 0) {
                kinds++;
            }
        }
        out.putInt((int) total).putInt(kinds);
        for (int k = 0; k < ValueKind.COUNT; k++) {
            ValueKind kind = ValueKind.of(k);
            ValueSite[] sites = record.sites(kind);
            if (sites.length == 0) {
                continue;
            }
            out.putInt(kind.number()).putInt(sites.length);
            for (ValueSite site : sites) {
                if (site.size() > MAX_VALUES_PER_SITE) {
                    throw new IllegalArgumentException(record.name() + ": a value site holds " + site.size()
                            + " values; LLVM keeps at most " + MAX_VALUES_PER_SITE);
                }
                out.put((byte) site.size());
            }
            int pad = (int) (IndexedFormat.alignTo8(8L + sites.length) - 8 - sites.length);
            for (int i = 0; i < pad; i++) {
                out.put((byte) 0);
            }
            for (ValueSite site : sites) {
                for (int i = 0; i < site.size(); i++) {
                    out.putLong(site.value(i)).putLong(site.count(i));
                }
            }
        }
    }
}
