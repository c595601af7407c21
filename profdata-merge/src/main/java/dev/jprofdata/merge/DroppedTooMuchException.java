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
    private DroppedTooMuchException(String line, DataLoss dataLoss, String limit) {
        super(line);
        this.dataLoss = dataLoss;
        this.limit = limit;
    }

    /**
     * Refuses {@code loss} when it is more than {@code fraction} (a number from 0 to 1 as given;
     * null: no limit) allows.
     *
     * @throws IllegalArgumentException when {@code fraction} is not a number from 0 to 1
     */
    public static void check(DataLoss loss, String fraction) throws DroppedTooMuchException {
        String line = MergeReportLines.droppedTooMuch(loss, fraction);
        if (line != null) {
            throw new DroppedTooMuchException(line, loss, fraction.trim());
        }
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
