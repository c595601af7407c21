package dev.jprofdata.format.raw;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Decoded name sections of recently read raw profiles, keyed by their exact bytes.
 *
 * <p>A merge usually reads hundreds of runs of one binary, whose names sections are identical:
 * inflating, splitting and hashing them once instead of once per file removes a large share of the
 * reading cost. An entry is used only for byte-identical sections (compared in full), so the result
 * is the same as decoding. Decoding errors are never cached; a section that decodes once always
 * decodes the same way.
 */
final class NameTableCache {
    /** Distinct binaries remembered; a merge of more distinct binaries just decodes more often. */
    private static final int ENTRIES = 8;
    /** Sections larger than this are not kept (they would pin too much memory). */
    static final long MAX_BYTES = 32 << 20;

    /** The decoded names of one pair of sections. */
    record Entry(byte[] functionSection, byte[] vtableSection, List<String> functionNames,
            List<String> vtableNames, Map<Long, String> names, NameLookup lookup) {
    }

    private static final List<Entry> RECENT = new ArrayList<>();

    private NameTableCache() {
    }

    static Entry find(byte[] functionSection, byte[] vtableSection) {
        synchronized (RECENT) {
            for (int i = 0; i < RECENT.size(); i++) {
                Entry e = RECENT.get(i);
                if (Arrays.equals(e.functionSection, functionSection) && Arrays.equals(e.vtableSection, vtableSection)) {
                    if (i > 0) {
                        RECENT.remove(i);
                        RECENT.add(0, e);
                    }
                    return e;
                }
            }
        }
        return null;
    }

    /** Forgets every entry (see {@link RawProfileReader#releaseDecodedNames}). */
    static void clear() {
        synchronized (RECENT) {
            RECENT.clear();
        }
    }

    static void remember(Entry e) {
        synchronized (RECENT) {
            RECENT.add(0, e);
            if (RECENT.size() > ENTRIES) {
                RECENT.remove(RECENT.size() - 1);
            }
        }
    }
}
