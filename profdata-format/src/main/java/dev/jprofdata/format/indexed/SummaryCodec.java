package dev.jprofdata.format.indexed;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileFormatException.Kind;
import dev.jprofdata.format.summary.ProfileSummary;
import dev.jprofdata.format.summary.SummaryEntry;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * The on-disk profile summary (v4+): {@code u64 NumSummaryFields, u64 NumCutoffEntries}, the fields
 * (TotalNumFunctions, TotalNumBlocks, MaxFunctionCount, MaxBlockCount, MaxInternalBlockCount,
 * TotalBlockCount, possibly more), then {@code (Cutoff, MinBlockCount, NumBlocks)} per entry.
 */
final class SummaryCodec {
    private SummaryCodec() {
    }

    /** Bytes the summary at {@code offset} occupies, using the counts stored in the file. */
    static long size(MappedBytes in, long offset) throws ProfileFormatException {
        long fields = in.u64(offset);
        long entries = in.u64(offset + 8);
        long room = in.size() - offset - 16;
        // Checked one factor at a time so that huge counts cannot overflow the sum.
        if (Long.compareUnsigned(fields, room / 8) > 0
                || Long.compareUnsigned(entries, (room - fields * 8) / 24) > 0) {
            throw in.error(offset, Kind.TRUNCATED, IndexedFormat.TRUNCATED);
        }
        return 16 + fields * 8 + entries * 24;
    }

    static ProfileSummary read(MappedBytes in, long offset) throws ProfileFormatException {
        size(in, offset);
        long numFields = in.u64(offset);
        long numEntries = in.u64(offset + 8);
        long[] f = new long[IndexedFormat.SUMMARY_FIELDS];
        for (int i = 0; i < f.length && i < numFields; i++) {
            f[i] = in.u64(offset + 16 + 8L * i);
        }
        long at = offset + 16 + 8 * numFields;
        List<SummaryEntry> entries = new ArrayList<>((int) Math.min(numEntries, 64));
        for (long i = 0; i < numEntries; i++, at += 24) {
            // LLVM narrows the stored cutoff to 32 bits.
            entries.add(new SummaryEntry(in.u64(at) & 0xFFFF_FFFFL, in.u64(at + 8), in.u64(at + 16)));
        }
        return new ProfileSummary(f[0], f[1], f[2], f[3], f[4], f[5], entries);
    }

    /** Bytes the writer's summary takes: 6 fields and one entry per cutoff. */
    static int writtenSize(int numEntries) {
        return 16 + 8 * IndexedFormat.SUMMARY_FIELDS + 24 * numEntries;
    }

    static ByteBuffer encode(ProfileSummary s) {
        List<SummaryEntry> entries = s.entries();
        ByteBuffer b = ByteBuffer.allocate(writtenSize(entries.size())).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(IndexedFormat.SUMMARY_FIELDS).putLong(entries.size());
        b.putLong(s.numFunctions()).putLong(s.numCounts()).putLong(s.maxFunctionCount())
                .putLong(s.maxCount()).putLong(s.maxInternalCount()).putLong(s.totalCount());
        for (SummaryEntry e : entries) {
            b.putLong(e.cutoff()).putLong(e.minCount()).putLong(e.numCounts());
        }
        return b.flip();
    }
}
