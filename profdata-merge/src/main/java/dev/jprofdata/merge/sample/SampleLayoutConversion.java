package dev.jprofdata.merge.sample;

/** {@code --convert-sample-profile-layout}: how the merged profile's inlinees are laid out. */
public enum SampleLayoutConversion {
    /** Keep the layout the inputs have. */
    NONE,
    /** Every function at top level only: inlinees (and CS contexts) folded into their function. */
    FLAT,
    /** CS contexts turned into inlinees under their callers (a no-op for non-CS profiles). */
    NEST;

    /** The option value ({@code flat}, {@code nest}), or null for an unknown one. */
    public static SampleLayoutConversion ofOptionName(String name) {
        return switch (name) {
            case "flat" -> FLAT;
            case "nest" -> NEST;
            default -> null;
        };
    }
}
