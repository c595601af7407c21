package dev.jprofdata.format.raw;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileFormatException.Kind;
import java.util.EnumMap;
import java.util.Map;

/** Reads the header of one raw profile, for whichever supported version it declares. */
final class RawHeaderParser {
    private RawHeaderParser() {
    }

    /**
     * The header at {@code base}. {@code bytes} must already read in the profile's byte order.
     *
     * @throws ProfileFormatException "file header is corrupt" when the file is too short for the
     *     header, or LLVM's version-mismatch message for versions this reader does not know
     */
    static RawHeader parse(RawBytes bytes, long base, int pointerWidth, String file) throws ProfileFormatException {
        long remaining = bytes.size() - base;
        if (remaining < 16) {
            throw new ProfileFormatException(file, base, Kind.CORRUPT_HEADER, RawErrors.BAD_HEADER);
        }
        long versionWord = bytes.u64(base + 8);
        RawVersion version = RawVersion.of(versionWord);
        if (version == null) {
            // LLVM 22 insists on a complete header of its own version before it looks at the
            // version, so a short file of an unknown version is "corrupt" there too.
            if (remaining < RawVersion.LLVM_HEADER_SIZE) {
                throw new ProfileFormatException(file, base, Kind.CORRUPT_HEADER, RawErrors.BAD_HEADER);
            }
            throw new ProfileFormatException(file, base + 8, Kind.UNSUPPORTED_VERSION,
                    RawErrors.versionMismatch(versionWord & 0xFFFF_FFFFL));
        }
        if (remaining < version.headerSize()) {
            throw new ProfileFormatException(file, base, Kind.CORRUPT_HEADER, RawErrors.BAD_HEADER);
        }
        Map<HeaderField, Long> f = new EnumMap<>(HeaderField.class);
        for (HeaderField field : HeaderField.values()) {
            f.put(field, version.has(field) ? bytes.u64(base + version.offsetOf(field)) : 0L);
        }
        long valueKindLast = f.get(HeaderField.VALUE_KIND_LAST);
        if (version.number < 10 && valueKindLast != version.valueKindsInRecord() - 1) {
            // Every writer of versions 5-9 had IPVK_Last = 1. Anything else means the version field
            // does not describe this layout (a patched or foreign file), which llvm-profdata 22, knowing
            // only version 10, rejects as a version mismatch; so do we, with its words.
            throw new ProfileFormatException(file, base + 8, Kind.UNSUPPORTED_VERSION,
                    RawErrors.versionMismatch(version.number));
        }
        if (version.hasUniformCounters() && Long.compareUnsigned(valueKindLast, 2) > 0) {
            // Writers of v11/v12 store IPVK_Last (2) or, like the fork's hand-written device headers,
            // 0. A larger value is not a v11 header at all, typically a v10 file whose version was
            // patched (llvm-profdata 22 calls that a version mismatch, and so do we).
            throw new ProfileFormatException(file, base + 8, Kind.UNSUPPORTED_VERSION,
                    RawErrors.versionMismatch(version.number));
        }
        return new RawHeader(
                base,
                version,
                bytes.order(),
                pointerWidth,
                f.get(HeaderField.MAGIC),
                versionWord,
                f.get(HeaderField.BINARY_IDS_SIZE),
                f.get(HeaderField.NUM_DATA),
                f.get(HeaderField.PADDING_BEFORE_COUNTERS),
                f.get(HeaderField.NUM_COUNTERS),
                f.get(HeaderField.PADDING_AFTER_COUNTERS),
                f.get(HeaderField.NUM_BITMAP_BYTES),
                f.get(HeaderField.PADDING_AFTER_BITMAP_BYTES),
                f.get(HeaderField.NUM_UNIFORM_COUNTERS),
                f.get(HeaderField.PADDING_AFTER_UNIFORM_COUNTERS),
                f.get(HeaderField.UNIFORM_COUNTERS_DELTA),
                f.get(HeaderField.NAMES_SIZE),
                f.get(HeaderField.COUNTERS_DELTA),
                f.get(HeaderField.BITMAP_DELTA),
                f.get(HeaderField.NAMES_DELTA),
                f.get(HeaderField.NUM_VTABLES),
                f.get(HeaderField.VNAMES_SIZE),
                f.get(HeaderField.VALUE_KIND_LAST));
    }
}
