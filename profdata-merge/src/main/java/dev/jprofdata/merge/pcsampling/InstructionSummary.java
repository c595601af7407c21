package dev.jprofdata.merge.pcsampling;

import dev.jprofdata.format.pcsampling.SourceFrame;
import java.util.List;

/**
 * The samples of one instruction of a kernel, over all its dispatches.
 *
 * @param codeObjectOffset the offset in the code object, or -1 when the input has no PCs (CSV)
 * @param instruction the disassembly ("" when unknown)
 * @param frames the source stack, innermost first (empty when unknown)
 * @param tally its metrics
 */
public record InstructionSummary(long codeObjectOffset, String instruction, List<SourceFrame> frames,
        SampleTally tally) {

    public InstructionSummary {
        frames = List.copyOf(frames);
    }

    /** The leaf {@code file:line}, or "" when unknown. */
    public String leafLine() {
        return frames.isEmpty() ? "" : frames.get(0).fileLine();
    }
}
