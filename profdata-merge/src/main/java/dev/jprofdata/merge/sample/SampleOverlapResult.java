package dev.jprofdata.merge.sample;

import java.util.List;

/** What {@code overlap --sample} found: either a comparison, or that a profile has no samples. */
public sealed interface SampleOverlapResult {

    /**
     * One of the profiles has no body samples at all: nothing is compared.
     *
     * @param baseEmpty the base profile's sum is 0
     * @param testEmpty the test profile's sum is 0
     */
    record ZeroSum(boolean baseEmpty, boolean testEmpty) implements SampleOverlapResult {
    }

    /**
     * The comparison. Fractions are in [0, 1] (or NaN where LLVM divides 0 by 0); counts unsigned.
     *
     * @param similarity whole-program similarity
     * @param sampleOverlap overlapping samples over the union of samples
     * @param baseUniqueFraction samples only in base over the base total
     * @param testUniqueFraction samples only in test over the test total
     * @param baseSamples the base total (body samples, inlinees included)
     * @param testSamples the test total
     * @param overlapFunctions functions in both profiles
     * @param baseUniqueFunctions functions only in base
     * @param testUniqueFunctions functions only in test
     * @param hotOverlapFunctions functions hot in both
     * @param hotBaseFunctions functions hot in base
     * @param hotTestFunctions functions hot in test
     * @param hotUnionFunctions functions hot in at least one
     * @param hotOverlapBlocks blocks hot in both
     * @param hotBaseBlocks blocks hot in base
     * @param hotTestBlocks blocks hot in test
     * @param hotUnionBlocks blocks hot in at least one
     * @param functions the function-level rows, in LLVM's order (base weight descending)
     */
    record Compared(double similarity, double sampleOverlap, double baseUniqueFraction, double testUniqueFraction,
            long baseSamples, long testSamples, long overlapFunctions, long baseUniqueFunctions,
            long testUniqueFunctions, long hotOverlapFunctions, long hotBaseFunctions, long hotTestFunctions,
            long hotUnionFunctions, long hotOverlapBlocks, long hotBaseBlocks, long hotTestBlocks,
            long hotUnionBlocks, List<SampleFunctionOverlap> functions) implements SampleOverlapResult {

        public Compared {
            functions = List.copyOf(functions);
        }

        /** Functions in both over functions in either. */
        public double functionOverlap() {
            return ratio(overlapFunctions, overlapFunctions + baseUniqueFunctions + testUniqueFunctions);
        }

        /** Functions hot in both over functions hot in either (NaN when none is hot). */
        public double hotFunctionOverlap() {
            return ratio(hotOverlapFunctions, hotUnionFunctions);
        }

        /** Blocks hot in both over blocks hot in either (NaN when none is hot). */
        public double hotBlockOverlap() {
            return ratio(hotOverlapBlocks, hotUnionBlocks);
        }

        private static double ratio(long a, long b) {
            return SampleOverlap.toDouble(a) / SampleOverlap.toDouble(b);
        }
    }
}
