package dev.jprofdata.cli;

import dev.jprofdata.merge.DataLoss;
import dev.jprofdata.merge.FailureMode;
import java.io.PrintStream;
import java.util.Locale;

/**
 * {@code merge}'s data-loss report and guards beyond LLVM: {@code --max-dropped-fraction} and
 * {@code --memory-budget} (spec/robustness.md). Every line printed starts with {@code summary: }
 * or {@code error: }, so LLVM's own stderr lines stay unchanged.
 */
final class RobustnessOptions {
    private RobustnessOptions() {
    }

    /** {@code 512M}, {@code 2G}, {@code 65536}; null or absent means no limit (0). */
    static long parseBudget(String text) {
        if (text == null) {
            return 0;
        }
        String t = text.trim().toUpperCase(Locale.ROOT);
        long unit = 1;
        if (t.endsWith("K") || t.endsWith("M") || t.endsWith("G")) {
            unit = switch (t.charAt(t.length() - 1)) {
                case 'K' -> 1L << 10;
                case 'M' -> 1L << 20;
                default -> 1L << 30;
            };
            t = t.substring(0, t.length() - 1);
        }
        try {
            long n = Long.parseLong(t);
            if (n < 0 || n > Long.MAX_VALUE / unit) {
                throw new NumberFormatException();
            }
            return n * unit;
        } catch (NumberFormatException e) {
            throw new CliException("for the --memory-budget option: '" + text + "' value invalid (use <n>[K|M|G])");
        }
    }

    /** The fraction in [0, 1], or -1 when not given (no guard). */
    static double parseFraction(String text) {
        if (text == null) {
            return -1;
        }
        try {
            double f = Double.parseDouble(text.trim());
            if (!(f >= 0 && f <= 1)) {
                throw new NumberFormatException();
            }
            return f;
        } catch (NumberFormatException e) {
            throw new CliException("for the --max-dropped-fraction option: '" + text
                    + "' value invalid (a number from 0 to 1)");
        }
    }

    /**
     * The data-loss summary: under {@code --failure-mode=all|warn} whenever anything was lost,
     * under {@code any} only for what {@code any} lets through (empty inputs, dropped records).
     */
    static void reportDataLoss(PrintStream err, DataLoss loss, FailureMode mode) {
        if (loss.emptyInputs() > 0) {
            err.println("summary: " + loss.emptyInputs() + " of " + loss.inputs()
                    + " inputs were empty (0 bytes) and skipped, as llvm-profdata skips them");
        }
        if (loss.recordlessInputs() > 0) {
            err.println("summary: " + loss.recordlessInputs() + " of " + loss.inputs()
                    + " inputs held no records (header only)");
        }
        if (!loss.anyLoss() || (mode == FailureMode.ANY && loss.recordsDropped() == 0)) {
            return;
        }
        err.println("summary: data loss: " + (loss.inputsLost() + loss.emptyInputs()) + " of " + loss.inputs()
                + " inputs dropped, " + loss.inputsPartial() + " read only in part; " + loss.recordsDropped()
                + " of " + loss.recordsRead() + " records dropped; " + counts(loss));
    }

    /**
     * The dropped counts. A percentage of the counts read says nothing about inputs whose counts
     * were never read (0.00 % when a whole input was lost): then the line says how many they are.
     */
    private static String counts(DataLoss loss) {
        String dropped = Long.toUnsignedString(loss.droppedCount()) + " of " + Long.toUnsignedString(loss.totalCount());
        int unknown = loss.inputsWithUnknownCounts();
        if (unknown == 0) {
            return dropped + " counts dropped (" + DataLoss.percent(loss.droppedCountFraction()) + ")";
        }
        return dropped + " counts read dropped; counts of " + unknown + (unknown == 1 ? " input" : " inputs")
                + " unknown";
    }

    /** False (after saying why) when the guard is set and the loss exceeds it. */
    static boolean withinDroppedFraction(PrintStream err, DataLoss loss, String fractionText) {
        double max = parseFraction(fractionText);
        if (max < 0 || !loss.exceeds(max)) {
            return true;
        }
        err.println("error: merge dropped more than --max-dropped-fraction=" + fractionText.trim() + " of its input: "
                + loss.droppedShares() + "; nothing was written");
        return false;
    }

}
