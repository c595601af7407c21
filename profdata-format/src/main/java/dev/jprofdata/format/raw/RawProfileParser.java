package dev.jprofdata.format.raw;

import dev.jprofdata.format.MemoryGuard;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileFormatException.Kind;
import java.util.Arrays;
import java.util.List;

/**
 * Parses everything of one raw profile that lies before its records can be read: the header, binary
 * IDs, section offsets, names, vtable names, vtable records and the function address map. Every
 * problem found here is a header-level problem of that profile.
 */
final class RawProfileParser {
    private RawProfileParser() {
    }

    private static final long MAX_TABLE = Integer.MAX_VALUE - 8;

    static RawProfile parse(RawBytes bytes, long base, int pointerWidth, String file, NameTableCache cache)
            throws ProfileFormatException {
        return parse(bytes, base, pointerWidth, file, cache, MemoryGuard.NONE);
    }

    /** {@code guard} is asked before the names sections are decoded into names (see {@link MemoryGuard}). */
    static RawProfile parse(RawBytes bytes, long base, int pointerWidth, String file, NameTableCache cache,
            MemoryGuard guard) throws ProfileFormatException {
        return parseWithNames(bytes, base, pointerWidth, file, java.util.Objects.requireNonNull(cache, "cache"), guard);
    }

    /**
     * As {@link #parse}, leaving the names sections alone: the profile has no names. For the probe
     * of a binary ({@link RawCounterLayout}), which needs the names only when the merge ends and
     * decodes them with {@link #names} meanwhile, possibly on another thread.
     */
    static RawProfile parseSkippingNames(RawBytes bytes, long base, int pointerWidth, String file)
            throws ProfileFormatException {
        return parseWithNames(bytes, base, pointerWidth, file, null, MemoryGuard.NONE);
    }

    /** {@link #parse}, with the names sections decoded through {@code cache}, or left alone when it is null. */
    private static RawProfile parseWithNames(RawBytes bytes, long base, int pointerWidth, String file,
            NameTableCache cache, MemoryGuard guard) throws ProfileFormatException {
        RawHeader header = RawHeaderParser.parse(bytes, base, pointerWidth, file);
        // Same order as LLVM: binary IDs are checked before the other sections are located.
        List<byte[]> binaryIds = BinaryIdsReader.read(bytes, header, file);
        RecordLayout layout = RecordLayout.of(header.version(), pointerWidth);
        RawSections sections = RawSections.locate(header, layout, bytes.size(), file);

        NameTableCache.Entry decoded = cache != null ? names(bytes, header, sections, file, cache, guard) : NO_NAMES;

        if (header.numData() > MAX_TABLE || header.numVTables() > MAX_TABLE) {
            // Address maps are Java arrays; a file this big (over 100 GiB of records) is out of reach.
            throw new ProfileFormatException(file, base, Kind.TOO_LARGE, RawErrors.TOO_LARGE);
        }
        AddressResolver resolver = resolver(bytes, header, layout, sections);
        return new RawProfile(header, layout, sections, List.copyOf(binaryIds), List.copyOf(decoded.vtableNames()),
                decoded.lookup(), resolver);
    }

    /** What a profile parsed without its names sections has. */
    private static final NameTableCache.Entry NO_NAMES =
            new NameTableCache.Entry(null, null, List.of(), NameLookup.of(List.of(), List.of()));

    /** The profile's names, decoded, or from {@code cache} when the same bytes were decoded before. */
    static NameTableCache.Entry names(RawBytes bytes, RawHeader header, RawSections sections, String file,
            NameTableCache cache, MemoryGuard guard) throws ProfileFormatException {
        // RawSections.locate checked that both sections lie inside the file.
        boolean cacheable = header.namesSize() + header.vnamesSize() <= NameTableCache.MAX_BYTES;
        byte[] functionSection = cacheable ? bytes.bytes(sections.namesOffset(), (int) header.namesSize()) : null;
        byte[] vtableSection = cacheable ? bytes.bytes(sections.vnamesOffset(), (int) header.vnamesSize()) : null;
        NameTableCache.Entry cached = cacheable ? cache.find(functionSection, vtableSection) : null;
        if (cached != null) {
            return cached;
        }
        List<String> functionNames = NamesSectionDecoder.decode(bytes, sections.namesOffset(),
                header.namesSize(), file, guard);
        List<String> vtableNames = NamesSectionDecoder.decode(bytes, sections.vnamesOffset(),
                header.vnamesSize(), file, guard);
        NameTableCache.Entry entry = new NameTableCache.Entry(functionSection, vtableSection,
                List.copyOf(vtableNames), NameLookup.of(functionNames, vtableNames, cache));
        if (cacheable) {
            cache.remember(entry);
        }
        return entry;
    }

    /**
     * The address maps of this profile: every record with a non-null {@code FunctionPointer}, and
     * every vtable record with a non-null, non-empty range {@code [start, start + size)} (computed
     * in pointer-width arithmetic, as the runtime's pointers wrap).
     */
    private static AddressResolver resolver(RawBytes bytes, RawHeader h, RecordLayout layout, RawSections s) {
        int count = 0;
        for (long i = 0; i < h.numData(); i++) {
            if (DataRecord.functionPointer(bytes, layout, s.dataOffset() + i * layout.size()) != 0) {
                count++;
            }
        }
        long[] addresses = new long[count];
        long[] hashes = new long[count];
        int k = 0;
        for (long i = 0; i < h.numData(); i++) {
            long record = s.dataOffset() + i * layout.size();
            long pointer = DataRecord.functionPointer(bytes, layout, record);
            if (pointer != 0) {
                addresses[k] = pointer;
                hashes[k++] = bytes.u64(record + RecordLayout.NAME_REF);
            }
        }

        int p = layout.pointerWidth();
        long mask = p == 8 ? -1L : 0xFFFF_FFFFL;
        int size = layout.vtableRecordSize();
        int n = (int) h.numVTables();
        long[] starts = new long[n];
        long[] ends = new long[n];
        long[] vtableHashes = new long[n];
        int v = 0;
        for (int i = 0; i < n; i++) {
            long record = s.vtablesOffset() + (long) i * size;
            long start = bytes.pointer(record + 8, p);
            long end = (start + bytes.u32(record + 8 + p)) & mask;
            if (start != 0 && Long.compareUnsigned(end, start) > 0) {
                starts[v] = start;
                ends[v] = end;
                vtableHashes[v++] = bytes.u64(record);
            }
        }
        return new AddressResolver(addresses, hashes, Arrays.copyOf(starts, v), Arrays.copyOf(ends, v),
                Arrays.copyOf(vtableHashes, v));
    }
}
