package dev.jprofdata.merge.sample;

/**
 * An input that could not be read, under a failure mode that stops the merge for it (and always
 * for a malformed text line, which llvm-profdata treats as fatal). The message is
 * {@code FILE: reason} (the text format's {@code FILE:LINE: reason}).
 */
public final class SampleInputException extends SampleMergeException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final String reason;
    private final long offset;

    public SampleInputException(String file, String reason, long offset, Throwable cause) {
        super(file + ": " + reason, cause);
        this.file = file;
        this.reason = reason;
        this.offset = offset;
    }

    /** The input as named (with {@code :LINE} for a text line). */
    public String file() {
        return file;
    }

    public String reason() {
        return reason;
    }

    /** The byte offset of the problem, or -1. */
    public long offset() {
        return offset;
    }
}
