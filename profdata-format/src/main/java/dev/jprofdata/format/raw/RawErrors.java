package dev.jprofdata.format.raw;

/** LLVM's reason texts for raw-profile problems, so that every message reads exactly like llvm-profdata's. */
final class RawErrors {
    private RawErrors() {
    }

    static final String BAD_HEADER = "invalid instrumentation profile data (file header is corrupt)";
    static final String BAD_MAGIC = "invalid instrumentation profile data (bad magic)";
    static final String TRUNCATED = "truncated profile data";
    static final String TOO_LARGE = "too much profile data";
    static final String UNCOMPRESS_FAILED = "failed to uncompress data (zlib)";
    static final String MALFORMED = "malformed instrumentation profile data";
    static final String COUNTER_TOO_LARGE = "excessively large counter value suggests corrupted profile data";
    /** LLVM's text for a profile whose records live in the binary (instrprof_error::missing_correlation_info). */
    static final String CORRELATION_REQUIRED = "debug info/binary for correlation is required";

    static String malformed(String detail) {
        return MALFORMED + ": " + detail;
    }

    /**
     * LLVM 22's message for a raw version other than 10 (its only one), with a third line for the
     * versions this reader cannot read either, naming who wrote them (or, for versions above the
     * newest we know, that a newer clang did and jprofdata needs an update).
     */
    static String versionMismatch(long version) {
        String llvm = "raw profile version mismatch: Profile uses raw profile format version = " + version
                + "; expected version = " + RawVersion.LLVM_EXPECTED
                + "\nPLEASE update this tool to version in the raw profile, or regenerate raw profile with "
                + "expected version.";
        String origin = origin(version);
        return origin == null ? llvm : llvm + "\n" + origin;
    }

    private static String origin(long version) {
        if (version == 6) {
            return "(raw version 6 was only written by unreleased LLVM 13 development builds)";
        }
        if (version < 5) {
            return "(raw versions below 5 were written by clang 8 and older)";
        }
        if (version > RawVersion.NEWEST) {
            // The third wave's convention for added lines (the indexed reader says the same for its versions).
            return "summary: raw version " + version + " was written by a clang newer than this jprofdata knows"
                    + " (it reads raw versions 5 and 7 to " + RawVersion.NEWEST + "); update jprofdata";
        }
        return null;
    }
}
