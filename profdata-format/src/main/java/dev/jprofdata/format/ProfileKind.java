package dev.jprofdata.format;

/**
 * What kind of instrumentation produced a profile: the union of LLVM's variant flags, kept as the
 * bits of the version word (bits 55-63) plus an explicit front-end marker that only text inputs
 * ({@code :fe}) can carry.
 *
 * <p>Raw and indexed front-end profiles have no flag at all ("unknown" kind); that is why LLVM lets
 * them merge silently with IR profiles, and we do the same.
 */
public record ProfileKind(long variantBits, boolean explicitFrontEnd) {

    public static final long LOOP_ENTRIES = 1L << 55;
    public static final long IR = 1L << 56;
    public static final long CONTEXT_SENSITIVE = 1L << 57;
    public static final long ENTRY_FIRST = 1L << 58;
    public static final long DEBUG_INFO_CORRELATE = 1L << 59;
    public static final long BYTE_COVERAGE = 1L << 60;
    public static final long FUNCTION_ENTRY_ONLY = 1L << 61;
    public static final long MEMPROF = 1L << 62;
    public static final long TEMPORAL = 1L << 63;

    /** All variant bits LLVM 22 defines. */
    public static final long ALL_VARIANT_BITS = 0xFF80_0000_0000_0000L;

    public static final ProfileKind UNKNOWN = new ProfileKind(0, false);

    public ProfileKind {
        variantBits &= ALL_VARIANT_BITS;
    }

    /** The kind described by the high bits of a raw or indexed version word. */
    public static ProfileKind fromVersionWord(long version) {
        return new ProfileKind(version & ALL_VARIANT_BITS, false);
    }

    public boolean has(long bit) {
        return (variantBits & bit) != 0;
    }

    public boolean isIr() {
        return has(IR);
    }

    public boolean isContextSensitive() {
        return has(CONTEXT_SENSITIVE);
    }

    public boolean isTemporal() {
        return has(TEMPORAL);
    }

    public boolean isByteCoverage() {
        return has(BYTE_COVERAGE);
    }

    public ProfileKind with(long bit) {
        return new ProfileKind(variantBits | bit, explicitFrontEnd);
    }

    public ProfileKind without(long bit) {
        return new ProfileKind(variantBits & ~bit, explicitFrontEnd);
    }

    public boolean isUnknown() {
        return variantBits == 0 && !explicitFrontEnd;
    }

    /**
     * Whether a merge whose inputs so far have this (combined) kind accepts an input of kind
     * {@code other}, by LLVM's rules: anything is accepted while the combined kind is still
     * unknown; after that the explicit front-end flag must agree (so a raw front-end profile, which
     * has no flags, is refused once a {@code :fe} text input was merged), and function-entry-only
     * coverage never mixes with entry-first or loop-entry instrumentation.
     */
    public boolean accepts(ProfileKind other) {
        if (isUnknown()) {
            return true;
        }
        if (explicitFrontEnd != other.explicitFrontEnd) {
            return false;
        }
        return !(conflicts(this, other, FUNCTION_ENTRY_ONLY, ENTRY_FIRST)
                || conflicts(this, other, FUNCTION_ENTRY_ONLY, LOOP_ENTRIES));
    }

    private static boolean conflicts(ProfileKind a, ProfileKind b, long bitA, long bitB) {
        return (a.has(bitA) && b.has(bitB)) || (a.has(bitB) && b.has(bitA));
    }

    public ProfileKind union(ProfileKind other) {
        return new ProfileKind(variantBits | other.variantBits, explicitFrontEnd || other.explicitFrontEnd);
    }
}
