package dev.jprofdata.cli;

import dev.jprofdata.merge.MergeReportLines;
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
        try {
            return MergeReportLines.maxDroppedFraction(text);
        } catch (IllegalArgumentException e) {
            throw new CliException("for the --max-dropped-fraction option: " + e.getMessage());
        }
    }

    /** The library's data-loss summary ({@link MergeReportLines#lossSummary}). */
    static void reportDataLoss(PrintStream err, DataLoss loss, FailureMode mode) {
        MergeReportLines.lossSummary(loss, mode).forEach(err::println);
    }

    /** False (after saying why) when the guard is set and the loss exceeds it. */
    static boolean withinDroppedFraction(PrintStream err, DataLoss loss, String fractionText) {
        parseFraction(fractionText);
        String refusal = MergeReportLines.droppedTooMuch(loss, fractionText);
        if (refusal == null) {
            return true;
        }
        err.println(refusal);
        return false;
    }
}
