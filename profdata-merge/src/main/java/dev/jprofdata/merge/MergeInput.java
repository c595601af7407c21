package dev.jprofdata.merge;

import java.nio.file.Path;

/**
 * One input of a merge: the file, the name to use in messages (as the user typed it) and its
 * weight (every count is multiplied by it, with saturation). The weight is an unsigned 64-bit
 * number, as in llvm-profdata: 1 to 2^64-1, where a negative long stands for a weight above
 * 2^63-1.
 */
public record MergeInput(Path path, String displayName, long weight) {
    public MergeInput {
        if (weight == 0) {
            throw new IllegalArgumentException("input weight must be a positive integer");
        }
    }

    public static MergeInput of(Path path) {
        return new MergeInput(path, path.toString(), 1);
    }
}
