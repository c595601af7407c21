package dev.jprofdata.format.sample.extbinary;

import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.SampleContext;
import dev.jprofdata.format.sample.SampleFormat;
import dev.jprofdata.format.sample.SampleProfileFlags;
import dev.jprofdata.format.sample.SampleProfileIndex;
import dev.jprofdata.format.sample.Saturating;
import dev.jprofdata.format.sample.binary.SampleBytes;
import dev.jprofdata.format.sample.binary.SampleRecordDecoder;
import dev.jprofdata.format.summary.ProfileSummary;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;

/**
 * The index of an ext-binary file read on demand: for each top-level profile, where its function
 * records and metadata entries lie, so that {@link #function} decodes it alone. Built by
 * {@link SampleExtBinaryReader#index}, which has checked every byte of those sections on the way
 * (the same checks as a full read), so a later decode meets no malformed data.
 *
 * <p>A position is a section (its index in {@link #regions}) and an offset in it, packed into a
 * long. Most profiles have one record and at most one metadata entry; a context the file names
 * twice keeps its further positions in a side map, decoded in file order as a full read adds them.
 */
final class ExtBinaryIndex extends SampleProfileIndex {
    /** One section read on demand: its bytes and the decoder that fits the read's state when it was met. */
    record Region(SampleBytes bytes, SampleRecordDecoder records, FunctionMetadataDecoder metadata,
            SampleRecordDecoder.ContextTable contexts) {
    }

    private static final long NONE = -1;

    private final String file;
    private final List<Region> regions = new ArrayList<>();
    private final List<SampleContext> contexts = new ArrayList<>();
    private final Map<SampleContext, Integer> slotOf = new HashMap<>();
    private final Saturating.Overflow overflow = new Saturating.Overflow();
    private long[] totals = new long[64];
    private long[] firstRecord = new long[64];
    private long[] firstMetadata = new long[64];
    private final Map<Integer, List<Long>> moreRecords = new HashMap<>();
    private final Map<Integer, List<Long>> moreMetadata = new HashMap<>();
    private SampleProfileFlags flags;
    private SortedSet<String> symbolList;
    private ProfileSummary summary;

    ExtBinaryIndex(String file) {
        this.file = file;
    }

    /** Adds a section whose entries will be decoded again; returns its number. */
    int addRegion(Region region) {
        regions.add(region);
        return regions.size() - 1;
    }

    /** A function record of {@code context} at {@code offset} of section {@code region}. */
    void addFunction(int region, int offset, SampleContext context, long total) {
        long at = position(region, offset);
        Integer slot = slotOf.get(context);
        if (slot == null) {
            int i = contexts.size();
            if (i == totals.length) {
                int n = i * 2;
                totals = Arrays.copyOf(totals, n);
                firstRecord = Arrays.copyOf(firstRecord, n);
                firstMetadata = Arrays.copyOf(firstMetadata, n);
            }
            contexts.add(context);
            slotOf.put(context, i);
            totals[i] = total;
            firstRecord[i] = at;
            firstMetadata[i] = NONE;
        } else {
            totals[slot] = Saturating.mulAdd(total, 1, totals[slot], overflow);
            moreRecords.computeIfAbsent(slot, k -> new ArrayList<>()).add(at);
        }
    }

    /**
     * A metadata entry of {@code context} at {@code offset} of section {@code region}. A full
     * read applies an entry to the profile already read for its context and ignores it when there
     * is none; so does this index.
     */
    void addMetadata(int region, int offset, SampleContext context) {
        Integer slot = slotOf.get(context);
        if (slot == null) {
            return;
        }
        long at = position(region, offset);
        if (firstMetadata[slot] == NONE) {
            firstMetadata[slot] = at;
        } else {
            moreMetadata.computeIfAbsent(slot, k -> new ArrayList<>()).add(at);
        }
    }

    private static long position(int region, int offset) {
        return (long) region << 32 | (offset & 0xFFFFFFFFL);
    }

    void finish(SampleProfileFlags flags, SortedSet<String> symbolList, ProfileSummary summary) {
        this.flags = flags;
        this.symbolList = symbolList;
        this.summary = summary;
    }

    @Override
    public SampleFormat format() {
        return SampleFormat.EXTBINARY;
    }

    @Override
    public SampleProfileFlags flags() {
        return flags;
    }

    @Override
    public SortedSet<String> symbolList() {
        return symbolList == null ? null : java.util.Collections.unmodifiableSortedSet(symbolList);
    }

    @Override
    public ProfileSummary storedSummary() {
        return summary;
    }

    @Override
    public int size() {
        return contexts.size();
    }

    @Override
    public SampleContext context(int i) {
        return contexts.get(i);
    }

    @Override
    public long totalSamples(int i) {
        java.util.Objects.checkIndex(i, contexts.size());
        return totals[i];
    }

    @Override
    public int find(SampleContext context) {
        Integer slot = slotOf.get(context);
        return slot == null ? -1 : slot;
    }

    @Override
    public FunctionSamples function(int i) throws IOException {
        java.util.Objects.checkIndex(i, contexts.size());
        return SampleBytes.guard(file, () -> decode(i));
    }

    private FunctionSamples decode(int i) throws dev.jprofdata.format.sample.SampleProfileException {
        Map<SampleContext, FunctionSamples> one = new LinkedHashMap<>(4);
        readRecord(firstRecord[i], one);
        for (long at : moreRecords.getOrDefault(i, List.of())) {
            readRecord(at, one);
        }
        FunctionSamples f = one.get(contexts.get(i));
        if (firstMetadata[i] != NONE) {
            readMetadata(firstMetadata[i], f);
            for (long at : moreMetadata.getOrDefault(i, List.of())) {
                readMetadata(at, f);
            }
        }
        return f;
    }

    private void readRecord(long at, Map<SampleContext, FunctionSamples> into)
            throws dev.jprofdata.format.sample.SampleProfileException {
        Region r = regions.get((int) (at >>> 32));
        SampleBytes in = r.bytes();
        in.position((int) at);
        r.records().readFunction(in, r.contexts(), into);
    }

    private void readMetadata(long at, FunctionSamples f) throws dev.jprofdata.format.sample.SampleProfileException {
        Region r = regions.get((int) (at >>> 32));
        SampleBytes in = r.bytes();
        in.position((int) at);
        r.contexts().context(in);
        r.metadata().readEntry(in, f);
    }
}
