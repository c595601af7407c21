package dev.jprofdata.merge;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.indexed.IndexedVersionPlan;
import dev.jprofdata.format.offload.DeviceProfiles;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;

/**
 * A whole {@code merge}: the inputs merged (host and GPU device inputs apart when the job splits,
 * each input read once), every part checked against the {@link OutputRules}, and the file or the
 * pair of files written atomically. The command and the Maven plugin run merges through here, so
 * both split, refuse and write alike; they only choose the options and say what happened.
 *
 * <p>The order is fixed, and nothing is written unless every step passes: each part is merged and
 * its loss checked (host first), then each part is prepared for the output's version, then the
 * files are written, the device file before the host file ({@link ProfileOutput}).
 */
public final class MergeJob {
    /** What a job reports as it goes, on the job's thread, in the order above. */
    public interface Observer {
        /** A part (or the whole merge) was merged; called before its loss is checked. */
        default void merged(List<MergeInput> inputs, MergeResult result) {
        }

        /** A part (or the whole merge) gave nothing to write; the job throws {@code refused} next. */
        default void refused(List<MergeInput> inputs, NoProfileMergedException refused) {
        }

        /** A part was prepared for the output's version: what it left out, one sentence each (often none). */
        default void prepared(List<String> leftOut) {
        }
    }

    /**
     * The files a job wrote.
     *
     * @param target the output (the host part's, when split)
     * @param inputs how many inputs went into it
     * @param deviceTarget the GPU device part's file, or null when the merge was not split in two
     * @param deviceInputs how many inputs went into the device file
     */
    public record Written(Path target, int inputs, Path deviceTarget, int deviceInputs) {
        /** Whether two files were written. */
        public boolean split() {
            return deviceTarget != null;
        }
    }

    private final ProfileMerger merger;
    private final OutputRules rules;
    /** The rules' output, written with the merge's threads (the same bytes for any number). */
    private final ProfileOutput output;
    private final boolean split;

    /**
     * @param merger the merge to run
     * @param rules what the results must pass and how they are written
     * @param split whether GPU device inputs are merged apart into the output's device sibling
     *     ({@link DeviceProfiles#deviceOutputFor(Path)}; spec/offload.md)
     */
    public MergeJob(ProfileMerger merger, OutputRules rules, boolean split) {
        this.merger = merger;
        this.rules = rules;
        this.output = rules.output().withThreads(merger.threads());
        this.split = split;
    }

    /**
     * Merges {@code inputs} into {@code target} (and its device sibling when the job splits and
     * both kinds are there).
     *
     * @throws NoProfileMergedException when the failure mode refuses a part
     * @throws DroppedTooMuchException when a part dropped more than the rules allow
     * @throws IndexedVersionPlan.DataWouldBeLostException when the version would leave out what the
     *     rules do not allow
     * @throws IOException when the output cannot be written (an input that cannot be read is a
     *     failure in the result instead)
     */
    public Written write(List<MergeInput> inputs, Path target, Observer observer) throws IOException,
            NoProfileMergedException, DroppedTooMuchException, IndexedVersionPlan.DataWouldBeLostException {
        if (!split) {
            ProfileContents contents = prepared(checked(inputs, merged(inputs, observer), observer), observer);
            output.write(contents, target);
            return new Written(target, inputs.size(), null, 0);
        }
        HostDeviceMerge merged = merger.mergeSplit(inputs);
        if (!merged.mixed()) {
            HostDeviceMerge.Part part = merged.only();
            ProfileContents contents = prepared(checked(part.inputs(), result(part, observer), observer), observer);
            output.write(contents, target);
            return new Written(target, part.inputs().size(), null, 0);
        }
        MergeResult host = checked(merged.host().inputs(), result(merged.host(), observer), observer);
        MergeResult device = checked(merged.device().inputs(), result(merged.device(), observer), observer);
        ProfileContents hostContents = prepared(host, observer);
        ProfileContents deviceContents = prepared(device, observer);
        Path deviceTarget = DeviceProfiles.deviceOutputFor(target);
        output.write(hostContents, target, deviceContents, deviceTarget);
        return new Written(target, merged.host().inputs().size(), deviceTarget, merged.device().inputs().size());
    }

    /**
     * Merges {@code inputs} into a stream (standard output): one part, never split.
     *
     * <p>Throws what {@link #write(List, Path, Observer)} throws, for the same reasons.
     */
    public void write(List<MergeInput> inputs, OutputStream out, Observer observer) throws IOException,
            NoProfileMergedException, DroppedTooMuchException, IndexedVersionPlan.DataWouldBeLostException {
        output.write(prepared(checked(inputs, merged(inputs, observer), observer), observer), out);
    }

    private MergeResult merged(List<MergeInput> inputs, Observer observer)
            throws IOException, NoProfileMergedException {
        try {
            return merger.merge(inputs);
        } catch (NoProfileMergedException e) {
            observer.refused(inputs, e);
            throw e;
        }
    }

    private static MergeResult result(HostDeviceMerge.Part part, Observer observer) throws NoProfileMergedException {
        try {
            return part.result();
        } catch (NoProfileMergedException e) {
            observer.refused(part.inputs(), e);
            throw e;
        }
    }

    private MergeResult checked(List<MergeInput> inputs, MergeResult result, Observer observer)
            throws DroppedTooMuchException {
        observer.merged(inputs, result);
        rules.checkDropped(result);
        return result;
    }

    private ProfileContents prepared(MergeResult result, Observer observer)
            throws IndexedVersionPlan.DataWouldBeLostException {
        OutputRules.Prepared prepared = rules.prepare(result.contents());
        observer.prepared(prepared.leftOut());
        return prepared.contents();
    }
}
