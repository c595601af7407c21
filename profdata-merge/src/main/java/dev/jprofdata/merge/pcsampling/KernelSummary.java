package dev.jprofdata.merge.pcsampling;

import java.util.List;

/**
 * The samples of one kernel over all the inputs' processes and dispatches.
 *
 * @param name the kernel's name (demangled where the input gives it), or a description of why it
 *     is unknown
 * @param known whether the name comes from a kernel join (false: unknown kernel)
 * @param tally its metrics, with the occupancy histogram
 * @param dispatches its dispatches, by process then dispatch id
 * @param instructions its instructions, most samples first
 * @param lines its leaf source lines, most samples first
 * @param lineRange the line-range metrics, or null when no range was asked for or the range's
 *     function is another kernel
 * @param symbol the kernel's ELF symbol (mangled, without {@code .kd}) when the input gives it (a
 *     results JSON's kernel symbols, or a kernel trace name that is a plain identifier), else null
 */
public record KernelSummary(String name, boolean known, SampleTally tally, List<DispatchSummary> dispatches,
        List<InstructionSummary> instructions, List<LineSummary> lines, List<InlinedCallSummary> inlinedCalls,
        LineRangeSummary lineRange, String symbol) {

    public KernelSummary {
        dispatches = List.copyOf(dispatches);
        instructions = List.copyOf(instructions);
        lines = List.copyOf(lines);
        inlinedCalls = List.copyOf(inlinedCalls);
    }
}
