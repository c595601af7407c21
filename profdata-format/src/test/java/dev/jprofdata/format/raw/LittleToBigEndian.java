package dev.jprofdata.format.raw;

import dev.jprofdata.format.Magic;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Test helper: rewrites a little-endian raw profile as the same profile written by a big-endian
 * machine, following the raw format's rule that every integer field is in the writer's byte order
 * and byte arrays (names, binary-ID bytes, byte counters, bitmap bytes, site-count arrays) are not.
 * Handles every profile of a multi-profile file, and the u64 timestamps inside temporal
 * byte-counter sections (v8+ only, which have relative counter pointers).
 */
final class LittleToBigEndian {
    private final ByteBuffer le;
    private final ByteBuffer be;

    private LittleToBigEndian(byte[] input) {
        le = ByteBuffer.wrap(input).order(ByteOrder.LITTLE_ENDIAN);
        be = ByteBuffer.wrap(input.clone()).order(ByteOrder.BIG_ENDIAN);
    }

    static byte[] convert(byte[] input) {
        LittleToBigEndian c = new LittleToBigEndian(input);
        int at = 0;
        while (at < input.length) {
            at = c.profile(at);
            while (at < input.length && input[at] == 0) {
                at++;
            }
        }
        return c.be.array();
    }

    private void u64(int at) {
        be.putLong(at, le.getLong(at));
    }

    private void u32(int at) {
        be.putInt(at, le.getInt(at));
    }

    private void u16(int at) {
        be.putShort(at, le.getShort(at));
    }

    private void pointer(int at, int width) {
        if (width == 8) {
            u64(at);
        } else {
            u32(at);
        }
    }

    private static int pad8(long n) {
        return (int) ((8 - (n & 7)) & 7);
    }

    /** Converts the profile at {@code base}; returns the offset after its value data. */
    private int profile(int base) {
        int width = le.getLong(base) == Magic.RAW64 ? 8 : 4;
        long versionWord = le.getLong(base + 8);
        RawVersion version = RawVersion.of(versionWord);
        for (int i = 0; i < version.fields.size(); i++) {
            u64(base + 8 * i);
        }
        long[] f = new long[HeaderField.values().length];
        for (HeaderField field : HeaderField.values()) {
            f[field.ordinal()] = version.has(field) ? le.getLong(base + version.offsetOf(field)) : 0;
        }
        boolean byteCounters = (versionWord & (1L << 60)) != 0;

        int at = base + version.headerSize();
        int idsEnd = at + (int) f[HeaderField.BINARY_IDS_SIZE.ordinal()];
        while (at < idsEnd) {
            long length = le.getLong(at);
            u64(at);
            at += 8 + (int) length + pad8(length);
        }
        at = idsEnd;

        RecordLayout layout = RecordLayout.of(version, width);
        int numData = (int) f[HeaderField.NUM_DATA.ordinal()];
        int data = at;
        for (int i = 0; i < numData; i++) {
            int r = data + i * layout.size();
            u64(r);
            u64(r + 8);
            pointer(r + layout.counterPtr(), width);
            if (layout.bitmapPtr() >= 0) {
                pointer(r + layout.bitmapPtr(), width);
            }
            pointer(r + layout.functionPointer(), width);
            pointer(r + layout.functionPointer() + width, width);
            u32(r + layout.numCounters());
            for (int k = 0; k < layout.valueKinds(); k++) {
                u16(r + layout.numValueSites() + 2 * k);
            }
            if (layout.numBitmapBytes() >= 0) {
                u32(r + layout.numBitmapBytes());
            }
        }
        at = data + numData * layout.size() + (int) f[HeaderField.PADDING_BEFORE_COUNTERS.ordinal()];
        int numCounters = (int) f[HeaderField.NUM_COUNTERS.ordinal()];
        if (!byteCounters) {
            for (int i = 0; i < numCounters; i++) {
                u64(at + 8 * i);
            }
        } else if ((versionWord & (1L << 63)) != 0) {
            // Temporal byte-counter profiles: each function's first 8 slots are a u64 timestamp.
            long delta = f[HeaderField.COUNTERS_DELTA.ordinal()];
            for (int i = 0; i < numData; i++) {
                int r = data + i * layout.size();
                long ptr = width == 8 ? le.getLong(r + layout.counterPtr())
                        : le.getInt(r + layout.counterPtr()) & 0xFFFF_FFFFL;
                u64(at + (int) (ptr - (delta - (long) i * layout.size())));
            }
        }
        at += numCounters * (byteCounters ? 1 : 8) + (int) f[HeaderField.PADDING_AFTER_COUNTERS.ordinal()];
        at += (int) (f[HeaderField.NUM_BITMAP_BYTES.ordinal()] + f[HeaderField.PADDING_AFTER_BITMAP_BYTES.ordinal()]);
        long names = f[HeaderField.NAMES_SIZE.ordinal()];
        at += (int) names + pad8(names);
        int numVTables = (int) f[HeaderField.NUM_VTABLES.ordinal()];
        int vtSize = layout.vtableRecordSize();
        for (int i = 0; i < numVTables; i++) {
            int v = at + i * vtSize;
            u64(v);
            pointer(v + 8, width);
            u32(v + 8 + width);
        }
        at += numVTables * vtSize + pad8((long) numVTables * vtSize);
        long vnames = f[HeaderField.VNAMES_SIZE.ordinal()];
        at += (int) vnames + pad8(vnames);

        for (int i = 0; i < numData; i++) {
            int r = data + i * layout.size();
            boolean sites = false;
            for (int k = 0; k < layout.valueKinds(); k++) {
                sites |= le.getShort(r + layout.numValueSites() + 2 * k) != 0;
            }
            if (sites) {
                at += blob(at);
            }
        }
        return at;
    }

    private int blob(int at) {
        int total = le.getInt(at);
        int kinds = le.getInt(at + 4);
        u32(at);
        u32(at + 4);
        int rec = at + 8;
        for (int k = 0; k < kinds; k++) {
            int numSites = le.getInt(rec + 4);
            u32(rec);
            u32(rec + 4);
            int values = 0;
            for (int s = 0; s < numSites; s++) {
                values += le.get(rec + 8 + s) & 0xFF;
            }
            int pairs = rec + ((8 + numSites + 7) & ~7);
            for (int v = 0; v < 2 * values; v++) {
                u64(pairs + 8 * v);
            }
            rec = pairs + 16 * values;
        }
        return total;
    }
}
