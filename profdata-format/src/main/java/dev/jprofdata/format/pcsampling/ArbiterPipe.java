package dev.jprofdata.format.pcsampling;

/**
 * The execution pipes named by a stochastic sample's arbiter bits ({@code arb_state_issue_*} and
 * {@code arb_state_stall_*}), in the order of the SDK's snapshot word. A sample keeps each group of
 * bits as a mask with bit {@code ordinal()} per pipe ({@link PcSample#arbiterIssue()}).
 *
 * <p>Only eight of them exist on gfx9 (MI300, CDNA3) and gfx950 (MI350, CDNA4): {@link #LDS_DIRECT}
 * and {@link #BRMSG} belong to later architectures and always read 0 there.
 */
public enum ArbiterPipe {
    VALU("valu", true),
    MATRIX("matrix", true),
    LDS("lds", true),
    LDS_DIRECT("lds_direct", false),
    SCALAR("scalar", true),
    VMEM_TEX("vmem_tex", true),
    FLAT("flat", true),
    EXP("exp", true),
    MISC("misc", true),
    BRMSG("brmsg", false);

    private static final ArbiterPipe[] ALL = values();

    private final String jsonSuffix;
    private final boolean gfx9;

    ArbiterPipe(String jsonSuffix, boolean gfx9) {
        this.jsonSuffix = jsonSuffix;
        this.gfx9 = gfx9;
    }

    /** The suffix of the pipe's two JSON keys ({@code arb_state_issue_<suffix>}). */
    public String jsonSuffix() {
        return jsonSuffix;
    }

    /** Whether the pipe exists on gfx9/gfx950 (the eight pipes of the CDNA3/CDNA4 document). */
    public boolean onGfx9() {
        return gfx9;
    }

    /** This pipe's bit in an arbiter mask. */
    public int bit() {
        return 1 << ordinal();
    }

    /** Whether {@code mask} has this pipe's bit. */
    public boolean in(int mask) {
        return (mask & bit()) != 0;
    }

    /** The pipe whose JSON key suffix is {@code suffix}, or null. */
    public static ArbiterPipe ofJsonSuffix(String suffix) {
        for (ArbiterPipe p : ALL) {
            if (p.jsonSuffix.equals(suffix)) {
                return p;
            }
        }
        return null;
    }
}
