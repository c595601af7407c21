package dev.jprofdata.merge;

/**
 * Progress and cancellation callbacks of a {@link ProfileMerger}, for build tools that show progress
 * or let users stop a long merge.
 *
 * <p>With several merge threads the callbacks come from several threads at once, in no particular
 * order across inputs; implementations must be thread-safe. Callbacks must not throw.
 */
public interface MergeListener {
    /** A listener that ignores everything and never cancels. */
    MergeListener NONE = new MergeListener() {
    };

    /** Input {@code index} (its position in the merge's input list) is about to be read. */
    default void inputStarted(int index, MergeInput input) {
    }

    /**
     * Input {@code index} has been read (successfully or not: failures are reported in the
     * {@link MergeResult}); {@code bytes} is the size of its file.
     */
    default void inputFinished(int index, MergeInput input, long bytes) {
    }

    /**
     * Polled before each input is read and before the result is assembled; once it returns
     * {@code true} the merge stops with a {@link java.util.concurrent.CancellationException}.
     */
    default boolean isCancelled() {
        return false;
    }
}
