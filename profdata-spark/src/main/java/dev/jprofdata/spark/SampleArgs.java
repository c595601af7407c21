package dev.jprofdata.spark;

import java.io.Serializable;

/**
 * The options of {@code jprofdata merge --sample} the Spark job takes (README, "Merging on Apache
 * Spark"), with their names and meanings; {@code sample} false means an instrumentation merge.
 *
 * @param format the output format: {@code extbinary} (default), {@code binary} or {@code text}
 *     ({@code --text}, shared with instrumentation merges)
 */
public record SampleArgs(
        boolean sample,
        String format,
        boolean compressAllSections,
        boolean useMd5,
        boolean genPartialProfile,
        boolean splitLayout,
        boolean dropProfileSymbolList,
        boolean profileIsFs,
        String fsDiscriminatorPass,
        boolean mergeColdContext,
        boolean trimColdContext,
        int coldContextFrameDepth,
        String convertLayout,
        boolean generateMergedBaseProfiles) implements Serializable {

    /** No {@code --sample}: the defaults of every sample option. */
    public static final SampleArgs NONE = new SampleArgs(false, "extbinary", false, false, false, false, false, false,
            "PassLast", false, false, 1, null, false);

    /** The options that only sample merges take, as named on the command line. */
    static final java.util.List<String> NAMES = java.util.List.of("--sample", "--binary", "--extbinary",
            "--compress-all-sections", "--use-md5", "--gen-partial-profile", "--split-layout",
            "--drop-profile-symbol-list", "--profile-isfs", "--fs-discriminator-pass", "--sample-merge-cold-context",
            "--sample-trim-cold-context", "--sample-frame-depth-for-cold-context", "--convert-sample-profile-layout",
            "--generate-merged-base-profiles");
}
