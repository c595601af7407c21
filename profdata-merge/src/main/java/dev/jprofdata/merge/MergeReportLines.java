package dev.jprofdata.merge;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.indexed.IndexedProfileWriter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The lines a merge reports on stderr, worded once for every driver (the command, the Spark job):
 * llvm-profdata's own lines for record problems and unreadable inputs, word for word, and
 * jprofdata's {@code summary:} lines on what was lost (spec/robustness.md). Each driver prints them
 * in the order it gets them; the library itself prints nothing.
 */
public final class MergeReportLines {
    private MergeReportLines() {
    }

    /**
     * What a merge that gave a result reports, before the driver's own lines: its problems and
     * failed inputs, how much was lost, the merge's notices, the function filter's count
     * ({@code filtered}: whether a filter was given) and the GPU device warnings.
     */
    public static List<String> of(MergeResult result, FailureMode mode, boolean filtered) {
        List<String> lines = new ArrayList<>();
        problems(lines, result.problems());
        failures(lines, result.failures());
        dataLoss(lines, result);
        lossSummary(lines, result.dataLoss(), mode);
        for (String notice : result.notices()) {
            lines.add("summary: " + notice);
        }
        if (filtered) {
            lines.add(result.functionsRemovedByFilter() + " of " + result.functionsBeforeFilter()
                    + " functions in the original profile are filtered.");
        }
        for (String w : result.deviceWarnings()) {
            lines.add("warning: " + w);
        }
        return lines;
    }

    /** What a merge the failure mode refused reports ({@link NoProfileMergedException}). */
    public static List<String> refused(NoProfileMergedException e, int inputs, FailureMode mode) {
        List<String> lines = new ArrayList<>();
        problems(lines, e.problems());
        failures(lines, e.failures());
        lines.add("error: no profile can be merged");
        if (mode == FailureMode.ANY && e.failures().size() < inputs) {
            lines.add("summary: " + e.failures().size() + " of " + inputs
                    + " inputs could not be read (see the warnings above) and --failure-mode=any rejects the"
                    + " merge; nothing was written");
        } else {
            lines.add("summary: none of the " + inputs + " inputs could be read; nothing was written");
        }
        return lines;
    }

    /**
     * The warning that GPU block uniformity is left out of a text output ({@code text}) or of
     * indexed version 11 ({@code previousVersion}, what {@code --write-prev-version} writes), or
     * null when the output keeps it or {@code contents} has none.
     */
    public static String uniformityDropped(ProfileContents contents, boolean text,
            boolean previousVersion) {
        if (!(previousVersion || text) || !IndexedProfileWriter.hasUniformity(contents)) {
            return null;
        }
        return "warning: GPU block uniformity is dropped: " + (text ? "the text format" : "indexed version 11")
                + " cannot hold it";
    }

    /**
     * The {@code --max-dropped-fraction} guard ({@code fraction} as given, null when not given):
     * null when the loss is within it, else the error line that refuses the merge.
     *
     * @throws IllegalArgumentException when {@code fraction} is not a number from 0 to 1
     */
    public static String droppedTooMuch(DataLoss loss, String fraction) {
        double max = maxDroppedFraction(fraction);
        if (max < 0 || !loss.exceeds(max)) {
            return null;
        }
        return "error: merge dropped more than --max-dropped-fraction=" + fraction.trim() + " of its input: "
                + loss.droppedShares() + "; nothing was written";
    }

    /**
     * {@code --max-dropped-fraction} as a number from 0 to 1, or -1 when not given (null).
     *
     * @throws IllegalArgumentException when it is not a number from 0 to 1
     */
    public static double maxDroppedFraction(String text) {
        if (text == null) {
            return -1;
        }
        try {
            double f = Double.parseDouble(text.trim());
            if (f >= 0 && f <= 1) {
                return f;
            }
        } catch (NumberFormatException e) {
            // worded below
        }
        throw new IllegalArgumentException("'" + text + "' value invalid (a number from 0 to 1)");
    }

    /** Record-level problems, as llvm-profdata prints them (no prefix; a hint after the first of a kind). */
    public static List<String> problems(List<MergeProblem> problems) {
        List<String> lines = new ArrayList<>();
        problems(lines, problems);
        return lines;
    }

    /** The data-loss summary of {@code loss} under {@code mode} ({@link #of} has it too). */
    public static List<String> lossSummary(DataLoss loss, FailureMode mode) {
        List<String> lines = new ArrayList<>();
        lossSummary(lines, loss, mode);
        return lines;
    }

    private static void problems(List<String> lines, List<MergeProblem> problems) {
        Set<MergeProblem.Kind> hinted = EnumSet.noneOf(MergeProblem.Kind.class);
        for (MergeProblem p : problems) {
            lines.add(p.file() + ": " + p.function() + ": " + p.kind().message());
            if (p.kind().hinted() && hinted.add(p.kind())) {
                lines.add("Make sure that all profile data to be merged is generated from the same binary.");
            }
        }
    }

    private static void failures(List<String> lines, List<InputFailure> failures) {
        for (InputFailure f : failures) {
            lines.add("warning: " + f.file() + ": " + f.describe());
        }
    }

    /**
     * Beyond LLVM: how much was lost when inputs failed or records were dropped, so a merge that
     * silently lost most of its data cannot go unnoticed.
     */
    private static void dataLoss(List<String> lines, MergeResult result) {
        DataLoss loss = result.dataLoss();
        if (loss.inputsLost() > 0) {
            lines.add("summary: " + loss.inputsLost() + " of " + result.inputCount()
                    + " inputs could not be merged; their counts are missing from the output");
        }
        if (loss.inputsCutShort() > 0) {
            // Their records before the error stay merged, as in LLVM: only the rest is missing.
            lines.add("summary: " + loss.inputsCutShort() + " of " + result.inputCount()
                    + " inputs were merged only up to the error; their counts after it are missing from the output");
        }
        if (result.droppedCount() != 0) {
            lines.add("summary: " + Long.toUnsignedString(result.droppedCount())
                    + " counts were dropped because of counter mismatches");
        }
    }

    /**
     * The data-loss summary: under {@code --failure-mode=all|warn} whenever anything was lost,
     * under {@code any} only for what {@code any} lets through (empty inputs, dropped records).
     */
    private static void lossSummary(List<String> lines, DataLoss loss, FailureMode mode) {
        if (loss.emptyInputs() > 0) {
            lines.add("summary: " + loss.emptyInputs() + " of " + loss.inputs()
                    + " inputs were empty (0 bytes) and skipped, as llvm-profdata skips them");
        }
        if (loss.recordlessInputs() > 0) {
            lines.add("summary: " + loss.recordlessInputs() + " of " + loss.inputs()
                    + " inputs held no records (header only)");
        }
        if (!loss.anyLoss() || (mode == FailureMode.ANY && loss.recordsDropped() == 0)) {
            return;
        }
        lines.add("summary: data loss: " + (loss.inputsLost() + loss.emptyInputs()) + " of " + loss.inputs()
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
}
