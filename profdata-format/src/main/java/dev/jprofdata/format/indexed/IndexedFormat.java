package dev.jprofdata.format.indexed;

/** Constants of the indexed profile format and LLVM's wording for its errors. */
final class IndexedFormat {
    private IndexedFormat() {
    }

    /**
     * Newest format version this code reads and writes: 15, the offload fork's version with
     * per-record wave counters (spec/offload.md). LLVM 22 itself stops at 13.
     */
    static final int MAX_VERSION = 15;
    /** Oldest version the writer produces (LLVM 14's). */
    static final int MIN_WRITE_VERSION = 7;
    /** The newest version LLVM 22 knows, written for host-only profiles. */
    static final int LLVM_VERSION = 13;
    /** The offload fork's version: v13 plus uniformity bytes per record, bitmap bytes as u8 (IndexedLayout). */
    static final int OFFLOAD_VERSION = IndexedLayout.Part.UNIFORMITY.since();
    /** The offload fork's later version: v14 plus wave counters per record (IndexedLayout). */
    static final int WAVE_VERSION = IndexedLayout.Part.WAVES.since();
    /** The version {@code llvm-profdata merge --write-prev-version} writes. */
    static final int PREV_VERSION = 11;

    /** Low 32 bits of the version word are the format version, the high 32 bits are flags. */
    static final long VERSION_MASK = 0xFFFF_FFFFL;

    /** Size of the on-disk summary for the writer's 6 fields and 16 cutoffs. */
    static final int SUMMARY_FIELDS = 6;

    static final String TRUNCATED = "truncated profile data";
    static final String BAD_MAGIC = "invalid instrumentation profile data (bad magic)";
    static final String BAD_HEADER = "invalid instrumentation profile data (file header is corrupt)";
    static final String UNSUPPORTED_VERSION = "unsupported instrumentation profile format version";
    static final String UNSUPPORTED_HASH_TYPE = "unsupported instrumentation profile hash type";
    static final String MALFORMED = "malformed instrumentation profile data";
    static final String EMPTY_DATA = MALFORMED + ": profile data is empty";
    static final String UNCOMPRESS_FAILED = "failed to uncompress data (zlib)";

    static long alignTo8(long n) {
        return (n + 7) & ~7L;
    }
}
