package dev.jprofdata.cli;

/**
 * A failure the CLI reports as one {@code error: ...} line with exit code 1. The message is
 * printed as given (already in llvm-profdata's wording where one exists).
 */
public final class CliException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final boolean prefixed;

    public CliException(String message) {
        this(message, true);
    }

    /** {@code prefixed=false} prints the message without the {@code error: } prefix. */
    public CliException(String message, boolean prefixed) {
        super(message);
        this.prefixed = prefixed;
    }

    public boolean prefixed() {
        return prefixed;
    }
}
