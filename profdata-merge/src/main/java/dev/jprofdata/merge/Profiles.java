package dev.jprofdata.merge;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.ProfileFormat;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.indexed.IndexedProfileWriter;
import dev.jprofdata.format.indexed.IndexedVersionPlan;
import dev.jprofdata.format.io.AtomicOutput;
import dev.jprofdata.format.io.Decompression;
import dev.jprofdata.format.summary.ProfileSummary;
import dev.jprofdata.format.summary.SummaryBuilder;
import dev.jprofdata.format.text.TextProfileWriter;
import dev.jprofdata.merge.order.FunctionOrder;
import dev.jprofdata.merge.order.FunctionOrderer;
import dev.jprofdata.merge.overlap.OverlapOptions;
import dev.jprofdata.merge.overlap.OverlapResult;
import dev.jprofdata.merge.overlap.ProfileOverlap;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The entry point for using jprofdata as a library: open a profile of any format (raw, indexed or
 * text, optionally gzip/zstd compressed, detected from its bytes), read its records, merge several,
 * write indexed or text output, summarise, compare and order.
 *
 * <p>Stateless: every method works only on its arguments, nothing is printed, and failures are
 * exceptions ({@link dev.jprofdata.format.ProfileFormatException} for malformed input, naming the
 * file and byte offset; {@link NoProfileMergedException} when a merge has nothing to write). For
 * more control use the classes these methods delegate to: {@link ProfileReaders},
 * {@link ProfileMerger} with {@link MergeOptions} and {@link MergeListener},
 * {@link TextProfileWriter}, {@link ProfileOverlap} and {@link FunctionOrderer}. Indexed files are
 * written only through {@link #writeIndexed}: the indexed writer is internal (spec/library-api.md).
 */
public final class Profiles {
    /** The indexed format version written by default (llvm-profdata 22's). */
    public static final int INDEXED_VERSION = IndexedProfileWriter.DEFAULT_VERSION;
    /** The previous indexed version ({@code merge --write-prev-version}). */
    public static final int PREVIOUS_INDEXED_VERSION = IndexedProfileWriter.PREV_VERSION;

    private Profiles() {
    }

    /** The format of a profile file, from its first bytes (compressed files: of their content). */
    public static ProfileFormat detect(Path file) throws IOException {
        return ProfileReaders.detect(file, file.toString());
    }

    /** Opens a profile file of any format for streaming its records; the caller closes it. */
    public static ProfileReader open(Path file) throws IOException {
        return ProfileReaders.open(file, file.toString());
    }

    /**
     * Opens a profile from a stream (consumed fully; the caller closes it), named {@code name} in
     * messages. Raw and indexed profiles need random access, so the bytes are first copied to a
     * temporary file, which is removed as soon as the reader has it open.
     */
    public static ProfileReader open(InputStream in, String name) throws IOException {
        Path temp = Decompression.spill(in, name);
        try {
            return ProfileReaders.open(temp, name);
        } finally {
            try {
                Files.delete(temp);
            } catch (IOException e) {
                temp.toFile().deleteOnExit();
            }
        }
    }

    /** All records of a profile file, in the file's order. Prefer {@link #open(Path)} for big files. */
    public static List<ProfileRecord> records(Path file) throws IOException {
        List<ProfileRecord> records = new ArrayList<>();
        try (ProfileReader reader = open(file)) {
            for (ProfileRecord r; (r = reader.next()) != null; ) {
                records.add(r);
            }
        }
        return records;
    }

    /** Merges profile files, each with weight 1, with llvm-profdata's default options. */
    public static MergeResult merge(List<Path> files) throws IOException, NoProfileMergedException {
        List<MergeInput> inputs = new ArrayList<>(files.size());
        for (Path f : files) {
            inputs.add(MergeInput.of(f));
        }
        return merge(inputs, MergeOptions.defaults(), MergeListener.NONE);
    }

    /** Merges weighted inputs with the given options, reporting progress to {@code listener}. */
    public static MergeResult merge(List<MergeInput> inputs, MergeOptions options, MergeListener listener)
            throws IOException, NoProfileMergedException {
        return new ProfileMerger(options, listener).merge(inputs);
    }

    /**
     * Writes an indexed profile of {@code version} ({@link #INDEXED_VERSION} or
     * {@link #PREVIOUS_INDEXED_VERSION}) atomically: readers of {@code target} see the old file or
     * the complete new one.
     */
    public static void writeIndexed(ProfileContents contents, int version, Path target) throws IOException {
        AtomicOutput.write(target, tmp -> IndexedProfileWriter.write(contents, version, tmp));
    }

    /**
     * Writes an indexed profile of the version {@code plan} chooses atomically, {@code contents}
     * already prepared for it ({@link IndexedVersionPlan#prepare}).
     */
    public static void writeIndexed(ProfileContents contents, IndexedVersionPlan plan, Path target)
            throws IOException {
        ProfileOutput.indexed(plan).write(contents, target);
    }

    /**
     * Writes the host and the GPU device part of a split merge ({@link HostDeviceMerge}) as two
     * indexed profiles: both are complete before either is put in place, and the host file is put
     * in place last ({@link ProfileOutput#write(ProfileContents, Path, ProfileContents, Path)}).
     */
    public static void writeIndexed(ProfileContents host, Path hostTarget, ProfileContents device, Path deviceTarget,
            IndexedVersionPlan plan) throws IOException {
        ProfileOutput.indexed(plan).write(host, hostTarget, device, deviceTarget);
    }

    /**
     * Writes a text profile atomically; a name ending in {@code .gz} or {@code .zst} is compressed
     * accordingly.
     */
    public static void writeText(ProfileContents contents, Path target) throws IOException {
        ProfileOutput.asText().write(contents, target);
    }

    /**
     * The summary {@code llvm-profdata show} prints for a profile: over all records, except that
     * context-sensitive records of IR profiles are left out (as {@code show} does without
     * {@code --showcs}).
     */
    public static ProfileSummary summarize(Path file) throws IOException {
        SummaryBuilder summary = new SummaryBuilder();
        try (ProfileReader reader = open(file)) {
            boolean ir = reader.kind().isIr();
            for (ProfileRecord r; (r = reader.next()) != null; ) {
                if (!ir || !r.isContextSensitive()) {
                    summary.add(r);
                }
            }
        }
        return summary.build();
    }

    /**
     * How much of {@code test}'s counts {@code base} shares ({@code llvm-profdata overlap} without
     * function-level output).
     */
    public static OverlapResult overlap(Path base, Path test) throws IOException {
        return new ProfileOverlap(OverlapOptions.defaults()).compare(base, base.toString(), test, test.toString(),
                f -> {
                });
    }

    /**
     * The function order {@code llvm-profdata order} computes from a profile's temporal traces, the
     * last {@code numTestTraces} of which evaluate it.
     */
    public static FunctionOrder order(Path file, int numTestTraces) throws IOException {
        try (ProfileReader reader = open(file)) {
            while (reader.next() != null) {
                // raw traces are complete only after the last record
            }
            return FunctionOrderer.order(reader.temporalTraces(1).traces(), numTestTraces);
        }
    }
}
