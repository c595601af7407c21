package dev.jprofdata.merge.pcsampling;

import dev.jprofdata.format.pcsampling.ArbiterPipe;
import dev.jprofdata.format.pcsampling.PcSample;
import java.util.Arrays;

/**
 * The metrics of a set of samples (a kernel, a dispatch, an instruction, a line), as counts that
 * add up: two tallies of disjoint sets sum to the tally of their union. What each count means is
 * spec/pc-sampling.md's "Metrics"; in short:
 *
 * <ul>
 *   <li>stall reasons are counted over the samples that did not issue, and instruction types over
 *       those that did (the other field of each is meaningless, spec/pc-sampling.md);
 *   <li>the arbiter counts are over the samples that carry arbiter state (results JSON, stochastic);
 *       a pipe makes progress when its issue bit is set and its stall bit is not; the IPC estimate
 *       is the number of pipes making progress, VALU counted twice on a dual-issue sample;
 *   <li>oversubscription: a wave stalled with {@code ARBITER_NOT_WIN} while its own pipe made
 *       progress; backpressure: a wave stalled with {@code ARBITER_WIN_EX_STALL} while its pipe's
 *       stall bit was set;
 *   <li>occupancy is the CU's wave count ({@code wave_cnt}) at each sample.
 * </ul>
 */
public final class SampleTally {
    /** The eight pipes of gfx9/gfx950, in report order. */
    public static final ArbiterPipe[] PIPES = Arrays.stream(ArbiterPipe.values()).filter(ArbiterPipe::onGfx9)
            .toArray(ArbiterPipe[]::new);
    /** The bits of {@link #PIPES} in an arbiter mask. */
    private static final int GFX9_BITS = Arrays.stream(PIPES).mapToInt(ArbiterPipe::bit).reduce(0, (a, b) -> a | b);
    /** For each bit of an arbiter mask, the index of its pipe in {@link #PIPES} (-1 for the other pipes). */
    private static final int[] INDEX_OF_BIT = new int[32];

    static {
        Arrays.fill(INDEX_OF_BIT, -1);
        for (int i = 0; i < PIPES.length; i++) {
            INDEX_OF_BIT[Integer.numberOfTrailingZeros(PIPES[i].bit())] = i;
        }
    }
    /** Occupancy histogram buckets: wave counts 0..63, and 64 or more. */
    public static final int OCCUPANCY_BUCKETS = 65;

    long samples;
    long issued;
    long stalled;
    final NameCounts stallReasons = new NameCounts();
    final NameCounts instructionTypes = new NameCounts();
    long arbiterSamples;
    long ipcSum;
    long dualIssue;
    long simdLatency;
    final long[] progress = new long[PIPES.length];
    /**
     * Arbiter samples in which pipe {@code PIPES[i]} had its issue or stall bit set. Pipe latency
     * and frontend latency are what is left of the arbiter samples by progress and by this, so
     * only the pipes with a bit set are counted per sample.
     */
    final long[] busy = new long[PIPES.length];
    long arbiterNotWinWithState;
    long arbiterNotWinPipeBusy;
    long arbiterNotWinPipeNotReady;
    long arbiterWinExStallWithState;
    final long[] oversubscribed = new long[PIPES.length];
    final long[] backpressured = new long[PIPES.length];
    long waveSamples;
    long waveSum;
    int waveMin = Integer.MAX_VALUE;
    int waveMax = -1;
    /** Null unless this tally keeps the histogram (kernels and dispatches; not every instruction). */
    long[] occupancy;

    SampleTally(boolean occupancyHistogram) {
        occupancy = occupancyHistogram ? new long[OCCUPANCY_BUCKETS] : null;
    }

    static int index(ArbiterPipe p) {
        for (int i = 0; i < PIPES.length; i++) {
            if (PIPES[i] == p) {
                return i;
            }
        }
        return -1;
    }

    /** Counts one sample; {@code wavePipe} is the pipe of its instruction ({@link WavePipes}), or null. */
    void add(PcSample s, ArbiterPipe wavePipe) {
        samples++;
        if (s.issued()) {
            issued++;
        } else if (s.stalled()) {
            stalled++;
        }
        addNames(s);
        if (s.waveCount() >= 0) {
            waveSamples++;
            waveSum += s.waveCount();
            waveMin = Math.min(waveMin, s.waveCount());
            waveMax = Math.max(waveMax, s.waveCount());
        }
        addOccupancy(s);
        if (s.hasArbiterState()) {
            addArbiter(s, wavePipe);
        }
    }

    /**
     * Counts only the names (instruction type or stall reason) and the occupancy histogram of one
     * sample: a tally whose other counts are the sum of other tallies of the same samples
     * ({@link #addCounts}), as a dispatch's is of its instructions'. The names are still counted
     * sample by sample, in their order, since past {@link NameCounts#MAX_NAMES} that order decides
     * which are kept.
     */
    void addNamesAndOccupancy(PcSample s) {
        addNames(s);
        addOccupancy(s);
    }

    private void addNames(PcSample s) {
        if (s.issued()) {
            instructionTypes.add(s.instType(), 1);
        } else if (s.stalled()) {
            stallReasons.add(s.stallReason(), 1);
        }
    }

    private void addOccupancy(PcSample s) {
        if (occupancy != null && s.waveCount() >= 0) {
            occupancy[Math.min(s.waveCount(), OCCUPANCY_BUCKETS - 1)]++;
        }
    }

    private void addArbiter(PcSample s, ArbiterPipe wavePipe) {
        arbiterSamples++;
        int issueBits = s.arbiterIssue();
        int stallBits = s.arbiterStall();
        int movingBits = issueBits & ~stallBits & GFX9_BITS;
        for (int m = movingBits; m != 0; m &= m - 1) {
            progress[INDEX_OF_BIT[Integer.numberOfTrailingZeros(m)]]++;
        }
        for (int m = (issueBits | stallBits) & GFX9_BITS; m != 0; m &= m - 1) {
            busy[INDEX_OF_BIT[Integer.numberOfTrailingZeros(m)]]++;
        }
        int moving = Integer.bitCount(movingBits);
        boolean valuMoving = ArbiterPipe.VALU.in(s.arbiterIssue()) && !ArbiterPipe.VALU.in(s.arbiterStall());
        if (s.dualIssueValu() && valuMoving) {
            // Two VALU instructions went out in this cycle.
            moving++;
            dualIssue++;
        }
        ipcSum += moving;
        if (moving == 0) {
            simdLatency++;
        }
        if (!s.stalled() || !WavePipes.contended(wavePipe)) {
            return;
        }
        int w = INDEX_OF_BIT[wavePipe.ordinal()];
        boolean issue = wavePipe.in(s.arbiterIssue());
        boolean stall = wavePipe.in(s.arbiterStall());
        if ("ARBITER_NOT_WIN".equals(s.stallReason())) {
            arbiterNotWinWithState++;
            if (issue && !stall) {
                oversubscribed[w]++;
            } else if (issue) {
                arbiterNotWinPipeBusy++;
            } else {
                arbiterNotWinPipeNotReady++;
            }
        } else if ("ARBITER_WIN_EX_STALL".equals(s.stallReason())) {
            arbiterWinExStallWithState++;
            if (stall) {
                backpressured[w]++;
            }
        }
    }

    /** Adds every count of {@code o} (a tally of other samples) to this one. */
    void addAll(SampleTally o) {
        addCounts(o);
        stallReasons.addAll(o.stallReasons);
        instructionTypes.addAll(o.instructionTypes);
        if (occupancy != null && o.occupancy != null) {
            for (int i = 0; i < OCCUPANCY_BUCKETS; i++) {
                occupancy[i] += o.occupancy[i];
            }
        }
    }

    /** Adds the counts of {@code o} but its names and its occupancy histogram (see {@link #addNamesAndOccupancy}). */
    void addCounts(SampleTally o) {
        samples += o.samples;
        issued += o.issued;
        stalled += o.stalled;
        arbiterSamples += o.arbiterSamples;
        ipcSum += o.ipcSum;
        dualIssue += o.dualIssue;
        simdLatency += o.simdLatency;
        for (int i = 0; i < PIPES.length; i++) {
            progress[i] += o.progress[i];
            busy[i] += o.busy[i];
            oversubscribed[i] += o.oversubscribed[i];
            backpressured[i] += o.backpressured[i];
        }
        arbiterNotWinWithState += o.arbiterNotWinWithState;
        arbiterNotWinPipeBusy += o.arbiterNotWinPipeBusy;
        arbiterNotWinPipeNotReady += o.arbiterNotWinPipeNotReady;
        arbiterWinExStallWithState += o.arbiterWinExStallWithState;
        waveSamples += o.waveSamples;
        waveSum += o.waveSum;
        waveMin = Math.min(waveMin, o.waveMin);
        waveMax = Math.max(waveMax, o.waveMax);
    }

    // --- read access --------------------------------------------------------------------------

    public long samples() {
        return samples;
    }

    /** Stochastic samples whose wave issued. */
    public long issued() {
        return issued;
    }

    /** Stochastic samples whose wave did not issue. */
    public long stalled() {
        return stalled;
    }

    /** Stall reasons of the stalled samples only. */
    public NameCounts stallReasons() {
        return stallReasons;
    }

    /** Instruction types of the issued samples only. */
    public NameCounts instructionTypes() {
        return instructionTypes;
    }

    /** Samples carrying the arbiter state (the denominator of every arbiter share and the IPC). */
    public long arbiterSamples() {
        return arbiterSamples;
    }

    /** The sum over arbiter samples of the pipes making progress (dual-issue VALU twice). */
    public long ipcSum() {
        return ipcSum;
    }

    /** The IPC estimate, or NaN without arbiter state. */
    public double ipc() {
        return arbiterSamples == 0 ? Double.NaN : (double) ipcSum / arbiterSamples;
    }

    /** Arbiter samples with dual-issued VALU instructions. */
    public long dualIssue() {
        return dualIssue;
    }

    /** Arbiter samples in which no pipe of the SIMD made progress. */
    public long simdLatency() {
        return simdLatency;
    }

    /** Arbiter samples in which pipe {@code PIPES[i]} made progress. */
    public long progress(int i) {
        return progress[i];
    }

    /** Arbiter samples in which pipe {@code PIPES[i]} made no progress (pipe latency). */
    public long pipeLatency(int i) {
        return arbiterSamples - progress[i];
    }

    /** Arbiter samples in which nothing was issued to pipe {@code PIPES[i]} (frontend latency). */
    public long frontendLatency(int i) {
        return arbiterSamples - busy[i];
    }

    /** ARBITER_NOT_WIN samples, with arbiter state, on a contended pipe. */
    public long arbiterNotWin() {
        return arbiterNotWinWithState;
    }

    /** ARBITER_NOT_WIN samples whose pipe took another wave's instruction and made progress, per pipe. */
    public long oversubscribed(int i) {
        return oversubscribed[i];
    }

    public long oversubscribed() {
        return Arrays.stream(oversubscribed).sum();
    }

    /** ARBITER_NOT_WIN samples whose pipe issued but was itself stalled. */
    public long arbiterNotWinPipeBusy() {
        return arbiterNotWinPipeBusy;
    }

    /** ARBITER_NOT_WIN samples whose pipe issued nothing: the pipe was not ready (rare). */
    public long arbiterNotWinPipeNotReady() {
        return arbiterNotWinPipeNotReady;
    }

    /** ARBITER_WIN_EX_STALL samples, with arbiter state, on a contended pipe. */
    public long arbiterWinExStall() {
        return arbiterWinExStallWithState;
    }

    /** ARBITER_WIN_EX_STALL samples whose pipe's stall bit was set, per pipe. */
    public long backpressured(int i) {
        return backpressured[i];
    }

    public long backpressured() {
        return Arrays.stream(backpressured).sum();
    }

    /** Samples with a wave count. */
    public long waveSamples() {
        return waveSamples;
    }

    public long waveSum() {
        return waveSum;
    }

    /** The mean wave count, or NaN. */
    public double waveMean() {
        return waveSamples == 0 ? Double.NaN : (double) waveSum / waveSamples;
    }

    /** The smallest wave count, or -1. */
    public int waveMin() {
        return waveSamples == 0 ? -1 : waveMin;
    }

    /** The largest wave count, or -1. */
    public int waveMax() {
        return waveMax;
    }

    /** Samples with wave count {@code waves} (the last bucket: that many or more); empty when not kept. */
    public long[] occupancyHistogram() {
        return occupancy == null ? new long[0] : occupancy.clone();
    }
}
