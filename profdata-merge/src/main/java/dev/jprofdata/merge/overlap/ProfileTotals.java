package dev.jprofdata.merge.overlap;

import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.ProfileRecord;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A profile's totals as {@code llvm-profdata overlap} counts them (LLVM's
 * {@code OverlapStats::accumulateCounts}): every record's counter sum and value count sums, and
 * the number of records; in IR profiles only the records whose context sensitivity is the one
 * compared. Counted in a pass of their own, or on the way by a pass that reads every record once
 * anyway (the base's load, {@link BaseProfile#readAsMerged}).
 */
final class ProfileTotals {
    private final boolean contextSensitive;
    private final MutableSums sums = new MutableSums();
    private boolean ir;

    ProfileTotals(boolean contextSensitive) {
        this.contextSensitive = contextSensitive;
    }

    /** The totals of the profile at {@code path}, read to its end; any read failure propagates. */
    static CountSums read(Path path, String name, boolean contextSensitive) throws IOException {
        ProfileTotals totals = new ProfileTotals(contextSensitive);
        try (ProfileReader reader = ProfileReaders.open(path, name)) {
            totals.readingFrom(reader);
            ProfileRecord r;
            while ((r = reader.next()) != null) {
                totals.add(r);
            }
        }
        return totals.result();
    }

    /** Tells the totals which profile the records come from (whether it is an IR profile). */
    void readingFrom(ProfileReader reader) {
        ir = reader.kind().isIr();
    }

    void add(ProfileRecord r) {
        if (ir && r.isContextSensitive() != contextSensitive) {
            return;
        }
        sums.addRecord(r);
        sums.entries++;
    }

    CountSums result() {
        return sums.toRecord();
    }
}
