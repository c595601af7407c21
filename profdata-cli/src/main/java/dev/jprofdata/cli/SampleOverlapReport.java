package dev.jprofdata.cli;

import dev.jprofdata.merge.sample.SampleFunctionOverlap;
import dev.jprofdata.merge.sample.SampleOverlapResult;
import java.io.IOException;
import java.io.Writer;

/** The text of {@code overlap --sample}, as llvm-profdata 22 prints it. */
final class SampleOverlapReport {
    /** Where the function-level columns start (after at least one space). */
    private static final int[] COLUMNS = {0, 15, 30, 43, 53, 67, 81, 96, 111};
    private static final String[] TITLES = {"Base weight", "Test weight", "Similarity", "Overlap", "Base unique",
        "Test unique", "Base samples", "Test samples", "Function name"};

    private SampleOverlapReport() {
    }

    /** {@code Sum of sample counts for profile X is 0.} for each empty profile. */
    static void zeroSum(Writer out, String base, String test, SampleOverlapResult.ZeroSum zero) throws IOException {
        if (zero.baseEmpty()) {
            out.write("Sum of sample counts for profile " + base + " is 0.\n");
        }
        if (zero.testEmpty()) {
            out.write("Sum of sample counts for profile " + test + " is 0.\n");
        }
    }

    static void write(Writer out, String base, String test, SampleOverlapResult.Compared r) throws IOException {
        out.write("Profile overlap information for base_profile: " + base + " and test_profile: " + test
                + "\nProgram level:\n");
        out.write("  Whole program profile similarity: " + percent(r.similarity(), 3) + "\n");
        out.write("  Whole program sample overlap: " + percent(r.sampleOverlap(), 3) + "\n");
        out.write("    percentage of samples unique in base profile: " + percent(r.baseUniqueFraction(), 3) + "\n");
        out.write("    percentage of samples unique in test profile: " + percent(r.testUniqueFraction(), 3) + "\n");
        out.write("    total samples in base profile: " + Long.toUnsignedString(r.baseSamples()) + "\n");
        out.write("    total samples in test profile: " + Long.toUnsignedString(r.testSamples()) + "\n");
        out.write("  Function overlap: " + percent(r.functionOverlap(), 3) + "\n");
        out.write("    overlap functions: " + Long.toUnsignedString(r.overlapFunctions()) + "\n");
        out.write("    functions unique in base profile: " + Long.toUnsignedString(r.baseUniqueFunctions()) + "\n");
        out.write("    functions unique in test profile: " + Long.toUnsignedString(r.testUniqueFunctions()) + "\n");
        out.write("  Hot-function overlap: " + percent(r.hotFunctionOverlap(), 3) + "\n");
        out.write("    overlap hot functions: " + Long.toUnsignedString(r.hotOverlapFunctions()) + "\n");
        out.write("    hot functions unique in base profile: "
                + Long.toUnsignedString(r.hotBaseFunctions() - r.hotOverlapFunctions()) + "\n");
        out.write("    hot functions unique in test profile: "
                + Long.toUnsignedString(r.hotTestFunctions() - r.hotOverlapFunctions()) + "\n");
        out.write("  Hot-block overlap: " + percent(r.hotBlockOverlap(), 3) + "\n");
        out.write("    overlap hot blocks: " + Long.toUnsignedString(r.hotOverlapBlocks()) + "\n");
        out.write("    hot blocks unique in base profile: "
                + Long.toUnsignedString(r.hotBaseBlocks() - r.hotOverlapBlocks()) + "\n");
        out.write("    hot blocks unique in test profile: "
                + Long.toUnsignedString(r.hotTestBlocks() - r.hotOverlapBlocks()) + "\n");
        if (r.functions().isEmpty()) {
            return;
        }
        ColumnWriter line = new ColumnWriter(out);
        line.write("Function-level details:\n");
        for (int i = 0; i < TITLES.length; i++) {
            if (i > 0) {
                line.padTo(COLUMNS[i]);
            }
            line.write(TITLES[i]);
        }
        line.write("\n");
        for (SampleFunctionOverlap f : r.functions()) {
            String[] cells = {percent(f.baseWeight(), 2), percent(f.testWeight(), 2), percent(f.similarity(), 2),
                percent(f.overlap(), 2), percent(f.baseUnique(), 2), percent(f.testUnique(), 2),
                Long.toUnsignedString(f.baseSamples()), Long.toUnsignedString(f.testSamples()),
                f.context().toString()};
            for (int i = 0; i < cells.length; i++) {
                if (i > 0) {
                    line.padTo(COLUMNS[i]);
                }
                line.write(cells[i]);
            }
            line.write("\n");
        }
    }

    /**
     * C's {@code %.Nf%%} of {@code fraction * 100}. A 0/0 ratio is the x86 default NaN, whose sign
     * bit is set, which glibc prints {@code -nan}.
     */
    private static String percent(double fraction, int digits) {
        if (Double.isNaN(fraction)) {
            return "-nan%";
        }
        return CFormat.fixed(fraction * 100, digits) + "%";
    }
}
