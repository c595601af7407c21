package dev.jprofdata.format.io;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileFormatException.Kind;
import java.io.IOException;

/**
 * A memory-mapped file that shrinks while it is read (another process truncates or rewrites it in
 * place): the pages past its new end no longer exist, the system sends SIGBUS, and the JVM turns
 * that into an {@link InternalError}. In compiled code the error is raised at the next safepoint
 * after the faulting read, which may be after the reader's method has returned (with whatever the
 * read gave, zeros). So the readers turn the error into a {@link ProfileFormatException} naming
 * the file when it reaches them, and code that reads a whole file reads it inside {@link #guard},
 * which does the same for an error that arrives later; either way nothing read from the file
 * since the fault can be trusted, so callers stop rather than keep a partial result.
 */
public final class MappedFaults {
    private MappedFaults() {
    }

    public static final String TRUNCATED = "file was truncated while being read";

    /** Reading a file, which may meet a mapped file's fault. */
    @FunctionalInterface
    public interface Reading<T> {
        T read() throws IOException;
    }

    /** Runs {@code reading}; a fault in a mapped file becomes {@link #truncated} of {@code file}. */
    public static <T> T guard(String file, Reading<T> reading) throws IOException {
        try {
            return reading.read();
        } catch (InternalError e) {
            throw truncated(file, e);
        }
    }

    /** Whether {@code error} is the JVM's report of a fault in a mapped file. */
    public static boolean isFault(Throwable error) {
        return error instanceof InternalError && error.getMessage() != null
                && error.getMessage().contains("unsafe memory access");
    }

    /** Whether {@code e} reports a file that was truncated while it was read. */
    public static boolean isTruncation(Throwable e) {
        return e instanceof ProfileFormatException p && p.kind() == Kind.TRUNCATED_WHILE_READING;
    }

    /**
     * {@code error} as a {@link ProfileFormatException} naming {@code file}; any other
     * {@link InternalError} is thrown again as it is.
     */
    public static ProfileFormatException truncated(String file, InternalError error) {
        if (!isFault(error)) {
            throw error;
        }
        return new ProfileFormatException(file, -1, Kind.TRUNCATED_WHILE_READING, TRUNCATED, error);
    }
}
