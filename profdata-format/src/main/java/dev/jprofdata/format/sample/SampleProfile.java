package dev.jprofdata.format.sample;

import dev.jprofdata.format.summary.ProfileSummary;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
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
    private final List<FunctionSamples> mapOrder;

    public SampleProfile(SampleFormat format, LinkedHashMap<SampleContext, FunctionSamples> profiles,
            SampleProfileFlags flags, SortedSet<String> symbolList, ProfileSummary storedSummary) {
        this(format, profiles, flags, symbolList, storedSummary, null);
    }

    /**
     * A profile whose LLVM map iteration order is known ({@code mapOrder}, the same profiles as
     * {@code profiles}): a merge that removed profiles from its map knows an order that their
     * insertion order alone does not give (see {@link LlvmMapOrder#iterationOrderAfter}).
     */
    public SampleProfile(SampleFormat format, LinkedHashMap<SampleContext, FunctionSamples> profiles,
            SampleProfileFlags flags, SortedSet<String> symbolList, ProfileSummary storedSummary,
            List<FunctionSamples> mapOrder) {
        this.format = format;
        this.profiles = profiles;
        this.flags = flags;
        this.symbolList = symbolList;
        this.storedSummary = storedSummary;
        this.mapOrder = mapOrder == null ? null : List.copyOf(mapOrder);
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

    /**
     * The profiles in LLVM's map iteration order when it is known apart from the insertion order,
     * else null (writers then derive it from {@link #profiles()}' order).
     */
    public List<FunctionSamples> mapOrder() {
        return mapOrder;
    }

    /** The summary stored in the file, or null when the format stores none. */
    public ProfileSummary storedSummary() {
        return storedSummary;
    }
}
