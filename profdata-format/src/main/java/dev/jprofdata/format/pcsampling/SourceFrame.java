package dev.jprofdata.format.pcsampling;

/**
 * One frame of a sampled instruction's source stack.
 *
 * @param function the function the frame is in (mangled), or null when the source of the frames
 *     does not say (rocprofv3's comments name no functions)
 * @param file the source file as the debug information names it
 * @param line the 1-based line; 0 when unknown (a comment's {@code ?}). For the innermost frame it
 *     is the sampled instruction's line; for an outer frame, the line of its call to the frame
 *     inside it
 * @param column the 1-based column; 0 when unknown
 * @param discriminator the line's DWARF discriminator as encoded in the code object (0 when none
 *     or unknown)
 * @param declLine the line of the frame's function declaration (the DWARF DW_AT_decl_line that
 *     sample profiles count line offsets from); 0 when unknown (comments do not carry it)
 */
public record SourceFrame(String function, String file, int line, int column, long discriminator, int declLine) {

    /** A frame known only by its file, line and column (rocprofv3's comments). */
    public SourceFrame(String function, String file, int line, int column) {
        this(function, file, line, column, 0, 0);
    }

    /** {@code file:line}, the form rocprofv3 prints ({@code ?} for an unknown line). */
    public String fileLine() {
        return file + ":" + (line > 0 ? Integer.toString(line) : "?");
    }
}
