package dev.jprofdata.format.indexed;

import dev.jprofdata.format.indexed.IndexedLayout.Part;
import dev.jprofdata.format.OffloadData;
import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.ProfileContents.NameGroup;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.TemporalTraces;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;
import java.util.ArrayList;
import java.util.List;

/**
 * What an older (or the fork's) indexed version cannot carry of some {@link ProfileContents}, and
 * the contents reduced to what it can. The rules of spec/indexed-format.md, "Writing an older
 * version": the writer ({@link IndexedProfileWriter}) only leaves out what a layout physically has
 * no room for; this class also knows what the releases that read a version understand (value kind
 * 2 exists only from version 12, the loop-entry flag only where the reader masks bits 32-55 out).
 *
 * <p>Two kinds of loss: a {@linkplain Loss#byDesign() by-design} loss is one the release's own
 * llvm-profdata makes silently when it writes that version (binary IDs before 9, vtable names
 * before 12), so a caller reports it but goes on, which keeps output byte-identical to that
 * release; any other loss drops counts or meaning and a caller should refuse it unless asked.
 */
public final class IndexedCompatibility {
    private IndexedCompatibility() {
    }

    /** Something a version may be unable to hold. */
    public enum Feature {
        MCDC_BITMAPS("MC/DC bitmaps", "bitmap bytes", Part.BITMAP, false),
        VTABLE_VALUES("vtable value profiles (value kind 2)", "vtable values", Part.VTABLE_NAMES, false),
        TEMPORAL_TRACES("temporal profile traces", "traces", Part.TEMPORAL, false),
        LOOP_ENTRIES_FLAG("the loop-entry instrumentation flag (bit 55)", "", Part.LOOP_ENTRIES_FLAG, false),
        UNIFORMITY("GPU block uniformity bits", "uniformity bytes", Part.UNIFORMITY, false),
        WAVE_COUNTS("GPU wave counters", "wave counters", Part.WAVES, false),
        BINARY_IDS("binary IDs", "", Part.BINARY_IDS, true),
        VTABLE_NAMES("vtable names", "", Part.VTABLE_NAMES, true);

        private final String description;
        private final String itemNoun;
        private final int oldestVersion;
        private final boolean byDesign;

        Feature(String description, String itemNoun, Part part, boolean byDesign) {
            this.description = description;
            this.itemNoun = itemNoun;
            this.oldestVersion = part.since();
            this.byDesign = byDesign;
        }

        public String description() {
            return description;
        }

        /** The oldest indexed version that can carry the feature. */
        public int oldestVersion() {
            return oldestVersion;
        }
    }

    /**
     * One feature the target version cannot carry.
     *
     * @param records how many records carry it (0 for profile-level features)
     * @param items how many values, bytes, traces, IDs or names carry it
     */
    public record Loss(Feature feature, int targetVersion, long records, long items) {

        /** Whether the target release's own llvm-profdata drops it silently when writing that version. */
        public boolean byDesign() {
            return feature.byDesign;
        }

        /** How much is affected: {@code "3 records, 12 bitmap bytes"}, {@code "2 binary IDs"}. */
        public String amount() {
            return switch (feature) {
                case BINARY_IDS -> items + (items == 1 ? " binary ID" : " binary IDs");
                case VTABLE_NAMES -> items + (items == 1 ? " vtable name" : " vtable names");
                case TEMPORAL_TRACES -> items + " " + noun();
                case LOOP_ENTRIES_FLAG -> "the profile's kind";
                default -> records + (records == 1 ? " record, " : " records, ") + items + " " + noun();
            };
        }

        private String noun() {
            return items == 1 ? feature.itemNoun.substring(0, feature.itemNoun.length() - 1) : feature.itemNoun;
        }

        /** One sentence: what, how much, and the oldest version that can carry it. */
        public String describe() {
            return feature.description + " (" + amount() + ") need indexed version " + feature.oldestVersion
                    + " or newer (" + IndexedVersions.writers(feature.oldestVersion) + "); version "
                    + targetVersion + " cannot hold them";
        }
    }

    /** Everything in {@code contents} that indexed version {@code version} cannot carry, by-design losses included. */
    public static List<Loss> losses(ProfileContents contents, int version) {
        long bitmapRecords = 0, bitmapBytes = 0, vtRecords = 0, vtValues = 0;
        long uniRecords = 0, uniBytes = 0, waveRecords = 0, waves = 0;
        for (NameGroup g : contents.groups()) {
            for (ProfileRecord r : g.records()) {
                if (r.bitmap().length > 0) {
                    bitmapRecords++;
                    bitmapBytes += r.bitmap().length;
                }
                ValueSite[] vt = r.sites(ValueKind.VTABLE_TARGET);
                if (vt.length > 0) {
                    vtRecords++;
                    for (ValueSite s : vt) {
                        vtValues += s.size();
                    }
                }
                if (r.uniformityBits() != null) {
                    uniRecords++;
                    uniBytes += r.uniformityBits().length;
                }
                if (r.waveCounts() != null) {
                    waveRecords++;
                    waves += r.waveCounts().length;
                }
            }
        }
        List<Loss> out = new ArrayList<>();
        if (version < Feature.MCDC_BITMAPS.oldestVersion && bitmapRecords > 0) {
            out.add(new Loss(Feature.MCDC_BITMAPS, version, bitmapRecords, bitmapBytes));
        }
        if (version < Feature.VTABLE_VALUES.oldestVersion && vtRecords > 0) {
            out.add(new Loss(Feature.VTABLE_VALUES, version, vtRecords, vtValues));
        }
        if (version < Feature.TEMPORAL_TRACES.oldestVersion && contents.kind().isTemporal()) {
            out.add(new Loss(Feature.TEMPORAL_TRACES, version, 0, traces(contents).traces().size()));
        }
        if (version < Feature.LOOP_ENTRIES_FLAG.oldestVersion && contents.kind().has(ProfileKind.LOOP_ENTRIES)) {
            out.add(new Loss(Feature.LOOP_ENTRIES_FLAG, version, 0, 0));
        }
        if (version < Feature.UNIFORMITY.oldestVersion && uniRecords > 0) {
            out.add(new Loss(Feature.UNIFORMITY, version, uniRecords, uniBytes));
        }
        if (version < Feature.WAVE_COUNTS.oldestVersion && waveRecords > 0) {
            out.add(new Loss(Feature.WAVE_COUNTS, version, waveRecords, waves));
        }
        if (version < Feature.BINARY_IDS.oldestVersion && !contents.binaryIds().isEmpty()) {
            out.add(new Loss(Feature.BINARY_IDS, version, 0, contents.binaryIds().size()));
        }
        if (version < Feature.VTABLE_NAMES.oldestVersion && !contents.vtableNames().isEmpty()) {
            out.add(new Loss(Feature.VTABLE_NAMES, version, 0, contents.vtableNames().size()));
        }
        return out;
    }

    /** {@code contents} without what {@code version} cannot carry (the same object when nothing is lost). */
    public static ProfileContents reduce(ProfileContents contents, int version) {
        return reduce(contents, version, false);
    }

    /**
     * What the layout of {@code version} physically cannot hold, removed: everything {@link #reduce}
     * removes except vtable values, which every version's value block can store (LLVM 22's
     * {@code --write-prev-version} keeps them in version 11).
     */
    static ProfileContents reduceLayout(ProfileContents contents, int version) {
        return reduce(contents, version, true);
    }

    private static ProfileContents reduce(ProfileContents contents, int version, boolean keepVTableValues) {
        List<Loss> losses = losses(contents, version);
        if (keepVTableValues) {
            losses.removeIf(l -> l.feature() == Feature.VTABLE_VALUES);
        }
        if (losses.isEmpty()) {
            return contents;
        }
        boolean bitmaps = has(losses, Feature.MCDC_BITMAPS);
        boolean vtValues = has(losses, Feature.VTABLE_VALUES);
        boolean uniformity = has(losses, Feature.UNIFORMITY);
        boolean waves = has(losses, Feature.WAVE_COUNTS);
        List<NameGroup> groups = contents.groups();
        if (bitmaps || vtValues || uniformity || waves) {
            groups = new ArrayList<>(groups.size());
            for (NameGroup g : contents.groups()) {
                List<ProfileRecord> records = new ArrayList<>(g.records().size());
                for (ProfileRecord r : g.records()) {
                    records.add(reduce(r, bitmaps, vtValues, uniformity, waves));
                }
                groups.add(new NameGroup(g.name(), records, g.firstSeen()));
            }
        }
        ProfileKind kind = contents.kind();
        TemporalTraces traces = contents.traces();
        if (has(losses, Feature.TEMPORAL_TRACES)) {
            kind = kind.without(ProfileKind.TEMPORAL);
            traces = TemporalTraces.NONE;
        }
        if (has(losses, Feature.LOOP_ENTRIES_FLAG)) {
            kind = kind.without(ProfileKind.LOOP_ENTRIES);
        }
        return new ProfileContents(kind, groups,
                has(losses, Feature.BINARY_IDS) ? List.of() : contents.binaryIds(),
                has(losses, Feature.VTABLE_NAMES) ? List.of() : contents.vtableNames(),
                traces);
    }

    private static ProfileRecord reduce(ProfileRecord r, boolean bitmaps, boolean vtValues, boolean uniformity,
            boolean waves) {
        byte[] bitmap = bitmaps ? new byte[0] : r.bitmap();
        ValueSite[][] sites = r.valueSites();
        if (vtValues && r.sites(ValueKind.VTABLE_TARGET).length > 0) {
            sites = sites.clone();
            sites[ValueKind.VTABLE_TARGET.number()] = new ValueSite[0];
        }
        OffloadData offload = r.offload();
        if (offload != null && ((uniformity && offload.hasBits()) || (waves && offload.hasWaveCounts()))) {
            byte[] bits = uniformity ? null : offload.uniformityBits();
            long[] waveCounts = waves ? null : offload.waveCounts();
            offload = offload.slotsPerBlock() == 0 && offload.uniformCounts() == null && bits == null
                    && waveCounts == null
                    ? null
                    : new OffloadData(offload.slotsPerBlock(), offload.uniformCounts(), bits, waveCounts);
        }
        if (bitmap == r.bitmap() && sites == r.valueSites() && offload == r.offload()) {
            return r;
        }
        return new ProfileRecord(r.name(), r.hash(), r.counts(), bitmap, sites, offload);
    }

    private static boolean has(List<Loss> losses, Feature f) {
        return losses.stream().anyMatch(l -> l.feature() == f);
    }

    private static TemporalTraces traces(ProfileContents c) {
        return c.traces() == null ? TemporalTraces.NONE : c.traces();
    }
}
