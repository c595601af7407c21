package dev.jprofdata.cli;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.indexed.IndexedProfileWriter;
import dev.jprofdata.format.indexed.IndexedVersionPlan;
import java.io.PrintStream;

/**
 * The options that choose the indexed version {@code merge} writes ({@code --index-version},
 * {@code --for-llvm}, {@code --write-prev-version}, {@code --drop-unsupported}), read into the
 * library's {@link IndexedVersionPlan}, whose rules they are; this class checks the options against
 * each other and prints what the plan reports.
 */
final class IndexVersionChoice {
    private final IndexedVersionPlan plan;
    private final boolean dropUnsupported;

    private IndexVersionChoice(IndexedVersionPlan plan, boolean dropUnsupported) {
        this.plan = plan;
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
        try {
            IndexedVersionPlan plan = indexVersion != null ? IndexedVersionPlan.version(indexVersion)
                    : forLlvm != null ? IndexedVersionPlan.forLlvm(forLlvm)
                    : writePrevVersion ? IndexedVersionPlan.previousVersion()
                    : IndexedVersionPlan.automatic();
            return new IndexVersionChoice(plan, dropUnsupported);
        } catch (IllegalArgumentException e) {
            throw new CliException("for the " + chosenBy + " option: " + e.getMessage());
        }
    }

    /** The library's plan the options chose. */
    IndexedVersionPlan plan() {
        return plan;
    }

    /**
     * The contents to write ({@link IndexedVersionPlan#prepare}); every loss is reported on a
     * {@code summary:} line, and a refused one fails the command before anything is written.
     */
    ProfileContents prepare(PrintStream err, ProfileContents contents) {
        IndexedVersionPlan.Prepared prepared;
        try {
            prepared = plan.prepare(contents, dropUnsupported);
        } catch (IndexedVersionPlan.DataWouldBeLostException e) {
            throw new CliException(e.report("summary: ", "add --drop-unsupported"));
        }
        for (String line : plan.summaries(prepared)) {
            err.println("summary: " + line);
        }
        return prepared.contents();
    }
}
