package dev.jprofdata.merge;

import java.util.List;

/**
 * The failure mode rejected the merge: too many inputs could not be read. Carries the input
 * failures so the caller can report them.
 */
public final class NoProfileMergedException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient List<InputFailure> failures;
    private final transient List<MergeProblem> problems;

    public NoProfileMergedException(List<InputFailure> failures, List<MergeProblem> problems) {
        super("no profile can be merged");
        this.failures = List.copyOf(failures);
        this.problems = List.copyOf(problems);
    }

    public List<InputFailure> failures() {
        return failures;
    }

    public List<MergeProblem> problems() {
        return problems;
    }
}
