package dev.jprofdata.merge.sample;

import dev.jprofdata.format.sample.MergeStatus;

/**
 * A function of one input that did not merge cleanly (llvm-profdata prints
 * {@code FILE: <context>: <message>}, once per function, for the first problem met).
 *
 * @param file the input, as the user named it
 * @param context the function's context string
 * @param status what went wrong ({@link MergeStatus#HASH_MISMATCH} or
 *     {@link MergeStatus#COUNTER_OVERFLOW})
 * @param droppedCount weighted total samples of the parts not merged (checksum mismatches; 0 for
 *     an overflow, whose counts are merged up to 2^64-1)
 */
public record FunctionProblem(String file, String context, MergeStatus status, long droppedCount) {

    /** The line llvm-profdata prints for it. */
    public String message() {
        return file + ": " + context + ": " + status.message();
    }
}
