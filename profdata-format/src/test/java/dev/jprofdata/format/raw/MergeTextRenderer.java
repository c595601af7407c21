package dev.jprofdata.format.raw;

import dev.jprofdata.format.Names;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.TemporalTrace;
import dev.jprofdata.format.TemporalTraces;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Test-only rendering of records in the layout of {@code llvm-profdata merge --text}, just enough
 * to compare against its real output. The project's text writer is elsewhere
 * ({@code dev.jprofdata.format.text}).
 */
final class MergeTextRenderer {
    private MergeTextRenderer() {
    }

    static final String EXTERNAL = "** External Symbol **";

    static String render(MiniMerger merged, boolean keepVtableNames) {
        return render(merged.kind(), merged.traces(), merged.records(),
                keepVtableNames ? merged.vtableNames() : List.of());
    }

    static String render(ProfileKind kind, TemporalTraces traces, List<ProfileRecord> records,
            Collection<String> vtableNames) {
        // The writer resolves value names only against what it writes: record names (+ kept vtable names).
        Map<Long, String> symbols = new HashMap<>();
        records.forEach(r -> symbols.putIfAbsent(Names.md5(r.name()), r.name()));
        vtableNames.forEach(n -> symbols.putIfAbsent(Names.md5(n), n));

        StringBuilder out = new StringBuilder();
        if (records.isEmpty() && traces.traces().isEmpty()) {
            return "";
        }
        if (kind.isContextSensitive()) {
            out.append("# CSIR level Instrumentation Flag\n:csir\n");
        } else if (kind.isIr()) {
            out.append("# IR level Instrumentation Flag\n:ir\n");
        }
        if (kind.has(ProfileKind.ENTRY_FIRST)) {
            out.append("# Always instrument the function entry block\n:entry_first\n");
        }
        if (kind.has(ProfileKind.LOOP_ENTRIES)) {
            out.append("# Always instrument the loop entry blocks\n:instrument_loop_entries\n");
        }
        if (kind.isByteCoverage()) {
            out.append("# Instrument block coverage\n:single_byte_coverage\n");
        }
        if (kind.isTemporal()) {
            out.append(":temporal_prof_traces\n# Num Temporal Profile Traces:\n").append(traces.traces().size())
                    .append("\n# Temporal Profile Trace Stream Size:\n").append(traces.streamSize()).append('\n');
            for (TemporalTrace t : traces.traces()) {
                out.append("# Weight:\n").append(t.weight()).append('\n');
                for (long h : t.functionHashes()) {
                    out.append(symbols.getOrDefault(h, "")).append(',');
                }
                out.append('\n');
            }
            out.append('\n');
        }
        List<ProfileRecord> sorted = new ArrayList<>(records);
        sorted.sort(Comparator.comparing(ProfileRecord::name)
                .thenComparing(ProfileRecord::hash, Long::compareUnsigned));
        for (ProfileRecord r : sorted) {
            renderRecord(out, r, symbols);
        }
        return out.toString();
    }

    private static void renderRecord(StringBuilder out, ProfileRecord r, Map<Long, String> symbols) {
        out.append(r.name()).append("\n# Func Hash:\n").append(Long.toUnsignedString(r.hash()))
                .append("\n# Num Counters:\n").append(r.counts().length).append("\n# Counter Values:\n");
        for (long c : r.counts()) {
            out.append(Long.toUnsignedString(c)).append('\n');
        }
        if (r.bitmap().length > 0) {
            out.append("# Num Bitmap Bytes:\n$").append(r.bitmap().length).append("\n# Bitmap Byte Values:\n");
            for (byte b : r.bitmap()) {
                out.append("0x").append(Integer.toHexString(b & 0xFF)).append('\n');
            }
            out.append('\n');
        }
        int kinds = 0;
        for (ValueKind k : ValueKind.values()) {
            kinds += r.numSites(k) > 0 ? 1 : 0;
        }
        if (kinds > 0) {
            out.append("# Num Value Kinds:\n").append(kinds).append('\n');
            for (ValueKind k : ValueKind.values()) {
                if (r.numSites(k) == 0) {
                    continue;
                }
                out.append("# ValueKind = ").append(k.llvmName()).append(":\n").append(k.number())
                        .append("\n# NumValueSites:\n").append(r.numSites(k)).append('\n');
                for (ValueSite s : r.sites(k)) {
                    out.append(s.size()).append('\n');
                    for (int i = 0; i < s.size(); i++) {
                        String value = k.holdsNameHashes()
                                ? symbols.getOrDefault(s.value(i), EXTERNAL)
                                : Long.toUnsignedString(s.value(i));
                        out.append(value).append(':').append(Long.toUnsignedString(s.count(i))).append('\n');
                    }
                }
            }
        }
        out.append('\n');
    }
}
