package dev.jprofdata.merge.sample;

import dev.jprofdata.format.io.AtomicOutput;
import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.format.sample.SampleProfileIndex;
import dev.jprofdata.format.sample.SampleProfileReaders;
import dev.jprofdata.format.sample.SampleProfileWriters;
import dev.jprofdata.format.sample.SampleReadOptions;
import dev.jprofdata.format.sample.SampleWriteOptions;
import dev.jprofdata.merge.MergeInput;
import dev.jprofdata.merge.NoProfileMergedException;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The entry point for sample profiles (AutoFDO, CSSPGO) as a library, in the style of
 * {@code dev.jprofdata.merge.Profiles}: read one (any format, detected from its bytes) whole or open it
 * to visit its functions one at a time, compare two, merge several, write one atomically. Stateless; nothing is printed; failures are exceptions. For more control use
 * {@link SampleProfileReaders}, {@link SampleMerger} with {@link SampleMergeOptions} (or
 * {@link SampleMergeState} to merge profiles you hold), and {@link SampleProfileWriters}.
 */
public final class SampleProfiles {
    private SampleProfiles() {
    }

    /** Reads a whole sample profile with LLVM's default reader options. */
    public static SampleProfile read(Path file) throws IOException {
        return SampleProfileReaders.read(file, file.toString(), SampleReadOptions.DEFAULTS);
    }

    /**
     * Opens a sample profile to visit its functions one at a time: an ext-binary file is checked
     * whole now, and each function decoded when asked for, so that little is held at once (other
     * formats are read whole). What {@code show} and {@code overlap} use.
     */
    public static SampleProfileIndex open(Path file) throws IOException {
        return SampleProfileReaders.open(file, file.toString(), SampleReadOptions.DEFAULTS);
    }

    /**
     * How similar {@code test} is to {@code base}, as {@code llvm-profdata overlap --sample} with its
     * default options computes it; both are read on demand.
     *
     * @throws SampleOverlapException when one profile is probe-based or context-sensitive and the other not
     */
    public static SampleOverlapResult overlap(Path base, Path test) throws IOException, SampleOverlapException {
        return new SampleOverlap(SampleOverlapOptions.defaults()).compare(open(base), open(test));
    }

    /** Merges {@code files} (weight 1 each) with llvm-profdata's defaults. */
    public static SampleMergeResult merge(List<Path> files) throws NoProfileMergedException {
        List<MergeInput> inputs = new ArrayList<>();
        for (Path f : files) {
            inputs.add(MergeInput.of(f));
        }
        return merge(inputs, SampleMergeOptions.defaults());
    }

    /** Merges weighted {@code inputs} as {@code options} say. */
    public static SampleMergeResult merge(List<MergeInput> inputs, SampleMergeOptions options)
            throws NoProfileMergedException {
        return new SampleMerger(options).merge(inputs);
    }

    /**
     * Writes {@code profile} to {@code target} as {@code options} say: into a temporary file first,
     * put in place only when complete.
     */
    public static void write(SampleProfile profile, SampleWriteOptions options, Path target) throws IOException {
        AtomicOutput.write(target, producer(profile, options));
    }

    /** Writes {@code profile} into the temporary file an atomic output gives (a file or a stream's). */
    static AtomicOutput.Producer producer(SampleProfile profile, SampleWriteOptions options) {
        return tmp -> {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp))) {
                SampleProfileWriters.write(profile, options, out);
            }
        };
    }
}
