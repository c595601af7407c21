package dev.jprofdata.format.io;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileFormatException.Kind;

/**
 * A memory-mapped file that shrinks while it is read (another process truncates or rewrites it in
 * place): the pages past its new end no longer exist, the system sends SIGBUS, and the JVM turns
 * that into an {@link InternalError} at the read. Readers turn it into a
 * {@link ProfileFormatException} naming the file, like any other file that cannot be read.
 */
public final class MappedFaults {
    private MappedFaults() {
    }

    public static final String TRUNCATED = "file was truncated while being read";

    /** Whether {@code error} is the JVM's report of a fault in a mapped file. */
    public static boolean isFault(Throwable error) {
        return error instanceof InternalError && error.getMessage() != null
                && error.getMessage().contains("unsafe memory access");
    }

    /**
     * {@code error} as a {@link ProfileFormatException} naming {@code file}; any other
     * {@link InternalError} is thrown again as it is.
     */
    public static ProfileFormatException truncated(String file, InternalError error) {
        if (!isFault(error)) {
            throw error;
        }
        return new ProfileFormatException(file, -1, Kind.TRUNCATED, TRUNCATED, error);
    }
}
