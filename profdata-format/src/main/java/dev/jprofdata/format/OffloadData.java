package dev.jprofdata.format;

import java.util.Arrays;
import java.util.Objects;

/**
 * GPU device data of one function record (offload PGO for HIP/AMDGPU, see spec/offload.md).
 *
 * <p>Kept apart from the counters so that host records carry nothing ({@code null}) and every
 * existing consumer of {@link ProfileRecord} keeps working unchanged.
 *
 * @param slotsPerBlock K, the per-wave slots each block had in the raw device record (the
 *     record's {@code NumOffloadProfilingThreads} + 1); 0 when the record did not come from a raw
 *     file (indexed input, merge result)
 * @param uniformCounts per-block uniform counts reduced from the {@code .unifcnts} side file, one
 *     per counter; {@code null} when the input had no side data
 * @param uniformityBits one bit per counter, LSB first, 1 = uniform, unused high bits 1;
 *     {@code null} when the record carries no bits
 */
public record OffloadData(int slotsPerBlock, long[] uniformCounts, byte[] uniformityBits) {

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
                && Arrays.equals(uniformityBits, d.uniformityBits);
    }

    @Override
    public int hashCode() {
        return Objects.hash(slotsPerBlock, Arrays.hashCode(uniformCounts), Arrays.hashCode(uniformityBits));
    }

    @Override
    public String toString() {
        return "OffloadData[K=" + slotsPerBlock + ", uniform=" + Arrays.toString(uniformCounts)
                + ", bits=" + Arrays.toString(uniformityBits) + "]";
    }
}
