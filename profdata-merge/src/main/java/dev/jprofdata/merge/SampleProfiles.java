package dev.jprofdata.merge;

import dev.jprofdata.format.io.AtomicOutput;
import dev.jprofdata.format.sample.SampleFormat;
import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.format.sample.SampleProfileReaders;
import dev.jprofdata.format.sample.SampleProfileWriters;
import dev.jprofdata.format.sample.SampleReadOptions;
import dev.jprofdata.format.sample.SampleSummaries;
import dev.jprofdata.format.sample.SampleWriteOptions;
import dev.jprofdata.format.summary.ProfileSummary;
import dev.jprofdata.merge.sample.SampleMergeOptions;
import dev.jprofdata.merge.sample.SampleMergeResult;
import dev.jprofdata.merge.sample.SampleMerger;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The library's entry points for sample profiles (AutoFDO, CSSPGO), in the style of
 * {@link Profiles} for instrumentation profiles: read a file in any of the four encodings, merge
 * files with llvm-profdata's rules, write one of the three writable encodings. The steps behind
 * them are in {@code dev.jprofdata.format.sample} and {@code dev.jprofdata.merge.sample}.
 */
public final class SampleProfiles {
    private SampleProfiles() {
    }

    /** The encoding of a sample profile, from its bytes. */
    public static SampleFormat detect(Path file) throws IOException {
        return SampleProfileReaders.detect(file);
    }

    /** Reads a whole sample profile (text, binary, ext-binary or GCC AutoFDO). */
    public static SampleProfile read(Path file) throws IOException {
        return SampleProfileReaders.read(file, file.toString(), SampleReadOptions.DEFAULTS);
    }

    /** Merges the files with weight 1 and llvm-profdata's default options. */
    public static SampleMergeResult merge(List<Path> files) throws IOException, NoProfileMergedException {
        List<MergeInput> inputs = new ArrayList<>();
        for (Path f : files) {
            inputs.add(MergeInput.of(f));
        }
        return merge(inputs, SampleMergeOptions.defaults());
    }

    /**
     * Merges weighted inputs as {@code llvm-profdata merge --sample} does. Problems that do not stop
     * the merge (unreadable inputs under a lenient failure mode, checksum mismatches, saturated
     * counts) are in the result; see {@link SampleMergeResult#reportLines()}.
     */
    public static SampleMergeResult merge(List<MergeInput> inputs, SampleMergeOptions options)
            throws IOException, NoProfileMergedException {
        SampleReadOptions read = new SampleReadOptions(options.profileIsFs(), options.fsDiscriminatorMask());
        return new SampleMerger(options, (in, o) -> SampleProfileReaders.read(in.path(), in.displayName(), read))
                .merge(inputs);
    }

    /** Writes {@code profile} to {@code target} atomically (a temporary file, then a rename). */
    public static void write(SampleProfile profile, SampleWriteOptions options, Path target) throws IOException {
        AtomicOutput.write(target, temporary -> {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(temporary), 1 << 16)) {
                SampleProfileWriters.write(profile, options, out);
            }
        });
    }

    /** The summary LLVM computes for {@code profile}. */
    public static ProfileSummary summarize(SampleProfile profile) {
        return SampleSummaries.compute(profile);
    }
}
