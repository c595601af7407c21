package dev.jprofdata.merge.sample;

/** Two sample profiles that {@code overlap} cannot compare, or a hot cutoff the summaries lack. */
public final class SampleOverlapException extends Exception {
    private static final long serialVersionUID = 1L;

    public SampleOverlapException(String message) {
        super(message);
    }
}
