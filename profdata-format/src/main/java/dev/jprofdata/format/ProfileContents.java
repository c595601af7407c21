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

    /**
     * Groups that are built when asked for: a merge's result, whose functions stay in the merge
     * state's columns until they are written, so that they are never all held as objects at once.
     * The list is immutable, every {@code get} of one index gives equal groups, and its names are
     * unique and ascending by construction (a merge sorts them once; the writers do not check
     * them again). Contents keep such a list as it is (any other list is copied), and the writers
     * read its names, and whether any group has GPU data, without building the groups.
     */
    public interface GroupsOnDemand extends List<NameGroup>, java.util.RandomAccess {
        /** The name of group {@code i}, without building the group. */
        String name(int i);

        /** Whether no record of any group has GPU data (writers then need not look for it). */
        boolean hostOnly();
    }

    /** The name of group {@code i} of {@code groups}, without building it where it is built on demand. */
    public static String nameOf(List<NameGroup> groups, int i) {
        return groups instanceof GroupsOnDemand g ? g.name(i) : groups.get(i).name();
    }

    /** True when {@code groups} is known to hold no GPU data without looking at its records. */
    public static boolean knownHostOnly(List<NameGroup> groups) {
        return groups instanceof GroupsOnDemand g && g.hostOnly();
    }

    public ProfileContents {
        groups = groups instanceof GroupsOnDemand ? groups : List.copyOf(groups);
        binaryIds = List.copyOf(binaryIds);
        vtableNames = List.copyOf(vtableNames);
    }
}
