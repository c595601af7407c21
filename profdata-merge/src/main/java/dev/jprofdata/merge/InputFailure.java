package dev.jprofdata.merge;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileReader;

/**
 * An input that could not be read completely, or whose data llvm-profdata would not trust.
 *
 * @param file the input as the user named it
 * @param reason the problem, in llvm-profdata's wording where it has one (for people; test
 *     {@link #kind()} and {@link #formatKind()} instead of matching it)
 * @param offset byte offset of the problem, or -1
 * @param recordsMerged records of this input merged before the problem (they stay merged, as in LLVM)
 * @param wholeInputLost true when nothing of the input was merged
 * @param kind what kind of failure this is
 * @param formatKind for {@link Kind#UNREADABLE}, what {@link ProfileFormatException#kind()} said
 *     was wrong; null for the other kinds
 */
public record InputFailure(String file, String reason, long offset, long recordsMerged, boolean wholeInputLost,
        Kind kind, ProfileFormatException.Kind formatKind) {

    /** Why an input failed. */
    public enum Kind {
        /** The input is not a readable profile, or is damaged part-way; {@code formatKind()} says how. */
        UNREADABLE,
        /** The file system failed while the input was read (permissions, an I/O error). */
        IO_ERROR,
        /** Its profile kind cannot be merged with the inputs accepted before it (IR with front-end, ...). */
        INCOMPATIBLE_KIND,
        /**
         * Every record was read and merged, but the reader found the data suspect (a counter above
         * 2^56, LLVM's {@code counter_value_too_large}); llvm-profdata counts such an input as failed,
         * and so do we. {@link ProfileReader#warnings()} gives the reason.
         */
        SUSPECT_DATA
    }

    public InputFailure {
        if (kind == null) {
            kind = Kind.UNREADABLE;
        }
        if (kind == Kind.UNREADABLE && formatKind == null) {
            formatKind = ProfileFormatException.Kind.ofReason(reason);
        }
    }

    /**
     * A failure of kind {@link Kind#UNREADABLE}, its format kind taken from the reason by
     * {@link ProfileFormatException.Kind#ofReason} (kept for code written before failures had kinds).
     */
    public InputFailure(String file, String reason, long offset, long recordsMerged, boolean wholeInputLost) {
        this(file, reason, offset, recordsMerged, wholeInputLost, Kind.UNREADABLE, null);
    }

    /** The input could not be read as a profile after {@code recordsMerged} records. */
    static InputFailure unreadable(String file, ProfileFormatException e, long recordsMerged) {
        return new InputFailure(file, e.reason(), e.offset(), recordsMerged, recordsMerged == 0, Kind.UNREADABLE,
                e.kind());
    }

    /** The file system failed after {@code recordsMerged} records. */
    static InputFailure ioError(String file, String message, long recordsMerged) {
        return new InputFailure(file, message, -1, recordsMerged, recordsMerged == 0, Kind.IO_ERROR, null);
    }

    /** The reason with the offset appended when known. */
    public String describe() {
        return offset >= 0 ? reason + " (at byte " + offset + ")" : reason;
    }
}
