package dev.jprofdata.cli;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.indexed.IndexedCompatibility;
import dev.jprofdata.format.indexed.IndexedCompatibility.Feature;
import dev.jprofdata.format.indexed.IndexedCompatibility.Loss;
import dev.jprofdata.format.indexed.IndexedProfileWriter;
import dev.jprofdata.format.indexed.IndexedVersions;
import dev.jprofdata.format.indexed.SmallDenseMapOrder;
import java.io.PrintStream;
import java.util.List;
import java.util.OptionalInt;

/**
 * The indexed version {@code merge} writes ({@code --index-version}, {@code --for-llvm},
 * {@code --write-prev-version}, or the automatic 13/14/15) and what it does when the records do not
 * fit that version ({@code --drop-unsupported}). The rules are the library's
 * ({@link IndexedCompatibility}); this class only formats them.
 */
final class IndexVersionChoice {
    /** The version to write, or 13 for the automatic choice. */
    private final int version;
    /** Whether the version was asked for explicitly with --index-version or --for-llvm. */
    private final boolean strict;
    private final boolean prevVersion;
    private final boolean dropUnsupported;

    private IndexVersionChoice(int version, boolean strict, boolean prevVersion, boolean dropUnsupported) {
        this.version = version;
        this.strict = strict;
        this.prevVersion = prevVersion;
        this.dropUnsupported = dropUnsupported;
    }

    /** Parses and cross-checks the options; a bad value or a conflicting combination is a CliException. */
    static IndexVersionChoice of(Integer indexVersion, String forLlvm, boolean writePrevVersion, boolean text,
            boolean dropUnsupported) {
        String chosenBy = indexVersion != null ? "--index-version" : forLlvm != null ? "--for-llvm" : null;
        if (indexVersion != null && forLlvm != null) {
            throw new CliException("--index-version and --for-llvm both choose the output version; give only one");
        }
        if (chosenBy != null && writePrevVersion) {
            throw new CliException(chosenBy + " and --write-prev-version both choose the output version; "
                    + "give only one (--write-prev-version writes version " + IndexedProfileWriter.PREV_VERSION
                    + " as LLVM 22 does)");
        }
        if (chosenBy != null && text) {
            throw new CliException(chosenBy + " chooses an indexed format version; it cannot be used with --text");
        }
        if (indexVersion != null) {
            if (indexVersion < IndexedVersions.MIN_WRITABLE || indexVersion > IndexedVersions.MAX) {
                throw new CliException("for the --index-version option: jprofdata writes indexed versions "
                        + IndexedVersions.MIN_WRITABLE + " to " + IndexedVersions.MAX + ", not " + indexVersion
                        + " (" + IndexedVersions.table() + ")");
            }
            return new IndexVersionChoice(indexVersion, true, false, dropUnsupported);
        }
        if (forLlvm != null) {
            return new IndexVersionChoice(forRelease(forLlvm), true, false, dropUnsupported);
        }
        if (writePrevVersion) {
            return new IndexVersionChoice(IndexedProfileWriter.PREV_VERSION, false, true, dropUnsupported);
        }
        return new IndexVersionChoice(IndexedProfileWriter.DEFAULT_VERSION, false, false, dropUnsupported);
    }

    private static int forRelease(String text) {
        String release = text.trim();
        // Accept "19", "19.1" or "19.1.7": only the major release matters.
        int dot = release.indexOf('.');
        String major = dot < 0 ? release : release.substring(0, dot);
        int r;
        try {
            r = Integer.parseInt(major);
        } catch (NumberFormatException e) {
            throw new CliException("for the --for-llvm option: '" + text + "' is not an LLVM release number (known: "
                    + IndexedVersions.knownReleases() + ")");
        }
        OptionalInt v = IndexedVersions.forLlvm(r);
        if (v.isPresent()) {
            return v.getAsInt();
        }
        if (r > 22) {
            throw new CliException("for the --for-llvm option: LLVM " + r + " is newer than the releases jprofdata "
                    + "knows (" + IndexedVersions.knownReleases() + "); a newer LLVM reads LLVM 22's version "
                    + IndexedVersions.NEWEST_UPSTREAM + ", so use --for-llvm=22");
        }
        throw new CliException("for the --for-llvm option: unknown LLVM release '" + text + "' (known: "
                + IndexedVersions.knownReleases() + "; jprofdata writes no version older than LLVM 14's "
                + IndexedVersions.MIN_WRITABLE + ")");
    }

    /** The version handed to the writer (13 means: 13, or 14/15 when the records need it). */
    int version() {
        return version;
    }

    /**
     * Whether each name's records go in LLVM 18's order rather than LLVM 19's: for an explicit
     * version up to 11, the release that writes it (LLVM 14-18); never for {@code --write-prev-version},
     * which is LLVM 22's option.
     */
    boolean legacyRecordOrder() {
        return strict && SmallDenseMapOrder.legacyHashFor(version);
    }

    /**
     * The contents to write: unchanged for the automatic choice; for an explicit version, reduced to
     * what it can hold. A loss that is not by design fails unless {@code --drop-unsupported}; every
     * loss is reported on a {@code summary:} line.
     */
    ProfileContents prepare(PrintStream err, ProfileContents contents) {
        if (!strict && !prevVersion) {
            return contents;
        }
        List<Loss> losses = IndexedCompatibility.losses(contents, version);
        if (prevVersion) {
            // LLVM's own --write-prev-version semantics: uniformity and vtable names go silently (the
            // uniformity warning is printed by merge), vtable values stay as LLVM 22 keeps them; only
            // wave counters stop it, as in the offload fork.
            losses = losses.stream().filter(l -> l.feature() == Feature.WAVE_COUNTS).toList();
        }
        List<Loss> refused = losses.stream().filter(l -> !l.byDesign()).toList();
        if (!refused.isEmpty() && !dropUnsupported) {
            StringBuilder sb = new StringBuilder("cannot write indexed version " + version + " ("
                    + IndexedVersions.writers(version) + ") without losing data:");
            for (Loss l : refused) {
                sb.append("\nsummary: ").append(l.describe());
            }
            sb.append("\nsummary: choose a newer version, or add --drop-unsupported to write the profile without them;"
                    + " nothing was written");
            throw new CliException(sb.toString());
        }
        for (Loss l : losses) {
            if (l.byDesign()) {
                err.println("summary: " + l.amount() + " not written: indexed version " + version
                        + " has no room for them (that release's llvm-profdata leaves them out too)");
            } else {
                err.println("summary: dropped " + l.feature().description() + " (" + l.amount()
                        + "): indexed version " + version + " cannot hold them (needs " + l.feature().oldestVersion()
                        + " or newer)");
            }
        }
        return prevVersion ? contents : IndexedCompatibility.reduce(contents, version);
    }
}
