package dev.jprofdata.merge.sample;

import dev.jprofdata.format.sample.SampleContext;

/**
 * One row of {@code overlap --sample}'s function-level details. Fractions are in [0, 1]; the
 * report prints them as percentages.
 *
 * @param context the test profile's context (the name column)
 * @param baseWeight the function's share of the base profile's samples (0 when only in test)
 * @param testWeight its share of the test profile's samples
 * @param similarity the weighted function similarity (0 when only in test)
 * @param overlap overlapping samples over the union of samples of the function
 * @param baseUnique samples only in base over the function's base samples
 * @param testUnique samples only in test over the function's test samples (1 when only in test)
 * @param baseSamples the function's body samples in base, inlinees included (unsigned)
 * @param testSamples the same in test (unsigned)
 * @param matched whether base has the same context
 */
public record SampleFunctionOverlap(SampleContext context, double baseWeight, double testWeight, double similarity,
        double overlap, double baseUnique, double testUnique, long baseSamples, long testSamples, boolean matched) {
}
