package dev.jprofdata.cli;

import dev.jprofdata.format.summary.ProfileSummary;
import dev.jprofdata.format.summary.SummaryEntry;
import java.io.IOException;
import java.io.Writer;

/** The detailed-summary lines {@code show} prints, with LLVM's single-precision percentages. */
final class DetailedSummaryText {
    private DetailedSummaryText() {
    }

    /** What {@code show --sample --detailed-summary} prints: the totals, then the cutoff lines. */
    static void printSample(Writer out, ProfileSummary s) throws IOException {
        out.write("Total functions: " + Long.toUnsignedString(s.numFunctions()) + "\n");
        out.write("Maximum function count: " + Long.toUnsignedString(s.maxFunctionCount()) + "\n");
        out.write("Maximum internal block count: " + Long.toUnsignedString(s.maxInternalCount()) + "\n");
        out.write("Total number of blocks: " + Long.toUnsignedString(s.numCounts()) + "\n");
        out.write("Total count: " + Long.toUnsignedString(s.totalCount()) + "\n");
        printEntries(out, s);
    }

    /** {@code Detailed summary:} and one line per cutoff. */
    static void printEntries(Writer out, ProfileSummary s) throws IOException {
        out.write("Detailed summary:\n");
        float total = CFormat.unsignedToFloat(s.numCounts());
        for (SummaryEntry e : s.entries()) {
            // Float arithmetic as in LLVM (100.f * ...), widened to double for printf.
            float blocks = s.numCounts() != 0 ? 100f * CFormat.unsignedToFloat(e.numCounts()) / total : 0f;
            float cutoff = 100f * e.cutoff() / 1000000f;
            out.write(e.numCounts() + " blocks (" + CFormat.fixed(blocks, 2) + "%) with count >= "
                    + Long.toUnsignedString(e.minCount()) + " account for " + CFormat.general(cutoff, 6)
                    + "% of the total counts.\n");
        }
    }
}
