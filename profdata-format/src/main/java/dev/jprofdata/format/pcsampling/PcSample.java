package dev.jprofdata.format.pcsampling;

/**
 * One PC sample as rocprofv3 wrote it, with the fields its file carries. What a field means is
 * in spec/pc-sampling.md; a field the input does not carry has the "unknown" value given below.
 *
 * @param method how the sample was taken
 * @param run the process within the input it belongs to: the index of the {@code rocprofiler-sdk-tool}
 *     element of a results JSON; 0 for a CSV (one process per file)
 * @param timestamp the raw sample timestamp (unsigned)
 * @param execMask the active lanes (unsigned)
 * @param dispatchId the dispatch the wave belongs to; 0 when the SDK could not correlate it
 * @param correlationId the internal correlation id of the launch; 0 for undecodable samples
 * @param codeObjectId the loaded code object; 0 means unknown code object, -1 that the input does
 *     not carry it (CSV)
 * @param codeObjectOffset the PC minus the code object's load base; -1 when not carried (CSV)
 * @param instIndex the JSON's index into {@code strings.pc_sample_instructions}; -1 when absent or
 *     undecodable
 * @param instruction the disassembled instruction; null when the input gives it through
 *     {@code instIndex} instead ({@link ResultsRun#instruction})
 * @param comment the source comment ({@code file:line[ -> file:line]*}); null as for {@code instruction}
 * @param waveIssued 1 if the wave issued the instruction in the sampled cycle, 0 if not, -1 for
 *     host-trap samples
 * @param instType the instruction type without its enum prefix ({@code VALU}); null for host trap
 * @param stallReason the not-issued reason without its enum prefix ({@code WAITCNT}); null for
 *     host trap. Meaningful only when {@code waveIssued == 0}
 * @param waveCount the waves resident on the CU; -1 when not carried
 * @param hasArbiterState whether the arbiter masks and {@code dualIssueValu} were read (JSON
 *     stochastic samples)
 * @param arbiterIssue the {@code arb_state_issue_*} bits, one per {@link ArbiterPipe#bit()}
 * @param arbiterStall the {@code arb_state_stall_*} bits
 * @param dualIssueValu whether two VALU instructions were co-issued in the sampled cycle
 * @param hardwareIds the {@code hw_id} fields packed as {@link HardwareId} lays them out; -1 when
 *     not carried (CSV)
 * @param position where the sample is in its file, for messages: the CSV line number, or the byte
 *     offset of the JSON record
 */
public record PcSample(
        SamplingMethod method,
        int run,
        long timestamp,
        long execMask,
        long dispatchId,
        long correlationId,
        long codeObjectId,
        long codeObjectOffset,
        long instIndex,
        String instruction,
        String comment,
        int waveIssued,
        String instType,
        String stallReason,
        int waveCount,
        boolean hasArbiterState,
        int arbiterIssue,
        int arbiterStall,
        boolean dualIssueValu,
        long hardwareIds,
        long position) {

    /** Whether the wave issued an instruction in the sampled cycle (false for host trap). */
    public boolean issued() {
        return waveIssued == 1;
    }

    /** Whether this is a stochastic sample of a wave that did not issue. */
    public boolean stalled() {
        return waveIssued == 0;
    }
}
