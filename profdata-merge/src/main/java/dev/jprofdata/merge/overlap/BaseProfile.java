package dev.jprofdata.merge.overlap;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.merge.FailureMode;
import dev.jprofdata.merge.MergeInput;
import dev.jprofdata.merge.MergeOptions;
import dev.jprofdata.merge.MergeProblem;
import dev.jprofdata.merge.MergeResult;
import dev.jprofdata.merge.NoProfileMergedException;
import dev.jprofdata.merge.ProfileMerger;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The base profile of an overlap, loaded as {@code merge} would load it: records with the same name
 * and hash are merged (weight 1). Read errors are ignored, as llvm-profdata does: whatever was read
 * before the error is compared.
 */
final class BaseProfile {
    private final Map<String, Map<Long, ProfileRecord>> byName = new HashMap<>();
    private final List<MergeProblem> problems;

    private BaseProfile(List<MergeProblem> problems) {
        this.problems = problems;
    }

    static BaseProfile load(MergeInput input) throws IOException {
        MergeOptions options = MergeOptions.builder().numThreads(1).failureMode(FailureMode.WARN).build();
        MergeResult result;
        try {
            result = new ProfileMerger(options).merge(List.of(input));
        } catch (NoProfileMergedException e) {
            // Not expected with FailureMode.WARN; an unreadable base compares as an empty one.
            return new BaseProfile(e.problems());
        }
        BaseProfile base = new BaseProfile(result.problems());
        for (ProfileContents.NameGroup group : result.contents().groups()) {
            Map<Long, ProfileRecord> byHash = new HashMap<>();
            for (ProfileRecord r : group.records()) {
                byHash.put(r.hash(), r);
            }
            base.byName.put(group.name(), byHash);
        }
        return base;
    }

    /** The records of {@code name} by hash, or null when the base has no such function. */
    Map<Long, ProfileRecord> recordsNamed(String name) {
        return byName.get(name);
    }

    List<MergeProblem> problems() {
        return problems;
    }
}
