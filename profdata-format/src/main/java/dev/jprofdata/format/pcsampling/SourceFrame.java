package dev.jprofdata.format.pcsampling;

/**
 * One frame of a sampled instruction's source stack.
 *
 * @param function the function the frame is in (mangled), or null when the source of the frames
 *     does not say (rocprofv3's comments name no functions)
 * @param file the source file as the debug information names it
 * @param line the 1-based line; 0 when unknown (a comment's {@code ?})
 * @param column the 1-based column; 0 when unknown
 */
public record SourceFrame(String function, String file, int line, int column) {

    /** {@code file:line}, the form rocprofv3 prints ({@code ?} for an unknown line). */
    public String fileLine() {
        return file + ":" + (line > 0 ? Integer.toString(line) : "?");
    }
}
