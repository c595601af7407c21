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
}
