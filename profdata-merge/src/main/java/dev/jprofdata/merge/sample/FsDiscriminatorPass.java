package dev.jprofdata.merge.sample;

/**
 * {@code --fs-discriminator-pass}: which flow-sensitive discriminator bits are kept when a profile
 * uses FS discriminators. Each pass owns a range of bits; a pass keeps its own and the earlier ones.
 */
public enum FsDiscriminatorPass {
    BASE("Base", 8),
    PASS1("Pass1", 14),
    PASS2("Pass2", 20),
    PASS3("Pass3", 26),
    PASS_LAST("PassLast", 32);

    private final String optionName;
    private final int bits;

    FsDiscriminatorPass(String optionName, int bits) {
        this.optionName = optionName;
        this.bits = bits;
    }

    public String optionName() {
        return optionName;
    }

    /** The discriminator bits this pass keeps, as an unsigned 32-bit mask. */
    public int mask() {
        return bits == 32 ? -1 : (1 << bits) - 1;
    }

    /** The pass named {@code name} as LLVM spells it, or null. */
    public static FsDiscriminatorPass ofOptionName(String name) {
        for (FsDiscriminatorPass p : values()) {
            if (p.optionName.equals(name)) {
                return p;
            }
        }
        return null;
    }
}
