package dev.jprofdata.format.indexed;

import dev.jprofdata.format.MemoryGuard;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.RecordBatch;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueProfData;
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
     * reads one ({@link ValueProfData#check}), and returns the block's size; -1 where a check fails
     * (LLVM then drops the whole key and the caller reports "profile data is empty"). The check's
     * result goes into {@code into}, which the caller reuses: a reader checks a block per record,
     * and a result object for each was 58 MB of garbage on a 100 MB profile merged with itself.
     */
    static long checkedSize(MappedBytes in, long at, long end, ValueProfData.Checked into)
            throws ProfileFormatException {
        ValueProfData.Checked checked = ValueProfData.check(in, at, end - at, null, into);
        return checked.ok() ? checked.totalSize() : -1;
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
        ValueProfData.walk(in, at, new ValueProfData.SiteVisitor() {
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
     * Appends the value sites of blocks that {@link #checkedSize} accepted to the last record of a
     * batch, as {@link #decode} gives them; one instance is reused block after block (a visitor
     * per block was 25 MB of garbage on a 100 MB profile merged with itself).
     */
    static final class SitesIntoBatch implements ValueProfData.SiteVisitor {
        private MappedBytes in;
        private RecordBatch batch;

        /** Appends the sites of the block at {@code at} of {@code in} to {@code batch}'s last record. */
        void addTo(MappedBytes in, long at, RecordBatch batch) throws ProfileFormatException {
            this.in = in;
            this.batch = batch;
            try {
                ValueProfData.walkByKind(in, at, this);
            } finally {
                this.in = null;
                this.batch = null;
            }
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
