package dev.jprofdata.format.indexed;

import dev.jprofdata.format.BatchReader;
import dev.jprofdata.format.RecordBatch;
import dev.jprofdata.format.CountsSink;
import dev.jprofdata.format.MemoryGuard;
import dev.jprofdata.format.ProfileFormat;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileFormatException.Kind;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.SymbolTable;
import dev.jprofdata.format.TemporalTraces;
import dev.jprofdata.format.indexed.IndexedLayout.Part;
import dev.jprofdata.format.io.MappedFaults;
import dev.jprofdata.format.summary.ProfileSummary;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Reads indexed profiles ({@code .profdata}) of format versions 1 to 13, and the offload fork's 14 and 15.
 *
 * <p>Everything outside the hash table (header, summaries, binary IDs, vtable names, temporal
 * traces) is read when the reader opens. Records are then streamed in on-disk order: like
 * {@code llvm-profdata}, the reader walks the hash-table payload from its start (right after the
 * summaries) rather than through the bucket array, so the order is bucket order, then chain order,
 * and within one key the writer's per-name order. The MemProf section is not decoded; only its
 * version is checked, as LLVM 22 does.
 *
 * <p>The file is memory-mapped; records are decoded one key at a time.
 */
public final class IndexedProfileReader implements BatchReader {
    private final MappedBytes in;
    private final IndexedHeader header;
    private final ProfileSummary summary;
    private final ProfileSummary csSummary;
    private final long payloadStart;
    private final long numEntries;
    private final List<byte[]> binaryIds;
    private final List<String> vtableNames;
    private final TemporalTraces traces;

    private final KeyCursor cursor;
    private final KeyLayout layout = new KeyLayout();
    private boolean omitValueSites;
    private List<ProfileRecord> pending = List.of();
    private int pendingIndex;
    private ProfileFormatException failure;
    private SymbolTable symbols;

    /** Asked before the counters and value sites of each record are built. */
    private final MemoryGuard guard;

    private IndexedProfileReader(MappedBytes in, MemoryGuard guard) throws ProfileFormatException {
        this.in = in;
        this.guard = guard;
        this.header = IndexedHeader.read(in);
        int version = header.version();
        long at = header.size();
        ProfileSummary s = null;
        ProfileSummary cs = null;
        if (Part.SUMMARY.in(version)) {
            s = SummaryCodec.read(in, at);
            at += SummaryCodec.size(in, at);
            if (header.has(ProfileKind.CONTEXT_SENSITIVE)) {
                cs = SummaryCodec.read(in, at);
                at += SummaryCodec.size(in, at);
            }
        }
        this.summary = s;
        this.csSummary = cs;
        if (header.hashType() != 0) {
            throw in.error(24, Kind.UNSUPPORTED_HASH_TYPE, IndexedFormat.UNSUPPORTED_HASH_TYPE);
        }
        this.payloadStart = at;
        // NumBuckets is needed only for lookups; iteration uses NumEntries alone.
        if (!in.contains(header.hashOffset(), 16)) {
            // A header pointing past the end of the file (typically a truncated file): LLVM 22
            // reports it as a corrupt header.
            throw in.error(header.hashOffset(), Kind.CORRUPT_HEADER, IndexedFormat.BAD_HEADER);
        }
        this.numEntries = in.u64(header.hashOffset() + 8);
        if (Part.MEMPROF.in(version) && header.has(ProfileKind.MEMPROF)) {
            SectionReaders.checkMemProf(in, header.memProfOffset());
        }
        this.binaryIds = Part.BINARY_IDS.in(version) ? SectionReaders.binaryIds(in, header.binaryIdOffset())
                : List.of();
        this.vtableNames = Part.VTABLE_NAMES.in(version) ? SectionReaders.vtableNames(in, header.vtableNamesOffset())
                : List.of();
        this.traces = Part.TEMPORAL.in(version) && header.has(ProfileKind.TEMPORAL)
                ? SectionReaders.temporalTraces(in, header.temporalOffset())
                : TemporalTraces.NONE;
        this.cursor = keyCursor();
        if (Part.UNIFORMITY.in(version)) {
            probeOffloadLayout(version);
        }
    }

    /**
     * Versions 14 and 15 are the offload fork's (uniformity bytes, then wave counters per record),
     * but a file may carry 14 for another reason (LLVM 22 rejects any 14). Only a file whose first record decodes under the
     * fork's layout, with a uniformity byte count of 0 or one bit per counter, is read as v14;
     * any other is refused with LLVM 22's message, as before.
     */
    private void probeOffloadLayout(int version) throws ProfileFormatException {
        KeyCursor first = keyCursor();
        boolean ok;
        try {
            ok = !first.advance()
                    || RecordDecoder.decodes(in, version, first.dataOffset(), first.dataLength());
        } catch (ProfileFormatException e) {
            ok = false;
        }
        if (!ok) {
            throw in.error(8, Kind.UNSUPPORTED_VERSION,
                    IndexedFormat.UNSUPPORTED_VERSION + "\n" + IndexedVersions.unsupportedHint(version));
        }
    }

    /** Opens {@code path}; messages name it {@code displayName}. */
    public static IndexedProfileReader open(Path path, String displayName) throws IOException {
        return open(path, displayName, MemoryGuard.NONE);
    }

    /** As {@link #open(Path, String)}, asking {@code guard} before each record's counters and value sites are built. */
    public static IndexedProfileReader open(Path path, String displayName, MemoryGuard guard) throws IOException {
        MappedBytes mapped = MappedBytes.map(path, displayName);
        try {
            return new IndexedProfileReader(mapped, guard);
        } catch (InternalError e) {
            throw MappedFaults.truncated(displayName, e);
        }
    }

    /** Reads a profile held in memory (for example standard input); the buffer is not modified. */
    public static IndexedProfileReader open(ByteBuffer data, String displayName) throws ProfileFormatException {
        return new IndexedProfileReader(MappedBytes.wrap(data, displayName), MemoryGuard.NONE);
    }

    public IndexedHeader header() {
        return header;
    }

    /** The format version (1..15). */
    public int version() {
        return header.version();
    }

    /** The stored summary of the non-CS records; empty before version 4, which had none. */
    public Optional<ProfileSummary> storedSummary() {
        return Optional.ofNullable(summary);
    }

    /** The stored summary of the CS records; present only when the CS flag is set (v4+). */
    public Optional<ProfileSummary> storedCsSummary() {
        return Optional.ofNullable(csSummary);
    }

    /** Number of keys (distinct names) in the hash table, as stored. */
    public long numKeys() {
        return numEntries;
    }

    @Override
    public ProfileFormat format() {
        return ProfileFormat.INDEXED;
    }

    @Override
    public String fileName() {
        return in.file();
    }

    @Override
    public long displayVersion() {
        return header.version();
    }

    @Override
    public ProfileKind kind() {
        return header.kind();
    }

    @Override
    public List<byte[]> binaryIds() {
        return binaryIds;
    }

    @Override
    public ProfileRecord next() throws IOException {
        if (failure != null) {
            throw failure;
        }
        if (pendingIndex < pending.size()) {
            return pending.get(pendingIndex++);
        }
        try {
            if (!cursor.advance()) {
                return null;
            }
            pending = RecordDecoder.decode(in, header.version(), cursor.key(), cursor.dataOffset(),
                    cursor.dataLength(), layout, !omitValueSites, guard);
        } catch (ProfileFormatException e) {
            failure = e;
            throw e;
        } catch (InternalError e) {
            failure = MappedFaults.truncated(fileName(), e);
            throw failure;
        }
        pendingIndex = 1;
        return pending.get(0);
    }

    /** Value data is then checked but not decoded (most of a record's objects). */
    @Override
    public void omitValueSites() {
        omitValueSites = true;
    }

    /** Reads the counters straight from the mapping: no names, bitmaps or value sites are built. */
    @Override
    public void scanCounts(CountsSink sink) throws IOException {
        if (failure != null) {
            throw failure;
        }
        for (; pendingIndex < pending.size(); pendingIndex++) {
            ProfileRecord r = pending.get(pendingIndex);
            sink.accept(r.hash(), r.counts(), r.counts().length);
        }
        long[] buffer = new long[64];
        try {
            while (cursor.advance()) {
                buffer = RecordDecoder.scanCounts(in, header.version(), cursor.dataOffset(), cursor.dataLength(),
                        layout, buffer, sink);
            }
        } catch (ProfileFormatException e) {
            failure = e;
            throw e;
        } catch (InternalError e) {
            failure = MappedFaults.truncated(fileName(), e);
            throw failure;
        }
    }

    /** Offload profiles (version 14 on) carry device data in their records, which batches do not. */
    @Override
    public boolean readsBatches() {
        return !Part.UNIFORMITY.in(header.version());
    }

    /**
     * Names, hashes and counters straight from the mapping, as {@link #scanCounts} reads counters,
     * and bitmaps and value sites when the batch takes them.
     */
    @Override
    public boolean nextBatch(RecordBatch batch) throws IOException {
        if (failure != null) {
            throw failure;
        }
        if (pendingIndex < pending.size()) {
            throw new IllegalStateException(fileName() + ": next() and nextBatch() mixed on one reader");
        }
        batch.clear();
        try {
            while (!batch.full() && cursor.advance()) {
                RecordDecoder.addTo(batch, in, header.version(), cursor.keyOffset(), cursor.keyLength(),
                        cursor.dataOffset(), cursor.dataLength(), layout, !omitValueSites);
            }
        } catch (ProfileFormatException e) {
            // The records before the bad key go out first; the error comes with the next call.
            failure = e;
            if (batch.size() == 0) {
                throw e;
            }
        } catch (InternalError e) {
            // Nothing read from a file that shrank can be trusted, not even this batch.
            failure = MappedFaults.truncated(fileName(), e);
            batch.clear();
            throw failure;
        }
        return batch.size() > 0;
    }

    /**
     * The profile's keys found by name, for looking records up one function at a time; null when
     * a name is stored under two keys. Walks the keys (not their records) from the start.
     */
    public IndexedKeyIndex keyIndex() throws ProfileFormatException {
        try {
            return IndexedKeyIndex.build(in, header.version(), payloadStart, numEntries);
        } catch (InternalError e) {
            throw MappedFaults.truncated(fileName(), e);
        }
    }

    /** A walk over the keys of the hash table from its first, in file order (no records decoded). */
    KeyCursor keyCursor() {
        return new KeyCursor(in, payloadStart, numEntries);
    }

    /**
     * Every key of the hash table plus the stored vtable names, as LLVM's symbol table has them.
     * Built on first use by walking the keys only; if the payload is malformed the walk stops there
     * ({@link #next()} reports the problem).
     */
    @Override
    public SymbolTable symbols() {
        if (symbols == null) {
            SymbolTable t = new SymbolTable();
            KeyCursor keys = keyCursor();
            try {
                while (keys.advance()) {
                    t.add(keys.key());
                }
            } catch (ProfileFormatException e) {
                // Keep the names found so far; the record stream raises the error.
            } catch (InternalError e) {
                throw new java.io.UncheckedIOException(MappedFaults.truncated(fileName(), e));
            }
            for (String name : vtableNames) {
                t.add(name);
            }
            symbols = t;
        }
        return symbols;
    }

    @Override
    public TemporalTraces temporalTraces(long rawWeight) {
        return traces;
    }

    @Override
    public List<String> vtableNames() {
        return vtableNames;
    }

    @Override
    public void close() {
        // Mappings are released by the garbage collector; nothing else is held open.
    }
}
