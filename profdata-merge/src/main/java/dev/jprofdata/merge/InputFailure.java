package dev.jprofdata.merge;

/**
 * An input that could not be read completely.
 *
 * @param file the input as the user named it
 * @param reason the problem, in llvm-profdata's wording where it has one
 * @param offset byte offset of the problem, or -1
 * @param recordsMerged records of this input merged before the problem (they stay merged, as in LLVM)
 * @param wholeInputLost true when nothing of the input was merged
 */
public record InputFailure(String file, String reason, long offset, long recordsMerged, boolean wholeInputLost) {

    /** The reason with the offset appended when known. */
    public String describe() {
        return offset >= 0 ? reason + " (at byte " + offset + ")" : reason;
    }
}
