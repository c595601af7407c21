package dev.jprofdata.format.sample;

import dev.jprofdata.format.summary.ProfileSummary;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedSet;

/**
 * A whole sample profile as read from one file (or produced by a merge): the top-level profiles by
 * context in the order the file holds them, the profile's flags, its profile symbol list (null when
 * the file has none) and the summary the file stores (null for formats that store none; see
 * {@code SampleSummaries} to compute one).
 */
public final class SampleProfile {
    private final SampleFormat format;
    private final LinkedHashMap<SampleContext, FunctionSamples> profiles;
    private final SampleProfileFlags flags;
    private final SortedSet<String> symbolList;
    private final ProfileSummary storedSummary;

    public SampleProfile(SampleFormat format, LinkedHashMap<SampleContext, FunctionSamples> profiles,
            SampleProfileFlags flags, SortedSet<String> symbolList, ProfileSummary storedSummary) {
        this.format = format;
        this.profiles = profiles;
        this.flags = flags;
        this.symbolList = symbolList;
        this.storedSummary = storedSummary;
    }

    public SampleFormat format() {
        return format;
    }

    /** Top-level profiles in file order (the order LLVM inserts them into its map). */
    public Map<SampleContext, FunctionSamples> profiles() {
        return Collections.unmodifiableMap(profiles);
    }

    public SampleProfileFlags flags() {
        return flags;
    }

    /** The profile symbol list (names sorted bytewise), or null when the file has none. */
    public SortedSet<String> symbolList() {
        return symbolList == null ? null : Collections.unmodifiableSortedSet(symbolList);
    }

    /** The summary stored in the file, or null when the format stores none. */
    public ProfileSummary storedSummary() {
        return storedSummary;
    }
}
