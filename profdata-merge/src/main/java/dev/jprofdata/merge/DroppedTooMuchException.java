package dev.jprofdata.merge;

/**
 * A merge dropped more of its input than {@link OutputRules#maxDroppedFraction} allows (unreadable
 * inputs, counter mismatches, inputs cut short); nothing is written.
 */
public final class DroppedTooMuchException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient DataLoss dataLoss;
    private final String limit;

    /** {@code line}: the command's error line; {@code limit}: the fraction as given. */
    DroppedTooMuchException(String line, DataLoss dataLoss, String limit) {
        super(line);
        this.dataLoss = dataLoss;
        this.limit = limit;
    }

    /** The limit as it was given (trimmed). */
    public String limit() {
        return limit;
    }

    /** What the merge dropped, by kind. */
    public DataLoss dataLoss() {
        return dataLoss;
    }
}
