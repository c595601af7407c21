package dev.jprofdata.format.fuzz;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;

/**
 * What every reader fuzz target does with a reader: touch everything a caller can ask for, so a
 * malformed input has every chance to misbehave. The one acceptable failure is a
 * {@link ProfileFormatException} whose message is one line; anything else escapes to the fuzzer
 * as a finding.
 */
public final class FuzzDrain {
    private FuzzDrain() {
    }

    /**
     * Fails (throws) when the exception is not a clean one-line error. The one exception is LLVM's
     * own multi-line raw version-mismatch text ("...\nPLEASE update this tool..."), kept verbatim.
     */
    public static void checkClean(ProfileFormatException e) {
        String m = e.getMessage();
        boolean llvmTwoLine = e.reason() != null && e.reason().startsWith("raw profile version mismatch: ")
                && e.reason().contains("\nPLEASE update this tool to version in the raw profile");
        // Help we add to LLVM's first line goes on further lines that start with "summary: ".
        boolean summaryLines = m != null && m.lines().skip(1).allMatch(l -> l.startsWith("summary: "));
        if (m == null || m.isEmpty() || (m.indexOf('\n') >= 0 && !llvmTwoLine && !summaryLines) || e.reason() == null) {
            throw new AssertionError("unclean error message: " + m, e);
        }
        // Readers pass their kind explicitly; exceptions made without one take it from the reason
        // (Kind.ofReason). The two must agree, so that either way a caller sees the same kind.
        if (e.kind() != ProfileFormatException.Kind.ofReason(e.reason())) {
            throw new AssertionError("kind " + e.kind() + " but the reason reads as "
                    + ProfileFormatException.Kind.ofReason(e.reason()) + ": " + m, e);
        }
    }

    /** Reads every record and every header-level fact; returns the number of records. */
    public static long drain(ProfileReader reader) throws Exception {
        long records = 0;
        try (reader) {
            reader.kind();
            reader.displayVersion();
            reader.binaryIds();
            reader.vtableNames();
            ProfileRecord r;
            while ((r = reader.next()) != null) {
                records++;
                touch(r);
            }
            reader.symbols();
            reader.temporalTraces(1);
            reader.warnings();
            reader.notices();
        } catch (ProfileFormatException e) {
            checkClean(e);
        }
        return records;
    }

    private static void touch(ProfileRecord r) {
        long sum = r.hash();
        for (long c : r.counts()) {
            sum += c;
        }
        for (ValueKind k : ValueKind.values()) {
            for (ValueSite s : r.sites(k)) {
                sum += s.size();
            }
        }
        if (r.name() == null) {
            throw new AssertionError("record without a name");
        }
        if (sum == 42) {
            // Keeps the loop from being optimised away; no meaning.
            Thread.onSpinWait();
        }
    }
}
