package dev.jprofdata.spark;

import dev.jprofdata.merge.FailureMode;
import dev.jprofdata.merge.MergeReportLines;
import dev.jprofdata.merge.MergeResult;
import dev.jprofdata.merge.NoProfileMergedException;
import java.io.PrintStream;
import java.util.Map;

/**
 * What the Spark merge prints on stderr: the lines {@code jprofdata merge} prints for the same
 * merge (llvm-profdata's problem and warning lines, jprofdata's {@code summary:} lines), and then,
 * for each input that failed, the executor and host that read it.
 */
final class SparkMergeReport {
    private SparkMergeReport() {
    }

    /** The report of a merge that gave a result; false when {@code --max-dropped-fraction} refuses it. */
    static boolean result(PrintStream err, MergeResult result, SparkMergeArgs args, Map<String, String> failedOn) {
        FailureMode mode = MergeOptionsOf.failureMode(args.failureMode());
        MergeReportLines.of(result, mode, args.function() != null || args.noFunction() != null).forEach(err::println);
        String uniformity = MergeReportLines.uniformityDropped(result.contents(), args.text(), args.writePrevVersion());
        if (uniformity != null) {
            err.println(uniformity);
        }
        where(err, failedOn);
        String refusal = MergeReportLines.droppedTooMuch(result.dataLoss(), args.maxDroppedFraction());
        if (refusal != null) {
            err.println(refusal);
            return false;
        }
        return true;
    }

    /** The report of a merge the failure mode refused. */
    static void refused(PrintStream err, NoProfileMergedException refused, int inputs, FailureMode mode,
            Map<String, String> failedOn) {
        MergeReportLines.refused(refused, inputs, mode).forEach(err::println);
        where(err, failedOn);
    }

    private static void where(PrintStream err, Map<String, String> failedOn) {
        failedOn.forEach((file, executor) -> err.println("summary: " + file + " was read by " + executor));
    }

    /** {@code --max-dropped-fraction} checked before anything is read. */
    static void checkFraction(String text) {
        try {
            MergeReportLines.maxDroppedFraction(text);
        } catch (IllegalArgumentException e) {
            throw new SparkMergeException("for the --max-dropped-fraction option: " + e.getMessage());
        }
    }
}
