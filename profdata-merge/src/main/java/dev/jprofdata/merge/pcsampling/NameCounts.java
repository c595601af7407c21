package dev.jprofdata.merge.pcsampling;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Counts by name for the few names of an enum-like field (stall reasons, instruction types): a
 * handful of entries, searched linearly, so a tally stays small. A damaged file could hold any
 * number of different names; past {@link #MAX_NAMES} they are counted together as {@link #OTHERS},
 * so neither memory nor time grows with them.
 */
public final class NameCounts {
    static final int MAX_NAMES = 64;
    /** Where names past the first {@link #MAX_NAMES} are counted. */
    public static final String OTHERS = "(other names)";

    private String[] names = new String[0];
    private long[] counts = new long[0];

    void add(String name, long n) {
        // The readers share the strings of these names: the same object is found without comparing text.
        for (int i = 0; i < names.length; i++) {
            if (names[i] == name) {
                counts[i] += n;
                return;
            }
        }
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                counts[i] += n;
                return;
            }
        }
        if (names.length >= MAX_NAMES - 1 && !name.equals(OTHERS)) {
            add(OTHERS, n);
            return;
        }
        names = Arrays.copyOf(names, names.length + 1);
        counts = Arrays.copyOf(counts, counts.length + 1);
        names[names.length - 1] = name;
        counts[counts.length - 1] = n;
    }

    void addAll(NameCounts other) {
        for (int i = 0; i < other.names.length; i++) {
            add(other.names[i], other.counts[i]);
        }
    }

    /** The count of {@code name} (0 if never counted). */
    public long get(String name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return counts[i];
            }
        }
        return 0;
    }

    public long total() {
        long t = 0;
        for (long c : counts) {
            t += c;
        }
        return t;
    }

    /** The entries, largest count first, then by name: the same order for the same counts. */
    public List<Map.Entry<String, Long>> sorted() {
        List<Map.Entry<String, Long>> out = new ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            out.add(Map.entry(names[i], counts[i]));
        }
        out.sort(Comparator.comparing((Map.Entry<String, Long> e) -> -e.getValue()).thenComparing(Map.Entry::getKey));
        return out;
    }

    public boolean isEmpty() {
        return names.length == 0;
    }
}
