package dev.jprofdata.merge;

import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.merge.state.Saturating;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What happened to each input of one merge, by input index: its size and kind as probed, and what
 * reading it gave (failure, notices, records and counts read). Slices fill it in parallel, each
 * only the slots of its own inputs; the merge reads it once they are done, in input order, so
 * nothing here depends on the thread count.
 */
final class InputOutcomes {
    private final int count;
    final long[] sizes;
    final ProfileKind[] kinds;
    final InputFailure[] failures;
    final boolean[] empty;
    private final List<String>[] notices;
    private final List<String>[] deviceWarnings;
    private final List<String>[] details;
    /** Per input read: records read, counts read. */
    private final long[][] readSums;

    InputOutcomes(int count) {
        this.count = count;
        sizes = new long[count];
        kinds = new ProfileKind[count];
        failures = new InputFailure[count];
        empty = new boolean[count];
        notices = emptySlots(count);
        deviceWarnings = emptySlots(count);
        details = emptySlots(count);
        readSums = new long[count][];
    }

    /** Notes what loading input {@code index} gave. */
    void record(int index, InputLoader.Loaded loaded) {
        kinds[index] = loaded.kind();
        failures[index] = loaded.failure();
        notices[index] = loaded.notices();
        deviceWarnings[index] = loaded.deviceWarnings();
        details[index] = loaded.details();
        readSums[index] = new long[] {loaded.recordsRead(), loaded.countsRead()};
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
        for (ProfileKind k : kinds) {
            if (k != null) {
                kind = kind.union(k);
            }
        }
        return kind;
    }

    List<String> notices() {
        return flatten(notices);
    }

    List<String> deviceWarnings() {
        return flatten(deviceWarnings);
    }

    List<String> details() {
        return flatten(details);
    }

    /** Sums what was read and what was lost, per spec/robustness.md. */
    DataLoss dataLoss(List<MergeProblem> problems, long droppedByMismatch) {
        int lost = 0;
        int partial = 0;
        int emptyInputs = 0;
        int recordless = 0;
        long records = 0;
        long counts = 0;
        long fromFailed = 0;
        for (int i = 0; i < count; i++) {
            if (empty[i]) {
                emptyInputs++;
            }
            long[] sums = readSums[i];
            if (sums != null) {
                records += sums[0];
                if (sums[0] == 0 && failures[i] == null) {
                    recordless++;
                }
                counts = Saturating.add(counts, sums[1]);
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
            if (sums != null) {
                fromFailed = Saturating.add(fromFailed, sums[1]);
            }
        }
        long recordsDropped = problems.stream().filter(p -> p.kind() != MergeProblem.Kind.COUNTER_OVERFLOW).count();
        return new DataLoss(count, lost, partial, emptyInputs, recordless, records, recordsDropped, counts,
                droppedByMismatch, fromFailed);
    }

    @SuppressWarnings("unchecked")
    private static List<String>[] emptySlots(int n) {
        List<String>[] slots = new List[n];
        Arrays.fill(slots, List.of());
        return slots;
    }

    private static List<String> flatten(List<String>[] slots) {
        List<String> all = new ArrayList<>();
        for (List<String> s : slots) {
            all.addAll(s);
        }
        return all;
    }
}
