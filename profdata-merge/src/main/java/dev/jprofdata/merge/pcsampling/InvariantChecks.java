package dev.jprofdata.merge.pcsampling;

import dev.jprofdata.format.pcsampling.ArbiterPipe;
import dev.jprofdata.format.pcsampling.PcSample;
import java.util.EnumMap;
import java.util.Map;

/** Checks stochastic samples against the {@link Invariant}s and counts the violations. */
final class InvariantChecks {
    private final Map<Invariant, Long> counts = new EnumMap<>(Invariant.class);
    private final Map<Invariant, String> firstExample = new EnumMap<>(Invariant.class);

    /** Checks {@code s}; {@code maxWaves} is its CU's wave limit (32 on MI300 and MI350). */
    void check(PcSample s, String instruction, String where, int maxWaves) {
        if (s.waveIssued() < 0) {
            return;
        }
        if (s.hasArbiterState()) {
            int issue = s.arbiterIssue();
            int stall = s.arbiterStall();
            if (s.dualIssueValu() && !(ArbiterPipe.VALU.in(issue) && !ArbiterPipe.VALU.in(stall))) {
                violated(Invariant.DUAL_ISSUE_WITHOUT_VALU_PROGRESS, where);
            }
            if ((stall & ~issue & ~ArbiterPipe.EXP.bit() & ~ArbiterPipe.LDS_DIRECT.bit() & ~ArbiterPipe.BRMSG.bit()) != 0) {
                violated(Invariant.STALL_WITHOUT_ISSUE, where);
            }
            if (ArbiterPipe.EXP.in(stall)) {
                violated(Invariant.EXP_STALL, where);
            }
            int other = ArbiterPipe.LDS_DIRECT.bit() | ArbiterPipe.BRMSG.bit();
            if (((issue | stall) & other) != 0) {
                violated(Invariant.NON_GFX9_PIPE, where);
            }
        }
        if (s.waveCount() >= 0 && (s.waveCount() < 1 || s.waveCount() > maxWaves)) {
            violated(Invariant.WAVE_COUNT_RANGE, where);
        }
        String type = s.instType();
        if (s.issued()) {
            if (type.equals("NO_INST") || type.equals("OTHER") || type.equals("LDS_DIRECT")
                    || type.equals("DUAL_VALU") || type.equals("NONE")) {
                violated(Invariant.ISSUED_TYPE, where);
            }
            if (instruction != null) {
                String m = WavePipes.mnemonic(instruction);
                if (m.startsWith("s_waitcnt") || m.equals("s_nop") || m.equals("s_sleep")) {
                    violated(Invariant.ISSUED_WAIT, where);
                }
            }
        } else {
            if (!type.equals("NO_INST")) {
                violated(Invariant.STALLED_TYPE, where);
            }
            if (s.stallReason().equals("NONE") || s.stallReason().equals("SLEEP_WAIT")) {
                violated(Invariant.STALLED_REASON, where);
            }
        }
    }

    private void violated(Invariant rule, String where) {
        counts.merge(rule, 1L, Long::sum);
        firstExample.putIfAbsent(rule, where);
    }

    /** The violations counted so far, by rule. */
    Map<Invariant, Long> counts() {
        return new EnumMap<>(counts);
    }

    /** Where each rule was first broken ({@code file line N} or {@code file byte N}). */
    Map<Invariant, String> firstExamples() {
        return new EnumMap<>(firstExample);
    }
}
