package dev.jprofdata.merge.pcsampling;

import dev.jprofdata.format.pcsampling.ArbiterPipe;
import dev.jprofdata.format.pcsampling.PcSample;

/**
 * The execution pipe a sampled wave's instruction goes to, which the per-wave diagnoses
 * (oversubscription, backpressure) compare with the arbiter's bits for that pipe. An issued sample
 * names its type; a stalled one carries {@code NO_INST}, so its pipe comes from the mnemonic (the
 * table of spec/pc-sampling.md). Instructions that never contend for an execution pipe (waits,
 * barriers, branches, messages, {@code s_nop}) have pipe {@link ArbiterPipe#MISC}, which the
 * diagnoses leave out; an unknown instruction has none (null).
 */
final class WavePipes {
    private WavePipes() {
    }

    static ArbiterPipe of(PcSample s, String instruction, boolean mfmaF64OnValu) {
        if (s.issued()) {
            return ofType(s.instType());
        }
        return ofMnemonic(instruction, mfmaF64OnValu);
    }

    static ArbiterPipe ofType(String type) {
        if (type == null) {
            return null;
        }
        return switch (type) {
            case "VALU", "DUAL_VALU" -> ArbiterPipe.VALU;
            case "MATRIX" -> ArbiterPipe.MATRIX;
            case "SCALAR" -> ArbiterPipe.SCALAR;
            case "TEX" -> ArbiterPipe.VMEM_TEX;
            case "LDS" -> ArbiterPipe.LDS;
            case "FLAT" -> ArbiterPipe.FLAT;
            case "EXPORT" -> ArbiterPipe.EXP;
            case "MESSAGE", "BARRIER", "BRANCH_NOT_TAKEN", "BRANCH_TAKEN", "JUMP" -> ArbiterPipe.MISC;
            default -> null;
        };
    }

    static ArbiterPipe ofMnemonic(String instruction, boolean mfmaF64OnValu) {
        if (instruction == null || instruction.isBlank()) {
            return null;
        }
        String m = mnemonic(instruction);
        if (m.startsWith("v_mfma_f64")) {
            return mfmaF64OnValu ? ArbiterPipe.VALU : ArbiterPipe.MATRIX;
        }
        if (m.startsWith("v_mfma") || m.startsWith("v_smfmac")) {
            return ArbiterPipe.MATRIX;
        }
        if (m.startsWith("v_")) {
            return ArbiterPipe.VALU;
        }
        if (m.startsWith("ds_")) {
            return ArbiterPipe.LDS;
        }
        if (m.startsWith("buffer_") || m.startsWith("tbuffer_") || m.startsWith("image_")) {
            return ArbiterPipe.VMEM_TEX;
        }
        if (m.startsWith("flat_") || m.startsWith("global_") || m.startsWith("scratch_")) {
            return ArbiterPipe.FLAT;
        }
        if (m.startsWith("exp")) {
            return ArbiterPipe.EXP;
        }
        if (m.startsWith("s_waitcnt") || m.startsWith("s_barrier") || m.startsWith("s_nop") || m.startsWith("s_sleep")
                || m.startsWith("s_sendmsg") || m.startsWith("s_branch") || m.startsWith("s_cbranch")
                || m.startsWith("s_setpc") || m.startsWith("s_swappc") || m.startsWith("s_endpgm")
                || m.startsWith("s_trap") || m.startsWith("s_setprio") || m.startsWith("s_icache")) {
            return ArbiterPipe.MISC;
        }
        if (m.startsWith("s_")) {
            return ArbiterPipe.SCALAR;
        }
        return null;
    }

    /** The first word of a disassembled instruction. */
    static String mnemonic(String instruction) {
        String t = instruction.strip();
        int space = t.indexOf(' ');
        return space < 0 ? t : t.substring(0, space);
    }

    /** Whether the pipe is one that waves contend for (the per-wave diagnoses apply). */
    static boolean contended(ArbiterPipe p) {
        return p != null && p != ArbiterPipe.MISC;
    }
}
