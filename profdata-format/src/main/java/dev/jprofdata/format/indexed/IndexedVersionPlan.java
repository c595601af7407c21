package dev.jprofdata.format.indexed;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.indexed.IndexedCompatibility.Feature;
import dev.jprofdata.format.indexed.IndexedCompatibility.Loss;
import java.util.List;
import java.util.OptionalInt;

/**
 * Which indexed version a merge writes and what happens to what that version cannot hold
 * (spec/indexed-format.md, "Writing an older version"): the automatic choice (13, or 14/15 when the
 * records carry GPU data), LLVM 22's previous version, a version asked for by number, or the newest
 * version an LLVM release reads. The CLI's {@code --index-version}, {@code --for-llvm},
 * {@code --write-prev-version} and {@code --drop-unsupported}, and the Maven plugin's parameters of
 * the same names, are this one plan.
 */
public final class IndexedVersionPlan {
    /** The version to write, or 13 for the automatic choice. */
    private final int version;
    /** Whether the version was asked for explicitly (by number or release). */
    private final boolean strict;
    private final boolean previousVersion;

    private IndexedVersionPlan(int version, boolean strict, boolean previousVersion) {
        this.version = version;
        this.strict = strict;
        this.previousVersion = previousVersion;
    }

    /** Version 13, or 14/15 when the records need it (llvm-profdata 22 and the offload fork). */
    public static IndexedVersionPlan automatic() {
        return new IndexedVersionPlan(IndexedProfileWriter.DEFAULT_VERSION, false, false);
    }

    /**
     * LLVM 22's {@code --write-prev-version}: version 11 with LLVM's own rules (GPU uniformity and
     * vtable names are left out silently, as LLVM does; only wave counters stop it).
     */
    public static IndexedVersionPlan previousVersion() {
        return new IndexedVersionPlan(IndexedProfileWriter.PREV_VERSION, false, true);
    }

    /**
     * Exactly {@code version}.
     *
     * @throws IllegalArgumentException naming the versions jprofdata writes, when it writes no such version
     */
    public static IndexedVersionPlan version(int version) {
        if (version < IndexedVersions.MIN_WRITABLE || version > IndexedVersions.MAX) {
            throw new IllegalArgumentException("jprofdata writes indexed versions " + IndexedVersions.MIN_WRITABLE
                    + " to " + IndexedVersions.MAX + ", not " + version + " (" + IndexedVersions.table() + ")");
        }
        return new IndexedVersionPlan(version, true, false);
    }

    /**
     * The newest version LLVM release {@code release} reads ("19", "19.1" or "19.1.7": only the
     * major release matters).
     *
     * @throws IllegalArgumentException saying which releases are known, when this one is not
     */
    public static IndexedVersionPlan forLlvm(String release) {
        String text = release.trim();
        int dot = text.indexOf('.');
        String major = dot < 0 ? text : text.substring(0, dot);
        int r;
        try {
            r = Integer.parseInt(major);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + release + "' is not an LLVM release number (known: "
                    + IndexedVersions.knownReleases() + ")");
        }
        OptionalInt v = IndexedVersions.forLlvm(r);
        if (v.isPresent()) {
            return new IndexedVersionPlan(v.getAsInt(), true, false);
        }
        if (r > 22) {
            throw new IllegalArgumentException("LLVM " + r + " is newer than the releases jprofdata knows ("
                    + IndexedVersions.knownReleases() + "); a newer LLVM reads LLVM 22's version "
                    + IndexedVersions.NEWEST_UPSTREAM + ", so write for LLVM 22");
        }
        throw new IllegalArgumentException("unknown LLVM release '" + release + "' (known: "
                + IndexedVersions.knownReleases() + "; jprofdata writes no version older than LLVM 14's "
                + IndexedVersions.MIN_WRITABLE + ")");
    }

    /**
     * The plan merge's options choose: {@code --index-version} ({@code indexVersion}, null when not
     * given), {@code --for-llvm} ({@code forLlvm}, null when not given) or {@code --write-prev-version};
     * the automatic choice when none is given. The command and the Spark job take their options
     * through here, so both refuse the same combinations with the same words.
     *
     * @throws IllegalArgumentException when two of them are given, one of the first two with a text
     *     output ({@code text}), or a version or release jprofdata does not write
     */
    public static IndexedVersionPlan ofOptions(Integer indexVersion, String forLlvm, boolean writePrevVersion,
            boolean text) {
        String chosenBy = indexVersion != null ? "--index-version" : forLlvm != null ? "--for-llvm" : null;
        if (indexVersion != null && forLlvm != null) {
            throw new IllegalArgumentException(
                    "--index-version and --for-llvm both choose the output version; give only one");
        }
        if (chosenBy != null && writePrevVersion) {
            throw new IllegalArgumentException(chosenBy + " and --write-prev-version both choose the output version; "
                    + "give only one (--write-prev-version writes version " + IndexedProfileWriter.PREV_VERSION
                    + " as LLVM 22 does)");
        }
        if (chosenBy != null && text) {
            throw new IllegalArgumentException(chosenBy
                    + " chooses an indexed format version; it cannot be used with --text");
        }
        try {
            return indexVersion != null ? version(indexVersion)
                    : forLlvm != null ? forLlvm(forLlvm)
                    : writePrevVersion ? previousVersion()
                    : automatic();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("for the " + chosenBy + " option: " + e.getMessage(), e);
        }
    }

    /** The version handed to the writer (13 means: 13, or 14/15 when the records need it). */
    public int version() {
        return version;
    }

    /**
     * Whether each name's records go in LLVM 18's order rather than LLVM 19's: for an explicit
     * version up to 11, the release that writes it (LLVM 14-18); never for the previous version,
     * which is LLVM 22's option.
     */
    public boolean legacyRecordOrder() {
        return strict && SmallDenseMapOrder.legacyHashFor(version);
    }

    /**
     * The contents to write and what was left out of them: unchanged for the automatic choice; for
     * an explicit version, reduced to what it can hold. A loss that is not by design (the release
     * that writes this version leaves it out too) is refused unless {@code dropUnsupported}.
     *
     * @throws DataWouldBeLostException listing the refused losses; nothing should be written then
     */
    public Prepared prepare(ProfileContents contents, boolean dropUnsupported) throws DataWouldBeLostException {
        if (!strict && !previousVersion) {
            return new Prepared(contents, List.of());
        }
        List<Loss> losses = IndexedCompatibility.losses(contents, version);
        if (previousVersion) {
            // LLVM's own --write-prev-version semantics: uniformity and vtable names go silently,
            // vtable values stay as LLVM 22 keeps them; only wave counters stop it, as in the offload fork.
            losses = losses.stream().filter(l -> l.feature() == Feature.WAVE_COUNTS).toList();
        }
        List<Loss> refused = losses.stream().filter(l -> !l.byDesign()).toList();
        if (!refused.isEmpty() && !dropUnsupported) {
            throw new DataWouldBeLostException(version, refused);
        }
        return new Prepared(previousVersion ? contents : IndexedCompatibility.reduce(contents, version), losses);
    }

    /**
     * What to write, and what was left out of it ({@link #summary}).
     *
     * @param contents the contents the version can hold
     * @param losses what was left out, by design or dropped
     */
    public record Prepared(ProfileContents contents, List<Loss> losses) {
        public Prepared {
            losses = List.copyOf(losses);
        }
    }

    /**
     * What {@code prepared} (of this plan) left out, one sentence per loss ({@link #summary}): the
     * lines every interface reports, each with its own prefix.
     */
    public List<String> summaries(Prepared prepared) {
        return prepared.losses().stream().map(l -> summary(l, version)).toList();
    }

    /** The sentence that tells a user what {@code loss} left out of a file of {@code version}. */
    public static String summary(Loss loss, int version) {
        if (loss.byDesign()) {
            return loss.amount() + " not written: indexed version " + version
                    + " has no room for them (that release's llvm-profdata leaves them out too)";
        }
        return "dropped " + loss.feature().description() + " (" + loss.amount() + "): indexed version " + version
                + " cannot hold them (needs " + loss.feature().oldestVersion() + " or newer)";
    }

    /** The merge's records hold what the version asked for cannot, and dropping it was not allowed. */
    public static final class DataWouldBeLostException extends Exception {
        private static final long serialVersionUID = 1L;

        private final int version;
        private final transient List<Loss> refused;

        DataWouldBeLostException(int version, List<Loss> refused) {
            super("cannot write indexed version " + version + " (" + IndexedVersions.writers(version)
                    + ") without losing data");
            this.version = version;
            this.refused = List.copyOf(refused);
        }

        public int version() {
            return version;
        }

        /** What would be lost, one entry per kind of data. */
        public List<Loss> refused() {
            return refused;
        }

        /**
         * Why nothing was written, one line per kind of data that would be lost and a last one
         * saying what to do; {@code allowDropping} is how the interface's user allows the loss
         * ("add --drop-unsupported", "set dropUnsupported").
         */
        public List<String> reasons(String allowDropping) {
            List<String> lines = new java.util.ArrayList<>();
            for (Loss l : refused) {
                lines.add(l.describe());
            }
            lines.add("choose a newer version, or " + allowDropping + " to write the profile without them;"
                    + " nothing was written");
            return lines;
        }

        /** The message, then each of the {@link #reasons} on a line of its own after {@code prefix}. */
        public String report(String prefix, String allowDropping) {
            StringBuilder sb = new StringBuilder(getMessage() + ":");
            for (String reason : reasons(allowDropping)) {
                sb.append('\n').append(prefix).append(reason);
            }
            return sb.toString();
        }
    }
}
