package dev.jprofdata.merge.state;

import java.util.ArrayList;
import java.util.List;

/**
 * The competing versions of one part of a function's profile that disagree on a shape key (the
 * number of counters, bitmap bytes or value sites). LLVM keeps the version of the first input and
 * drops later inputs that disagree; keeping every version until the end, and choosing the one whose
 * earliest contribution comes first, gives the same answer whatever order partial merges are
 * combined in. Almost always there is only one version.
 */
final class Variants<T extends Variants.Variant<T>> {

    /**
     * One version: remembers the earliest position merged into it and who contributed. Versions
     * with equal keys merge.
     */
    abstract static class Variant<T extends Variant<T>> {
        private long minPos;
        private Contributors contributors;

        Variant(long position, long countSum) {
            this.minPos = position;
            this.contributors = new Contributors(position, countSum);
        }

        abstract long key();

        /** Merges the data of a version with the same key. */
        abstract void absorbData(T other);

        final void absorb(T other) {
            absorbData(other);
            contributors.absorb(other.contributors());
            minPos = Math.min(minPos, other.minPos());
        }

        /** Position of the earliest input record merged into this version. */
        final long minPos() {
            return minPos;
        }

        final Contributors contributors() {
            return contributors;
        }

        /** What {@link #absorb} does for a one-input variant at {@code position}, without building it. */
        final void addContribution(long position, long countSum) {
            contributors.addOne(position, countSum);
            minPos = Math.min(minPos, position);
        }

        /** Sets what a decoded state held for this version ({@link MergeStateCodec}). */
        final void restore(long minPos, Contributors contributors) {
            this.minPos = minPos;
            this.contributors = contributors;
        }

        /** Stands for many inputs at once (a bulk contribution); only before any absorb. */
        final void replaceContributors(Contributors many) {
            this.contributors = many;
        }
    }

    private T winner;
    private List<T> others;

    Variants(T first) {
        this.winner = first;
    }

    /** The versions as a decoded state held them ({@link MergeStateCodec}); {@code others} may be empty. */
    Variants(T winner, List<T> others) {
        this.winner = winner;
        this.others = others.isEmpty() ? null : new ArrayList<>(others);
    }

    void absorb(T incoming) {
        if (winner.key() == incoming.key()) {
            winner.absorb(incoming);
            return;
        }
        if (others != null) {
            for (T o : others) {
                if (o.key() == incoming.key()) {
                    o.absorb(incoming);
                    promoteIfEarlier(o);
                    return;
                }
            }
        } else {
            others = new ArrayList<>(1);
        }
        others.add(incoming);
        promoteIfEarlier(incoming);
    }

    void absorbAll(Variants<T> other) {
        absorb(other.winner);
        if (other.others != null) {
            for (T o : other.others) {
                absorb(o);
            }
        }
    }

    private void promoteIfEarlier(T candidate) {
        if (candidate.minPos() < winner.minPos()) {
            others.remove(candidate);
            others.add(winner);
            winner = candidate;
        }
    }

    /** The version of the earliest input: the one LLVM keeps. */
    T winner() {
        return winner;
    }

    /** The versions LLVM drops. */
    List<T> losers() {
        return others == null ? List.of() : others;
    }
}
