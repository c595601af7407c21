package dev.jprofdata.merge.sample;

/**
 * A sample-profile merge that cannot go on, with llvm-profdata's message: inputs that cannot be
 * merged into one profile (probe-based with line-based ones, context-sensitive with plain ones),
 * an unreadable input under {@code --failure-mode=any}, or an impossible option value.
 */
public class SampleMergeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SampleMergeException(String message) {
        super(message);
    }

    public SampleMergeException(String message, Throwable cause) {
        super(message, cause);
    }
}
