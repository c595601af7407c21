package dev.jprofdata.format.pcsampling;

import java.util.List;

/**
 * Turns a sampled instruction into its source stack: the frames from the innermost (the leaf line,
 * inside the deepest inlined function) to the outermost (the line of the kernel or device function
 * the code belongs to). An empty list means the location is unknown.
 *
 * <p>{@link CommentSourceLocator} reads rocprofv3's comments (lines only, no function names);
 * a symbolizer that reads the code object's DWARF can implement this interface too and be used in
 * its place, with function names, columns and inline stacks that the comments lack.
 */
public interface SourceLocator {
    List<SourceFrame> frames(CodeLocation location);
}
