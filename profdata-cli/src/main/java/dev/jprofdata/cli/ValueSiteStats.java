package dev.jprofdata.cli;

import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.SymbolTable;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;
import java.io.IOException;
import java.io.Writer;
import java.util.Arrays;

/**
 * One value kind's part of {@code show}: the per-site value lines of each shown function, and the
 * statistics over all of them printed after the summary.
 */
final class ValueSiteStats {
    private final ValueKind kind;
    private long sites;
    private long sitesWithValues;
    private long values;
    /** histogram[k - 1] = number of sites with exactly k values. */
    private long[] histogram = new long[0];

    ValueSiteStats(ValueKind kind) {
        this.kind = kind;
    }

    /**
     * Prints one line per value of every site of {@code record}, and counts them. Targets of
     * name-hash kinds are looked up in {@code symbols} (unknown ones print as nothing, as in
     * llvm-profdata); sizes print as numbers.
     */
    void printSites(ProfileRecord record, SymbolTable symbols, Writer out) throws IOException {
        ValueSite[] all = record.sites(kind);
        sites += all.length;
        for (int s = 0; s < all.length; s++) {
            ValueSite site = all[s];
            int n = site.size();
            if (n == 0) {
                continue;
            }
            values += n;
            sitesWithValues++;
            if (n > histogram.length) {
                histogram = Arrays.copyOf(histogram, n);
            }
            histogram[n - 1]++;
            long siteSum = site.countSum();
            double divisor = CFormat.unsignedToDouble(siteSum == 0 ? 1 : siteSum);
            for (int v = 0; v < n; v++) {
                long count = site.count(v);
                out.write("\t[ " + CFormat.unsignedDecimal(s, 2) + ", " + target(site.value(v), symbols) + ", "
                        + CFormat.signedDecimal(count, 10) + " ] ("
                        + CFormat.fixed(CFormat.unsignedToDouble(count) * 100.0 / divisor, 2) + "%)\n");
            }
        }
    }

    private String target(long value, SymbolTable symbols) {
        if (!kind.holdsNameHashes()) {
            return CFormat.unsignedDecimal(value, 4);
        }
        String name = symbols.nameOf(value);
        return name == null ? "" : name;
    }

    /** The statistics block (its title line is printed by the caller). */
    void printStatistics(Writer out) throws IOException {
        out.write("  Total number of sites: " + sites + "\n");
        out.write("  Total number of sites with values: " + sitesWithValues + "\n");
        out.write("  Total number of profiled values: " + values + "\n");
        out.write("  Value sites histogram:\n\tNumTargets, SiteCount\n");
        for (int i = 0; i < histogram.length; i++) {
            if (histogram[i] > 0) {
                out.write("\t" + (i + 1) + ", " + histogram[i] + "\n");
            }
        }
    }
}
