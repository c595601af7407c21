package dev.jprofdata.format.indexed;

import dev.jprofdata.format.indexed.IndexedLayout.Part;
import dev.jprofdata.format.Magic;
import dev.jprofdata.format.Names;
import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.ProfileContents.NameGroup;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.TemporalTrace;
import dev.jprofdata.format.TemporalTraces;
import dev.jprofdata.format.summary.ProfileSummary;
import dev.jprofdata.format.summary.SummaryBuilder;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * Writes {@link ProfileContents} as an indexed profile of any version from 7 to 15, byte-identical
 * to the {@code llvm-profdata} that writes that version given the same contents (spec/indexed-format.md):
 * 13 (LLVM 22) by default, 11 as with {@code --write-prev-version}, 7 for LLVM 14, and so on.
 * Version 13 becomes the offload fork's version 15 when some record carries wave counters, else 14
 * when some record carries uniformity bits (spec/offload.md).
 *
 * <p>Whatever the requested layout has no room for is left out silently (MC/DC bitmaps before 11,
 * uniformity bits before 14, wave counters before 15, binary IDs before 9, vtable names before 12,
 * temporal traces and their flag before 10, the loop-entry flag before 10, which LLVM 16 and older
 * would read as part of the version number). Callers that must not lose data ask
 * {@link IndexedCompatibility} first.
 *
 * <p>The file is produced in one sequential pass (header and summary placeholders, hash-table
 * payload, bucket table, binary IDs, vtable names, temporal traces); then the header offsets and
 * the summaries, accumulated while records were written, are patched in place. Only one name's
 * records are encoded at a time.
 *
 * <p>What the writer takes as given (the merge engine's job): names ascending by bytes, records of
 * a name in first-seen order of their hashes (from which LLVM's per-name order is derived, see
 * {@link SmallDenseMapOrder}), at most 255 values per value site, binary IDs already sorted and
 * unique, vtable names already in LLVM's order (see {@link VTableNameOrder}). The MemProf and
 * debug-info-correlation flags are never written, since no MemProf section is produced.
 */
public final class IndexedProfileWriter {
    private IndexedProfileWriter() {
    }

    /** The version {@code llvm-profdata} 22 writes. */
    public static final int DEFAULT_VERSION = IndexedFormat.LLVM_VERSION;
    /** The offload fork's version, written instead of 13 when some record has uniformity bits. */
    public static final int OFFLOAD_VERSION = IndexedFormat.OFFLOAD_VERSION;
    /** The version written with {@code --write-prev-version}. */
    public static final int PREV_VERSION = IndexedFormat.PREV_VERSION;
    /** The offload fork's version with wave counters, written instead of 13 when some record has them. */
    public static final int WAVE_VERSION = IndexedFormat.WAVE_VERSION;

    private static final long NEVER_WRITTEN = ProfileKind.DEBUG_INFO_CORRELATE | ProfileKind.MEMPROF;

    /** Writes {@code contents} to {@code out}, replacing it. */
    public static void write(ProfileContents contents, int version, Path out) throws IOException {
        write(contents, version, releaseOrder(version), out);
    }

    /**
     * Writes {@code contents} to {@code out}, replacing it.
     *
     * @param legacyRecordOrder order the records of a name as LLVM 18 and older do ({@code true}) or
     *     as LLVM 19 and later do (see {@link SmallDenseMapOrder#legacyHashFor})
     */
    public static void write(ProfileContents contents, int version, boolean legacyRecordOrder, Path out)
            throws IOException {
        write(contents, version, legacyRecordOrder, out, 1);
    }

    /**
     * {@link #write(ProfileContents, int, boolean, Path)} with up to {@code threads} threads (the same
     * bytes; {@link #writeTo(ProfileContents, int, boolean, SeekableByteChannel, int)}).
     */
    public static void write(ProfileContents contents, int version, boolean legacyRecordOrder, Path out, int threads)
            throws IOException {
        try (FileChannel ch = FileChannel.open(out, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            writeTo(contents, version, legacyRecordOrder, ch, threads);
        }
    }

    /**
     * The record order of the release that writes {@code version}: legacy for 7-10 (LLVM 14-17).
     * Version 11 gets LLVM 22's order, as its {@code --write-prev-version} writes it (the only v11
     * writer that could be checked); LLVM 18 itself is {@code write(contents, 11, true, out)}.
     */
    public static boolean releaseOrder(int version) {
        return version < PREV_VERSION && SmallDenseMapOrder.legacyHashFor(version);
    }

    /** {@link #writeTo(ProfileContents, int, boolean, SeekableByteChannel)} with the release's record order. */
    public static void writeTo(ProfileContents contents, int version, SeekableByteChannel channel)
            throws IOException {
        writeTo(contents, version, releaseOrder(version), channel);
    }

    /**
     * Writes {@code contents} starting at the channel's current position; stored offsets count from
     * there. Anything after the written profile is truncated away.
     *
     * @param version 7 to 15; 13 becomes 15 or 14 when some record has wave counters or uniformity bits
     * @param legacyRecordOrder order each name's records as LLVM 18 and older do
     */
    public static void writeTo(ProfileContents contents, int version, boolean legacyRecordOrder,
            SeekableByteChannel channel) throws IOException {
        writeTo(contents, version, legacyRecordOrder, channel, 1);
    }

    /**
     * {@link #writeTo(ProfileContents, int, boolean, SeekableByteChannel)} with up to {@code threads}
     * threads: the names' hashes are computed in parallel, and the records are built on a second
     * thread ahead of the one encoding them ({@link GroupsAhead}) when there are enough of them. The
     * bytes are the same for every thread count.
     */
    public static void writeTo(ProfileContents contents, int version, boolean legacyRecordOrder,
            SeekableByteChannel channel, int threads) throws IOException {
        writeTo(contents, version, legacyRecordOrder, channel, threads, PARALLEL_FROM);
    }

    /** The same, with the threads used from {@code parallelFrom} names on (tests use fewer than the 65,536). */
    static void writeTo(ProfileContents contents, int version, boolean legacyRecordOrder,
            SeekableByteChannel channel, int threads, int parallelFrom) throws IOException {
        if (version < IndexedFormat.MIN_WRITE_VERSION || version > IndexedFormat.MAX_VERSION) {
            throw new IllegalArgumentException("can write only versions " + IndexedFormat.MIN_WRITE_VERSION + " to "
                    + IndexedFormat.MAX_VERSION + ", not " + version);
        }
        int requested = version;
        version = effectiveVersion(contents, version);
        // Asked for 13 (the default), the version chosen holds everything, and 15 always does: only
        // an explicitly older version needs the pass over all records that drops what it cannot hold.
        if (requested != IndexedFormat.LLVM_VERSION && version < IndexedFormat.MAX_VERSION) {
            contents = IndexedCompatibility.reduceLayout(contents, version);
        }
        checkNameOrder(contents.groups());
        long kindBits = contents.kind().variantBits() & ~NEVER_WRITTEN;
        boolean cs = (kindBits & ProfileKind.CONTEXT_SENSITIVE) != 0;
        boolean temporal = (kindBits & ProfileKind.TEMPORAL) != 0;
        // HashOffset; MemProfOffset from v8, BinaryIdOffset from v9, TemporalOffset from v10,
        // VTableNamesOffset from v12: the header grows by one offset with each of them.
        int headerOffsets = (IndexedLayout.headerSize(version) - 32) / 8;

        ChannelSink out = new ChannelSink(channel);
        out.u64(Magic.INDEXED);
        out.u64(version | kindBits);
        out.u64(0); // unused
        out.u64(0); // hash type: MD5
        long offsetsAt = out.position();
        out.zeros(8L * headerOffsets);

        SummaryBuilder normal = new SummaryBuilder();
        SummaryBuilder contextSensitive = new SummaryBuilder();
        int summarySize = SummaryCodec.writtenSize(SummaryBuilder.defaultCutoffs().length);
        long summaryAt = out.position();
        out.zeros(cs ? 2L * summarySize : summarySize);

        // Threads pay only where there is enough to share: starting them and compiling their code
        // costs more than they save on 20,000 names (20 indexed shards on two threads: 0.65 ->
        // 0.70 s with them from 4,096 names on; bench/RESULTS.md, tenth session).
        boolean parallel = threads > 1 && contents.groups().size() >= parallelFrom;
        long hashOffset = writeHashTable(contents.groups(), version, legacyRecordOrder, out, normal,
                contextSensitive, parallel ? threads : 1);

        long binaryIdOffset = 0;
        if (Part.BINARY_IDS.in(version)) {
            binaryIdOffset = out.position();
            writeBinaryIds(contents.binaryIds(), out);
        }
        long vtableOffset = 0;
        if (Part.VTABLE_NAMES.in(version)) {
            vtableOffset = out.position();
            byte[] blob = NameStrings.encode(contents.vtableNames());
            out.u64(blob.length);
            out.bytes(blob);
            out.zeros(IndexedFormat.alignTo8(blob.length) - blob.length);
        }
        long temporalOffset = 0;
        if (temporal) {
            temporalOffset = out.position();
            writeTraces(contents, out);
        }
        out.flush();

        ByteBuffer offsets = ByteBuffer.allocate(8 * headerOffsets).order(ByteOrder.LITTLE_ENDIAN);
        long[] stored = {hashOffset, 0, binaryIdOffset, temporalOffset, vtableOffset};
        for (int i = 0; i < headerOffsets; i++) {
            offsets.putLong(stored[i]);
        }
        out.patch(offsetsAt, offsets.flip());
        out.patch(summaryAt, SummaryCodec.encode(normal.build()));
        if (cs) {
            ProfileSummary csSummary = contextSensitive.build();
            out.patch(summaryAt + summarySize, SummaryCodec.encode(csSummary));
        }
        long absoluteEnd = channel.position(); // patch() leaves the channel at the end
        if (channel.size() > absoluteEnd) {
            channel.truncate(absoluteEnd);
        }
    }

    /** Whether any record carries uniformity bits (the output is then v14 rather than 13). */
    public static boolean hasUniformity(ProfileContents contents) {
        if (ProfileContents.knownHostOnly(contents.groups())) {
            return false;
        }
        for (NameGroup g : contents.groups()) {
            for (ProfileRecord r : g.records()) {
                if (r.uniformityBits() != null) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The version {@link #write} produces for {@code contents} when asked for {@code version}. */
    public static int effectiveVersion(ProfileContents contents, int version) {
        if (version != IndexedFormat.LLVM_VERSION || ProfileContents.knownHostOnly(contents.groups())) {
            return version;
        }
        boolean uniformity = false;
        for (NameGroup g : contents.groups()) {
            for (ProfileRecord r : g.records()) {
                if (r.waveCounts() != null) {
                    return IndexedFormat.WAVE_VERSION;
                }
                uniformity |= r.uniformityBits() != null;
            }
        }
        return uniformity ? IndexedFormat.OFFLOAD_VERSION : version;
    }

    private static void checkNameOrder(List<NameGroup> groups) {
        if (groups instanceof ProfileContents.GroupsOnDemand) {
            // Sorted by construction (a merge's result): comparing half a million names again,
            // each in its own place in memory, was 8 % of merging a 100 MB profile with itself.
            return;
        }
        String previous = null;
        for (int i = 0; i < groups.size(); i++) {
            String name = ProfileContents.nameOf(groups, i);
            if (previous != null && previous.compareTo(name) >= 0) {
                throw new IllegalArgumentException("names must be unique and ascending: " + previous + ", " + name);
            }
            previous = name;
        }
    }

    /** Writes the payload, padding and bucket table; returns the table's offset. */
    /** How many names a table needs before its writing is shared between threads. */
    static final int PARALLEL_FROM = 1 << 16;

    private static long writeHashTable(List<NameGroup> groups, int version, boolean legacyRecordOrder, ChannelSink out,
            SummaryBuilder normal, SummaryBuilder contextSensitive, int threads) throws IOException {
        if (legacyRecordOrder && !Part.SORTED_NAMES.in(version)) {
            groups = inStringMapOrder(groups);
        }
        boolean parallel = threads > 1;
        long[] keyHashes = KeyHashes.of(groups, threads);
        ChainedHashTableLayout layout = ChainedHashTableLayout.of(keyHashes);
        long[] bucketOffsets = new long[layout.numBuckets()];
        try (GroupsAhead ahead = parallel ? new GroupsAhead(groups, layout.itemsInOrder()) : null) {
            for (int b = 0; b < layout.numBuckets(); b++) {
                int size = layout.bucketSize(b);
                if (size == 0) {
                    continue;
                }
                bucketOffsets[b] = out.position();
                out.u16(size);
                for (int i = 0; i < size; i++) {
                    int item = layout.item(b, i);
                    NameGroup group = ahead != null ? ahead.next() : groups.get(item);
                    writeKey(group, keyHashes[item], version, legacyRecordOrder, out, normal, contextSensitive);
                }
            }
        }
        long tableOffset = IndexedFormat.alignTo8(out.position());
        out.zeros(tableOffset - out.position());
        out.u64(layout.numBuckets());
        out.u64(groups.size());
        for (long off : bucketOffsets) {
            out.u64(off);
        }
        return tableOffset;
    }

    /**
     * LLVM 16 and older (the writers of versions up to 9, {@link Part#SORTED_NAMES}) insert names
     * into the on-disk table in the iteration order of their {@code StringMap} (djb hash) rather
     * than sorted (checked with llvm-profdata 14, 15 and 16). LLVM inserts names in the order its
     * merge first saw them, which matters for names that collide in the StringMap: the groups'
     * {@link NameGroup#firstSeen} positions give that order (a single-threaded llvm-profdata merge);
     * groups without one follow, in ascending order.
     */
    private static List<NameGroup> inStringMapOrder(List<NameGroup> groups) {
        java.util.Map<String, NameGroup> byName = new java.util.HashMap<>();
        List<NameGroup> seen = new java.util.ArrayList<>(groups);
        // Stable sort: known positions first, in order; unknown ones keep their ascending name order.
        seen.sort(java.util.Comparator.comparingLong(g -> g.firstSeen() < 0 ? Long.MAX_VALUE : g.firstSeen()));
        List<String> names = new java.util.ArrayList<>(groups.size());
        for (NameGroup g : seen) {
            byName.put(g.name(), g);
            names.add(g.name());
        }
        List<NameGroup> out = new java.util.ArrayList<>(groups.size());
        for (String name : VTableNameOrder.legacyIterationOrder(names)) {
            out.add(byName.get(name));
        }
        return out;
    }

    /**
     * The iteration order of a key with one record (almost every key): read only, shared, so that
     * writing half a million keys does not make half a million one-element arrays.
     */
    private static final int[] ONLY_RECORD = {0};

    private static void writeKey(NameGroup group, long keyHash, int version, boolean legacyRecordOrder, ChannelSink out,
            SummaryBuilder normal, SummaryBuilder contextSensitive) throws IOException {
        List<ProfileRecord> records = group.records();
        int[] order = ONLY_RECORD;
        if (records.size() != 1) {
            long[] hashes = new long[records.size()];
            for (int i = 0; i < hashes.length; i++) {
                hashes[i] = records.get(i).hash();
            }
            order = SmallDenseMapOrder.iterationOrder(hashes, legacyRecordOrder);
        }
        long dataLength = 0;
        boolean offload = Part.UNIFORMITY.in(version);
        boolean waves = Part.WAVES.in(version);
        boolean bitmaps = Part.BITMAP.in(version);
        for (int i = 0; i < records.size(); i++) {
            ProfileRecord r = records.get(i);
            dataLength += 16 + 8L * r.counts().length + ValueProfDataCodec.encodedSize(r);
            if (offload) {
                dataLength += 8 + IndexedFormat.alignTo8(r.bitmap().length) + 8 + IndexedFormat.alignTo8(uniformity(r).length);
            } else if (bitmaps) {
                dataLength += 8 + 8L * r.bitmap().length;
            }
            if (waves) {
                dataLength += 8 + 8L * waveCounts(r).length;
            }
        }
        byte[] key = group.name().getBytes(StandardCharsets.ISO_8859_1);
        out.u64(keyHash);
        out.u64(key.length);
        out.u64(dataLength);
        out.bytes(key);
        for (int index : order) {
            ProfileRecord r = records.get(index);
            (r.isContextSensitive() ? contextSensitive : normal).add(r);
            out.u64(r.hash());
            out.u64(r.counts().length);
            out.u64s(r.counts());
            if (!bitmaps) {
                // v3-v10: no bitmap field (the records were reduced to have none).
            } else if (offload) {
                out.u64(r.bitmap().length);
                // v14: bitmap and uniformity bytes as u8, each zero-padded to 8 (spec/offload.md).
                byte[] bits = uniformity(r);
                out.bytes(r.bitmap());
                out.zeros(IndexedFormat.alignTo8(r.bitmap().length) - r.bitmap().length);
                out.u64(bits.length);
                out.bytes(bits);
                out.zeros(IndexedFormat.alignTo8(bits.length) - bits.length);
            } else {
                out.u64(r.bitmap().length);
                for (byte b : r.bitmap()) {
                    out.u64(b & 0xFF);
                }
            }
            if (waves) {
                // v15: u64 NumWaveCounters, then the counters, before the value data.
                long[] w = waveCounts(r);
                out.u64(w.length);
                out.u64s(w);
            }
            long vpSize = ValueProfDataCodec.encodedSize(r);
            if (vpSize <= out.capacity()) {
                ValueProfDataCodec.encode(r, out.reserve((int) vpSize));
            } else {
                ByteBuffer vp = ByteBuffer.allocate(Math.toIntExact(vpSize)).order(ByteOrder.LITTLE_ENDIAN);
                ValueProfDataCodec.encode(r, vp);
                out.bytes(vp.flip());
            }
        }
    }

    private static long[] waveCounts(ProfileRecord r) {
        long[] w = r.waveCounts();
        return w == null ? new long[0] : w;
    }

    private static byte[] uniformity(ProfileRecord r) {
        byte[] bits = r.uniformityBits();
        return bits == null ? new byte[0] : bits;
    }

    private static void writeBinaryIds(List<byte[]> ids, ChannelSink out) throws IOException {
        long size = 0;
        for (byte[] id : ids) {
            size += 8 + IndexedFormat.alignTo8(id.length);
        }
        out.u64(size);
        for (byte[] id : ids) {
            out.u64(id.length);
            out.bytes(id);
            out.zeros(IndexedFormat.alignTo8(id.length) - id.length);
        }
    }

    private static void writeTraces(ProfileContents contents, ChannelSink out) throws IOException {
        TemporalTraces all = contents.traces() == null ? TemporalTraces.NONE : contents.traces();
        List<TemporalTrace> traces = all.traces();
        out.u64(traces.size());
        out.u64(all.streamSize());
        for (TemporalTrace t : traces) {
            out.u64(t.weight());
            out.u64(t.functionHashes().length);
            for (long h : t.functionHashes()) {
                out.u64(h);
            }
        }
    }
}
