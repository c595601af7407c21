package dev.jprofdata.format.pcsampling;

/**
 * A sampled instruction as a {@link SourceLocator} sees it.
 *
 * @param codeObjectId the loaded code object (0: unknown; -1: the input does not carry it, CSV)
 * @param codeObjectOffset the offset in the code object (-1 when not carried)
 * @param instruction the disassembly rocprofv3 wrote, or ""
 * @param comment the source comment rocprofv3 wrote ({@code file:line[ -> file:line]*}), or ""
 */
public record CodeLocation(long codeObjectId, long codeObjectOffset, String instruction, String comment) {
}
