package dev.jprofdata.format.indexed;

import dev.jprofdata.format.Magic;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileFormatException.Kind;
import dev.jprofdata.format.ProfileKind;

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
        return IndexedFormat.headerSize(version());
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
        in.require(0, IndexedFormat.headerSize(v));
        long hashType = in.u64(24);
        long hashOffset = in.u64(32);
        long memProf = v >= 8 ? in.u64(40) : 0;
        long binaryIds = v >= 9 ? in.u64(48) : 0;
        long temporal = v >= 10 ? in.u64(56) : 0;
        long vtables = v >= 12 ? in.u64(64) : 0;
        return new IndexedHeader(word, hashType, hashOffset, memProf, binaryIds, temporal, vtables);
    }
}
