package dev.jprofdata.merge.overlap;

import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;

/** A {@link CountSums} being accumulated. */
final class MutableSums {

    long entries;
    double edges;
    final double[] values = new double[ValueKind.COUNT];

    /**
     * LLVM's {@code InstrProfRecord::accumulateCounts}: the record's counter sum and per-kind value
     * count sums, each summed as an unsigned 64-bit integer (wrapping) and then added as a double.
     */
    void addRecord(ProfileRecord r) {
        long sum = 0;
        for (long c : r.counts()) {
            sum += c;
        }
        edges += Unsigned.asDouble(sum);
        for (int k = 0; k < ValueKind.COUNT; k++) {
            ValueKind kind = ValueKind.of(k);
            long kindSum = 0;
            for (ValueSite site : r.sites(kind)) {
                kindSum += site.countSum();
            }
            values[k] += Unsigned.asDouble(kindSum);
        }
    }

    /**
     * Adds a test function's share of the test profile (LLVM's {@code addOneMismatch} and
     * {@code addOneUnique}); kinds the test profile has no values of are left alone.
     */
    void addShare(MutableSums function, CountSums testTotal) {
        entries++;
        edges += function.edges / testTotal.edges();
        for (int k = 0; k < ValueKind.COUNT; k++) {
            ValueKind kind = ValueKind.of(k);
            if (testTotal.value(kind) >= 1.0) {
                values[k] += function.values[k] / testTotal.value(kind);
            }
        }
    }

    CountSums toRecord() {
        return new CountSums(entries, edges, values);
    }

    /**
     * Makes these the sums of one record, with its number of counters as the entry count (the
     * overlap walk keeps one of these per side and fills it record after record).
     */
    void setTo(ProfileRecord r) {
        edges = 0;
        java.util.Arrays.fill(values, 0);
        addRecord(r);
        entries = r.counts().length;
    }
}
