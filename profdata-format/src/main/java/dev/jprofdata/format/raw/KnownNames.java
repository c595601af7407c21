package dev.jprofdata.format.raw;

/**
 * The names a merge has decoded so far, by string, each with its MD5 name reference: the programs
 * of a test suite share most of their names (their library's), and finding a name here costs a
 * hash of the string and one comparison, where its MD5 costs a digest of every byte (a tenth of
 * reading the names sections of ten such programs). The string kept is the first one decoded, so
 * that programs that share a name also share the string. Holds at most {@link #LIMIT} names
 * (their strings stay alive with it, also those of programs the cache has let go of); names past
 * that are simply digested each time.
 */
final class KnownNames {
    /**
     * Most names remembered: a quarter of a million (a few MB with their strings), far more than
     * the programs of a test suite share.
     */
    static final int LIMIT = 1 << 18;

    private String[] names = new String[1 << 10];
    private long[] refs = new long[1 << 10];
    private int size;

    /** Whether {@code name} is known; if so {@code into} gets its reference and the string kept. */
    synchronized boolean find(String name, Found into) {
        int mask = names.length - 1;
        for (int at = name.hashCode() & mask; names[at] != null; at = (at + 1) & mask) {
            if (names[at].equals(name)) {
                into.ref = refs[at];
                into.name = names[at];
                return true;
            }
        }
        return false;
    }

    /** Remembers {@code name} under {@code ref}, its MD5 (unless known or the table is full). */
    synchronized void add(long ref, String name) {
        if (size >= LIMIT) {
            return;
        }
        if (2 * (size + 1) > names.length) {
            grow();
        }
        int mask = names.length - 1;
        int at = name.hashCode() & mask;
        for (; names[at] != null; at = (at + 1) & mask) {
            if (names[at].equals(name)) {
                return;
            }
        }
        names[at] = name;
        refs[at] = ref;
        size++;
    }

    private void grow() {
        String[] oldNames = names;
        long[] oldRefs = refs;
        names = new String[oldNames.length * 2];
        refs = new long[oldNames.length * 2];
        int mask = names.length - 1;
        for (int i = 0; i < oldNames.length; i++) {
            if (oldNames[i] != null) {
                int at = oldNames[i].hashCode() & mask;
                while (names[at] != null) {
                    at = (at + 1) & mask;
                }
                names[at] = oldNames[i];
                refs[at] = oldRefs[i];
            }
        }
    }

    /** What {@link #find} found: reused from name to name. */
    static final class Found {
        long ref;
        String name;
    }
}
