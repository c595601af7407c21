package dev.jprofdata.format.sample;

/**
 * The base discriminator of a DWARF discriminator: the part of it a sample profile keys its lines
 * by. Clang packs up to three numbers into one discriminator (the base, a duplication factor and a
 * copy id, with a short prefix code each) and, under {@code -fpseudo-probe-for-profiling}, a probe
 * layout instead; llvm-profgen and the compiler's sample loader both look a line up by the base
 * alone, so a profile built from a code object's line table must decode it the same way.
 *
 * <p>Decoding (LLVM 22, discriminators not flow-sensitive): a value whose low three bits are all set
 * and which has any higher bit is a pseudo-probe discriminator, whose base is the DWARF base packed
 * in bits 16-18 when bit 28 says it is there, else the probe index (bits 3-18). Otherwise the base
 * is the first prefix-coded component: nothing (0) when the lowest bit is set; else, after dropping
 * that bit, five bits, or twelve when the sixth bit flags the long form (its value bits being the
 * low five and the six above the flag).
 */
public final class BaseDiscriminator {
    private BaseDiscriminator() {
    }

    /** The base discriminator of {@code encoded} (an unsigned 32-bit DWARF discriminator). */
    public static int of(long encoded) {
        int d = (int) encoded;
        if ((d & 0x7) == 0x7 && (d & ~0x7) != 0) {
            if ((d & 0x1000_0000) != 0) {
                return (d >>> 16) & 0x7;
            }
            return (d >>> 3) & 0xFFFF;
        }
        if ((d & 1) != 0) {
            return 0;
        }
        int u = d >>> 1;
        if ((u & 0x20) != 0) {
            return ((u >>> 1) & 0xFE0) | (u & 0x1F);
        }
        return u & 0x1F;
    }
}
