package dev.jprofdata.merge.pcsampling;

import dev.jprofdata.format.pcsampling.SamplingMethod;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The result of a PC-sampling analysis ({@link PcSamplingAnalyzer}).
 *
 * @param method how the samples were taken
 * @param arbiterState whether the samples carry the arbiter state (results JSON, stochastic):
 *     without it IPC, latency, oversubscription and backpressure cannot be computed
 * @param total every kept sample
 * @param kernels the kernels, most samples first
 * @param undecodable kept samples of an unknown code object or without a dispatch (blit kernels,
 *     self-modifying code), which no kernel can be named for
 * @param dropped samples left out by the {@code --kernel} and {@code --dispatch} filters
 * @param violations broken invariants, by rule (rules never broken are absent)
 * @param violationExamples where each broken rule was first met
 * @param warnings what the analysis could not do or did not use, and why, for people
 * @param notes what the reader should know about the metrics of these inputs (host-trap skid,
 *     what a CSV cannot show), for people
 */
public record PcSamplingReport(SamplingMethod method, boolean arbiterState, SampleTally total,
        List<KernelSummary> kernels, long undecodable, long dropped, Map<Invariant, Long> violations,
        Map<Invariant, String> violationExamples, List<String> warnings, List<String> notes) {

    public PcSamplingReport {
        kernels = List.copyOf(kernels);
        violations = Collections.unmodifiableMap(new TreeMap<>(violations));
        violationExamples = Collections.unmodifiableMap(new TreeMap<>(violationExamples));
        notes = List.copyOf(notes);
        warnings = List.copyOf(warnings);
    }
}
