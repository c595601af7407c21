package dev.jprofdata.merge.sample;

import dev.jprofdata.format.sample.FunctionSamples;
import java.util.Objects;

/**
 * Whether two profiles of one function can be added as wholes: they agree on everything the first
 * contribution decides — the checksum, the context as spelled and the attributes — at the top and,
 * recursively, at every inlinee both have (a checksum of 0 agrees only with 0).
 *
 * <p>This is what lets a merge in parts add parts together in any grouping and order: when every
 * contribution to a function agrees with every other and no count reaches 2^64-1, merging them one
 * input at a time drops nothing and decides nothing, so the result is the sum. When two
 * contributions disagree, which one llvm-profdata keeps depends on the order in which they meet
 * (the first checksum wins, a 0 takes the next one, the first spelling stays), and only merging that
 * function again input by input gives its answer ({@link SampleReplay}).
 */
final class SummableProfiles {
    private SummableProfiles() {
    }

    static boolean agree(FunctionSamples a, FunctionSamples b) {
        if (a.functionHash() != b.functionHash() || a.attributes() != b.attributes()
                || !Objects.equals(a.context(), b.context())) {
            return false;
        }
        if (!a.hasInlinees() || !b.hasInlinees()) {
            return true;
        }
        for (int j = 0; j < b.inlineeCount(); j++) {
            FunctionSamples mine = a.inlineeIfPresent(b.inlineeLocation(j), b.inlineeCallee(j));
            if (mine != null && !agree(mine, b.inlineeAt(j))) {
                return false;
            }
        }
        return true;
    }
}
