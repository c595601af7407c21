package dev.jprofdata.format.indexed;

import dev.jprofdata.format.Magic;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileFormatException.Kind;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.indexed.IndexedLayout.Part;

/**
 * The fixed header of an indexed profile. Fields a version does not have are 0.
 *
 * @param versionWord the full version word: format version in the low 32 bits, variant flags above
 * @param hashType 0 = MD5, the only hash LLVM defines
 * @param hashOffset absolute offset of the hash table's bucket metadata (after the payload)
 * @param memProfOffset v8+: the MemProf section, meaningful only with the MemProf flag
 * @param binaryIdOffset v9+: the binary-id section
 * @param temporalOffset v10+: the temporal-trace section, meaningful only with the temporal flag
 * @param vtableNamesOffset v12+: the vtable-names section
 */
public record IndexedHeader(
        long versionWord,
        long hashType,
        long hashOffset,
        long memProfOffset,
        long binaryIdOffset,
        long temporalOffset,
        long vtableNamesOffset) {

    /** The format version (1..15). */
    public int version() {
        return (int) (versionWord & IndexedFormat.VERSION_MASK);
    }

    public ProfileKind kind() {
        return ProfileKind.fromVersionWord(versionWord);
    }

    public int size() {
        return IndexedLayout.headerSize(version());
    }

    public boolean has(long variantBit) {
        return (versionWord & variantBit) != 0;
    }

    /**
     * Parses the header with LLVM's checks, in LLVM's order: at least 24 bytes, magic, version not
     * newer than 15 (and, unlike LLVM, not 0; a second {@code summary:} line says
     * who writes which version), then the version's header fields.
     */
    static IndexedHeader read(MappedBytes in) throws ProfileFormatException {
        if (in.size() < 24) {
            throw in.error(in.size(), Kind.TRUNCATED, IndexedFormat.TRUNCATED);
        }
        if (in.u64(0) != Magic.INDEXED) {
            throw in.error(0, Kind.BAD_MAGIC, IndexedFormat.BAD_MAGIC);
        }
        long word = in.u64(8);
        long version = word & IndexedFormat.VERSION_MASK;
        // LLVM has no lower bound and runs out of memory on version 0; reject it the same way as
        // a version that is too new.
        if (version > IndexedFormat.MAX_VERSION || version == 0) {
            throw in.error(8, Kind.UNSUPPORTED_VERSION,
                    IndexedFormat.UNSUPPORTED_VERSION + "\n" + IndexedVersions.unsupportedHint(version));
        }
        int v = (int) version;
        in.require(0, IndexedLayout.headerSize(v));
        long hashType = in.u64(24);
        long hashOffset = in.u64(32);
        return new IndexedHeader(word, hashType, hashOffset, offset(in, v, Part.MEMPROF),
                offset(in, v, Part.BINARY_IDS), offset(in, v, Part.TEMPORAL), offset(in, v, Part.VTABLE_NAMES));
    }

    /** The header's offset of {@code part}'s section, or 0 when version {@code v} has none. */
    private static long offset(MappedBytes in, int v, Part part) throws ProfileFormatException {
        return part.in(v) ? in.u64(IndexedLayout.headerOffsetAt(part)) : 0;
    }
}
