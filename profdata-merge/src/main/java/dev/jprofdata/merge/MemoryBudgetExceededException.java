package dev.jprofdata.merge;

/**
 * The merge state grew past {@link MergeOptions#memoryBudget()}: the merge stops cleanly with this
 * instead of running the JVM out of memory. Nothing has been written when it is thrown.
 */
public final class MemoryBudgetExceededException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final long estimatedBytes;
    private final long budget;

    public MemoryBudgetExceededException(String file, long estimatedBytes, long budget) {
        super("merge needs more memory than the budget of " + budget + " bytes allows (estimated " + estimatedBytes
                + " bytes of merge state while reading " + file + ")");
        this.file = file;
        this.estimatedBytes = estimatedBytes;
        this.budget = budget;
    }

    public String file() {
        return file;
    }

    public long estimatedBytes() {
        return estimatedBytes;
    }

    public long budget() {
        return budget;
    }
}
