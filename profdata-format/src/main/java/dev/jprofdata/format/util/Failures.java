package dev.jprofdata.format.util;

import java.io.IOException;

/** Failures caught on one thread and raised again on another. */
public final class Failures {
    private Failures() {
    }

    /**
     * Throws {@code failure} as it is when it is an {@link IOException}, an unchecked exception or
     * an error; returns any other (checked) one wrapped in an {@link IOException}, for the caller to
     * throw: {@code throw Failures.propagate(cause);}.
     */
    public static IOException propagate(Throwable failure) throws IOException {
        if (failure instanceof IOException e) {
            throw e;
        }
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        return new IOException(failure);
    }
}
