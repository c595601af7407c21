package dev.jprofdata.format.sample;

/**
 * The outcome of merging one function's samples into another, in LLVM's words
 * ({@code sampleprof_error}): the first problem met is kept, and merging goes on where it can.
 */
public enum MergeStatus {
    SUCCESS("Success"),
    /** Pseudo-probe checksums differ; the function (or inlinee) was not merged. */
    HASH_MISMATCH("Function hash mismatch"),
    /** A count stopped at 2^64-1. */
    COUNTER_OVERFLOW("Counter overflow");

    private final String message;

    MergeStatus(String message) {
        this.message = message;
    }

    /** LLVM's text for this outcome. */
    public String message() {
        return message;
    }

    /** This status unless it is success, else {@code next}: the first problem wins. */
    public MergeStatus then(MergeStatus next) {
        return this == SUCCESS ? next : this;
    }
}
