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

    /** All records sharing one name, in first-seen order of their hashes. */
    public record NameGroup(String name, List<ProfileRecord> records) {
        public NameGroup {
            records = List.copyOf(records);
        }
    }

    public ProfileContents {
        groups = List.copyOf(groups);
        binaryIds = List.copyOf(binaryIds);
        vtableNames = List.copyOf(vtableNames);
    }
}
