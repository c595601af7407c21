package dev.jprofdata.merge.pcsampling;

/**
 * A rule every gfx9/gfx950 stochastic sample follows, from rocprofiler-sdk's own tests
 * (spec/pc-sampling.md, "Invariants"). A sample that breaks one is still counted; the report says
 * how many broke each rule.
 */
public enum Invariant {
    DUAL_ISSUE_WITHOUT_VALU_PROGRESS("dual_issue_valu is set but the VALU pipe did not make progress"),
    STALL_WITHOUT_ISSUE("a pipe's stall bit is set without its issue bit"),
    EXP_STALL("the EXP pipe's stall bit is set"),
    NON_GFX9_PIPE("an lds_direct or brmsg arbiter bit is set (these pipes do not exist on gfx9)"),
    WAVE_COUNT_RANGE("the wave count is outside 1..max waves per CU"),
    ISSUED_TYPE("an issued sample has type NO_INST, OTHER, LDS_DIRECT, DUAL_VALU or NONE"),
    STALLED_TYPE("a sample that did not issue has a type other than NO_INST"),
    STALLED_REASON("a sample that did not issue has reason NONE or SLEEP_WAIT"),
    ISSUED_WAIT("s_waitcnt, s_nop or s_sleep was sampled as issued");

    private final String description;

    Invariant(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
