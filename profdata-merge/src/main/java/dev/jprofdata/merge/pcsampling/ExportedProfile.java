package dev.jprofdata.merge.pcsampling;

import dev.jprofdata.format.sample.SampleProfile;
import java.util.List;

/**
 * A sample profile made from PC samples ({@link SampleProfileExporter}) and what it does not hold.
 *
 * @param profile the profile, one top-level function per outermost source frame
 * @param counted the samples the export counted (all kept samples, or the issued ones)
 * @param exported those of them the profile holds; the others are accounted for in {@code warnings}
 * @param warnings the analysis's warnings, then the export's: samples left out and why, and
 *     kernels whose line offsets are approximate (no code object), for people
 */
public record ExportedProfile(SampleProfile profile, long counted, long exported, List<String> warnings) {

    public ExportedProfile {
        warnings = List.copyOf(warnings);
    }
}
