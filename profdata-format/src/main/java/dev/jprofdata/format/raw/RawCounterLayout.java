package dev.jprofdata.format.raw;

import dev.jprofdata.format.Magic;
import dev.jprofdata.format.ProfileKind;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Where the counters of a plain raw profile sit, for merging many runs of one binary without
 * decoding each of them (spec/performance.md, "binary groups").
 *
 * <p>Runs of the same binary write files that differ only in their counters and in a few run-time
 * addresses (with address-space randomisation): the header's {@code NamesDelta} and
 * {@code BitmapDelta}, and each record's {@code FunctionPointer} and {@code Values}. Without value
 * data or bitmaps the reader uses none of these, so two such files give the same records apart from
 * the counters exactly when {@link #sameApartFromCounters} holds; the counters can then be added
 * straight from the mapping.
 *
 * <p>Only the common case is accepted: one 64-bit little-endian profile of raw version 8, 9 or 10
 * filling the whole file, with 8-byte counters, at least one data record, no MC/DC bitmap, no
 * vtables, no value data, no GPU device record and no temporal, byte-coverage or
 * correlation flags. {@link #probe} returns {@code null} for everything else, which then takes the
 * ordinary reader. This parse does not validate a file: the caller reads the group's first file
 * with {@link RawProfileReader} and checks that its records match {@link #counterStart} and
 * {@link #counterCount} before trusting this layout.
 */
public final class RawCounterLayout {
    /** Largest header (v10) and record (v9/v10) this class accepts. */
    private static final int MAX_HEADER = 128;
    private static final int MAX_RECORD = 64;
    private static final long EXCLUDED_FLAGS = ProfileKind.TEMPORAL | ProfileKind.BYTE_COVERAGE
            | ProfileKind.DEBUG_INFO_CORRELATE | ProfileKind.MEMPROF;

    private final int headerSize;
    private final long[] ignoredHeaderFields;
    private final long dataOffset;
    private final int recordSize;
    private final int addressFields;
    private final long versionWord;
    private final long countersOffset;
    private final int numCounters;
    private final long[] recordStart;
    private final int[] recordCount;

    private RawCounterLayout(int headerSize, long[] ignoredHeaderFields, long dataOffset, int recordSize,
            int addressFields, long versionWord, long countersOffset, int numCounters, long[] recordStart,
            int[] recordCount) {
        this.headerSize = headerSize;
        this.ignoredHeaderFields = ignoredHeaderFields;
        this.dataOffset = dataOffset;
        this.recordSize = recordSize;
        this.addressFields = addressFields;
        this.versionWord = versionWord;
        this.countersOffset = countersOffset;
        this.numCounters = numCounters;
        this.recordStart = recordStart;
        this.recordCount = recordCount;
    }

    /**
     * The layout of the raw file at {@code path}, or {@code null} when it is not of the accepted
     * kind. Reads only the header and the data records (into the heap, not a mapping, so probing
     * many files leaves nothing resident).
     */
    public static RawCounterLayout probe(Path path) {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size < 32 || size > Integer.MAX_VALUE) {
                return null;
            }
            ByteBuffer head = readFully(ch, 32);
            int version = (int) head.getLong(8);
            long binaryIdsSize = head.getLong(16);
            long numData = head.getLong(24);
            if (version < 8 || version > 10 || binaryIdsSize < 0 || numData < 0
                    || binaryIdsSize > size || numData > size) {
                return null;
            }
            long needed = MAX_HEADER + binaryIdsSize + numData * MAX_RECORD;
            ByteBuffer start = readFully(ch, (int) Math.min(size, needed));
            return probe(start, size);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static ByteBuffer readFully(FileChannel ch, int length) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining() && ch.read(b, b.position()) >= 0) {
            // position advances by what was read
        }
        return b.clear();
    }

    /**
     * The layout of {@code file} (a little-endian view of a whole raw file), or {@code null} when the
     * file is not of the accepted kind.
     */
    public static RawCounterLayout probe(ByteBuffer file) {
        return probe(file, file.capacity());
    }

    /**
     * As {@link #probe(ByteBuffer)} for a file of {@code size} bytes of which {@code start} holds at
     * least the header and the data records (more is ignored).
     */
    private static RawCounterLayout probe(ByteBuffer start, long size) {
        ByteBuffer b = start.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        if (size < 16 || b.getLong(0) != Magic.RAW64) {
            return null;
        }
        long versionWord = b.getLong(8);
        int version = (int) versionWord;
        if ((versionWord & EXCLUDED_FLAGS) != 0 || version < 8 || version > 10) {
            return null;
        }
        // Field indexes of the header per version (the fields shift as sections were added).
        boolean bitmaps = version >= 9;
        boolean vtables = version >= 10;
        int fields = version == 8 ? 11 : version == 9 ? 14 : 16;
        int headerSize = fields * 8;
        if (size < headerSize) {
            return null;
        }
        long binaryIdsSize = b.getLong(16);
        long numData = b.getLong(24);
        long padBefore = b.getLong(32);
        long numCounters = b.getLong(40);
        long padAfter = b.getLong(48);
        int at = 56;
        long numBitmapBytes = 0;
        long padAfterBitmap = 0;
        if (bitmaps) {
            numBitmapBytes = b.getLong(at);
            padAfterBitmap = b.getLong(at + 8);
            at += 16;
        }
        long namesSize = b.getLong(at);
        long countersDelta = b.getLong(at + 8);
        at += bitmaps ? 32 : 24; // CountersDelta, [BitmapDelta,] NamesDelta
        long numVTables = vtables ? b.getLong(at) : 0;
        long vnamesSize = vtables ? b.getLong(at + 8) : 0;
        if (numBitmapBytes != 0 || numVTables != 0 || vnamesSize != 0 || numData <= 0 || numData > size
                || numCounters <= 0 || numCounters > size / 8 || (binaryIdsSize & 7) != 0 || binaryIdsSize < 0
                || binaryIdsSize > size || padBefore < 0 || padBefore > size || padAfter < 0 || padAfter > size
                || padAfterBitmap < 0 || padAfterBitmap > size || namesSize < 0 || namesSize > size) {
            return null;
        }
        int recordSize = version == 8 ? 48 : 64;
        int numCountersField = version == 8 ? 40 : 48;
        long dataOffset = headerSize + binaryIdsSize;
        long countersOffset = dataOffset + numData * recordSize + padBefore;
        long countersEnd = countersOffset + numCounters * 8;
        long namesOffset = countersEnd + padAfter + padAfterBitmap;
        long end = namesOffset + namesSize + ((8 - namesSize % 8) & 7);
        // No value data and nothing after this profile: the file ends where the names end.
        if (countersEnd > size || end != size) {
            return null;
        }
        if (dataOffset + numData * recordSize > b.capacity()) {
            return null;
        }
        long[] starts = new long[(int) numData];
        int[] counts = new int[(int) numData];
        for (int i = 0; i < numData; i++) {
            int rec = (int) (dataOffset + (long) i * recordSize);
            // NumValueSites (u16 per value kind); in v10 followed by the offload fork's u16
            // NumOffloadProfilingThreads, so one u64 covers both: value sites or a GPU record.
            long sitesAndThreads = vtables ? b.getLong(rec + numCountersField + 4)
                    : b.getInt(rec + numCountersField + 4);
            if (sitesAndThreads != 0) {
                return null;
            }
            long n = Integer.toUnsignedLong(b.getInt(rec + numCountersField));
            long offset = b.getLong(rec + 16) - (countersDelta - (long) i * recordSize);
            if (n == 0 || offset < 0 || (offset & 7) != 0 || offset / 8 + n > numCounters) {
                return null;
            }
            starts[i] = offset / 8;
            counts[i] = (int) n;
        }
        // NamesDelta (and BitmapDelta) are run-time addresses; FunctionPointer and Values follow
        // CounterPtr (and BitmapPtr) in each record.
        long[] ignored = bitmaps ? new long[] {88, 96} : new long[] {72};
        int addressFields = bitmaps ? 32 : 24;
        return new RawCounterLayout(headerSize, ignored, dataOffset, recordSize, addressFields, versionWord,
                countersOffset, (int) numCounters, starts, counts);
    }

    /**
     * Whether {@code other} (a little-endian view of a whole file) is a run of the same binary as
     * {@code reference}, the file this layout was probed from: equal bytes everywhere except the
     * counter section and the run-time address fields.
     */
    public boolean sameApartFromCounters(ByteBuffer reference, ByteBuffer other) {
        int size = reference.capacity();
        if (other.capacity() != size) {
            return false;
        }
        ByteBuffer a = reference.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer b = other.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        for (int at = 0; at < headerSize; at += 8) {
            if (a.getLong(at) != b.getLong(at) && !ignoredHeaderField(at)) {
                return false;
            }
        }
        int data = (int) dataOffset;
        if (!sameRange(a, b, headerSize, data)) {
            return false;
        }
        for (int i = 0; i < recordStart.length; i++) {
            int rec = data + i * recordSize;
            for (int at = 0; at < recordSize; at += 8) {
                if ((at < addressFields || at >= addressFields + 16) && a.getLong(rec + at) != b.getLong(rec + at)) {
                    return false;
                }
            }
        }
        int dataEnd = data + recordStart.length * recordSize;
        return sameRange(a, b, dataEnd, (int) countersOffset) && sameRange(a, b, (int) countersEnd(), size);
    }

    private boolean ignoredHeaderField(int at) {
        for (long f : ignoredHeaderFields) {
            if (f == at) {
                return true;
            }
        }
        return false;
    }

    private static boolean sameRange(ByteBuffer a, ByteBuffer b, int from, int to) {
        return a.slice(from, to - from).mismatch(b.slice(from, to - from)) == -1;
    }

    /** Bytes of the header; files of one group have equal headers. */
    public int headerSize() {
        return headerSize;
    }

    /** The header's version word, flags included. */
    public long versionWord() {
        return versionWord;
    }

    public long countersOffset() {
        return countersOffset;
    }

    public long countersEnd() {
        return countersOffset + 8L * numCounters;
    }

    /** Counter slots of the counter section. */
    public int numCounters() {
        return numCounters;
    }

    /** Number of data records, in the order the reader returns them. */
    public int numRecords() {
        return recordStart.length;
    }

    /** Index of record {@code i}'s first counter in the counter section. */
    public long counterStart(int i) {
        return recordStart[i];
    }

    /** Number of counters of record {@code i}. */
    public int counterCount(int i) {
        return recordCount[i];
    }
}
