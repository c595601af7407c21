package dev.jprofdata.format;

/**
 * Asked by a reader before it builds something whose size grows with its input and which a caller
 * may hold for long: the decoded names of a raw file, the counters of one record, its value sites.
 * Checks of the input's own fields keep such sizes within what the file holds; a guard keeps them
 * within what the caller can afford (merge's {@code --memory-budget}), so that a file whose claims
 * are true but huge (a sparse file of billions of zero counters, a names section of a gigabyte of
 * well-compressed names) fails cleanly instead of running the heap out.
 *
 * <p>The guard refuses by throwing an unchecked exception of its own choosing, which the reader
 * lets through untouched; the reader's state is then undefined and it must only be closed.
 */
@FunctionalInterface
public interface MemoryGuard {
    /** Accepts everything (no budget). */
    MemoryGuard NONE = (bytes, file) -> {
    };

    /**
     * The reader of {@code file} is about to hold about {@code bytes} more bytes of heap for what it
     * builds (for a structure that grows in steps, the size it is about to reach); throws to refuse.
     */
    void reserve(long bytes, String file);
}
