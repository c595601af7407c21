package dev.jprofdata.format;

import java.util.List;

/**
 * Everything a writer needs to produce an indexed or text profile: the profile kind, the functions
 * grouped by name (names ascending by unsigned bytes, i.e. {@link String#compareTo} on the
 * ISO-8859-1 names), binary IDs, vtable names and temporal traces.
 *
 * <p>Within a group, records are in the order their hashes were first seen; the indexed writer
 * derives LLVM's per-name order from it and the text writer sorts by hash.
 */
public record ProfileContents(
        ProfileKind kind,
        List<NameGroup> groups,
        List<byte[]> binaryIds,
        List<String> vtableNames,
        TemporalTraces traces) {

    /**
     * All records sharing one name, in first-seen order of their hashes.
     *
     * @param firstSeen where a sequential merge first saw the name (the merge engine's position:
     *     input index in the high 32 bits, record ordinal in the low), or -1 when unknown. Only an
     *     ordering hint: LLVM 16 and older write names in an order that depends on it (see
     *     spec/indexed-format.md); it takes no part in equality.
     */
    public record NameGroup(String name, List<ProfileRecord> records, long firstSeen) {
        public NameGroup {
            records = List.copyOf(records);
        }

        /** A group whose first-seen position is unknown. */
        public NameGroup(String name, List<ProfileRecord> records) {
            this(name, records, -1);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof NameGroup g && name.equals(g.name) && records.equals(g.records);
        }

        @Override
        public int hashCode() {
            return name.hashCode() * 31 + records.hashCode();
        }
    }

    public ProfileContents {
        groups = List.copyOf(groups);
        binaryIds = List.copyOf(binaryIds);
        vtableNames = List.copyOf(vtableNames);
    }
}
