package dev.jprofdata.spark;

import dev.jprofdata.format.indexed.IndexedProfileWriter;
import dev.jprofdata.merge.DataLoss;
import dev.jprofdata.merge.FailureMode;
import dev.jprofdata.merge.InputFailure;
import dev.jprofdata.merge.MergeProblem;
import dev.jprofdata.merge.MergeResult;
import java.io.PrintStream;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
        problems(err, result.problems());
        failures(err, result.failures());
        dataLoss(err, result);
        reportDataLoss(err, result.dataLoss(), mode);
        for (String notice : result.notices()) {
            err.println("summary: " + notice);
        }
        if (args.function() != null || args.noFunction() != null) {
            err.println(result.functionsRemovedByFilter() + " of " + result.functionsBeforeFilter()
                    + " functions in the original profile are filtered.");
        }
        for (String w : result.deviceWarnings()) {
            err.println("warning: " + w);
        }
        if ((args.writePrevVersion() || args.text()) && IndexedProfileWriter.hasUniformity(result.contents())) {
            err.println("warning: GPU block uniformity is dropped: "
                    + (args.text() ? "the text format" : "indexed version 11") + " cannot hold it");
        }
        where(err, failedOn);
        return withinDroppedFraction(err, result.dataLoss(), args.maxDroppedFraction());
    }

    /** The report of a merge the failure mode refused. */
    static void refused(PrintStream err, List<MergeProblem> problems, List<InputFailure> failures, int inputs,
            FailureMode mode, Map<String, String> failedOn) {
        problems(err, problems);
        failures(err, failures);
        err.println("error: no profile can be merged");
        if (mode == FailureMode.ANY && failures.size() < inputs) {
            err.println("summary: " + failures.size() + " of " + inputs
                    + " inputs could not be read (see the warnings above) and --failure-mode=any rejects the"
                    + " merge; nothing was written");
        } else {
            err.println("summary: none of the " + inputs + " inputs could be read; nothing was written");
        }
        where(err, failedOn);
    }

    private static void where(PrintStream err, Map<String, String> failedOn) {
        failedOn.forEach((file, executor) -> err.println("summary: " + file + " was read by " + executor));
    }

    private static void problems(PrintStream err, List<MergeProblem> problems) {
        Set<MergeProblem.Kind> hinted = EnumSet.noneOf(MergeProblem.Kind.class);
        for (MergeProblem p : problems) {
            err.println(p.file() + ": " + p.function() + ": " + p.kind().message());
            if (p.kind().hinted() && hinted.add(p.kind())) {
                err.println("Make sure that all profile data to be merged is generated from the same binary.");
            }
        }
    }

    private static void failures(PrintStream err, List<InputFailure> failures) {
        for (InputFailure f : failures) {
            err.println("warning: " + f.file() + ": " + f.describe());
        }
    }

    private static void dataLoss(PrintStream err, MergeResult result) {
        DataLoss loss = result.dataLoss();
        if (loss.inputsLost() > 0) {
            err.println("summary: " + loss.inputsLost() + " of " + result.inputCount()
                    + " inputs could not be merged; their counts are missing from the output");
        }
        if (loss.inputsCutShort() > 0) {
            err.println("summary: " + loss.inputsCutShort() + " of " + result.inputCount()
                    + " inputs were merged only up to the error; their counts after it are missing from the output");
        }
        if (result.droppedCount() != 0) {
            err.println("summary: " + Long.toUnsignedString(result.droppedCount())
                    + " counts were dropped because of counter mismatches");
        }
    }

    private static void reportDataLoss(PrintStream err, DataLoss loss, FailureMode mode) {
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
        String dropped = Long.toUnsignedString(loss.droppedCount()) + " of " + Long.toUnsignedString(loss.totalCount());
        int unknown = loss.inputsWithUnknownCounts();
        String counts = unknown == 0 ? dropped + " counts dropped (" + DataLoss.percent(loss.droppedCountFraction()) + ")"
                : dropped + " counts read dropped; counts of " + unknown + (unknown == 1 ? " input" : " inputs")
                        + " unknown";
        err.println("summary: data loss: " + (loss.inputsLost() + loss.emptyInputs()) + " of " + loss.inputs()
                + " inputs dropped, " + loss.inputsPartial() + " read only in part; " + loss.recordsDropped()
                + " of " + loss.recordsRead() + " records dropped; " + counts);
    }

    /** {@code --max-dropped-fraction}: false (after saying why) when the loss exceeds it. */
    static boolean withinDroppedFraction(PrintStream err, DataLoss loss, String fractionText) {
        double max = fraction(fractionText);
        if (max < 0 || !loss.exceeds(max)) {
            return true;
        }
        err.println("error: merge dropped more than --max-dropped-fraction=" + fractionText.trim() + " of its input: "
                + loss.droppedShares() + "; nothing was written");
        return false;
    }

    /** The fraction in [0, 1], or -1 when not given. */
    static double fraction(String text) {
        if (text == null) {
            return -1;
        }
        try {
            double f = Double.parseDouble(text.trim());
            if (f >= 0 && f <= 1) {
                return f;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new SparkMergeException("for the --max-dropped-fraction option: '" + text
                + "' value invalid (a number from 0 to 1)");
    }
}
