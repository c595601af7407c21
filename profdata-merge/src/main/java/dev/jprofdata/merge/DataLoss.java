package dev.jprofdata.merge;

/**
 * How much of the inputs did not make it into a merge, for {@code --failure-mode=all|warn}
 * reporting and the {@code --max-dropped-fraction} guard (spec/robustness.md defines every field).
 * Count sums are weighted ({@code weight * counter}, each counter capped as merging caps it) and
 * saturate at 2^64-1; pseudo-count records contribute nothing.
 *
 * @param inputs inputs given
 * @param inputsLost inputs of which nothing was read (unreadable, wrong kind, failed before the
 *     first record); their counts are unknown
 * @param inputsPartial inputs that failed or warned after some records were read
 * @param emptyInputs 0-byte inputs, skipped as LLVM skips them
 * @param recordlessInputs inputs that read cleanly but held no records (for example a header-only
 *     file); not a loss in itself, but worth saying
 * @param recordsRead records read from all inputs
 * @param recordsDropped records read but not merged (counter mismatches)
 * @param countsRead the sum of every count read from every input
 * @param countsDroppedByMismatch counts read but not merged because of counter mismatches
 * @param countsReadFromFailedInputs counts of the records read from inputs that then failed or
 *     warned; they are merged (as LLVM does), but their input is incomplete
 * @param inputsCutShort inputs whose reading stopped at an error after some records (a part of
 *     {@code inputsPartial}; the rest of it warned after a complete read): their counts up to the
 *     error are in the output, those after it are unknown
 * @param memProfInputs indexed inputs with a MemProf section, which is neither read nor written:
 *     their instrumentation records merge, their heap profile is left out
 */
public record DataLoss(
        int inputs,
        int inputsLost,
        int inputsPartial,
        int emptyInputs,
        int recordlessInputs,
        long recordsRead,
        long recordsDropped,
        long countsRead,
        long countsDroppedByMismatch,
        long countsReadFromFailedInputs,
        int inputsCutShort,
        int memProfInputs) {

    /** Nothing known (results built without accounting). */
    public static final DataLoss NONE = new DataLoss(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** The accounting of a merge that saw no MemProf section and cut no input short. */
    public DataLoss(int inputs, int inputsLost, int inputsPartial, int emptyInputs, int recordlessInputs,
            long recordsRead, long recordsDropped, long countsRead, long countsDroppedByMismatch,
            long countsReadFromFailedInputs) {
        this(inputs, inputsLost, inputsPartial, emptyInputs, recordlessInputs, recordsRead, recordsDropped,
                countsRead, countsDroppedByMismatch, countsReadFromFailedInputs, 0, 0);
    }

    /**
     * Inputs some of whose counts were never read: lost entirely, empty (a 0-byte raw file is
     * usually a run that crashed before writing), or cut short by an error. Their counts cannot be
     * part of any count fraction, so a fraction alone would understate the loss.
     */
    public int inputsWithUnknownCounts() {
        return inputsLost + emptyInputs + inputsCutShort;
    }

    /**
     * The inputs' total count: counts merged from inputs that read cleanly, plus counts dropped by
     * mismatches, plus counts of records read from inputs that then failed; since every read count
     * is in exactly one of the first two, this is {@link #countsRead}.
     */
    public long totalCount() {
        return countsRead;
    }

    /** Counts treated as dropped: mismatches plus everything read from inputs that failed. */
    public long droppedCount() {
        long d = countsDroppedByMismatch + countsReadFromFailedInputs;
        boolean overflow = Long.compareUnsigned(d, countsDroppedByMismatch) < 0;
        return overflow || Long.compareUnsigned(d, countsRead) > 0 ? countsRead : d;
    }

    /** {@link #droppedCount} over {@link #totalCount}; 0 when nothing was read. */
    public double droppedCountFraction() {
        return countsRead == 0 ? 0 : unsigned(droppedCount()) / unsigned(countsRead);
    }

    /**
     * Inputs lost entirely or empty (0 bytes) over inputs given: their counts cannot be known;
     * 0 without inputs.
     */
    public double lostInputFraction() {
        return inputs == 0 ? 0 : (double) (inputsLost + emptyInputs) / inputs;
    }

    /**
     * Whether more than {@code maxFraction} was dropped: by count, or, because the counts of an
     * input that could not be read at all are unknown, by the share of inputs lost entirely.
     */
    public boolean exceeds(double maxFraction) {
        return droppedCountFraction() > maxFraction || lostInputFraction() > maxFraction;
    }

    /**
     * What was dropped, in words, for a merge refused by a limit on the dropped fraction:
     * {@code "4.81% of the counts read, 0.00% of the inputs lost entirely"}. The command line and
     * the Maven plugin both say it.
     */
    public String droppedShares() {
        return percent(droppedCountFraction()) + " of the counts read, " + percent(lostInputFraction())
                + " of the inputs lost entirely";
    }

    /** {@code f} as a percentage with two decimals: {@code 0.0481} is {@code "4.81%"}. */
    public static String percent(double f) {
        return String.format(java.util.Locale.ROOT, "%.2f%%", 100 * f);
    }

    public boolean anyLoss() {
        return inputsLost > 0 || inputsPartial > 0 || emptyInputs > 0 || recordsDropped > 0
                || countsDroppedByMismatch != 0;
    }

    private static double unsigned(long v) {
        return v >= 0 ? v : (double) (v >>> 1) * 2.0;
    }
}
