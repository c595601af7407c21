package dev.jprofdata.merge.pcsampling;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The CDNA3/CDNA4 document's diagnoses of a tally, in words (spec/pc-sampling.md, "Diagnosis"):
 * what the dominant stall reason means, pipe oversubscription, pipes that were not ready,
 * backpressure, and SIMD latency. Each sentence states counts, so it can be checked against the
 * tables beside it.
 */
public final class Diagnosis {
    private Diagnosis() {
    }

    public static List<String> of(SampleTally t) {
        List<String> out = new ArrayList<>();
        List<Map.Entry<String, Long>> reasons = t.stallReasons().sorted();
        if (!reasons.isEmpty()) {
            Map.Entry<String, Long> top = reasons.get(0);
            out.add(percent(top.getValue(), t.stalled()) + " of the stalled samples are " + top.getKey() + ": "
                    + meaning(top.getKey()));
        }
        if (t.arbiterSamples() == 0) {
            return out;
        }
        if (t.oversubscribed() > 0) {
            int p = largest(t, true);
            out.add("pipe oversubscription: " + t.oversubscribed() + " of " + t.arbiterNotWin() + " ARBITER_NOT_WIN"
                    + " samples lost to another wave while their pipe made progress, most on "
                    + SampleTally.PIPES[p] + " (" + t.oversubscribed(p) + "): several waves compete for that pipe");
        }
        if (t.arbiterNotWinPipeNotReady() > 0) {
            out.add(t.arbiterNotWinPipeNotReady() + " ARBITER_NOT_WIN samples found their pipe issuing nothing: the"
                    + " pipe was not ready to accept an instruction (rare)");
        }
        if (t.backpressured() > 0) {
            int p = largest(t, false);
            out.add("pipeline backpressure: " + t.backpressured() + " of " + t.arbiterWinExStall()
                    + " ARBITER_WIN_EX_STALL samples met a stalled pipe, most " + SampleTally.PIPES[p] + " ("
                    + t.backpressured(p) + "): the pipe is oversubscribed or runs long-latency instructions"
                    + " (MFMA, transcendentals) back to back");
        }
        out.add("SIMD latency: no pipe of the sampled SIMD made progress in " + percent(t.simdLatency(),
                t.arbiterSamples()) + " of the samples with arbiter state; IPC estimate "
                + String.format(Locale.ROOT, "%.3f", t.ipc()) + (t.dualIssue() > 0 ? " (" + t.dualIssue()
                        + " dual-issue VALU samples counted twice)" : ""));
        return out;
    }

    /** The pipe with the most oversubscribed (or backpressured) samples; the first such on ties. */
    private static int largest(SampleTally t, boolean oversubscribed) {
        int best = 0;
        for (int i = 1; i < SampleTally.PIPES.length; i++) {
            long v = oversubscribed ? t.oversubscribed(i) : t.backpressured(i);
            long b = oversubscribed ? t.oversubscribed(best) : t.backpressured(best);
            if (v > b) {
                best = i;
            }
        }
        return best;
    }

    /** What a stall reason means, after the CDNA3/CDNA4 document. */
    public static String meaning(String reason) {
        return switch (reason) {
            case "NO_INSTRUCTION_AVAILABLE" -> "waves wait for instructions (a branch target, an instruction cache miss)";
            case "ALU_DEPENDENCY" -> "waves wait on a data hazard or an inter-pipe dependency";
            case "WAITCNT" -> "waves wait for memory results (s_waitcnt)";
            case "INTERNAL_INSTRUCTION" -> "waves execute internal instructions such as s_nop";
            case "BARRIER_WAIT" -> "waves wait at a work-group barrier";
            case "ARBITER_NOT_WIN" -> "ready waves lost arbitration to another wave for the same pipe";
            case "ARBITER_WIN_EX_STALL" -> "waves won arbitration but the pipe backpressured them";
            case "OTHER_WAIT" -> "other causes, such as a recoverable page fault";
            case "SLEEP_WAIT" -> "waves sleep (s_sleep)";
            default -> "a reason this version does not know";
        };
    }

    /** {@code part} of {@code whole} as a percentage with one decimal ("n/a" for an empty whole). */
    public static String percent(long part, long whole) {
        return whole == 0 ? "n/a" : String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
    }
}
