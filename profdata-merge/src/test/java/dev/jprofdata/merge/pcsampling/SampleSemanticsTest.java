package dev.jprofdata.merge.pcsampling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.pcsampling.ArbiterPipe;
import dev.jprofdata.format.pcsampling.PcSample;
import dev.jprofdata.format.pcsampling.SamplingMethod;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The CDNA3/CDNA4 document's rules on single samples whose expected counts follow from the rules by
 * hand (spec/pc-sampling.md, "Metrics"), and the invariant checks.
 */
class SampleSemanticsTest {
    private static final int VALU = ArbiterPipe.VALU.bit();
    private static final int MATRIX = ArbiterPipe.MATRIX.bit();
    private static final int LDS = ArbiterPipe.LDS.bit();
    private static final int SCALAR = ArbiterPipe.SCALAR.bit();

    private static PcSample sample(boolean issued, String type, String reason, int issue, int stall, boolean dual,
            int waves) {
        return new PcSample(SamplingMethod.STOCHASTIC, 0, 1, -1, 5, 5, 2, 256, 0, null, null, issued ? 1 : 0, type,
                reason, waves, true, issue, stall, dual, 0, 1);
    }

    @Test
    void ipcCountsEveryMovingPipeAndDualIssuedValuTwice() {
        SampleTally t = new SampleTally(true);
        // VALU and SCALAR move, dual issue: 3. MATRIX issues but is stalled: no progress.
        t.add(sample(true, "VALU", "OTHER_WAIT", VALU | SCALAR | MATRIX, MATRIX, true, 8), ArbiterPipe.VALU);
        // Nothing moves: SIMD latency.
        t.add(sample(false, "NO_INST", "WAITCNT", 0, 0, false, 8), ArbiterPipe.MISC);
        assertThat(t.ipcSum()).isEqualTo(3);
        assertThat(t.ipc()).isEqualTo(1.5);
        assertThat(t.dualIssue()).isEqualTo(1);
        assertThat(t.simdLatency()).isEqualTo(1);
        int m = SampleTally.index(ArbiterPipe.MATRIX);
        assertThat(t.progress(m)).isZero();
        assertThat(t.pipeLatency(m)).isEqualTo(2);
        // Frontend latency is "nothing issued to the pipe": only the second sample for MATRIX.
        assertThat(t.frontendLatency(m)).isEqualTo(1);
        // Reasons over stalled samples only, types over issued only.
        assertThat(t.stallReasons().sorted()).containsExactly(Map.entry("WAITCNT", 1L));
        assertThat(t.instructionTypes().sorted()).containsExactly(Map.entry("VALU", 1L));
    }

    @Test
    void oversubscriptionAndBackpressureFollowTheWavesOwnPipe() {
        SampleTally t = new SampleTally(false);
        // Lost arbitration while its pipe (LDS) took another wave's instruction: oversubscription.
        t.add(sample(false, "NO_INST", "ARBITER_NOT_WIN", LDS, 0, false, 4), ArbiterPipe.LDS);
        // Lost arbitration while its pipe issued nothing: the pipe was not ready.
        t.add(sample(false, "NO_INST", "ARBITER_NOT_WIN", VALU, 0, false, 4), ArbiterPipe.LDS);
        // Won arbitration but MATRIX backpressured: backpressure.
        t.add(sample(false, "NO_INST", "ARBITER_WIN_EX_STALL", MATRIX, MATRIX, false, 4), ArbiterPipe.MATRIX);
        // A wait instruction is no pipe contention, whatever the bits.
        t.add(sample(false, "NO_INST", "ARBITER_NOT_WIN", LDS, 0, false, 4), ArbiterPipe.MISC);
        assertThat(t.oversubscribed(SampleTally.index(ArbiterPipe.LDS))).isEqualTo(1);
        assertThat(t.oversubscribed()).isEqualTo(1);
        assertThat(t.arbiterNotWinPipeNotReady()).isEqualTo(1);
        assertThat(t.arbiterNotWin()).isEqualTo(2);
        assertThat(t.backpressured(SampleTally.index(ArbiterPipe.MATRIX))).isEqualTo(1);
        assertThat(t.arbiterWinExStall()).isEqualTo(1);
    }

    @Test
    void stalledPipesComeFromTheMnemonic() {
        assertThat(WavePipes.ofMnemonic("v_mfma_f32_16x16x4_f32 a[0:3], v0, v1, a[0:3]", false))
                .isEqualTo(ArbiterPipe.MATRIX);
        assertThat(WavePipes.ofMnemonic("v_mfma_f64_16x16x4_f64 v[0:7], v[8:9], v[10:11], v[0:7]", true))
                .isEqualTo(ArbiterPipe.VALU);
        assertThat(WavePipes.ofMnemonic("v_add_f32_e32 v0, v1, v2", false)).isEqualTo(ArbiterPipe.VALU);
        assertThat(WavePipes.ofMnemonic("global_load_dword v1, v[0:1], off", false)).isEqualTo(ArbiterPipe.FLAT);
        assertThat(WavePipes.ofMnemonic("buffer_load_dword v1, off, s[0:3], 0", false)).isEqualTo(ArbiterPipe.VMEM_TEX);
        assertThat(WavePipes.ofMnemonic("ds_read_b32 v0, v1", false)).isEqualTo(ArbiterPipe.LDS);
        assertThat(WavePipes.ofMnemonic("s_load_dwordx4 s[4:7], s[0:1], 0x0", false)).isEqualTo(ArbiterPipe.SCALAR);
        assertThat(WavePipes.ofMnemonic("s_waitcnt vmcnt(0)", false)).isEqualTo(ArbiterPipe.MISC);
        assertThat(WavePipes.ofMnemonic("", false)).isNull();
        assertThat(WavePipes.ofType("TEX")).isEqualTo(ArbiterPipe.VMEM_TEX);
    }

    @Test
    void anyNumberOfUnknownNamesStaysBounded() {
        NameCounts c = new NameCounts();
        for (int i = 0; i < 10_000; i++) {
            c.add("REASON_" + i, 1);
        }
        assertThat(c.sorted()).hasSize(NameCounts.MAX_NAMES);
        assertThat(c.total()).isEqualTo(10_000);
        assertThat(c.get(NameCounts.OTHERS)).isEqualTo(10_000 - (NameCounts.MAX_NAMES - 1));
    }

    @Test
    void brokenInvariantsAreCountedNotFatal() {
        InvariantChecks c = new InvariantChecks();
        c.check(sample(true, "VALU", "OTHER_WAIT", 0, 0, true, 4), "v_add_f32 v0, v1, v2", "a", 32);
        c.check(sample(false, "NO_INST", "WAITCNT", 0, SCALAR, false, 0), "s_waitcnt vmcnt(0)", "b", 32);
        c.check(sample(true, "NO_INST", "OTHER_WAIT", VALU, 0, false, 33), "s_waitcnt vmcnt(0)", "c", 32);
        c.check(sample(false, "VALU", "SLEEP_WAIT", ArbiterPipe.BRMSG.bit(), ArbiterPipe.EXP.bit(), false, 4), "", "d", 32);
        c.check(sample(false, "NO_INST", "WAITCNT", LDS, LDS, false, 4), "s_waitcnt vmcnt(0)", "e", 32);
        assertThat(c.counts()).containsExactlyInAnyOrderEntriesOf(Map.of(
                Invariant.DUAL_ISSUE_WITHOUT_VALU_PROGRESS, 1L,
                Invariant.STALL_WITHOUT_ISSUE, 1L,
                Invariant.WAVE_COUNT_RANGE, 2L,
                Invariant.ISSUED_TYPE, 1L,
                Invariant.ISSUED_WAIT, 1L,
                Invariant.NON_GFX9_PIPE, 1L,
                Invariant.EXP_STALL, 1L,
                Invariant.STALLED_TYPE, 1L,
                Invariant.STALLED_REASON, 1L));
        assertThat(c.firstExamples()).containsEntry(Invariant.WAVE_COUNT_RANGE, "b byte 1");
    }
}
