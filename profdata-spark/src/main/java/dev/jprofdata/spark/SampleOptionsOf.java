package dev.jprofdata.spark;

import dev.jprofdata.format.sample.SampleFormat;
import dev.jprofdata.format.sample.SampleWriteOptions;
import dev.jprofdata.merge.FunctionNameFilter;
import dev.jprofdata.merge.sample.FsDiscriminatorPass;
import dev.jprofdata.merge.sample.SampleLayoutConversion;
import dev.jprofdata.merge.sample.SampleMergeOptions;

/**
 * The library's sample-merge and writer options for a Spark merge's arguments, as
 * {@code jprofdata merge --sample} builds them, with its wording for bad values. One thread per
 * task: Spark runs the tasks side by side.
 */
final class SampleOptionsOf {
    private SampleOptionsOf() {
    }

    static SampleMergeOptions merge(SparkMergeArgs args) {
        SampleArgs s = args.samples();
        SampleMergeOptions.Builder b = SampleMergeOptions.builder()
                .numThreads(1)
                .failureMode(MergeOptionsOf.failureMode(args.failureMode()))
                .dropSymbolList(s.dropProfileSymbolList())
                .mergeColdContext(s.mergeColdContext())
                .trimColdContext(s.trimColdContext())
                .coldContextFrameDepth(s.coldContextFrameDepth())
                .generateMergedBaseProfiles(s.generateMergedBaseProfiles())
                .profileIsFs(s.profileIsFs());
        FsDiscriminatorPass pass = FsDiscriminatorPass.ofOptionName(s.fsDiscriminatorPass());
        if (pass == null) {
            throw new SparkMergeException("for the --fs-discriminator-pass option: Cannot find option named '"
                    + s.fsDiscriminatorPass() + "'!");
        }
        b.fsPass(pass);
        if (s.convertLayout() != null) {
            SampleLayoutConversion layout = SampleLayoutConversion.ofOptionName(s.convertLayout());
            if (layout == null) {
                throw new SparkMergeException("for the --convert-sample-profile-layout option: Cannot find option"
                        + " named '" + s.convertLayout() + "'!");
            }
            b.layout(layout);
        }
        if (args.function() != null || args.noFunction() != null) {
            try {
                FunctionNameFilter.of(args.function(), args.noFunction()); // a bad expression, before anything runs
            } catch (IllegalArgumentException e) {
                throw new SparkMergeException(e.getMessage());
            }
            b.functionRegex(args.function()).noFunctionRegex(args.noFunction());
        }
        return b.build();
    }

    static SampleFormat format(SparkMergeArgs args) {
        return switch (args.samples().format()) {
            case "text" -> SampleFormat.TEXT;
            case "binary" -> SampleFormat.BINARY;
            default -> SampleFormat.EXTBINARY;
        };
    }

    /** The writer's options, as merge --sample passes them (the ext-binary-only ones only there). */
    static SampleWriteOptions write(SparkMergeArgs args) {
        SampleArgs s = args.samples();
        SampleFormat format = format(args);
        boolean ext = format == SampleFormat.EXTBINARY;
        return new SampleWriteOptions(format, ext && s.compressAllSections(), ext && s.useMd5(),
                ext && s.genPartialProfile(), s.splitLayout() && format != SampleFormat.BINARY, false, 0, false);
    }
}
