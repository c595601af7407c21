package dev.jprofdata.merge.pcsampling;

import dev.jprofdata.format.pcsampling.ArbiterPipe;
import dev.jprofdata.format.pcsampling.PcSample;
import java.util.EnumMap;
import java.util.Map;

/** Checks stochastic samples against the {@link Invariant}s and counts the violations. */
final class InvariantChecks {
    private final Map<Invariant, Long> counts = new EnumMap<>(Invariant.class);
    private final Map<Invariant, String> firstExample = new EnumMap<>(Invariant.class);

    /** Checks {@code s}, read from {@code file}; {@code maxWaves} is its CU's wave limit (32 on MI300 and MI350). */
    void check(PcSample s, String instruction, String file, int maxWaves) {
        if (s.waveIssued() < 0) {
            return;
        }
        if (s.hasArbiterState()) {
            int issue = s.arbiterIssue();
            int stall = s.arbiterStall();
            if (s.dualIssueValu() && !(ArbiterPipe.VALU.in(issue) && !ArbiterPipe.VALU.in(stall))) {
                violated(Invariant.DUAL_ISSUE_WITHOUT_VALU_PROGRESS, file, s);
            }
            if ((stall & ~issue & ~ArbiterPipe.EXP.bit() & ~ArbiterPipe.LDS_DIRECT.bit() & ~ArbiterPipe.BRMSG.bit()) != 0) {
                violated(Invariant.STALL_WITHOUT_ISSUE, file, s);
            }
            if (ArbiterPipe.EXP.in(stall)) {
                violated(Invariant.EXP_STALL, file, s);
            }
            int other = ArbiterPipe.LDS_DIRECT.bit() | ArbiterPipe.BRMSG.bit();
            if (((issue | stall) & other) != 0) {
                violated(Invariant.NON_GFX9_PIPE, file, s);
            }
        }
        if (s.waveCount() >= 0 && (s.waveCount() < 1 || s.waveCount() > maxWaves)) {
            violated(Invariant.WAVE_COUNT_RANGE, file, s);
        }
        String type = s.instType();
        if (s.issued()) {
            if (issuedTypeBroken.test(type)) {
                violated(Invariant.ISSUED_TYPE, file, s);
            }
            if (instruction != null) {
                String m = WavePipes.mnemonic(instruction);
                if (m.startsWith("s_waitcnt") || m.equals("s_nop") || m.equals("s_sleep")) {
                    violated(Invariant.ISSUED_WAIT, file, s);
                }
            }
        } else {
            if (stalledTypeBroken.test(type)) {
                violated(Invariant.STALLED_TYPE, file, s);
            }
            if (stalledReasonBroken.test(s.stallReason())) {
                violated(Invariant.STALLED_REASON, file, s);
            }
        }
    }

    private final NameTest issuedTypeBroken = new NameTest(t -> t.equals("NO_INST") || t.equals("OTHER")
            || t.equals("LDS_DIRECT") || t.equals("DUAL_VALU") || t.equals("NONE"));
    private final NameTest stalledTypeBroken = new NameTest(t -> !t.equals("NO_INST"));
    private final NameTest stalledReasonBroken = new NameTest(r -> r.equals("NONE") || r.equals("SLEEP_WAIT"));

    /**
     * A test of a type or stall-reason name, remembered for the strings seen: the readers share
     * them (a handful of shortened enum names), so most samples are answered by identity.
     */
    private static final class NameTest {
        private static final int MAX = 32;
        private final java.util.function.Predicate<String> test;
        private final String[] names = new String[MAX];
        private final boolean[] results = new boolean[MAX];
        private int size;

        NameTest(java.util.function.Predicate<String> test) {
            this.test = test;
        }

        boolean test(String name) {
            for (int i = 0; i < size; i++) {
                if (names[i] == name) {
                    return results[i];
                }
            }
            boolean result = test.test(name);
            if (size < MAX) {
                names[size] = name;
                results[size++] = result;
            }
            return result;
        }
    }

    private void violated(Invariant rule, String file, PcSample s) {
        counts.merge(rule, 1L, Long::sum);
        if (!firstExample.containsKey(rule)) {
            firstExample.put(rule, PcSamplingAnalyzer.where(file, s));
        }
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
