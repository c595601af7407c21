package dev.jprofdata.merge;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.indexed.VTableNameOrder;
import dev.jprofdata.merge.state.MergeState;
import dev.jprofdata.merge.state.RecordProblem;
import dev.jprofdata.merge.state.StateFinisher;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Turns the combined state of a merge and what happened to each of its inputs into the merge's
 * result, or its refusal under the failure mode: the last step of {@link ProfileMerger} and of a
 * merge combined from parts ({@link PartialMerge}), which is what makes both give the same bytes.
 */
final class MergeFinisher {
    private MergeFinisher() {
    }

    /** A merge's result, or why it was refused (exactly one is null). */
    record Finished(MergeResult result, NoProfileMergedException rejected) {
    }

    /** {@code displayName}: the name of input {@code index} in messages. */
    static Finished finish(MergeState state, InputOutcomes outcomes, IntFunction<String> displayName,
            MergeOptions options) {
        int inputCount = outcomes.inputCount();
        List<InputFailure> failureList = outcomes.failureList();
        StateFinisher.Finished finished = StateFinisher.finish(state, options.nameFilter(), options.sparse(),
                options.uniformityRule());
        List<MergeProblem> problems = new ArrayList<>(finished.problems().size());
        for (RecordProblem p : finished.problems()) {
            String file = displayName.apply(MergeState.inputIndexOf(p.position()));
            problems.add(new MergeProblem(file, p.function(), p.kind(), p.droppedCount()));
        }
        if (rejected(options.failureMode(), failureList.size(), inputCount)) {
            return new Finished(null, new NoProfileMergedException(failureList, problems));
        }
        // LLVM copies each input's vtable-name set, in that set's iteration order, into the
        // writer's set, and writes the writer's set in its iteration order.
        List<String> inserted = new ArrayList<>();
        for (List<String> names : state.vtableNamesByInput()) {
            inserted.addAll(VTableNameOrder.iterationOrder(names));
        }
        List<String> vtableNames = VTableNameOrder.iterationOrder(inserted);
        ProfileContents contents = new ProfileContents(outcomes.kind(), finished.groups(), state.binaryIds(),
                vtableNames, state.traces(options.traceReservoirSize(), options.maxTraceLength()));
        MergeResult result = new MergeResult(contents, problems, failureList, inputCount,
                finished.functionsBeforeFilter(), finished.functionsRemovedByFilter(), finished.droppedCount(),
                outcomes.notices(), outcomes.deviceWarnings(), outcomes.details(),
                outcomes.dataLoss(problems, finished.droppedCount()));
        return new Finished(result, null);
    }

    private static boolean rejected(FailureMode mode, int failed, int inputCount) {
        return switch (mode) {
            case ANY -> failed > 0;
            case ALL -> failed > 0 && failed == inputCount;
            case WARN -> false;
        };
    }
}
