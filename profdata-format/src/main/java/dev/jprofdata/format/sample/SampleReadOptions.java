package dev.jprofdata.format.sample;

import java.util.Locale;

/**
 * How sample profiles are read: LLVM's process-wide reader options, as values.
 *
 * @param profileIsFs          {@code --profile-isfs}: text and raw binary inputs use flow-sensitive
 *                             discriminators (an ext-binary file says so itself, in its summary flags)
 * @param fsDiscriminatorMask  the discriminator bits kept when a profile is flow-sensitive, from
 *                             {@code --fs-discriminator-pass} ({@link #maskForPass}); all bits by default
 */
public record SampleReadOptions(boolean profileIsFs, int fsDiscriminatorMask) {
    /** LLVM's defaults: not FS unless the file says so, and every discriminator bit kept. */
    public static final SampleReadOptions DEFAULTS = new SampleReadOptions(false, -1);

    /**
     * The mask of {@code --fs-discriminator-pass}: the 8 base bits for {@code Base}, 6 more bits for
     * each pass up to {@code Pass3}, all 32 bits for {@code PassLast} (LLVM's default).
     *
     * @throws IllegalArgumentException for another name
     */
    public static int maskForPass(String pass) {
        switch (pass.toLowerCase(Locale.ROOT)) {
            case "base":
                return lowBits(8);
            case "pass1":
                return lowBits(14);
            case "pass2":
                return lowBits(20);
            case "pass3":
                return lowBits(26);
            case "passlast":
                return -1;
            default:
                throw new IllegalArgumentException("unknown FS discriminator pass '" + pass
                        + "' (expected Base, Pass1, Pass2, Pass3 or PassLast)");
        }
    }

    private static int lowBits(int n) {
        return (1 << n) - 1;
    }

    /** The mask applied to discriminators of a profile that is ({@code fs}) or is not flow-sensitive. */
    public int discriminatorMask(boolean fs) {
        return fs ? fsDiscriminatorMask : -1;
    }
}
