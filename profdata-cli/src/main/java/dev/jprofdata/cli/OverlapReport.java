package dev.jprofdata.cli;

import dev.jprofdata.format.ValueKind;
import dev.jprofdata.merge.overlap.CountSums;
import dev.jprofdata.merge.overlap.FunctionOverlap;
import dev.jprofdata.merge.overlap.ProgramOverlap;

/** The text of {@code overlap}'s function-level and program-level blocks, as llvm-profdata 22 prints them. */
final class OverlapReport {
    private OverlapReport() {
    }

    static String function(FunctionOverlap f) {
        StringBuilder sb = new StringBuilder();
        sb.append("Function level:\n  Function: ").append(f.name())
                .append(" (Hash=").append(Long.toUnsignedString(f.hash())).append(")\n");
        body(sb, "edge counters", f.overlap(), CountSums.ZERO, CountSums.ZERO, f.base(), f.test());
        return sb.toString();
    }

    static String program(String baseName, String testName, ProgramOverlap p) {
        StringBuilder sb = new StringBuilder();
        sb.append("Profile overlap information for base_profile: ").append(baseName)
                .append(" and test_profile: ").append(testName).append("\nProgram level:\n");
        body(sb, "functions", p.overlap(), p.mismatch(), p.unique(), p.base(), p.test());
        return sb.toString();
    }

    /**
     * The lines both levels share. Mismatch and unique lines appear only when there were such
     * functions; a value kind appears when either side has counts of it.
     */
    private static void body(StringBuilder sb, String entryName, CountSums overlap, CountSums mismatch,
            CountSums unique, CountSums base, CountSums test) {
        boolean mismatches = mismatch.entries() != 0;
        boolean uniques = unique.entries() != 0;
        sb.append("  # of ").append(entryName).append(" overlap: ").append(overlap.entries()).append('\n');
        if (mismatches) {
            sb.append("  # of ").append(entryName).append(" mismatch: ").append(mismatch.entries()).append('\n');
        }
        if (uniques) {
            sb.append("  # of ").append(entryName).append(" only in test_profile: ").append(unique.entries()).append('\n');
        }
        sb.append("  Edge profile overlap: ").append(percent(overlap.edges())).append('\n');
        if (mismatches) {
            sb.append("  Mismatched count percentage (Edge): ").append(percent(mismatch.edges())).append('\n');
        }
        if (uniques) {
            sb.append("  Percentage of Edge profile only in test_profile: ").append(percent(unique.edges())).append('\n');
        }
        sb.append("  Edge profile base count sum: ").append(CFormat.fixed(base.edges(), 0)).append('\n');
        sb.append("  Edge profile test count sum: ").append(CFormat.fixed(test.edges(), 0)).append('\n');
        for (ValueKind kind : ValueKind.values()) {
            if (base.value(kind) < 1.0 && test.value(kind) < 1.0) {
                continue;
            }
            String label = kind.overlapLabel();
            sb.append("  ").append(label).append(" profile overlap: ").append(percent(overlap.value(kind))).append('\n');
            if (mismatches) {
                sb.append("  Mismatched count percentage (").append(label).append("): ")
                        .append(percent(mismatch.value(kind))).append('\n');
            }
            if (uniques) {
                sb.append("  Percentage of ").append(label).append(" profile only in test_profile: ")
                        .append(percent(unique.value(kind))).append('\n');
            }
            sb.append("  ").append(label).append(" profile base count sum: ")
                    .append(CFormat.fixed(base.value(kind), 0)).append('\n');
            sb.append("  ").append(label).append(" profile test count sum: ")
                    .append(CFormat.fixed(test.value(kind), 0)).append('\n');
        }
    }

    private static String percent(double fraction) {
        return CFormat.fixed(fraction * 100, 3) + "%";
    }
}
