package dev.jprofdata.merge.state;

import dev.jprofdata.merge.MergeProblem;

/**
 * A record-level problem found when finishing a merge state, located by the position of the input
 * record that caused it.
 */
public record RecordProblem(long position, String function, MergeProblem.Kind kind, long droppedCount) {
}
