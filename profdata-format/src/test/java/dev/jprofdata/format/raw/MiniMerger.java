package dev.jprofdata.format.raw;

import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.TemporalTrace;
import dev.jprofdata.format.TemporalTraces;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Test-only model of what {@code llvm-profdata merge} does to raw inputs before writing text, just
 * enough to compare our records with its output: records keyed by (name, hash), counters summed,
 * bitmaps OR-ed, value lists merged by value, every site then stable-sorted by count descending;
 * one temporal trace per input. Not the project's merge engine (that lives in profdata-merge).
 */
final class MiniMerger {
    private ProfileKind kind;
    private final Map<String, ProfileRecord> records = new LinkedHashMap<>();
    private final List<TemporalTrace> traces = new ArrayList<>();
    private long streamSize;
    private final Set<String> vtableNames = new LinkedHashSet<>();

    MiniMerger add(ProfileReader reader) throws IOException {
        ProfileKind k = reader.kind();
        kind = kind == null ? k : kind.union(k);
        for (ProfileRecord r : RawResources.readAll(reader)) {
            String key = r.name() + "\u0000" + Long.toUnsignedString(r.hash());
            ProfileRecord old = records.get(key);
            records.put(key, old == null ? sortSites(r) : merge(old, r));
        }
        TemporalTraces t = reader.temporalTraces(1);
        traces.addAll(t.traces());
        streamSize += t.streamSize();
        vtableNames.addAll(reader.vtableNames());
        return this;
    }

    ProfileKind kind() {
        return kind;
    }

    List<ProfileRecord> records() {
        return new ArrayList<>(records.values());
    }

    TemporalTraces traces() {
        return new TemporalTraces(traces, streamSize);
    }

    Set<String> vtableNames() {
        return vtableNames;
    }

    private static ProfileRecord sortSites(ProfileRecord r) {
        ValueSite[][] sites = ProfileRecord.noValueSites();
        for (ValueKind k : ValueKind.values()) {
            sites[k.number()] = Arrays.stream(r.sites(k)).map(s -> byCountDescending(s)).toArray(ValueSite[]::new);
        }
        return new ProfileRecord(r.name(), r.hash(), r.counts(), r.bitmap(), sites);
    }

    private static ProfileRecord merge(ProfileRecord a, ProfileRecord b) {
        long[] counts = a.counts().clone();
        for (int i = 0; i < counts.length; i++) {
            counts[i] += b.counts()[i];
        }
        byte[] bitmap = a.bitmap().clone();
        for (int i = 0; i < bitmap.length; i++) {
            bitmap[i] |= b.bitmap()[i];
        }
        ValueSite[][] sites = ProfileRecord.noValueSites();
        for (ValueKind k : ValueKind.values()) {
            ValueSite[] x = a.sites(k);
            ValueSite[] y = b.sites(k);
            ValueSite[] out = new ValueSite[x.length];
            for (int s = 0; s < x.length; s++) {
                out[s] = byCountDescending(mergeByValue(x[s], y[s]));
            }
            sites[k.number()] = out;
        }
        return new ProfileRecord(a.name(), a.hash(), counts, bitmap, sites);
    }

    /** Both lists sorted by value (unsigned) and combined, as LLVM's site merge leaves them. */
    private static ValueSite mergeByValue(ValueSite a, ValueSite b) {
        Map<Long, Long> sums = new java.util.TreeMap<>(Long::compareUnsigned);
        for (ValueSite s : List.of(a, b)) {
            for (int i = 0; i < s.size(); i++) {
                sums.merge(s.value(i), s.count(i), Long::sum);
            }
        }
        long[] values = sums.keySet().stream().mapToLong(Long::longValue).toArray();
        long[] counts = sums.values().stream().mapToLong(Long::longValue).toArray();
        return new ValueSite(values, counts);
    }

    private static ValueSite byCountDescending(ValueSite s) {
        Integer[] order = new Integer[s.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparing((Integer i) -> s.count(i), (p, q) -> Long.compareUnsigned(q, p)));
        long[] values = new long[order.length];
        long[] counts = new long[order.length];
        for (int i = 0; i < order.length; i++) {
            values[i] = s.value(order[i]);
            counts[i] = s.count(order[i]);
        }
        return new ValueSite(values, counts);
    }
}
