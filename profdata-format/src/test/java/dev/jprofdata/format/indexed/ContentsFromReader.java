package dev.jprofdata.format.indexed;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.ProfileContents.NameGroup;
import dev.jprofdata.format.ProfileRecord;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Test-only: turns what an indexed reader returns back into {@link ProfileContents} that the
 * writer turns into the same bytes.
 *
 * <p>The subtle part is the order of records sharing a name. The reader returns them in the
 * writer's SmallDenseMap iteration order, but the contents must list them in an insertion order
 * that reproduces that iteration order. Inserting them in iteration order usually works, but not
 * when a probe wrapped around the end of the table or a growth re-placed colliding keys; then
 * {@link #insertionOrderFor} searches for an order that does.
 */
final class ContentsFromReader {
    private ContentsFromReader() {
    }

    /** The contents of the committed indexed file {@code relative} (see {@link TestFiles#file}). */
    static ProfileContents readFile(String relative) throws IOException {
        try (IndexedProfileReader r = IndexedProfileReader.open(TestFiles.file(relative), relative)) {
            return read(r);
        }
    }

    static ProfileContents read(IndexedProfileReader reader) throws IOException {
        Map<String, List<ProfileRecord>> byName = new TreeMap<>();
        for (ProfileRecord r; (r = reader.next()) != null;) {
            byName.computeIfAbsent(r.name(), k -> new ArrayList<>()).add(r);
        }
        List<NameGroup> groups = new ArrayList<>();
        for (Map.Entry<String, List<ProfileRecord>> e : byName.entrySet()) {
            List<ProfileRecord> stored = e.getValue();
            int[] insertion = insertionOrderFor(hashes(stored));
            List<ProfileRecord> ordered = new ArrayList<>();
            for (int i : insertion) {
                ordered.add(stored.get(i));
            }
            groups.add(new NameGroup(e.getKey(), ordered));
        }
        return new ProfileContents(reader.kind(), groups, reader.binaryIds(), reader.vtableNames(),
                reader.temporalTraces(1));
    }

    private static long[] hashes(List<ProfileRecord> records) {
        long[] h = new long[records.size()];
        for (int i = 0; i < h.length; i++) {
            h[i] = records.get(i).hash();
        }
        return h;
    }

    /**
     * An insertion order (indices into {@code iteration}) whose SmallDenseMap iteration order is
     * {@code iteration} itself. Candidates: the order itself, then its rotations (a wrapped probe
     * puts the tail of a cluster at the start of the table), each also with the first two keys
     * swapped (they are re-placed in 4-bucket order when the map first grows), then every
     * permutation for small groups.
     */
    static int[] insertionOrderFor(long[] iteration) {
        int n = iteration.length;
        for (int rot = 0; rot < n; rot++) {
            for (int swap = 0; swap < 2; swap++) {
                int[] candidate = new int[n];
                for (int i = 0; i < n; i++) {
                    candidate[i] = (i + rot) % n;
                }
                if (swap == 1) {
                    if (n < 2) {
                        continue;
                    }
                    int t = candidate[0];
                    candidate[0] = candidate[1];
                    candidate[1] = t;
                }
                if (reproduces(iteration, candidate)) {
                    return candidate;
                }
            }
        }
        if (n <= 8) {
            int[] found = permute(iteration, new int[n], new boolean[n], 0);
            if (found != null) {
                return found;
            }
        }
        throw new IllegalStateException("no insertion order reproduces the stored record order");
    }

    private static int[] permute(long[] iteration, int[] prefix, boolean[] used, int k) {
        if (k == prefix.length) {
            return reproduces(iteration, prefix) ? prefix.clone() : null;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (!used[i]) {
                used[i] = true;
                prefix[k] = i;
                int[] r = permute(iteration, prefix, used, k + 1);
                used[i] = false;
                if (r != null) {
                    return r;
                }
            }
        }
        return null;
    }

    private static boolean reproduces(long[] iteration, int[] insertion) {
        long[] keys = new long[insertion.length];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = iteration[insertion[i]];
        }
        int[] order = SmallDenseMapOrder.iterationOrder(keys);
        for (int i = 0; i < order.length; i++) {
            if (insertion[order[i]] != i) {
                return false;
            }
        }
        return true;
    }
}
