package dev.jprofdata.format.indexed;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileFormatException.Kind;
import dev.jprofdata.format.TemporalTrace;
import dev.jprofdata.format.TemporalTraces;
import java.util.ArrayList;
import java.util.List;

/** Readers of the sections that follow the hash table: MemProf, binary IDs, vtable names, traces. */
final class SectionReaders {
    private SectionReaders() {
    }

    /**
     * Checks only the MemProf version word, as LLVM 22 does before anything else; the section
     * itself is skipped (every other section has its own header offset).
     */
    static void checkMemProf(MappedBytes in, long offset) throws ProfileFormatException {
        long first = in.u64(offset);
        if (first < 2 || first > 4) {
            throw in.error(offset, Kind.UNSUPPORTED_VERSION, IndexedFormat.UNSUPPORTED_VERSION + ": MemProf version "
                    + Long.toUnsignedString(first) + " not supported; requires version between 2 and 4, inclusive");
        }
    }

    /** {@code u64 size}, then per ID {@code u64 length, bytes, zero padding to 8}. */
    static List<byte[]> binaryIds(MappedBytes in, long offset) throws ProfileFormatException {
        if (!in.contains(offset, 8)) {
            throw in.error(offset, Kind.MALFORMED, IndexedFormat.MALFORMED + ": corrupted binary ids");
        }
        long size = in.u64(offset);
        if (size % 8 != 0) {
            throw in.error(offset, Kind.CORRUPT_HEADER, IndexedFormat.BAD_HEADER);
        }
        long at = offset + 8;
        if (Long.compareUnsigned(size, in.size() - at) > 0) {
            throw in.error(at, Kind.MALFORMED,
                    IndexedFormat.MALFORMED + ": binary id section is greater than buffer size");
        }
        long end = at + size;
        List<byte[]> ids = new ArrayList<>();
        while (at < end) {
            if (end - at < 8) {
                throw in.error(at, Kind.MALFORMED,
                        IndexedFormat.MALFORMED + ": not enough data to read binary id length");
            }
            long len = in.u64(at);
            at += 8;
            if (len == 0) {
                throw in.error(at - 8, Kind.MALFORMED, IndexedFormat.MALFORMED + ": binary id length is 0");
            }
            if (Long.compareUnsigned(len, end - at) > 0 || IndexedFormat.alignTo8(len) > end - at) {
                throw in.error(at, Kind.MALFORMED,
                        IndexedFormat.MALFORMED + ": not enough data to read binary id data");
            }
            ids.add(in.bytes(at, (int) len));
            at += IndexedFormat.alignTo8(len);
        }
        return ids;
    }

    /** {@code u64 length}, then a name-strings blob of that length (zero padding follows). */
    static List<String> vtableNames(MappedBytes in, long offset) throws ProfileFormatException {
        if (!in.contains(offset, 8)) {
            throw in.error(offset, Kind.TRUNCATED, IndexedFormat.TRUNCATED);
        }
        long length = in.u64(offset);
        long at = offset + 8;
        if (Long.compareUnsigned(length, in.size() - at) > 0 || length > Integer.MAX_VALUE - 16) {
            throw in.error(at, Kind.TRUNCATED, IndexedFormat.TRUNCATED);
        }
        try {
            return NameStrings.decode(in.bytes(at, (int) length));
        } catch (NameStrings.BadNameStrings e) {
            throw in.error(at + e.offset, e.kind, e.getMessage());
        }
    }

    /** {@code u64 count, u64 streamSize}, then per trace {@code u64 weight, u64 n, n name MD5s}. */
    static TemporalTraces temporalTraces(MappedBytes in, long offset) throws ProfileFormatException {
        if (!in.contains(offset, 16)) {
            throw in.error(offset, Kind.TRUNCATED, IndexedFormat.TRUNCATED);
        }
        long count = in.u64(offset);
        long streamSize = in.u64(offset + 8);
        long at = offset + 16;
        // Each trace needs at least 16 bytes, which bounds the list before anything is allocated.
        if (Long.compareUnsigned(count, (in.size() - at) / 16) > 0) {
            throw in.error(at, Kind.TRUNCATED, IndexedFormat.TRUNCATED);
        }
        List<TemporalTrace> traces = new ArrayList<>((int) Math.min(count, 1 << 12));
        for (long i = 0; i < count; i++) {
            if (!in.contains(at, 16)) {
                throw in.error(at, Kind.TRUNCATED, IndexedFormat.TRUNCATED);
            }
            long weight = in.u64(at);
            long n = in.u64(at + 8);
            at += 16;
            if (Long.compareUnsigned(n, Math.min((in.size() - at) / 8, Integer.MAX_VALUE - 16)) > 0) {
                throw in.error(at, Kind.TRUNCATED, IndexedFormat.TRUNCATED);
            }
            long[] refs = new long[(int) n];
            for (int j = 0; j < refs.length; j++, at += 8) {
                refs[j] = in.u64(at);
            }
            traces.add(new TemporalTrace(weight, refs));
        }
        return new TemporalTraces(traces, streamSize);
    }
}
