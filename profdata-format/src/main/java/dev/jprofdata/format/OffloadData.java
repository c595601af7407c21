package dev.jprofdata.format;

import java.util.Arrays;
import java.util.Objects;

/**
 * GPU device data of one function record (offload PGO for HIP/AMDGPU, see spec/offload.md).
 *
 * <p>Kept apart from the counters so that host records carry nothing ({@code null}) and every
 * existing consumer of {@link ProfileRecord} keeps working unchanged.
 *
 * @param slotsPerBlock K, the per-wave slots each block had in the raw v10 device record (the
 *     record's {@code NumOffloadProfilingThreads} + 1); 0 when the record did not come from a raw
 *     v10 file (indexed input, merge result, raw v11/v12 records, which have one counter per block)
 * @param uniformCounts per-block uniform counts, one per counter: reduced from the {@code .unifcnts}
 *     side file (raw v10) or embedded in the profile (raw v11/v12); {@code null} when the input had
 *     no uniform data
 * @param uniformityBits one bit per counter, LSB first, 1 = uniform, unused high bits 1;
 *     {@code null} when the record carries no bits
 * @param waveCounts the fork's per-record wave counters (raw v12 "stage D", indexed v15), kept
 *     apart from the block counts; {@code null} when the record has none
 */
public record OffloadData(int slotsPerBlock, long[] uniformCounts, byte[] uniformityBits, long[] waveCounts) {

    /** Device data without wave counters (every layout before raw v12 / indexed v15). */
    public OffloadData(int slotsPerBlock, long[] uniformCounts, byte[] uniformityBits) {
        this(slotsPerBlock, uniformCounts, uniformityBits, null);
    }

    public OffloadData {
        if (slotsPerBlock < 0) {
            throw new IllegalArgumentException("slotsPerBlock must be >= 0");
        }
    }

    /** Device data that is only uniformity bits (indexed v14 input, merge result). */
    public static OffloadData ofBits(byte[] bits) {
        return new OffloadData(0, null, Objects.requireNonNull(bits, "bits"));
    }

    public boolean hasUniformCounts() {
        return uniformCounts != null;
    }

    public boolean hasBits() {
        return uniformityBits != null;
    }

    public boolean hasWaveCounts() {
        return waveCounts != null;
    }

    /** This data with {@code counts} as its wave counters ({@code null} for none). */
    public OffloadData withWaveCounts(long[] counts) {
        return new OffloadData(slotsPerBlock, uniformCounts, uniformityBits, counts);
    }

    /** Whether block {@code i} is uniform; like the fork, indexes past the bits count as uniform. */
    public boolean isUniform(int i) {
        if (uniformityBits == null || (i >> 3) >= uniformityBits.length) {
            return true;
        }
        return ((uniformityBits[i >> 3] >> (i & 7)) & 1) != 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OffloadData d
                && slotsPerBlock == d.slotsPerBlock
                && Arrays.equals(uniformCounts, d.uniformCounts)
                && Arrays.equals(uniformityBits, d.uniformityBits)
                && Arrays.equals(waveCounts, d.waveCounts);
    }

    @Override
    public int hashCode() {
        return Objects.hash(slotsPerBlock, Arrays.hashCode(uniformCounts), Arrays.hashCode(uniformityBits), Arrays.hashCode(waveCounts));
    }

    @Override
    public String toString() {
        return "OffloadData[K=" + slotsPerBlock + ", uniform=" + Arrays.toString(uniformCounts)
                + ", bits=" + Arrays.toString(uniformityBits)
                + (waveCounts == null ? "" : ", waves=" + Arrays.toString(waveCounts)) + "]";
    }
}
