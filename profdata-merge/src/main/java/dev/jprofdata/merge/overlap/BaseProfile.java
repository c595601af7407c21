package dev.jprofdata.merge.overlap;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.ProfileFormat;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.io.MappedFaults;
import dev.jprofdata.merge.FailureMode;
import dev.jprofdata.merge.MergeInput;
import dev.jprofdata.merge.MergeOptions;
import dev.jprofdata.merge.MergeProblem;
import dev.jprofdata.merge.MergeResult;
import dev.jprofdata.merge.NoProfileMergedException;
import dev.jprofdata.merge.ProfileMerger;
import dev.jprofdata.merge.ValueMerge;
import dev.jprofdata.merge.state.StateFinisher;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The base profile of an overlap, loaded as llvm-profdata loads it: merged as {@code merge
 * --value-merge=llvm} merges (weight 1), so records with the same name and hash are added up and a
 * value repeated in a site stays repeated (the test side keeps its repeats too, so a profile
 * compared with itself overlaps fully; spec/show-and-overlap.md). Read errors are ignored, as
 * llvm-profdata does: whatever was read before the error is compared.
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
        BaseProfile direct;
        try {
            direct = readAsMerged(input);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return direct != null ? direct : merged(input);
    }

    /**
     * An indexed base read straight into the table, when merging it would change nothing: every
     * record is the only one of its name and hash and {@linkplain StateFinisher#keptAsIs kept as
     * it is} by LLVM's value merge. Null otherwise, and on any read error (the merge then reports what it finds).
     * Spares the merge state and its finishing: a third of an overlap of two 100 MB profiles.
     */
    static BaseProfile readAsMerged(MergeInput input) {
        try (ProfileReader reader = ProfileReaders.open(input.path(), input.displayName())) {
            if (reader.format() != ProfileFormat.INDEXED || input.weight() != 1) {
                return null;
            }
            BaseProfile base = new BaseProfile(List.of(), 1 << 10);
            ProfileRecord r;
            while ((r = reader.next()) != null) {
                if (!StateFinisher.keptAsIs(r, ValueMerge.LLVM)) {
                    return null;
                }
                List<ProfileRecord> sameName = base.byName.get(r.name());
                if (sameName == null) {
                    base.byName.put(r.name(), List.of(r));
                } else if (withHash(sameName, r.hash()) != null) {
                    return null; // the merge adds the two up
                } else {
                    List<ProfileRecord> more = new ArrayList<>(sameName);
                    more.add(r);
                    base.byName.put(r.name(), more);
                }
            }
            return base;
        } catch (IOException | RuntimeException e) {
            if (MappedFaults.isTruncation(e)) {
                // Read again, the shorter file would pass for a damaged one: the comparison fails.
                throw new UncheckedIOException((IOException) e);
            }
            return null;
        }
    }

    /** The base as {@code merge} loads it. */
    static BaseProfile merged(MergeInput input) throws IOException {
        MergeOptions options = MergeOptions.builder().numThreads(1).failureMode(FailureMode.WARN)
                .valueMerge(ValueMerge.LLVM).build();
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

    /** The names of the base's functions. */
    java.util.Set<String> names() {
        return byName.keySet();
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
