package dev.jprofdata.format.raw;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileFormatException.Kind;

/**
 * File offsets of the sections of one raw profile, computed from its header. Each section directly
 * follows the previous one: header, binary IDs, data records, padding, counters, padding, bitmap
 * bytes, padding, (v11+) uniform counters, padding, names, pad to 8, vtable records, pad to 8,
 * vtable names, pad to 8, value data. Paddings between data and names come from the header; the
 * others are computed. Before v11 the uniform-counters section is empty
 * ({@code uniformOffset == uniformEnd}).
 */
record RawSections(
        long binaryIdsOffset,
        long dataOffset,
        long countersOffset,
        long countersEnd,
        long bitmapOffset,
        long bitmapEnd,
        long uniformOffset,
        long uniformEnd,
        long namesOffset,
        long namesEnd,
        long vtablesOffset,
        long vnamesOffset,
        long vnamesEnd,
        long valueDataOffset) {

    /**
     * Locates the sections of {@code h}; LLVM's "file header is corrupt" when any of them would end
     * past {@code fileSize}. All arithmetic is checked, so absurd field values cannot wrap around.
     */
    static RawSections locate(RawHeader h, RecordLayout layout, long fileSize, String file)
            throws ProfileFormatException {
        Sum s = new Sum(h.base(), file);
        long binaryIds = s.add(h.headerSize());
        long data = s.add(h.binaryIdsSize());
        s.add(s.product(h.numData(), layout.size()));
        long counters = s.add(h.paddingBeforeCounters());
        long countersEnd = s.add(s.product(h.numCounters(), h.counterSize()));
        long bitmap = s.add(h.paddingAfterCounters());
        long bitmapEnd = s.add(h.numBitmapBytes());
        long uniform = s.add(h.paddingAfterBitmapBytes());
        long uniformEnd = s.add(s.product(h.numUniformCounters(), 8));
        long names = s.add(h.paddingAfterUniformCounters());
        long namesEnd = s.add(h.namesSize());
        long vtables = s.add(pad8(h.namesSize()));
        long vtableBytes = s.product(h.numVTables(), layout.vtableRecordSize());
        s.add(vtableBytes);
        long vnames = s.add(pad8(vtableBytes));
        long vnamesEnd = s.add(h.vnamesSize());
        long valueData = s.add(pad8(h.vnamesSize()));
        if (valueData > fileSize) {
            throw new ProfileFormatException(file, h.base(), Kind.CORRUPT_HEADER, RawErrors.BAD_HEADER);
        }
        return new RawSections(binaryIds, data, counters, countersEnd, bitmap, bitmapEnd, uniform, uniformEnd, names,
                namesEnd, vtables, vnames, vnamesEnd, valueData);
    }

    /** Zero bytes that pad {@code size} to a multiple of 8. */
    static long pad8(long size) {
        return (8 - (size & 7)) & 7;
    }

    /** A running file offset; any unsigned overflow means the header is corrupt. */
    private static final class Sum {
        private long at;
        private final long base;
        private final String file;

        Sum(long start, String file) {
            this.at = start;
            this.base = start;
            this.file = file;
        }

        long add(long unsignedAmount) throws ProfileFormatException {
            if (unsignedAmount < 0 || at + unsignedAmount < 0) {
                throw corrupt();
            }
            at += unsignedAmount;
            return at;
        }

        long product(long unsignedCount, int size) throws ProfileFormatException {
            if (unsignedCount < 0 || unsignedCount > Long.MAX_VALUE / size) {
                throw corrupt();
            }
            return unsignedCount * size;
        }

        private ProfileFormatException corrupt() {
            return new ProfileFormatException(file, base, Kind.CORRUPT_HEADER, RawErrors.BAD_HEADER);
        }
    }
}
