package dev.jprofdata.format.raw;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileFormatException.Kind;

/**
 * Reads the MC/DC bitmap bytes of one data record (raw v9+). The bytes are copied verbatim; a
 * record without bitmap bytes has a meaningless {@code BitmapPtr} that is never looked at.
 */
final class BitmapReader {
    private static final byte[] NONE = new byte[0];

    private final RawBytes bytes;
    private final RawSections sections;
    private final String file;

    BitmapReader(RawBytes bytes, RawSections sections, String file) {
        this.bytes = bytes;
        this.sections = sections;
        this.file = file;
    }

    /** The bitmap bytes of {@code r}; {@code bitmapDelta} plays the role the counters delta plays for counters. */
    byte[] read(DataRecord r, long bitmapDelta) throws ProfileFormatException {
        long count = r.numBitmapBytes();
        if (count == 0) {
            return NONE;
        }
        long offset = r.bitmapPtr() - bitmapDelta;
        if (offset < 0) {
            throw malformed(r, "bitmap offset " + offset + " is negative");
        }
        long sectionBytes = sections.bitmapEnd() - sections.bitmapOffset();
        if (offset >= sectionBytes) {
            throw malformed(r, "bitmap offset " + offset + " is greater than the maximum bitmap offset "
                    + (sectionBytes - 1));
        }
        long max = sectionBytes - offset;
        if (count > max) {
            throw malformed(r, "number of bitmap bytes " + count
                    + " is greater than the maximum number of bitmap bytes " + max);
        }
        if (count > Integer.MAX_VALUE - 8) {
            throw malformed(r, "number of bitmap bytes " + count + " is too large");
        }
        return bytes.bytes(sections.bitmapOffset() + offset, (int) count);
    }

    private ProfileFormatException malformed(DataRecord r, String detail) {
        return new ProfileFormatException(file, r.offset(), Kind.MALFORMED, RawErrors.malformed(detail));
    }
}
