package dev.jprofdata.merge.state;

import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A deliberately literal model of how llvm-profdata's writer adds records one after another
 * (InstrProfWriter::addRecord and InstrProfRecord::merge as documented in the reference notes),
 * used to check that the order-free merge state reaches the same result.
 */
final class SequentialLlvmModel {
    static final long CAP = -3L;

    /** One function's record as LLVM keeps it while merging (mutable lists of value pairs). */
    static final class Rec {
        long[] counts;
        /** GPU wave counters (the offload fork's stage D), or null. */
        long[] waves;
        byte[] bitmap;
        List<List<long[]>> sites = new ArrayList<>();
        int[] numSites = new int[ValueKind.COUNT];
        List<List<List<long[]>>> byKind = new ArrayList<>();
    }

    final Map<String, LinkedHashMap<Long, Rec>> functions = new TreeMap<>();
    /** First problem of each add, as (position, kind name); overflow is recorded as "overflow". */
    final Map<Long, String> problems = new TreeMap<>();

    void add(ProfileRecord r, long w, long position) {
        LinkedHashMap<Long, Rec> byHash = functions.computeIfAbsent(r.name(), k -> new LinkedHashMap<>());
        Rec dst = byHash.get(r.hash());
        if (dst == null) {
            dst = copy(r);
            if (w > 1) {
                for (int i = 0; i < dst.counts.length; i++) {
                    dst.counts[i] = cap(Saturating.multiply(dst.counts[i], w));
                }
                if (dst.waves != null) {
                    for (int i = 0; i < dst.waves.length; i++) {
                        dst.waves[i] = cap(Saturating.multiply(dst.waves[i], w));
                    }
                }
                for (List<List<long[]>> kind : dst.byKind) {
                    for (List<long[]> site : kind) {
                        for (long[] vc : site) {
                            vc[1] = Saturating.multiply(vc[1], w);
                        }
                    }
                }
            }
            byHash.put(r.hash(), dst);
        } else {
            List<String> found = new ArrayList<>();
            merge(dst, copy(r), w, found);
            if (!found.isEmpty()) {
                problems.put(position, found.get(0));
            }
        }
        sortValueData(dst);
    }

    private static void merge(Rec dst, Rec src, long w, List<String> problems) {
        // The fork also refuses a different number of wave counters as a count mismatch.
        if (dst.counts.length != src.counts.length || waveCount(dst) != waveCount(src)) {
            problems.add("COUNT_MISMATCH");
            return;
        }
        boolean dstPseudo = isPseudo(dst.counts);
        boolean srcPseudo = isPseudo(src.counts);
        if (dstPseudo || srcPseudo) {
            if (dstPseudo != srcPseudo) {
                problems.add("COUNT_MISMATCH");
                return;
            }
            dst.counts[0] = (dst.counts[0] == -1L || src.counts[0] == -1L) ? -1L : -2L;
            return;
        }
        for (int i = 0; i < dst.counts.length; i++) {
            long sum = Saturating.add(Saturating.multiply(src.counts[i], w), dst.counts[i]);
            if (cap(sum) != sum || (Saturating.multiply(src.counts[i], w) == -1L && src.counts[i] != -1L)) {
                problems.add("overflow");
            }
            dst.counts[i] = cap(sum);
        }
        for (int i = 0; i < waveCount(dst); i++) {
            dst.waves[i] = cap(Saturating.add(Saturating.multiply(src.waves[i], w), dst.waves[i]));
        }
        if (dst.bitmap.length != src.bitmap.length) {
            problems.add("BITMAP_MISMATCH");
            return;
        }
        for (int i = 0; i < dst.bitmap.length; i++) {
            dst.bitmap[i] |= src.bitmap[i];
        }
        for (int k = 0; k < ValueKind.COUNT; k++) {
            List<List<long[]>> d = dst.byKind.get(k);
            List<List<long[]>> s = src.byKind.get(k);
            if (d.size() != s.size()) {
                problems.add("VALUE_SITE_MISMATCH");
                continue;
            }
            for (int site = 0; site < d.size(); site++) {
                mergeSite(d.get(site), s.get(site), w);
            }
        }
    }

    /**
     * The merge-join of InstrProfValueSiteRecord::merge: weighted when present, unweighted when new;
     * a value held twice meets the next copy. Both sides are first sorted by value as LLVM sorts
     * them, with libstdc++'s (unstable) {@code std::sort}: that decides which copies of a repeated
     * value meet. The sort is {@link LlvmSiteSort#byValue}, checked against llvm-profdata itself by
     * the vsites fixtures ({@code ValueMergeFixtureTest}).
     */
    private static void mergeSite(List<long[]> dst, List<long[]> src, long w) {
        sortByValueAsLlvm(dst);
        sortByValueAsLlvm(src);
        int i = 0;
        for (long[] j : src) {
            while (i < dst.size() && Long.compareUnsigned(dst.get(i)[0], j[0]) < 0) {
                i++;
            }
            if (i < dst.size() && dst.get(i)[0] == j[0]) {
                dst.get(i)[1] = Saturating.add(Saturating.multiply(j[1], w), dst.get(i)[1]);
                i++;
                continue;
            }
            dst.add(i, j.clone());
            i++;
        }
    }

    private static void sortByValueAsLlvm(List<long[]> site) {
        long[] values = new long[site.size()];
        long[] counts = new long[site.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = site.get(i)[0];
            counts[i] = site.get(i)[1];
        }
        LlvmSiteSort.byValue(values, counts, values.length);
        for (int i = 0; i < values.length; i++) {
            site.set(i, new long[] {values[i], counts[i]});
        }
    }

    private static void sortValueData(Rec r) {
        for (List<List<long[]>> kind : r.byKind) {
            for (List<long[]> site : kind) {
                site.sort((a, b) -> Long.compareUnsigned(b[1], a[1]));
                while (site.size() > 255) {
                    site.remove(site.size() - 1);
                }
            }
        }
    }

    private static int waveCount(Rec r) {
        return r.waves == null ? 0 : r.waves.length;
    }

    private static boolean isPseudo(long[] c) {
        return c[0] == -1L || c[0] == -2L;
    }

    private static long cap(long v) {
        return Long.compareUnsigned(v, CAP) > 0 ? CAP : v;
    }

    private static Rec copy(ProfileRecord r) {
        Rec c = new Rec();
        c.counts = r.counts().clone();
        c.waves = r.waveCounts() == null ? null : r.waveCounts().clone();
        c.bitmap = r.bitmap().clone();
        for (ValueKind k : ValueKind.values()) {
            List<List<long[]>> kind = new ArrayList<>();
            for (ValueSite s : r.sites(k)) {
                List<long[]> site = new ArrayList<>();
                for (int i = 0; i < s.size(); i++) {
                    site.add(new long[] {s.value(i), s.count(i)});
                }
                kind.add(site);
            }
            c.byKind.add(kind);
        }
        return c;
    }

    /** The model's records in the form the finisher produces. */
    List<ProfileRecord> records() {
        List<ProfileRecord> out = new ArrayList<>();
        for (Map.Entry<String, LinkedHashMap<Long, Rec>> e : functions.entrySet()) {
            for (Map.Entry<Long, Rec> h : e.getValue().entrySet()) {
                Rec r = h.getValue();
                ValueSite[][] sites = new ValueSite[ValueKind.COUNT][];
                for (int k = 0; k < ValueKind.COUNT; k++) {
                    List<List<long[]>> kind = r.byKind.get(k);
                    sites[k] = new ValueSite[kind.size()];
                    for (int s = 0; s < kind.size(); s++) {
                        List<long[]> site = kind.get(s);
                        long[] v = new long[site.size()];
                        long[] c = new long[site.size()];
                        for (int i = 0; i < v.length; i++) {
                            v[i] = site.get(i)[0];
                            c[i] = site.get(i)[1];
                        }
                        sites[k][s] = new ValueSite(v, c);
                    }
                }
                out.add(new ProfileRecord(e.getKey(), h.getKey(), r.counts.clone(), Arrays.copyOf(r.bitmap, r.bitmap.length), sites,
                        r.waves == null ? null : new dev.jprofdata.format.OffloadData(0, null, null, r.waves.clone())));
            }
        }
        return out;
    }
}
