package dev.jprofdata.format.sample;

import dev.jprofdata.format.ProfileFormatException.Kind;

/**
 * LLVM's texts for the sample-profile errors ({@code sampleprof_error}) a reader raises, declared
 * once, with the {@link Kind} each one is.
 */
public final class SampleErrors {
    private SampleErrors() {
    }

    public static final String BAD_MAGIC = "Invalid sample profile data (bad magic)";
    public static final String UNSUPPORTED_VERSION = "Unsupported sample profile format version";
    public static final String TOO_LARGE = "Too much profile data";
    public static final String TRUNCATED = "Truncated profile data";
    public static final String MALFORMED = "Malformed sample profile data";
    public static final String UNRECOGNIZED_FORMAT = "Unrecognized sample profile encoding format";
    public static final String TRUNCATED_NAME_TABLE = "Truncated function name table";
    public static final String COUNTER_OVERFLOW = "Counter overflow";
    public static final String UNCOMPRESS_FAILED = "Uncompress failure";
    public static final String ILLEGAL_LINE_OFFSET = "Illegal line offset in sample profile data";
    public static final String NOT_FOUND = "No such file or directory";

    /** The kind of each of LLVM's texts above. */
    public static Kind kindOf(String reason) {
        switch (reason) {
            case BAD_MAGIC:
                return Kind.BAD_MAGIC;
            case UNSUPPORTED_VERSION:
                return Kind.UNSUPPORTED_VERSION;
            case TOO_LARGE:
                return Kind.TOO_LARGE;
            case TRUNCATED:
            case TRUNCATED_NAME_TABLE:
                return Kind.TRUNCATED;
            case UNRECOGNIZED_FORMAT:
                return Kind.UNRECOGNIZED_FORMAT;
            case UNCOMPRESS_FAILED:
                return Kind.UNCOMPRESS_FAILED;
            case NOT_FOUND:
                return Kind.NOT_FOUND;
            default:
                return Kind.MALFORMED;
        }
    }

    /** Whether {@code reason} is one of the texts above (the kind {@link Kind#ofReason} gives it comes from here). */
    public static boolean isSampleReason(String reason) {
        switch (reason) {
            case BAD_MAGIC:
            case UNSUPPORTED_VERSION:
            case TOO_LARGE:
            case TRUNCATED:
            case MALFORMED:
            case UNRECOGNIZED_FORMAT:
            case TRUNCATED_NAME_TABLE:
            case COUNTER_OVERFLOW:
            case UNCOMPRESS_FAILED:
            case ILLEGAL_LINE_OFFSET:
                return true;
            default:
                return false;
        }
    }

    /** {@code reason} (one of the texts above) at byte {@code offset} (-1 for none) of {@code file}. */
    public static SampleProfileException at(String file, long offset, String reason) {
        return new SampleProfileException(file, offset, kindOf(reason), reason);
    }
}
