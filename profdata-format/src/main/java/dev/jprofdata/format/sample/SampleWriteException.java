package dev.jprofdata.format.sample;

import java.io.IOException;

/**
 * A sample profile that cannot be written as asked. The message is LLVM's text for the problem
 * ({@link Problem#message()}), which llvm-profdata prints after the output file name.
 */
public final class SampleWriteException extends IOException {
    private static final long serialVersionUID = 1L;

    /** Why the profile cannot be written. */
    public enum Problem {
        /**
         * The format cannot hold this profile: context-sensitive or probe-based profiles in the raw
         * binary format, and anything in GCC's format (LLVM writes no GCC profiles).
         */
        UNSUPPORTED_FORMAT("Profile encoding format unsupported for writing operations"),
        /** {@code --output-size-limit} cannot be met even by dropping functions. */
        TOO_LARGE("Too much profile data");

        private final String message;

        Problem(String message) {
            this.message = message;
        }

        /** LLVM's text ({@code sampleprof_error}'s message). */
        public String message() {
            return message;
        }
    }

    private final Problem problem;

    public SampleWriteException(Problem problem) {
        super(problem.message());
        this.problem = problem;
    }

    public Problem problem() {
        return problem;
    }
}
