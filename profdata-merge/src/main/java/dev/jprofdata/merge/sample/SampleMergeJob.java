package dev.jprofdata.merge.sample;

import dev.jprofdata.format.io.AtomicOutput;
import dev.jprofdata.format.sample.SampleWriteException;
import dev.jprofdata.format.sample.SampleWriteOptions;
import dev.jprofdata.merge.DroppedTooMuchException;
import dev.jprofdata.merge.MergeInput;
import dev.jprofdata.merge.MergeReportLines;
import dev.jprofdata.merge.NoProfileMergedException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;

/**
 * A whole {@code merge --sample}: the inputs merged, the result checked against
 * {@code --max-dropped-fraction}, the output format checked against the profile, and the file
 * written atomically. The command and the Maven plugin run sample merges through here, so both
 * refuse the same merges; they only choose the options and say what happened.
 *
 * <p>Nothing is written unless every step passes, and the steps come in llvm-profdata's order
 * (its messages, which the observer prints, come in that order too): merge, loss check, the
 * function filter's message, the format check, the writer's warnings, the write.
 */
public final class SampleMergeJob {
    /** What a job reports as it goes, on the job's thread, in the order above. */
    public interface Observer {
        /** The inputs were merged; called before the loss is checked. */
        default void merged(SampleMergeResult result) {
        }

        /** The loss is within the limit; called before the output format is checked. */
        default void accepted(SampleMergeResult result) {
        }

        /** The format can hold the profile; called just before it is written. */
        default void writing(SampleMergeResult result) {
        }
    }

    private final SampleMergeOptions options;
    private final String maxDroppedFraction;
    private final SampleWriteOptions writeOptions;

    /**
     * @param maxDroppedFraction the {@code --max-dropped-fraction} limit as given, or null for none
     * @throws IllegalArgumentException when {@code maxDroppedFraction} is not a number from 0 to 1
     */
    public SampleMergeJob(SampleMergeOptions options, String maxDroppedFraction, SampleWriteOptions writeOptions) {
        MergeReportLines.maxDroppedFraction(maxDroppedFraction);
        this.options = options;
        this.maxDroppedFraction = maxDroppedFraction;
        this.writeOptions = writeOptions;
    }

    /**
     * Merges {@code inputs} into {@code target}.
     *
     * @throws NoProfileMergedException when the failure mode refuses the merge
     * @throws SampleMergeException when the inputs cannot be merged into one profile
     * @throws DroppedTooMuchException when the merge dropped more than allowed
     * @throws SampleWriteException when the format cannot hold the profile or the size limit
     *     cannot be met
     * @throws IOException when the output cannot be written
     */
    public SampleMergeResult write(List<MergeInput> inputs, Path target, Observer observer)
            throws IOException, NoProfileMergedException, DroppedTooMuchException {
        SampleMergeResult result = checked(inputs, observer);
        SampleProfiles.write(result.profile(), writeOptions, target);
        return result;
    }

    /** Merges {@code inputs} into a stream (standard output); throws what {@link #write(List, Path, Observer)} throws. */
    public SampleMergeResult write(List<MergeInput> inputs, OutputStream stream, Observer observer)
            throws IOException, NoProfileMergedException, DroppedTooMuchException {
        SampleMergeResult result = checked(inputs, observer);
        AtomicOutput.writeThrough(stream, SampleProfiles.producer(result.profile(), writeOptions));
        return result;
    }

    private SampleMergeResult checked(List<MergeInput> inputs, Observer observer)
            throws NoProfileMergedException, DroppedTooMuchException, SampleWriteException {
        SampleMergeResult result = new SampleMerger(options).merge(inputs);
        observer.merged(result);
        DroppedTooMuchException.check(result.dataLoss(), maxDroppedFraction);
        observer.accepted(result);
        if (!SampleOutputChecks.writable(writeOptions.format(), result.profile())) {
            throw new SampleWriteException(SampleWriteException.Problem.UNSUPPORTED_FORMAT);
        }
        observer.writing(result);
        return result;
    }
}
