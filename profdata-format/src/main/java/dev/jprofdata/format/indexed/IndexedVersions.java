package dev.jprofdata.format.indexed;

import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * Which LLVM release writes (and, as its newest, reads) which indexed format version, and the help
 * that goes with a version jprofdata cannot read. See spec/indexed-format.md, "Versions".
 */
public final class IndexedVersions {
    private IndexedVersions() {
    }

    /** Oldest version {@link IndexedProfileWriter} writes (LLVM 14's). */
    public static final int MIN_WRITABLE = IndexedFormat.MIN_WRITE_VERSION;
    /** Newest version jprofdata reads and writes (the offload fork's wave counters). */
    public static final int MAX = IndexedFormat.MAX_VERSION;
    /** The newest version an upstream LLVM release (22) writes. */
    public static final int NEWEST_UPSTREAM = IndexedFormat.LLVM_VERSION;

    /** LLVM release -> the indexed version its llvm-profdata writes, which is also the newest it reads. */
    private static final Map<Integer, Integer> BY_RELEASE = new TreeMap<>(Map.of(
            14, 7, 15, 8, 16, 9, 17, 10, 18, 11, 19, 12, 20, 12, 21, 12, 22, 13));

    /** The newest indexed version LLVM release {@code release} reads, if the release is known. */
    public static OptionalInt forLlvm(int release) {
        Integer v = BY_RELEASE.get(release);
        return v == null ? OptionalInt.empty() : OptionalInt.of(v);
    }

    /** The releases {@link #forLlvm} knows, for messages: {@code "14, 15, ..., 22"}. */
    public static String knownReleases() {
        return String.join(", ", BY_RELEASE.keySet().stream().map(String::valueOf).toList());
    }

    /** Who writes {@code version}: {@code "LLVM 19-21"}, {@code "the offload fork"}, or a range of old releases. */
    public static String writers(int version) {
        if (version == IndexedFormat.OFFLOAD_VERSION || version == IndexedFormat.WAVE_VERSION) {
            return "the offload-PGO fork of LLVM (yxsamliu/llvm-project)";
        }
        int first = 0;
        int last = 0;
        for (Map.Entry<Integer, Integer> e : BY_RELEASE.entrySet()) {
            if (e.getValue() == version) {
                first = first == 0 ? e.getKey() : first;
                last = e.getKey();
            }
        }
        if (first == 0) {
            return version < 7 ? "LLVM 13 or older" : "no released LLVM";
        }
        return first == last ? "LLVM " + first : "LLVM " + first + "-" + last;
    }

    /** The release table in one line, for messages. */
    public static String table() {
        return "LLVM 14 writes 7, 15 writes 8, 16 writes 9, 17 writes 10, 18 writes 11, 19-21 write 12, "
                + "22 writes 13; the offload fork writes 14 and 15";
    }

    /**
     * The help line(s) jprofdata adds after LLVM's {@code unsupported instrumentation profile format
     * version} for a file of format version {@code version} (the low 32 bits of the version word).
     */
    static String unsupportedHint(long version) {
        if (version == 0) {
            return "summary: the version field is 0, which no LLVM writes: the file is damaged or not an "
                    + "indexed profile (jprofdata reads versions 1-" + MAX + "; " + table() + ")";
        }
        if (version == IndexedFormat.OFFLOAD_VERSION || version == IndexedFormat.WAVE_VERSION) {
            return "summary: version " + version + " is the offload fork's, but the records do not have its "
                    + "layout: the file is damaged or comes from another tool (" + table() + ")";
        }
        return "summary: indexed version " + Long.toUnsignedString(version)
                + " was written by a newer LLVM than this jprofdata knows (it reads versions 1-" + MAX + "; "
                + table() + "); run that release's `llvm-profdata merge --write-prev-version` on it, "
                + "or merge the raw profiles with jprofdata, which can write any version from "
                + MIN_WRITABLE + " to " + MAX + " (merge --index-version=N or --for-llvm=RELEASE)";
    }
}
