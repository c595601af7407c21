package dev.jprofdata.format.pcsampling;

/**
 * One kernel dispatch: from a {@code --kernel-trace} CSV row or a results JSON's
 * {@code buffer_records.kernel_dispatch} record.
 *
 * @param dispatchId the dispatch id the samples carry
 * @param kernelId the kernel symbol's id
 * @param kernelName the kernel's name as the trace gives it (demangled in the CSV); null when only
 *     the id is known (JSON: the name is in {@code kernel_symbols})
 * @param correlationId the internal correlation id of the launch; -1 when not given
 * @param startTimestamp the dispatch's start, or -1
 * @param endTimestamp the dispatch's end, or -1
 */
public record KernelDispatch(long dispatchId, long kernelId, String kernelName, long correlationId,
        long startTimestamp, long endTimestamp) {
}
