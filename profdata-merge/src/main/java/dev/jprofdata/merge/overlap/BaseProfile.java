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
    /** Each name's merged records (one per hash, usually one in all): no map per name. */
    private final Map<String, List<ProfileRecord>> byName;
    private final List<MergeProblem> problems;

    private BaseProfile(List<MergeProblem> problems, int functions) {
        this.problems = problems;
        this.byName = new HashMap<>(functions + functions / 3 + 1);
    }

    static BaseProfile load(MergeInput input) throws IOException {
        MergeOptions options = MergeOptions.builder().numThreads(1).failureMode(FailureMode.WARN).build();
        MergeResult result;
        try {
            result = new ProfileMerger(options).merge(List.of(input));
        } catch (NoProfileMergedException e) {
            // Not expected with FailureMode.WARN; an unreadable base compares as an empty one.
            return new BaseProfile(e.problems(), 0);
        }
        List<ProfileContents.NameGroup> groups = result.contents().groups();
        BaseProfile base = new BaseProfile(result.problems(), groups.size());
        for (ProfileContents.NameGroup group : groups) {
            base.byName.put(group.name(), group.records());
        }
        return base;
    }

    /** The records of {@code name}, one per hash, or null when the base has no such function. */
    List<ProfileRecord> recordsNamed(String name) {
        return byName.get(name);
    }

    /** The record of {@code records} with {@code hash}, or null. */
    static ProfileRecord withHash(List<ProfileRecord> records, long hash) {
        for (ProfileRecord r : records) {
            if (r.hash() == hash) {
                return r;
            }
        }
        return null;
    }

    List<MergeProblem> problems() {
        return problems;
    }
}
