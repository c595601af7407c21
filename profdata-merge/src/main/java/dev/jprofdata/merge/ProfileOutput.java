package dev.jprofdata.merge;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.indexed.IndexedProfileWriter;
import dev.jprofdata.format.indexed.IndexedVersionPlan;
import dev.jprofdata.format.io.AtomicOutput;
import dev.jprofdata.format.io.Compression;
import dev.jprofdata.format.text.TextProfileWriter;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * How a merged instrumentation profile is written: as text (compressed when the file's name ends
 * in {@code .gz} or {@code .zst}) or indexed, of the version a plan chooses. Every write is atomic:
 * into a temporary file first, put in place only when complete, so a failed write leaves the
 * earlier file as it was. The command, the Maven plugin and the API write through here.
 *
 * @param text text output instead of indexed
 * @param plan the indexed version (contents already prepared for it, {@link IndexedVersionPlan#prepare});
 *     unused for text
 * @param threads how many threads an indexed output may be written with (the same bytes for any;
 *     {@link IndexedProfileWriter#writeTo(ProfileContents, int, boolean, java.nio.channels.SeekableByteChannel, int)})
 */
public record ProfileOutput(boolean text, IndexedVersionPlan plan, int threads) {

    /** Written on one thread. */
    public ProfileOutput(boolean text, IndexedVersionPlan plan) {
        this(text, plan, 1);
    }

    /** The same output, written with up to {@code threads} threads. */
    public ProfileOutput withThreads(int threads) {
        return new ProfileOutput(text, plan, Math.max(1, threads));
    }

    /** Text output (compressed by the target's name). */
    public static ProfileOutput asText() {
        return new ProfileOutput(true, IndexedVersionPlan.automatic());
    }

    /** Indexed output of the version {@code plan} chooses. */
    public static ProfileOutput indexed(IndexedVersionPlan plan) {
        return new ProfileOutput(false, plan);
    }

    /** Writes {@code contents} to {@code target}. */
    public void write(ProfileContents contents, Path target) throws IOException {
        AtomicOutput.write(target, producer(contents, target));
    }

    /**
     * Writes the host and the GPU device part of a split merge ({@link HostDeviceMerge}): both are
     * complete before either is put in place, and the host file is put in place last, so a failure
     * leaves both targets as they were (or, at worst, the device file new and the host file old).
     */
    public void write(ProfileContents host, Path hostTarget, ProfileContents device, Path deviceTarget)
            throws IOException {
        AtomicOutput.writeAll(List.of(
                new AtomicOutput.Target(hostTarget, producer(host, hostTarget)),
                new AtomicOutput.Target(deviceTarget, producer(device, deviceTarget))));
    }

    /**
     * Writes {@code contents} to {@code out} (standard output): text as it is made, uncompressed;
     * indexed through a temporary file, as the indexed writer goes back to fill in offsets.
     */
    public void write(ProfileContents contents, OutputStream out) throws IOException {
        if (text) {
            OutputStream buffered = new BufferedOutputStream(out);
            TextProfileWriter.write(contents, buffered);
            buffered.flush();
        } else {
            AtomicOutput.writeThrough(out, tmp -> IndexedProfileWriter.write(contents, plan.version(),
                    plan.legacyRecordOrder(), tmp, threads));
        }
    }

    private AtomicOutput.Producer producer(ProfileContents contents, Path target) {
        if (!text) {
            return tmp -> IndexedProfileWriter.write(contents, plan.version(), plan.legacyRecordOrder(), tmp, threads);
        }
        Compression compression = Compression.forFileName(target.getFileName().toString());
        return tmp -> {
            try (OutputStream out = new BufferedOutputStream(compression.compress(Files.newOutputStream(tmp)))) {
                TextProfileWriter.write(contents, out);
            }
        };
    }
}
