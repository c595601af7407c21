package dev.jprofdata.format.raw;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileFormatException.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the binary-ID section that follows a v7+ header: entries of a u64 length, that many ID
 * bytes, and zero padding to 8.
 */
final class BinaryIdsReader {
    private BinaryIdsReader() {
    }

    /**
     * The IDs of the profile with header {@code h}, in stored order.
     *
     * @throws ProfileFormatException "file header is corrupt" when the section size is not a
     *     multiple of 8 or runs past the file; LLVM's malformed-entry messages otherwise
     */
    static List<byte[]> read(RawBytes bytes, RawHeader h, String file) throws ProfileFormatException {
        long size = h.binaryIdsSize();
        long start = h.base() + h.headerSize();
        long sizeField = h.base() + (h.version().has(HeaderField.BINARY_IDS_SIZE)
                ? h.version().offsetOf(HeaderField.BINARY_IDS_SIZE) : 0);
        // LLVM 13 (v7) wrote IDs without the padding that later versions add, so its section size
        // need not be a multiple of 8.
        boolean padded = h.version() != RawVersion.V7;
        if ((padded && size % 8 != 0) || size < 0 || size > bytes.size() - start) {
            throw new ProfileFormatException(file, sizeField, Kind.CORRUPT_HEADER, RawErrors.BAD_HEADER);
        }
        List<byte[]> ids = new ArrayList<>();
        long at = start;
        long end = start + size;
        while (at < end) {
            if (end - at < 8) {
                throw new ProfileFormatException(file, at, Kind.MALFORMED,
                        RawErrors.malformed("not enough data to read binary id length"));
            }
            long length = bytes.u64(at);
            if (length == 0) {
                throw new ProfileFormatException(file, at, Kind.MALFORMED,
                        RawErrors.malformed("binary id length is 0"));
            }
            at += 8;
            long needed = padded ? length + RawSections.pad8(length) : length;
            if (length < 0 || needed < 0 || needed > end - at) {
                throw new ProfileFormatException(file, at - 8, Kind.MALFORMED,
                        RawErrors.malformed("not enough data to read binary id data"));
            }
            if (length > Integer.MAX_VALUE) {
                throw new ProfileFormatException(file, at - 8, Kind.MALFORMED,
                        RawErrors.malformed("binary id length " + length + " is too large"));
            }
            ids.add(bytes.bytes(at, (int) length));
            at += length;
            if (!padded) {
                at = skipOptionalPadding(bytes, at, end);
            } else {
                at += RawSections.pad8(length);
            }
        }
        return ids;
    }

    /** Skips zero padding to the next 8-byte boundary when the v7 writer left some. */
    private static long skipOptionalPadding(RawBytes bytes, long at, long end) {
        long pad = RawSections.pad8(at);
        if (pad == 0 || pad > end - at) {
            return at;
        }
        for (long i = 0; i < pad; i++) {
            if (bytes.u8(at + i) != 0) {
                return at;
            }
        }
        return at + pad;
    }
}
