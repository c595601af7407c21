package dev.jprofdata.merge;

import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.merge.state.Saturating;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * What happened to each input of one merge, by input index: its size and kind as probed, and what
 * reading it gave (failure, notices, records and counts read). Slices fill it in parallel, each
 * only the slots of its own inputs; the merge reads it once they are done, in input order, so
 * nothing here depends on the thread count.
 */
final class InputOutcomes {
    private final int count;
    final long[] sizes;
    /** Inputs refused before reading (unreadable, or of a kind the merge cannot take) or failed in it. */
    final InputFailure[] failures;
    final boolean[] empty;
    /** Each input's kind as probed; null for inputs that could not be probed (or not yet). */
    final ProfileKind[] probedKinds;
    /**
     * Which inputs this merge (or this part of one, {@link PartialMerge}) has decided on: probed,
     * and accepted or refused.
     */
    final boolean[] covered;
    /** What reading each input gave; null for inputs not read. */
    private final InputLoader.Loaded[] loaded;

    InputOutcomes(int count) {
        this.count = count;
        sizes = new long[count];
        failures = new InputFailure[count];
        empty = new boolean[count];
        probedKinds = new ProfileKind[count];
        covered = new boolean[count];
        loaded = new InputLoader.Loaded[count];
    }

    /** How many inputs the whole merge has (covered here or not). */
    int count() {
        return count;
    }

    /** What reading input {@code index} gave, or null. */
    InputLoader.Loaded loaded(int index) {
        return loaded[index];
    }

    /**
     * Takes over {@code other}'s decisions on the inputs it covers, which this one must not cover
     * (two parts of one merge).
     */
    void absorb(InputOutcomes other) {
        if (other.count != count) {
            throw new IllegalArgumentException("parts of merges of " + count + " and " + other.count + " inputs");
        }
        for (int i = 0; i < count; i++) {
            if (!other.covered[i]) {
                continue;
            }
            if (covered[i]) {
                throw new IllegalArgumentException("input " + i + " was merged by two parts");
            }
            covered[i] = true;
            sizes[i] = other.sizes[i];
            failures[i] = other.failures[i];
            empty[i] = other.empty[i];
            probedKinds[i] = other.probedKinds[i];
            loaded[i] = other.loaded[i];
        }
    }

    /** The first input no part has decided on, or -1 when every input is covered. */
    int firstUncovered() {
        for (int i = 0; i < count; i++) {
            if (!covered[i]) {
                return i;
            }
        }
        return -1;
    }

    /** Notes what loading input {@code index} gave. */
    void record(int index, InputLoader.Loaded result) {
        loaded[index] = result;
        failures[index] = result.failure();
    }

    /**
     * The inputs set apart as GPU device profiles ({@link InputLoader.Loaded#DEVICE}), in input
     * order: they are not inputs of this merge.
     */
    List<Integer> setApart() {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            if (loaded[i] != null && loaded[i].setApart()) {
                out.add(i);
            }
        }
        return out;
    }

    /** The number of inputs this merge took part in: those given, less those set apart. */
    int inputCount() {
        return count - setApart().size();
    }

    /** The inputs that failed, in input order. */
    List<InputFailure> failureList() {
        List<InputFailure> out = new ArrayList<>();
        for (InputFailure f : failures) {
            if (f != null) {
                out.add(f);
            }
        }
        return out;
    }

    /** The union of the kinds of the inputs read. */
    ProfileKind kind() {
        ProfileKind kind = ProfileKind.UNKNOWN;
        for (InputLoader.Loaded l : loaded) {
            if (l != null && l.kind() != null) {
                kind = kind.union(l.kind());
            }
        }
        return kind;
    }

    List<String> notices() {
        return flatten(InputLoader.Loaded::notices);
    }

    List<String> deviceWarnings() {
        return flatten(InputLoader.Loaded::deviceWarnings);
    }

    List<String> details() {
        return flatten(InputLoader.Loaded::details);
    }

    /** Sums what was read and what was lost, per spec/robustness.md. */
    DataLoss dataLoss(List<MergeProblem> problems, long droppedByMismatch) {
        int lost = 0;
        int partial = 0;
        int cutShort = 0;
        int memProf = 0;
        int emptyInputs = 0;
        int recordless = 0;
        long records = 0;
        long fromFailed = 0;
        for (int i = 0; i < count; i++) {
            if (empty[i]) {
                emptyInputs++;
            }
            InputLoader.Loaded l = loaded[i];
            if (l != null && l.setApart()) {
                continue;
            }
            if (l != null) {
                records += l.recordsRead();
                if (l.recordsRead() == 0 && failures[i] == null) {
                    recordless++;
                }
                if (l.cutShort()) {
                    cutShort++;
                }
                if (l.kind() != null && l.kind().has(ProfileKind.MEMPROF)) {
                    memProf++;
                }
            }
            InputFailure f = failures[i];
            if (f == null) {
                continue;
            }
            if (f.wholeInputLost()) {
                lost++;
            } else {
                partial++;
            }
            if (l != null) {
                fromFailed = Saturating.add(fromFailed, l.countsRead());
            }
        }
        long recordsDropped = problems.stream().filter(p -> p.kind() != MergeProblem.Kind.COUNTER_OVERFLOW).count();
        return new DataLoss(inputCount(), lost, partial, emptyInputs, recordless, records, recordsDropped,
                countsRead(), droppedByMismatch, fromFailed, cutShort, memProf);
    }

    /**
     * The weighted counts of every input read so far, added up (saturating; an unsigned number):
     * no counter of the merged profile can exceed it.
     */
    long countsRead() {
        long counts = 0;
        for (InputLoader.Loaded l : loaded) {
            if (l != null && !l.setApart()) {
                counts = Saturating.add(counts, l.countsRead());
            }
        }
        return counts;
    }

    /** Every read input's {@code part}, in input order. */
    private List<String> flatten(Function<InputLoader.Loaded, List<String>> part) {
        List<String> all = new ArrayList<>();
        for (InputLoader.Loaded l : loaded) {
            if (l != null) {
                all.addAll(part.apply(l));
            }
        }
        return all;
    }
}
