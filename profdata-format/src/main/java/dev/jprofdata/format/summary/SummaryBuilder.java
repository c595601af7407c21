package dev.jprofdata.format.summary;

import dev.jprofdata.format.ProfileRecord;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Accumulates records into a {@link ProfileSummary} the way LLVM's {@code InstrProfSummaryBuilder}
 * does, so that stored summaries and {@code show} output match byte for byte.
 *
 * <p>Rules copied from LLVM: records whose first counter is a pseudo-count marker are ignored; the
 * first counter of every record is its "entry count" (also for IR profiles, where it is not the
 * entry block); {@code numFunctions}, {@code numCounts} and the per-value frequencies are 32-bit and
 * wrap; sums are 64-bit and wrap. Not thread-safe.
 */
public final class SummaryBuilder {

    /** LLVM's default cutoffs in parts per million, ascending. */
    private static final long[] DEFAULT_CUTOFFS = {
        10000, 100000, 200000, 300000, 400000, 500000, 600000, 700000, 800000, 900000, 950000,
        990000, 999000, 999900, 999990, 999999,
    };

    private static final BigInteger SCALE = BigInteger.valueOf(1_000_000);
    private static final long U32 = 0xFFFF_FFFFL;

    private final long[] cutoffs;
    /** Counter value -> how often it occurred (a u32 in LLVM, so an int that wraps here). */
    private final CountFrequencies frequencies = new CountFrequencies();
    private long totalCount;
    private long maxCount;
    private long maxFunctionCount;
    private long maxInternalCount;
    private int numCounts;
    private int numFunctions;

    /** A builder with LLVM's 16 default cutoffs. */
    public SummaryBuilder() {
        this.cutoffs = DEFAULT_CUTOFFS.clone();
    }

    /**
     * A builder with custom cutoffs (as {@code show --detailed-summary-cutoffs} takes them): unsigned
     * 32-bit values in parts per million, in any order, duplicates kept. They are used sorted
     * ascending, as LLVM does. Without cutoffs the builder keeps only the totals, in constant
     * memory.
     */
    public SummaryBuilder(long... cutoffs) {
        long[] c = cutoffs.clone();
        for (long v : c) {
            if (v < 0 || v > U32) {
                throw new IllegalArgumentException("cutoff is not an unsigned 32-bit value: " + v);
            }
        }
        Arrays.sort(c);
        this.cutoffs = c;
    }

    /** LLVM's default cutoffs, ascending. */
    public static long[] defaultCutoffs() {
        return DEFAULT_CUTOFFS.clone();
    }

    /** Adds one record; pseudo-count records (and records without counters) are ignored. */
    public void add(ProfileRecord record) {
        addCounts(record.counts());
    }

    /** Adds the counters of one record: {@code counts[0]} is its entry count. */
    public void addCounts(long[] counts) {
        addCounts(counts, counts.length);
    }

    /** Adds the counters {@code counts[0..length)} of one record (a reader's reused buffer). */
    public void addCounts(long[] counts, int length) {
        addCounts(counts, 0, length);
    }

    /** Adds the counters {@code counts[from..to)} of one record (a slice of a batch's counters). */
    public void addCounts(long[] counts, int from, int to) {
        if (from == to) {
            return; // LLVM would read past the end; nothing sensible to add
        }
        long first = counts[from];
        if (ProfileRecord.isPseudoCount(first)) {
            return;
        }
        numFunctions++;
        addCount(first);
        if (Long.compareUnsigned(first, maxFunctionCount) > 0) {
            maxFunctionCount = first;
        }
        for (int i = from + 1; i < to; i++) {
            long c = counts[i];
            addCount(c);
            if (Long.compareUnsigned(c, maxInternalCount) > 0) {
                maxInternalCount = c;
            }
        }
    }

    /**
     * Counts one function of a sample profile: its head samples are its entry count for
     * {@code maxFunctionCount}, but unlike instrumentation records they are not a counter
     * ({@code SampleProfileSummaryBuilder}). Its body records go in through {@link #addSampleCount}.
     */
    public void addSampleFunction(long headSamples) {
        numFunctions++;
        if (Long.compareUnsigned(headSamples, maxFunctionCount) > 0) {
            maxFunctionCount = headSamples;
        }
    }

    /** Counts one body record of a sample profile. */
    public void addSampleCount(long samples) {
        addCount(samples);
    }

    private void addCount(long c) {
        totalCount += c;
        if (Long.compareUnsigned(c, maxCount) > 0) {
            maxCount = c;
        }
        numCounts++;
        if (cutoffs.length > 0) {
            // The histogram grows with the number of distinct counter values; it is only needed for
            // the detailed entries, so a builder without cutoffs works in constant memory.
            frequencies.increment(c);
        }
    }

    /** The summary of everything added so far (the builder stays usable). */
    public ProfileSummary build() {
        return new ProfileSummary(
                numFunctions & U32,
                numCounts & U32,
                maxFunctionCount,
                maxCount,
                maxInternalCount,
                totalCount,
                detailedSummary());
    }

    /**
     * Walks the distinct counter values from the largest down, taking whole value groups until the
     * running sum reaches each cutoff's share of the total. The last value taken and the number of
     * counters taken carry over from one cutoff to the next.
     */
    private List<SummaryEntry> detailedSummary() {
        long[] values = frequencies.distinctValues();
        int n = values.length;
        // Descending as unsigned: flip the sign bit, sort ascending, walk backwards.
        for (int i = 0; i < n; i++) {
            values[i] ^= Long.MIN_VALUE;
        }
        Arrays.sort(values);
        List<SummaryEntry> entries = new ArrayList<>(cutoffs.length);
        BigInteger total = new BigInteger(Long.toUnsignedString(totalCount));
        int next = n - 1;
        long currSum = 0;
        int countsSeen = 0;
        long count = 0;
        for (long cutoff : cutoffs) {
            // Exact in 128 bits; LLVM keeps only the low 64 bits (matters only for cutoffs > 10^6).
            long desired = total.multiply(BigInteger.valueOf(cutoff)).divide(SCALE).longValue();
            while (Long.compareUnsigned(currSum, desired) < 0 && next >= 0) {
                count = values[next--] ^ Long.MIN_VALUE;
                int freq = frequencies.frequency(count);
                currSum += count * (freq & U32);
                countsSeen += freq;
            }
            entries.add(new SummaryEntry(cutoff, count, countsSeen & U32));
        }
        return entries;
    }
}
