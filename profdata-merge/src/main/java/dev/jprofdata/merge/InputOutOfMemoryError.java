package dev.jprofdata.merge;

/**
 * The Java heap ran out while a merge was reading {@link #file()}: the {@link OutOfMemoryError},
 * with the input named so that the message can say where. It stays an {@code OutOfMemoryError}, so
 * nothing that handles exceptions mistakes it for a bad input.
 */
public final class InputOutOfMemoryError extends OutOfMemoryError {
    private static final long serialVersionUID = 1L;

    private final String file;

    public InputOutOfMemoryError(String file, OutOfMemoryError cause) {
        super("out of memory while reading " + file);
        this.file = file;
        initCause(cause);
    }

    /** The input as the user named it. */
    public String file() {
        return file;
    }
}
