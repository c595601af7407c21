package dev.jprofdata.merge.sample;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.ValueSite;
import dev.jprofdata.format.sample.FunctionId;
import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.format.sample.SampleRecord;
import dev.jprofdata.format.sample.SampleSummaries;
import dev.jprofdata.format.summary.ProfileSummary;
import dev.jprofdata.format.summary.SummaryBuilder;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code merge --supplement-instr-with-sample}: an instrumentation profile corrected where a sample
 * profile of the same program says a function is hot or warm but the instrumentation profile has it
 * cold (llvm-profdata's {@code supplementInstrProfile}, which exists because instrumented training
 * runs can miss what production does).
 *
 * <p>The sample profile is flattened by function (inlined copies count for the function they were
 * inlined into unless the instrumentation profile knows them by name, or as a static function
 * {@code file;name}); a function's sample weight is the larger of its summed entry estimates and its
 * largest body count. A function whose weight reaches the sample profile's cold threshold, which has
 * exactly one instrumentation record, whose largest counter is at most the instrumentation cold
 * threshold and which has at least {@code minSize} counters is adjusted: when its counters are mostly
 * zero (or all), its first counter becomes LLVM's pseudo count (hot when its sample weight reaches
 * the sample hot threshold, else warm); otherwise every counter and value count is scaled so the
 * largest becomes three times the instrumentation hot (or cold) threshold.
 */
public final class SampleSupplement {
    private static final String UNIQ_SUFFIX = ".__uniq.";
    private static final String DUPLICATE = "----";
    private static final long HOT_CUTOFF = 990000;
    private static final long COLD_CUTOFF = 999999;
    private static final long MAX_COUNT = -3L; // UINT64_MAX - 2: LLVM keeps the top values for pseudo counts

    private SampleSupplement() {
    }

    /** The adjusted profile and llvm-profdata's warnings (without the {@code warning: } prefix). */
    public record Result(ProfileContents contents, List<String> warnings) {
        public Result {
            warnings = List.copyOf(warnings);
        }
    }

    /** One instrumentation function with a single record: where it is and its counter facts. */
    private static final class Entry {
        final int group;
        final long maxCount;
        final long numCounters;
        final float zeroRatio;

        Entry(int group, long[] counts) {
            this.group = group;
            long zeros = 0;
            long max = 0;
            for (long c : counts) {
                if (Long.compareUnsigned(c, max) > 0) {
                    max = c;
                }
                if (c == 0) {
                    zeros++;
                }
            }
            maxCount = max;
            numCounters = counts.length;
            zeroRatio = (float) zeros / counts.length;
        }
    }

    public static Result adjust(ProfileContents instr, SampleProfile sample, long minSize, float zeroThreshold,
            long instrColdThreshold) {
        List<String> warnings = new ArrayList<>();
        List<ProfileContents.NameGroup> groups = new ArrayList<>(instr.groups());
        Map<String, Entry> instrMap = new HashMap<>();
        Map<String, String> staticNames = new HashMap<>();
        boolean sampleUniq = sample.profiles().values().stream()
                .anyMatch(f -> f.context().toString().contains(UNIQ_SUFFIX));
        SummaryBuilder instrSummary = new SummaryBuilder();
        for (int g = 0; g < groups.size(); g++) {
            ProfileContents.NameGroup group = groups.get(g);
            for (ProfileRecord r : group.records()) {
                instrSummary.add(r);
            }
            if (group.records().size() != 1) {
                continue;
            }
            instrMap.put(group.name(), new Entry(g, group.records().get(0).counts()));
            addStaticName(staticNames, group.name(), sampleUniq);
        }
        boolean cs = sample.flags().contextSensitive();
        LinkedHashMap<String, long[]> flat = new LinkedHashMap<>();
        for (FunctionSamples f : ReaderOrder.of(sample)) {
            flatten(f, f.function().name(), cs, instrMap, staticNames, flat);
        }
        ProfileSummary sampleSummary = sample.storedSummary() != null ? sample.storedSummary()
                : SampleSummaries.compute(sample);
        ProfileSummary instrSum = instrSummary.build();
        long hotSample = ColdContexts.entryFor(sampleSummary, HOT_CUTOFF).minCount();
        long coldSample = ColdContexts.entryFor(sampleSummary, COLD_CUTOFF).minCount();
        long hotInstr = ColdContexts.entryFor(instrSum, HOT_CUTOFF).minCount();
        long coldInstr = instrColdThreshold != 0 ? instrColdThreshold
                : ColdContexts.entryFor(instrSum, COLD_CUTOFF).minCount();
        for (Map.Entry<String, long[]> e : flat.entrySet()) {
            long weight = unsignedMax(e.getValue()[0], e.getValue()[1]);
            if (Long.compareUnsigned(weight, coldSample) < 0) {
                continue;
            }
            String name = e.getKey();
            Entry entry = instrMap.get(name);
            if (entry == null) {
                String promoted = staticNames.get(name);
                if (promoted != null) {
                    entry = instrMap.get(promoted);
                    if (promoted.equals(DUPLICATE)) {
                        warnings.add("Static function " + name + " has multiple promoted names, cannot adjust profile.");
                    }
                }
            }
            if (entry == null || Long.compareUnsigned(entry.maxCount, coldInstr) > 0
                    || Long.compareUnsigned(entry.numCounters, minSize) < 0) {
                continue;
            }
            boolean hot = Long.compareUnsigned(weight, hotSample) >= 0;
            ProfileRecord r = groups.get(entry.group).records().get(0);
            ProfileRecord adjusted = update(r, entry, hot, hotInstr, coldInstr, zeroThreshold, warnings);
            if (adjusted != r) {
                ProfileContents.NameGroup old = groups.get(entry.group);
                groups.set(entry.group, new ProfileContents.NameGroup(old.name(), List.of(adjusted), old.firstSeen()));
            }
        }
        return new Result(new ProfileContents(instr.kind(), groups, instr.binaryIds(), instr.vtableNames(),
                instr.traces()), warnings);
    }

    private static ProfileRecord update(ProfileRecord r, Entry entry, boolean hot, long hotInstr, long coldInstr,
            float zeroThreshold, List<String> warnings) {
        if (entry.maxCount == 0 || entry.zeroRatio > zeroThreshold) {
            long[] counts = r.counts().clone();
            counts[0] = hot ? ProfileRecord.PSEUDO_HOT : ProfileRecord.PSEUDO_WARM;
            return new ProfileRecord(r.name(), r.hash(), counts, r.bitmap(), r.valueSites(), r.offload());
        }
        long numerator = (hot ? hotInstr : coldInstr) * 3;
        long denominator = entry.maxCount;
        if (Long.compareUnsigned(numerator, denominator) <= 0) {
            return r;
        }
        long[] counts = r.counts().clone();
        for (int i = 0; i < counts.length; i++) {
            long[] scaled = scale(counts[i], numerator, denominator);
            counts[i] = scaled[0];
            if (Long.compareUnsigned(counts[i], MAX_COUNT) > 0) {
                counts[i] = MAX_COUNT;
                scaled[1] = 1;
            }
            if (scaled[1] != 0) {
                warnings.add("counter overflow");
            }
        }
        ValueSite[][] sites = r.valueSites().clone();
        for (int k = 0; k < sites.length; k++) {
            if (sites[k] == null) {
                continue;
            }
            sites[k] = sites[k].clone();
            for (int s = 0; s < sites[k].length; s++) {
                ValueSite site = sites[k][s];
                long[] c = site.counts().clone();
                for (int i = 0; i < c.length; i++) {
                    long[] scaled = scale(c[i], numerator, denominator);
                    c[i] = scaled[0];
                    if (scaled[1] != 0) {
                        warnings.add("counter overflow");
                    }
                }
                sites[k][s] = new ValueSite(site.values().clone(), c);
            }
        }
        return new ProfileRecord(r.name(), r.hash(), counts, r.bitmap(), sites, r.offload());
    }

    /** {@code saturating(x * n) / d} and whether the product saturated. */
    private static long[] scale(long x, long n, long d) {
        BigInteger product = new BigInteger(Long.toUnsignedString(x)).multiply(new BigInteger(Long.toUnsignedString(n)));
        boolean overflow = product.bitLength() > 64;
        long p = overflow ? -1L : product.longValue();
        return new long[] {Long.divideUnsigned(p, d), overflow ? 1 : 0};
    }

    private static void flatten(FunctionSamples f, String root, boolean cs, Map<String, Entry> instrMap,
            Map<String, String> staticNames, LinkedHashMap<String, long[]> flat) {
        String name = f.function().name();
        String newRoot = root;
        long entry = LayoutConversion.headEstimate(f, cs);
        long maxBody = 0;
        for (SampleRecord r : f.body().values()) {
            maxBody = unsignedMax(maxBody, r.samples());
        }
        if (instrMap.containsKey(name)) {
            newRoot = name;
        } else if (staticNames.containsKey(name)) {
            String promoted = staticNames.get(name);
            if (!promoted.equals(DUPLICATE)) {
                newRoot = promoted;
            }
        } else {
            entry = 0; // an inlined copy's entry count is not its root's
        }
        long[] acc = flat.computeIfAbsent(newRoot, k -> new long[2]);
        acc[0] += entry;
        acc[1] = unsignedMax(acc[1], maxBody);
        for (TreeMap<FunctionId, FunctionSamples> callees : f.callsites().values()) {
            for (FunctionSamples c : callees.values()) {
                flatten(c, newRoot, cs, instrMap, staticNames, flat);
            }
        }
    }

    /** Maps a static function's plain name to its {@code file;name} instrumentation name. */
    private static void addStaticName(Map<String, String> staticNames, String name, boolean sampleUniq) {
        String lower = name.toLowerCase(Locale.ROOT);
        int pos = -1;
        for (String ext : new String[] {".cpp", "cc", ".c", ".hpp", ".h"}) {
            int at = lower.indexOf(ext + ";");
            if (at >= 0) {
                pos = at + ext.length() + 1;
                break;
            }
        }
        if (pos < 0) {
            return;
        }
        String newName = name.substring(pos);
        String file = name.substring(0, pos - 1);
        if (newName.isEmpty()) {
            return;
        }
        int uniq = newName.indexOf(UNIQ_SUFFIX);
        boolean instrUniq = uniq >= 0;
        if (sampleUniq != instrUniq) {
            if (instrUniq) {
                newName = newName.substring(0, uniq);
            } else {
                staticNames.put(newName + uniqueSuffix(file), name);
                return;
            }
        }
        if (staticNames.putIfAbsent(newName, name) != null) {
            staticNames.put(newName, DUPLICATE);
        }
    }

    /** LLVM's {@code .__uniq.} suffix for {@code file}: the decimal value of its MD5 digest. */
    private static String uniqueSuffix(String file) {
        try {
            byte[] digest = MessageDigest.getInstance("MD5").digest(file.getBytes(StandardCharsets.ISO_8859_1));
            return UNIQ_SUFFIX + new BigInteger(1, digest).toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static long unsignedMax(long a, long b) {
        return Long.compareUnsigned(a, b) >= 0 ? a : b;
    }
}
