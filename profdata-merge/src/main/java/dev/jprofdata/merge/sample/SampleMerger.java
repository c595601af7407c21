package dev.jprofdata.merge.sample;

import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.format.sample.SampleProfileReaders;
import dev.jprofdata.merge.MergeInput;
import dev.jprofdata.merge.NoProfileMergedException;
import java.util.List;

/**
 * {@code merge --sample}: reads the inputs, merges them into one {@link SampleMergeState} one input
 * at a time in the order given (each input's profile is dropped once merged, so memory stays flat
 * in the number of inputs), then trims cold contexts, converts the layout and filters functions as
 * the options ask. The library never prints: problems come back in the {@link SampleMergeResult}.
 *
 * <p>Threads only read ahead ({@link SamplePartialMerger}): up to {@code numThreads} inputs are
 * parsed at once while the merge takes them strictly in input order. Which spelling, attributes and
 * checksum win depends on the merge order; reading ahead gives the same bytes for every thread
 * count. A merge in parts ({@link SamplePartialMerge}) gives the same bytes too, by merging the few
 * functions where order decides again in input order.
 */
public final class SampleMerger {
    private final SampleMergeOptions options;
    private final SampleInputReader reader;

    public SampleMerger(SampleMergeOptions options, SampleInputReader reader) {
        this.options = options;
        this.reader = reader;
    }

    /** A merger reading its inputs with {@link SampleProfileReaders} and the options' FS settings. */
    public SampleMerger(SampleMergeOptions options) {
        this(options, SamplePartialMerger.defaultReader(options));
    }

    /**
     * Merges {@code inputs}.
     *
     * @throws SampleInputException an input could not be read and the failure mode stops the merge
     *     (a malformed text line always does, as in llvm-profdata)
     * @throws SampleMergeException inputs that cannot be merged together, or an impossible option
     * @throws NoProfileMergedException {@code --failure-mode=all} and no input could be read
     */
    public SampleMergeResult merge(List<MergeInput> inputs) throws NoProfileMergedException {
        return new SamplePartialMerger(options, reader).mergeAll(inputs).finish(options, null);
    }

    /** The merged profile after the steps that follow merging, and what the filter did. */
    public record Finished(SampleProfile profile, boolean filtered, long before, long removed) {
    }

    /**
     * The steps after merging, in llvm-profdata's order: cold-context trimming and merging (CS
     * profiles only), layout conversion, then the function filters.
     */
    public static Finished finish(SampleMergeState state, SampleMergeOptions options) {
        ProfileMap profiles = state.profiles();
        ProcessFlags flags = state.flags();
        if (flags.contextSensitive() && (options.mergeColdContext() || options.trimColdContext())) {
            ColdContexts.apply(profiles, options);
        }
        if (options.layout() == SampleLayoutConversion.FLAT) {
            profiles.replaceWith(LayoutConversion.flatten(profiles, flags.contextSensitive()));
            flags.clearContextSensitive();
        } else if (flags.contextSensitive() && options.layout() == SampleLayoutConversion.NEST) {
            LayoutConversion.nest(profiles, options.generateMergedBaseProfiles());
            flags.clearContextSensitive();
        }
        SampleFunctionFilter filter = new SampleFunctionFilter(options.functionRegex(), options.noFunctionRegex());
        long before = profiles.size();
        long removed = filter.active() ? filter.apply(profiles, flags.md5()) : 0;
        return new Finished(state.toProfile(), filter.active(), before, removed);
    }
}
