package dev.jprofdata.spark;

/** A Spark merge that cannot go on: a bad option, an input that cannot be listed, an output that cannot be written. */
public final class SparkMergeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SparkMergeException(String message) {
        super(message);
    }

    public SparkMergeException(String message, Throwable cause) {
        super(message, cause);
    }
}
