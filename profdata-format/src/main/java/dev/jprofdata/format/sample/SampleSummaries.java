package dev.jprofdata.format.sample;

import dev.jprofdata.format.summary.ProfileSummary;
import dev.jprofdata.format.summary.SummaryBuilder;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * LLVM's summary of a sample profile ({@code SampleProfileSummaryBuilder}): every top-level profile
 * is a function whose head samples are its entry count, and every body record, of the function and
 * of its inlinees, is a counter. Inlinees also merged into their base profile
 * ({@link FunctionSamples#ATTR_DUPLICATED_INTO_BASE}) are skipped so they do not count twice. A
 * context-sensitive profile is first merged by leaf function, unless {@code perContext} asks to
 * count every context as a function (LLVM does that only for an explicit
 * {@code --profile-summary-contextless=false}).
 */
public final class SampleSummaries {
    private SampleSummaries() {
    }

    /** The summary of {@code profiles} with LLVM's 16 default cutoffs. */
    public static ProfileSummary compute(Collection<FunctionSamples> profiles, boolean contextSensitive,
            boolean perContext) {
        List<FunctionSamples> list = List.copyOf(profiles);
        try {
            return compute(list.size(), list::get, contextSensitive, perContext);
        } catch (IOException e) {
            throw new AssertionError("profiles in memory", e);
        }
    }

    /**
     * The summary of every profile of {@code index}, decoded one at a time (a context-sensitive
     * profile's functions are merged first, so those are held).
     */
    public static ProfileSummary compute(SampleProfileIndex index, boolean perContext) throws IOException {
        return compute(index.size(), index::function, index.flags().contextSensitive(), perContext);
    }

    private static ProfileSummary compute(int n, ProfileAt profiles, boolean contextSensitive, boolean perContext)
            throws IOException {
        SummaryBuilder builder = new SummaryBuilder(SummaryBuilder.defaultCutoffs());
        if (contextSensitive && !perContext) {
            // Every context of a function merged into one profile keyed by the function, in input
            // order (what LLVM's flattening for the summary does; a checksum mismatch leaves that
            // context out).
            Map<FunctionId, FunctionSamples> flat = new LinkedHashMap<>();
            for (int i = 0; i < n; i++) {
                FunctionSamples f = profiles.get(i);
                flat.computeIfAbsent(f.function(), k -> new FunctionSamples(null)).merge(f, 1);
            }
            for (FunctionSamples f : flat.values()) {
                add(builder, f);
            }
        } else {
            for (int i = 0; i < n; i++) {
                add(builder, profiles.get(i));
            }
        }
        return builder.build();
    }

    private static void add(SummaryBuilder builder, FunctionSamples f) {
        builder.addSampleFunction(f.headSamples());
        addBody(builder, f);
    }

    /** The summary of a whole profile, with LLVM's defaults for the context-less choice. */
    public static ProfileSummary compute(SampleProfile profile) {
        return compute(profile.profiles().values(), profile.flags().contextSensitive(), false);
    }

    private static void addBody(SummaryBuilder builder, FunctionSamples f) {
        for (int i = 0, n = f.bodySize(); i < n; i++) {
            builder.addSampleCount(f.bodyRecordAt(i).samples());
        }
        for (int i = 0, n = f.inlineeCount(); i < n; i++) {
            FunctionSamples c = f.inlineeAt(i);
            if ((c.attributes() & FunctionSamples.ATTR_DUPLICATED_INTO_BASE) == 0) {
                addBody(builder, c);
            }
        }
    }
}
