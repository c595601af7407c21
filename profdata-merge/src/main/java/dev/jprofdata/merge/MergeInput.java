package dev.jprofdata.merge;

import java.nio.file.Path;

/**
 * One input of a merge: the file, the name to use in messages (as the user typed it) and its
 * weight (every count is multiplied by it).
 */
public record MergeInput(Path path, String displayName, long weight) {
    public MergeInput {
        if (weight < 1) {
            throw new IllegalArgumentException("input weight must be a positive integer");
        }
    }

    public static MergeInput of(Path path) {
        return new MergeInput(path, path.toString(), 1);
    }
}
