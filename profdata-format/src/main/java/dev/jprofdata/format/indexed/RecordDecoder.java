package dev.jprofdata.format.indexed;

import dev.jprofdata.format.RecordBatch;
import dev.jprofdata.format.CountsSink;
import dev.jprofdata.format.MemoryGuard;
import dev.jprofdata.format.OffloadData;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileFormatException.Kind;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.ValueSite;
import dev.jprofdata.format.indexed.IndexedLayout.Part;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes the data of one hash-table key: one or more records (one per function hash), laid out by
 * format version:
 * <pre>
 *   v1:     u64 hash, counters (one record; the count is DataLen/8 - 1)
 *   v2:     u64 hash, u64 n, n counters
 *   v3-v10: as v2, then ValueProfData
 *   v11-13: u64 hash, u64 n, n counters, u64 b, b bitmap bytes as u64 each, ValueProfData
 *   v14:    u64 hash, u64 n, n counters, u64 b, b bitmap bytes as u8 zero-padded to 8,
 *           u64 u, u uniformity bytes zero-padded to 8 (u is 0 or ceil(n / 8)), ValueProfData
 *   v15:    as v14, then u64 w, w wave counters (u64 each), then ValueProfData
 * </pre>
 * As in LLVM, any inconsistency inside a key discards the whole key, which is then reported as
 * "profile data is empty".
 */
final class RecordDecoder {
    private RecordDecoder() {
    }

    /** Largest Java array we let a length field ask for (only reachable in files over 16 GiB). */
    private static final long MAX_ARRAY = Integer.MAX_VALUE - 16;

    /** Whether the key's data decodes under {@code version}'s layout (used to recognise a genuine v14 file). */
    static boolean decodes(MappedBytes in, int version, long at, long length) throws ProfileFormatException {
        KeyLayout layout = new KeyLayout();
        return walk(in, version, at, length, layout) && layout.records() > 0;
    }

    /**
     * The records of one key; "profile data is empty" at {@code at} when the key does not decode.
     * Without {@code valueSites} the records carry none (the value data is checked all the same).
     */
    static List<ProfileRecord> decode(MappedBytes in, int version, String name, long at, long length,
            KeyLayout layout, boolean valueSites) throws ProfileFormatException {
        return decode(in, version, name, at, length, layout, valueSites, MemoryGuard.NONE);
    }

    /** As {@link #decode}, asking {@code guard} before each record's counters and value sites are built. */
    static List<ProfileRecord> decode(MappedBytes in, int version, String name, long at, long length,
            KeyLayout layout, boolean valueSites, MemoryGuard guard) throws ProfileFormatException {
        check(in, version, at, length, layout);
        List<ProfileRecord> out = new ArrayList<>(layout.records());
        for (int r = 0; r < layout.records(); r++) {
            long numCounts = layout.get(r, KeyLayout.NUM_COUNTS);
            guard.reserve(8 * numCounts, in.file());
            long[] counts = new long[(int) numCounts];
            in.u64s(layout.get(r, KeyLayout.COUNTS_AT), counts, counts.length);
            long bitmapAt = layout.get(r, KeyLayout.BITMAP_AT);
            int numBitmap = (int) layout.get(r, KeyLayout.NUM_BITMAP);
            byte[] bitmap = new byte[0];
            if (Part.UNIFORMITY.in(version)) {
                bitmap = in.bytes(bitmapAt, numBitmap);
            } else if (Part.BITMAP.in(version)) {
                // One byte per u64 entry.
                bitmap = new byte[numBitmap];
                for (int i = 0; i < bitmap.length; i++) {
                    bitmap[i] = (byte) in.u64(bitmapAt + 8L * i);
                }
            }
            long numUniformity = layout.get(r, KeyLayout.NUM_UNIFORMITY);
            byte[] uniformity = numUniformity > 0
                    ? in.bytes(layout.get(r, KeyLayout.UNIFORMITY_AT), (int) numUniformity)
                    : null;
            long numWaves = layout.get(r, KeyLayout.NUM_WAVES);
            long[] waves = null;
            if (numWaves > 0) {
                waves = new long[(int) numWaves];
                in.u64s(layout.get(r, KeyLayout.WAVES_AT), waves, waves.length);
            }
            long valuesAt = layout.get(r, KeyLayout.VALUES_AT);
            ValueSite[][] sites = valuesAt >= 0 && valueSites ? ValueProfDataCodec.decode(in, valuesAt, guard)
                    : null;
            OffloadData offload = uniformity != null || waves != null
                    ? new OffloadData(0, null, uniformity, waves)
                    : null;
            long hash = in.u64(layout.get(r, KeyLayout.HASH_AT));
            out.add(new ProfileRecord(name, hash, counts, bitmap, sites, offload));
        }
        return out;
    }

    /**
     * Passes the hash and counters of each record of one key to {@code sink}, after checking the key
     * whole as {@link #decode} does. The counters go through {@code buffer}; returns it, or a bigger
     * one when a record needed more room (for the next key).
     */
    static long[] scanCounts(MappedBytes in, int version, long at, long length, KeyLayout layout,
            long[] buffer, CountsSink sink) throws IOException {
        check(in, version, at, length, layout);
        for (int r = 0; r < layout.records(); r++) {
            int n = (int) layout.get(r, KeyLayout.NUM_COUNTS);
            if (buffer.length < n) {
                buffer = new long[Math.max(n, 2 * buffer.length)];
            }
            in.u64s(layout.get(r, KeyLayout.COUNTS_AT), buffer, n);
            sink.accept(in.u64(layout.get(r, KeyLayout.HASH_AT)), buffer, n);
        }
        return buffer;
    }

    /**
     * Adds the name, hash and counters of each record of one key to {@code batch}, after checking
     * the key whole as {@link #decode} does; the name is the key's {@code keyLength} bytes at
     * {@code keyAt}.
     */
    static void addTo(RecordBatch batch, MappedBytes in, int version, long keyAt, int keyLength, long at, long length,
            KeyLayout layout, boolean valueSites) throws ProfileFormatException {
        check(in, version, at, length, layout);
        for (int r = 0; r < layout.records(); r++) {
            int n = (int) layout.get(r, KeyLayout.NUM_COUNTS);
            int i = batch.add(in.u64(layout.get(r, KeyLayout.HASH_AT)), keyLength, n);
            in.copy(keyAt, batch.names(), batch.nameStart(i), keyLength);
            in.u64s(layout.get(r, KeyLayout.COUNTS_AT), batch.counts(), batch.countsStart(i), n);
            if (!batch.withValues()) {
                continue;
            }
            // Batches are read from host versions only (below 14): bitmap bytes are u64 entries.
            int numBitmap = (int) layout.get(r, KeyLayout.NUM_BITMAP);
            if (numBitmap > 0) {
                long bitmapAt = layout.get(r, KeyLayout.BITMAP_AT);
                int to = batch.addBitmap(numBitmap);
                byte[] bitmaps = batch.bitmaps();
                for (int b = 0; b < numBitmap; b++) {
                    bitmaps[to + b] = (byte) in.u64(bitmapAt + 8L * b);
                }
            }
            long valuesAt = layout.get(r, KeyLayout.VALUES_AT);
            if (valuesAt >= 0 && valueSites) {
                layout.sitesIntoBatch.addTo(in, valuesAt, batch);
            }
        }
    }

    private static void check(MappedBytes in, int version, long at, long length, KeyLayout layout)
            throws ProfileFormatException {
        if (!walk(in, version, at, length, layout) || layout.records() == 0) {
            throw in.error(at, Kind.MALFORMED, IndexedFormat.EMPTY_DATA);
        }
    }

    /**
     * Finds the parts of every record of the key at {@code [at, at+length)} and checks them as LLVM
     * does; false when the key is inconsistent anywhere (no array is sized from the file before its
     * length is known to fit).
     */
    static boolean walk(MappedBytes in, int version, long at, long length, KeyLayout out)
            throws ProfileFormatException {
        out.clear();
        if (length % 8 != 0) {
            return false;
        }
        long end = at + length;
        long d = at;
        while (d < end) {
            // LLVM wants more than the hash itself before it starts a record.
            if (end - d <= 8) {
                return false;
            }
            int rec = out.addRecord();
            out.set(rec, KeyLayout.HASH_AT, d);
            d += 8;
            long numCounts = length / 8 - 1;
            if (Part.COUNTER_COUNT.in(version)) {
                if (end - d < 8) {
                    return false;
                }
                numCounts = in.u64(d);
                d += 8;
            }
            if (Long.compareUnsigned(numCounts, Math.min((end - d) / 8, MAX_ARRAY)) > 0) {
                return false;
            }
            out.set(rec, KeyLayout.COUNTS_AT, d);
            out.set(rec, KeyLayout.NUM_COUNTS, numCounts);
            d += 8 * numCounts;
            out.set(rec, KeyLayout.NUM_BITMAP, 0);
            if (Part.UNIFORMITY.in(version)) {
                d = walkOffloadParts(in, version, d, end, numCounts, rec, out);
                if (d < 0) {
                    return false;
                }
            } else if (Part.BITMAP.in(version)) {
                if (end - d < 8) {
                    return false;
                }
                long numBytes = in.u64(d);
                d += 8;
                // LLVM checks only one byte per entry here; each entry is really a u64.
                if (Long.compareUnsigned(numBytes, Math.min((end - d) / 8, MAX_ARRAY)) > 0) {
                    return false;
                }
                out.set(rec, KeyLayout.BITMAP_AT, d);
                out.set(rec, KeyLayout.NUM_BITMAP, numBytes);
                d += 8 * numBytes;
            }
            if (Part.VALUE_DATA.in(version)) {
                long size = ValueProfDataCodec.checkedSize(in, d, end, out.valueBlock);
                if (size < 0) {
                    return false;
                }
                out.set(rec, KeyLayout.VALUES_AT, d);
                d += size;
            }
        }
        return true;
    }

    /**
     * The offload fork's parts of a record (v14+): bitmap bytes as u8, uniformity bytes, and from
     * v15 wave counters. Returns the offset after them, or -1 when they do not fit. Kept apart so
     * that the host versions' walk stays small (it is compiled sooner).
     */
    private static long walkOffloadParts(MappedBytes in, int version, long d, long end, long numCounts, int rec,
            KeyLayout out) throws ProfileFormatException {
        if (end - d < 8) {
            return -1;
        }
        long numBytes = in.u64(d);
        d += 8;
        if (Long.compareUnsigned(numBytes, Math.min(end - d, MAX_ARRAY)) > 0
                || IndexedFormat.alignTo8(numBytes) > end - d) {
            return -1;
        }
        out.set(rec, KeyLayout.BITMAP_AT, d);
        out.set(rec, KeyLayout.NUM_BITMAP, numBytes);
        d += IndexedFormat.alignTo8(numBytes);
        if (end - d < 8) {
            return -1;
        }
        long numUniformity = in.u64(d);
        d += 8;
        // Strict: a count that is neither 0 nor one bit per counter means this is not the
        // offload fork's v14 (see IndexedProfileReader's v14 probe).
        if ((numUniformity != 0 && numUniformity != (numCounts + 7) / 8)
                || IndexedFormat.alignTo8(numUniformity) > end - d) {
            return -1;
        }
        if (numUniformity != 0) {
            out.set(rec, KeyLayout.UNIFORMITY_AT, d);
            out.set(rec, KeyLayout.NUM_UNIFORMITY, numUniformity);
            d += IndexedFormat.alignTo8(numUniformity);
        }
        if (Part.WAVES.in(version)) {
            if (end - d < 8) {
                return -1;
            }
            long numWaves = in.u64(d);
            d += 8;
            if (Long.compareUnsigned(numWaves, Math.min((end - d) / 8, MAX_ARRAY)) > 0) {
                return -1;
            }
            if (numWaves != 0) {
                out.set(rec, KeyLayout.WAVES_AT, d);
                out.set(rec, KeyLayout.NUM_WAVES, numWaves);
                d += 8 * numWaves;
            }
        }
        return d;
    }
}
