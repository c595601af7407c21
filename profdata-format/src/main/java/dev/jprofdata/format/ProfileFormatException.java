package dev.jprofdata.format;

import java.io.IOException;

/**
 * A profile file is malformed, truncated, of an unsupported version or otherwise unreadable.
 *
 * <p>{@link #kind()} says what went wrong as a value to test ({@link Kind}); {@link #reason()} is
 * the problem in LLVM's wording where LLVM has one (for example {@code truncated profile data}),
 * for people, and is not meant to be matched; {@link #file()} is the file name as the user gave
 * it; {@link #offset()} is the byte offset the problem was found at, or -1 when no single offset
 * applies.
 */
public class ProfileFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    /**
     * What is wrong with the input, one value per kind of LLVM's {@code instrprof_error} that a
     * reader can raise, plus a few of ours. The reasons of {@code spec/robustness.md}'s error
     * catalogue fall into these kinds.
     */
    public enum Kind {
        /** The file does not exist (LLVM prints the system's "No such file or directory"). */
        NOT_FOUND,
        /** The file has no bytes ({@code empty_raw_profile}); a merge skips such an input, as LLVM does. */
        EMPTY_FILE,
        /** Neither raw nor indexed magic, and not text ({@code unrecognized_format}). */
        UNRECOGNIZED_FORMAT,
        /** The magic number is wrong or cut short ({@code bad_magic}). */
        BAD_MAGIC,
        /** A header field or section bound is impossible ({@code bad_header}). */
        CORRUPT_HEADER,
        /**
         * A format version this reader does not read ({@code unsupported_version}, and
         * {@code raw_profile_version_mismatch} for raw files), or an unknown MemProf section version.
         */
        UNSUPPORTED_VERSION,
        /** An indexed profile with a hash other than MD5 ({@code unsupported_hash_type}). */
        UNSUPPORTED_HASH_TYPE,
        /**
         * The data ends too early ({@code truncated}; also a text profile that ends inside a record,
         * LLVM's {@code eof}, and a gzip or zstd stream that ends early).
         */
        TRUNCATED,
        /**
         * The file shrank while it was read (another process truncated or rewrote it; ours). Not a
         * fault of its contents, but nothing read from it since can be trusted, so callers stop
         * rather than keep a partial result.
         */
        TRUNCATED_WHILE_READING,
        /** A size field runs past the data ({@code too_large}, "too much profile data"). */
        TOO_LARGE,
        /** Any other structural problem ({@code malformed}), including a damaged gzip or zstd stream. */
        MALFORMED,
        /** A compressed names chunk does not inflate ({@code uncompress_failed}). */
        UNCOMPRESS_FAILED,
        /**
         * zstd data met without a usable zstd-jni (ours; LLVM's counterpart is
         * {@code zlib_unavailable}). Not a damaged file: the same file reads where zstd-jni is present.
         */
        DECOMPRESSOR_UNAVAILABLE,
        /**
         * A compressed input inflates past the decompression-bomb limit (ours). Not necessarily a
         * damaged file: {@code -Djprofdata.maxDecompressionRatio} raises the limit.
         */
        DECOMPRESSION_LIMIT;

        /**
         * The kind of a reason text, for exceptions made without an explicit kind (the
         * three-argument constructors). This is the one place that looks at reason texts: it knows
         * LLVM's fixed texts from {@code spec/robustness.md}'s catalogue and gives
         * {@link #MALFORMED} for anything else. Readers pass their kind explicitly; the reader
         * tests check that this mapping agrees with every kind they raise.
         */
        public static Kind ofReason(String reason) {
            if (reason == null) {
                return MALFORMED;
            }
            if (reason.equals("No such file or directory")) {
                return NOT_FOUND;
            }
            if (dev.jprofdata.format.sample.SampleErrors.isSampleReason(reason)) {
                return dev.jprofdata.format.sample.SampleErrors.kindOf(reason);
            }
            if (reason.startsWith("empty raw profile file")) {
                return EMPTY_FILE;
            }
            if (reason.startsWith("unrecognized instrumentation profile encoding format")) {
                return UNRECOGNIZED_FORMAT;
            }
            if (reason.startsWith("invalid instrumentation profile data (bad magic)")) {
                return BAD_MAGIC;
            }
            if (reason.startsWith("invalid instrumentation profile data (file header is corrupt)")) {
                return CORRUPT_HEADER;
            }
            if (reason.startsWith("unsupported instrumentation profile format version")
                    || reason.startsWith("raw profile version mismatch")) {
                return UNSUPPORTED_VERSION;
            }
            if (reason.startsWith("unsupported instrumentation profile hash type")) {
                return UNSUPPORTED_HASH_TYPE;
            }
            if (reason.startsWith("truncated ") || reason.startsWith("end of File")) {
                return TRUNCATED;
            }
            if (reason.startsWith("file was truncated while being read")) {
                return TRUNCATED_WHILE_READING;
            }
            if (reason.startsWith("too much profile data")) {
                return TOO_LARGE;
            }
            if (reason.startsWith("failed to uncompress data")) {
                return UNCOMPRESS_FAILED;
            }
            if (reason.startsWith("zstd-compressed data needs zstd-jni")) {
                return DECOMPRESSOR_UNAVAILABLE;
            }
            if (reason.startsWith("decompressed ") && reason.contains("decompression bomb")) {
                return DECOMPRESSION_LIMIT;
            }
            return MALFORMED;
        }
    }

    private final String file;
    private final long offset;
    private final Kind kind;
    private final String reason;

    /**
     * A problem of {@code kind} (null counts as {@link Kind#MALFORMED}), described for people by
     * {@code reason}. The message is {@code <file>: <reason> (at byte <offset>)}, without the parts
     * that are null or -1.
     */
    public ProfileFormatException(String file, long offset, Kind kind, String reason) {
        super(compose(file, offset, reason));
        this.file = file;
        this.offset = offset;
        this.kind = kind == null ? Kind.MALFORMED : kind;
        this.reason = reason;
    }

    public ProfileFormatException(String file, long offset, Kind kind, String reason, Throwable cause) {
        this(file, offset, kind, reason);
        initCause(cause);
    }

    /** As the four-argument constructor, with the kind taken from the reason by {@link Kind#ofReason}. */
    public ProfileFormatException(String file, long offset, String reason) {
        this(file, offset, Kind.ofReason(reason), reason);
    }

    /** As the five-argument constructor, with the kind taken from the reason by {@link Kind#ofReason}. */
    public ProfileFormatException(String file, long offset, String reason, Throwable cause) {
        this(file, offset, Kind.ofReason(reason), reason, cause);
    }

    private static String compose(String file, long offset, String reason) {
        StringBuilder sb = new StringBuilder();
        if (file != null) {
            sb.append(file).append(": ");
        }
        sb.append(reason);
        if (offset >= 0) {
            sb.append(" (at byte ").append(offset).append(')');
        }
        return sb.toString();
    }

    public String file() {
        return file;
    }

    public long offset() {
        return offset;
    }

    /** What is wrong, for programs to test; never null. */
    public Kind kind() {
        return kind;
    }

    /** The problem without file name or offset, for people (LLVM's wording where it has one). */
    public String reason() {
        return reason;
    }

    /** The same problem attributed to another file name (readers are sometimes opened unnamed). */
    public ProfileFormatException withFile(String newFile) {
        ProfileFormatException e = new ProfileFormatException(newFile, offset, kind, reason);
        e.initCause(getCause());
        return e;
    }
}
