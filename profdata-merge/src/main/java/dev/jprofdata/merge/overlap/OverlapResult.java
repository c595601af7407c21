package dev.jprofdata.merge.overlap;

import dev.jprofdata.merge.MergeProblem;
import java.util.List;

/** The outcome of {@link ProfileOverlap#compare}. */
public sealed interface OverlapResult {

    /**
     * One profile's counters sum to less than 1, so no share can be computed; nothing was compared
     * (llvm-profdata then prints nothing and succeeds).
     *
     * @param file the profile with the zero sum, as named by the caller (the base if both are)
     */
    record ZeroSum(String file) implements OverlapResult {
    }

    /**
     * The profiles were compared.
     *
     * @param program the program-level results
     * @param baseProblems problems met while merging the base profile's records by name and hash
     */
    record Compared(ProgramOverlap program, List<MergeProblem> baseProblems) implements OverlapResult {
        public Compared {
            baseProblems = List.copyOf(baseProblems);
        }
    }
}
