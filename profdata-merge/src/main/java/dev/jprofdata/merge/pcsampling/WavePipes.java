package dev.jprofdata.merge.pcsampling;

import dev.jprofdata.format.pcsampling.ArbiterPipe;
import dev.jprofdata.format.pcsampling.PcSample;
import java.util.Arrays;

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
        // The prefixes are matched where the first word starts (no copy of it: this runs for
        // every stalled sample).
        int at = 0;
        while (Character.isWhitespace(instruction.charAt(at))) {
            at++;
        }
        if (starts(instruction, at, "v_mfma_f64")) {
            return mfmaF64OnValu ? ArbiterPipe.VALU : ArbiterPipe.MATRIX;
        }
        if (starts(instruction, at, "v_mfma") || starts(instruction, at, "v_smfmac")) {
            return ArbiterPipe.MATRIX;
        }
        if (starts(instruction, at, "v_")) {
            return ArbiterPipe.VALU;
        }
        if (starts(instruction, at, "ds_")) {
            return ArbiterPipe.LDS;
        }
        if (starts(instruction, at, "buffer_") || starts(instruction, at, "tbuffer_") || starts(instruction, at, "image_")) {
            return ArbiterPipe.VMEM_TEX;
        }
        if (starts(instruction, at, "flat_") || starts(instruction, at, "global_") || starts(instruction, at, "scratch_")) {
            return ArbiterPipe.FLAT;
        }
        if (starts(instruction, at, "exp")) {
            return ArbiterPipe.EXP;
        }
        if (!starts(instruction, at, "s_")) {
            return null;
        }
        for (String misc : MISC) {
            if (starts(instruction, at, misc)) {
                return ArbiterPipe.MISC;
            }
        }
        return ArbiterPipe.SCALAR;
    }

    /** Scalar instructions that go to no execution pipe (waits, barriers, branches, messages, ...). */
    private static final String[] MISC = {"s_waitcnt", "s_barrier", "s_nop", "s_sleep", "s_sendmsg", "s_branch",
        "s_cbranch", "s_setpc", "s_swappc", "s_endpgm", "s_trap", "s_setprio", "s_icache"};

    /**
     * Whether the first word of {@code instruction}, which starts at {@code at}, starts with
     * {@code prefix} (no prefix holds white space, so matching the text there is enough).
     */
    private static boolean starts(String instruction, int at, String prefix) {
        return instruction.startsWith(prefix, at);
    }

    /** The first word of a disassembled instruction. */
    static String mnemonic(String instruction) {
        String t = instruction.strip();
        int space = t.indexOf(' ');
        return space < 0 ? t : t.substring(0, space);
    }

    /**
     * {@link WavePipes#of} for every sample of a run, remembering each instruction's and each type's
     * pipe: the reader shares those strings (an instruction is the run's table entry for its
     * {@code inst_index}, a type one of a handful of shortened enum names), so the same string
     * object is matched by identity instead of its text being examined again. A string not seen
     * before (or another object with the same text) is examined as {@link WavePipes#of} does.
     */
    static final class Memo {
        /** Instructions are remembered by {@code inst_index} below this; others are examined every time. */
        private static final int MAX_INSTRUCTIONS = 1 << 16;
        private static final int MAX_TYPES = 32;
        private final boolean mfmaF64OnValu;
        private String[] instructions = new String[0];
        private ArbiterPipe[] instructionPipes = new ArbiterPipe[0];
        private final String[] types = new String[MAX_TYPES];
        private final ArbiterPipe[] typePipes = new ArbiterPipe[MAX_TYPES];
        private int typeCount;

        Memo(boolean mfmaF64OnValu) {
            this.mfmaF64OnValu = mfmaF64OnValu;
        }

        ArbiterPipe of(PcSample s, String instruction) {
            if (s.issued()) {
                String type = s.instType();
                for (int i = 0; i < typeCount; i++) {
                    if (types[i] == type) {
                        return typePipes[i];
                    }
                }
                ArbiterPipe pipe = ofType(type);
                if (typeCount < MAX_TYPES) {
                    types[typeCount] = type;
                    typePipes[typeCount++] = pipe;
                }
                return pipe;
            }
            long index = s.instIndex();
            if (instruction == null || index < 0 || index >= MAX_INSTRUCTIONS) {
                return ofMnemonic(instruction, mfmaF64OnValu);
            }
            int i = (int) index;
            if (i < instructions.length && instructions[i] == instruction) {
                return instructionPipes[i];
            }
            ArbiterPipe pipe = ofMnemonic(instruction, mfmaF64OnValu);
            if (i >= instructions.length) {
                int size = Math.min(MAX_INSTRUCTIONS, Math.max(i + 1, 2 * instructions.length));
                instructions = Arrays.copyOf(instructions, size);
                instructionPipes = Arrays.copyOf(instructionPipes, size);
            }
            instructions[i] = instruction;
            instructionPipes[i] = pipe;
            return pipe;
        }
    }

    /** Whether the pipe is one that waves contend for (the per-wave diagnoses apply). */
    static boolean contended(ArbiterPipe p) {
        return p != null && p != ArbiterPipe.MISC;
    }
}
