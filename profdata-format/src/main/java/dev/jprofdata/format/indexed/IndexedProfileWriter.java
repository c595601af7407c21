package dev.jprofdata.format.indexed;

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
 * Writes {@link ProfileContents} as an indexed profile, byte-identical to {@code llvm-profdata}
 * 22 given the same contents: version 13 by default, or 11 as with {@code --write-prev-version}.
 * Version 13 becomes the offload fork's version 14 exactly when some record carries uniformity
 * bits (spec/offload.md); version 11 and 12 drop the bits.
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

    private static final long NEVER_WRITTEN = ProfileKind.DEBUG_INFO_CORRELATE | ProfileKind.MEMPROF;

    /** Writes {@code contents} to {@code out}, replacing it. */
    public static void write(ProfileContents contents, int version, Path out) throws IOException {
        try (FileChannel ch = FileChannel.open(out, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            writeTo(contents, version, ch);
        }
    }

    /**
     * Writes {@code contents} starting at the channel's current position; stored offsets count from
     * there. Anything after the written profile is truncated away.
     *
     * @param version 11, 12, 13 (becomes 14 when some record has uniformity bits) or 14
     */
    public static void writeTo(ProfileContents contents, int version, SeekableByteChannel channel)
            throws IOException {
        if (version < 11 || version > IndexedFormat.MAX_VERSION) {
            throw new IllegalArgumentException("can write only versions 11 to 14, not " + version);
        }
        if (version == IndexedFormat.LLVM_VERSION && hasUniformity(contents)) {
            version = IndexedFormat.OFFLOAD_VERSION;
        }
        checkNameOrder(contents.groups());
        long kindBits = contents.kind().variantBits() & ~NEVER_WRITTEN;
        boolean cs = (kindBits & ProfileKind.CONTEXT_SENSITIVE) != 0;
        boolean temporal = (kindBits & ProfileKind.TEMPORAL) != 0;
        int headerOffsets = version >= 12 ? 5 : 4;

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

        long hashOffset = writeHashTable(contents.groups(), version, out, normal, contextSensitive);

        long binaryIdOffset = out.position();
        writeBinaryIds(contents.binaryIds(), out);
        long vtableOffset = 0;
        if (version >= 12) {
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
        offsets.putLong(hashOffset).putLong(0).putLong(binaryIdOffset).putLong(temporalOffset);
        if (version >= 12) {
            offsets.putLong(vtableOffset);
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
        return version == IndexedFormat.LLVM_VERSION && hasUniformity(contents) ? IndexedFormat.OFFLOAD_VERSION : version;
    }

    private static void checkNameOrder(List<NameGroup> groups) {
        for (int i = 1; i < groups.size(); i++) {
            if (groups.get(i - 1).name().compareTo(groups.get(i).name()) >= 0) {
                throw new IllegalArgumentException("names must be unique and ascending: "
                        + groups.get(i - 1).name() + ", " + groups.get(i).name());
            }
        }
    }

    /** Writes the payload, padding and bucket table; returns the table's offset. */
    private static long writeHashTable(List<NameGroup> groups, int version, ChannelSink out, SummaryBuilder normal,
            SummaryBuilder contextSensitive) throws IOException {
        long[] keyHashes = new long[groups.size()];
        for (int i = 0; i < keyHashes.length; i++) {
            keyHashes[i] = Names.md5(groups.get(i).name());
        }
        ChainedHashTableLayout layout = ChainedHashTableLayout.of(keyHashes);
        long[] bucketOffsets = new long[layout.numBuckets()];
        for (int b = 0; b < layout.numBuckets(); b++) {
            int size = layout.bucketSize(b);
            if (size == 0) {
                continue;
            }
            bucketOffsets[b] = out.position();
            out.u16(size);
            for (int i = 0; i < size; i++) {
                int item = layout.item(b, i);
                writeKey(groups.get(item), keyHashes[item], version, out, normal, contextSensitive);
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

    private static void writeKey(NameGroup group, long keyHash, int version, ChannelSink out, SummaryBuilder normal,
            SummaryBuilder contextSensitive) throws IOException {
        List<ProfileRecord> records = group.records();
        long[] hashes = new long[records.size()];
        for (int i = 0; i < hashes.length; i++) {
            hashes[i] = records.get(i).hash();
        }
        int[] order = SmallDenseMapOrder.iterationOrder(hashes);
        long dataLength = 0;
        boolean offload = version >= IndexedFormat.OFFLOAD_VERSION;
        for (ProfileRecord r : records) {
            dataLength += 24 + 8L * r.counts().length + ValueProfDataCodec.encodedSize(r);
            if (offload) {
                dataLength += IndexedFormat.alignTo8(r.bitmap().length) + 8 + IndexedFormat.alignTo8(uniformity(r).length);
            } else {
                dataLength += 8L * r.bitmap().length;
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
            for (long c : r.counts()) {
                out.u64(c);
            }
            out.u64(r.bitmap().length);
            if (offload) {
                // v14: bitmap and uniformity bytes as u8, each zero-padded to 8 (spec/offload.md).
                byte[] bits = uniformity(r);
                out.bytes(r.bitmap());
                out.zeros(IndexedFormat.alignTo8(r.bitmap().length) - r.bitmap().length);
                out.u64(bits.length);
                out.bytes(bits);
                out.zeros(IndexedFormat.alignTo8(bits.length) - bits.length);
            } else {
                for (byte b : r.bitmap()) {
                    out.u64(b & 0xFF);
                }
            }
            ByteBuffer vp = ByteBuffer.allocate((int) ValueProfDataCodec.encodedSize(r)).order(ByteOrder.LITTLE_ENDIAN);
            ValueProfDataCodec.encode(r, vp);
            out.bytes(vp.flip());
        }
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
