package dev.jprofdata.format.indexed;

import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.SymbolTable;
import dev.jprofdata.format.TemporalTrace;
import dev.jprofdata.format.TemporalTraces;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Test-only rendering of one input's records in the text format that
 * {@code llvm-profdata merge --text INPUT} produces, so that what the reader returns can be
 * compared with real LLVM output. It applies what merging one input does: records sorted by
 * name and hash, value sites stably sorted by count (descending) and cut to 255, names of value
 * targets and trace entries looked up among the record names only.
 */
final class MergeTextFormatter {
    private MergeTextFormatter() {
    }

    static String format(ProfileReader reader) throws IOException {
        List<ProfileRecord> records = new ArrayList<>();
        for (ProfileRecord r; (r = reader.next()) != null;) {
            records.add(r);
        }
        records.sort(Comparator.comparing(ProfileRecord::name)
                .thenComparing(ProfileRecord::hash, Long::compareUnsigned));
        SymbolTable names = new SymbolTable();
        records.forEach(r -> names.add(r.name()));

        StringBuilder sb = new StringBuilder();
        ProfileKind kind = reader.kind();
        if (kind.isContextSensitive()) {
            sb.append("# CSIR level Instrumentation Flag\n:csir\n");
        } else if (kind.isIr()) {
            sb.append("# IR level Instrumentation Flag\n:ir\n");
        }
        if (kind.has(ProfileKind.ENTRY_FIRST)) {
            sb.append("# Always instrument the function entry block\n:entry_first\n");
        }
        if (kind.has(ProfileKind.LOOP_ENTRIES)) {
            sb.append("# Always instrument the loop entry blocks\n:instrument_loop_entries\n");
        }
        if (kind.isByteCoverage()) {
            sb.append("# Instrument block coverage\n:single_byte_coverage\n");
        }
        if (kind.isTemporal()) {
            TemporalTraces t = reader.temporalTraces(1);
            sb.append(":temporal_prof_traces\n# Num Temporal Profile Traces:\n").append(t.traces().size())
                    .append("\n# Temporal Profile Trace Stream Size:\n").append(t.streamSize()).append('\n');
            for (TemporalTrace trace : t.traces()) {
                sb.append("# Weight:\n").append(Long.toUnsignedString(trace.weight())).append('\n');
                for (long h : trace.functionHashes()) {
                    String n = names.nameOf(h);
                    sb.append(n == null ? "" : n).append(',');
                }
                sb.append('\n');
            }
            sb.append('\n');
        }
        for (ProfileRecord r : records) {
            record(sb, r, names);
        }
        return sb.toString();
    }

    private static void record(StringBuilder sb, ProfileRecord r, SymbolTable names) {
        sb.append(r.name()).append("\n# Func Hash:\n").append(Long.toUnsignedString(r.hash()))
                .append("\n# Num Counters:\n").append(r.counts().length).append("\n# Counter Values:\n");
        for (long c : r.counts()) {
            sb.append(Long.toUnsignedString(c)).append('\n');
        }
        if (r.bitmap().length > 0) {
            sb.append("# Num Bitmap Bytes:\n$").append(r.bitmap().length).append("\n# Bitmap Byte Values:\n");
            for (byte b : r.bitmap()) {
                sb.append("0x").append(Integer.toHexString(b & 0xFF)).append('\n');
            }
            sb.append('\n');
        }
        int kinds = 0;
        for (ValueKind k : ValueKind.values()) {
            if (r.numSites(k) > 0) {
                kinds++;
            }
        }
        if (kinds == 0) {
            sb.append('\n');
            return;
        }
        sb.append("# Num Value Kinds:\n").append(kinds).append('\n');
        for (ValueKind k : ValueKind.values()) {
            ValueSite[] sites = r.sites(k);
            if (sites.length == 0) {
                continue;
            }
            sb.append("# ValueKind = ").append(k.llvmName()).append(":\n").append(k.number())
                    .append("\n# NumValueSites:\n").append(sites.length).append('\n');
            for (ValueSite site : sites) {
                Integer[] idx = new Integer[site.size()];
                Arrays.setAll(idx, i -> i);
                Arrays.sort(idx, (a, b) -> Long.compareUnsigned(site.count(b), site.count(a)));
                int n = Math.min(idx.length, 255);
                sb.append(n).append('\n');
                for (int i = 0; i < n; i++) {
                    long v = site.value(idx[i]);
                    String target;
                    if (k.holdsNameHashes()) {
                        String name = names.nameOf(v);
                        target = name == null ? "** External Symbol **" : name;
                    } else {
                        target = Long.toUnsignedString(v);
                    }
                    sb.append(target).append(':').append(Long.toUnsignedString(site.count(idx[i]))).append('\n');
                }
            }
        }
        sb.append('\n');
    }
}
