package dev.jprofdata.format.raw;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Decoded name sections of recently read raw profiles, keyed by their exact bytes.
 *
 * <p>A merge usually reads hundreds of runs of one binary, whose names sections are identical:
 * inflating, splitting and hashing them once instead of once per file removes a large share of the
 * reading cost. An entry is used only for byte-identical sections (compared in full), so the result
 * is the same as decoding. Decoding errors are never cached; a section that decodes once always
 * decodes the same way.
 *
 * <p>Whoever reads many files makes one and hands it to each reader
 * ({@link RawProfileReader#open(java.nio.file.Path, String, NameTableCache)}); a merge owns one for
 * as long as it reads, so nothing is kept once it is done and concurrent merges in one process do
 * not share or clear each other's. A reader opened without one gets its own, for the runs
 * concatenated in one file. Safe for use by several threads.
 */
public final class NameTableCache {
    /** Distinct binaries remembered; a merge of more distinct binaries just decodes more often. */
    private static final int ENTRIES = 8;
    /** Sections larger than this are not kept (they would pin too much memory). */
    static final long MAX_BYTES = 32 << 20;

    /** The decoded names of one pair of sections. */
    record Entry(byte[] functionSection, byte[] vtableSection, List<String> vtableNames, NameLookup lookup) {
    }

    private final List<Entry> recent = new ArrayList<>();
    /** Every name of the entries remembered so far (also of those pushed out since). */
    private final KnownNames known = new KnownNames();

    /** An empty cache. */
    public NameTableCache() {
    }

    Entry find(byte[] functionSection, byte[] vtableSection) {
        synchronized (recent) {
            for (int i = 0; i < recent.size(); i++) {
                Entry e = recent.get(i);
                if (Arrays.equals(e.functionSection, functionSection) && Arrays.equals(e.vtableSection, vtableSection)) {
                    if (i > 0) {
                        recent.remove(i);
                        recent.add(0, e);
                    }
                    return e;
                }
            }
        }
        return null;
    }

    /** The names decoded so far, by string ({@link NameLookup#of(List, List, NameTableCache)}). */
    KnownNames known() {
        return known;
    }

    void remember(Entry e) {
        e.lookup.forEach(known::add);
        synchronized (recent) {
            recent.add(0, e);
            if (recent.size() > ENTRIES) {
                recent.remove(recent.size() - 1);
            }
        }
    }
}
