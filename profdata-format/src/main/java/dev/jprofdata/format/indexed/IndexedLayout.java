package dev.jprofdata.format.indexed;

/**
 * The indexed format's layout by version, declared once: which header offsets, sections and record
 * parts a version has, and the version-dependent choices of the releases that write it. The
 * reader, the writer, the record decoder and the compatibility rules ask here rather than compare
 * version numbers themselves (spec/indexed-format.md, "Versions", has the same table in words).
 */
final class IndexedLayout {
    private IndexedLayout() {
    }

    /** A part of the format and the first version that has it (every later one has it too). */
    enum Part {
        /** Records store their number of counters (version 1 derives it from the data length). */
        COUNTER_COUNT(2),
        /** A ValueProfData block follows each record's counters. */
        VALUE_DATA(3),
        /** The profile summaries follow the header. */
        SUMMARY(4),
        /** The header's MemProf offset. */
        MEMPROF(8),
        /** The header's binary-ID offset and section. */
        BINARY_IDS(9),
        /** The header's temporal-trace offset and section. */
        TEMPORAL(10),
        /** Readers keep the loop-entry flag (bit 55) of the version word; older ones mask it out. */
        LOOP_ENTRIES_FLAG(10),
        /** Names enter the hash table sorted (the writers of versions up to 9 used StringMap order). */
        SORTED_NAMES(10),
        /** Each record's MC/DC bitmap, one u64 per byte. */
        BITMAP(11),
        /** The header's vtable-names offset and section, and value kind 2 (vtable targets). */
        VTABLE_NAMES(12),
        /**
         * A name's records in the order of LLVM 19's {@code DenseMap} hash (the writers of versions
         * up to 11 used the older one: SmallDenseMapOrder).
         */
        NEW_RECORD_ORDER(12),
        /** The offload fork: bitmap bytes as u8, then uniformity bytes, each padded to 8. */
        UNIFORMITY(14),
        /** The offload fork's wave counters, after the uniformity bytes. */
        WAVES(15);

        private final int since;

        Part(int since) {
            this.since = since;
        }

        /** The first version with this part. */
        int since() {
            return since;
        }

        /** Whether format version {@code version} has this part. */
        boolean in(int version) {
            return version >= since;
        }
    }

    /** The header's section offsets after the hash-table offset, in the order they are stored. */
    private static final Part[] HEADER_OFFSETS = {Part.MEMPROF, Part.BINARY_IDS, Part.TEMPORAL, Part.VTABLE_NAMES};
    /** Magic, version word, an unused word, hash type and hash-table offset. */
    private static final int FIXED_HEADER = 40;

    /** Header size in bytes of format version {@code version} (the summaries or payload follow it). */
    static int headerSize(int version) {
        int size = FIXED_HEADER;
        for (Part p : HEADER_OFFSETS) {
            if (p.in(version)) {
                size += 8;
            }
        }
        return size;
    }

    /** Where the header stores the offset of {@code part}'s section (one of the header offsets). */
    static int headerOffsetAt(Part part) {
        for (int i = 0; i < HEADER_OFFSETS.length; i++) {
            if (HEADER_OFFSETS[i] == part) {
                return FIXED_HEADER + 8 * i;
            }
        }
        throw new IllegalArgumentException(part + " has no header offset");
    }
}
