package dev.jprofdata.format.pcsampling;

/** How the samples were taken; the method decides which fields a sample has. */
public enum SamplingMethod {
    /**
     * A host-side timer traps a wave: PC, dispatch and hardware ids only, and the PC may lie up to
     * about two instructions after the one that was executing (skid).
     */
    HOST_TRAP,
    /**
     * The hardware picks a wave every N cycles: exact PC, whether it issued, why not, the
     * instruction type, the CU's wave count and (in the JSON only) the SIMD arbiter's state.
     */
    STOCHASTIC
}
