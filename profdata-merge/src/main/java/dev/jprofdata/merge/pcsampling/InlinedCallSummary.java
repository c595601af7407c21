package dev.jprofdata.merge.pcsampling;

/**
 * The samples of one inlined call in a kernel: code of {@code function} inlined at
 * {@code callSite}, that is every sampled instruction whose source stack holds a frame in that
 * function whose next frame out is that call site — counted once per instruction however deep the
 * stack. Where the whole kernel's figures hide which inlined helper the time goes to, this says.
 *
 * @param function the inlined function's name (linkage name from the code object's DWARF), or null
 *     when the frames name no functions (rocprofv3's comments: then the call site alone tells)
 * @param callSite {@code file:line} of the call the function was inlined at
 * @param instructions the number of distinct sampled instructions inside it
 * @param tally their metrics
 */
public record InlinedCallSummary(String function, String callSite, int instructions, SampleTally tally) {
}
