package dev.jprofdata.merge.overlap;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.indexed.IndexedKeyIndex;
import dev.jprofdata.format.indexed.IndexedProfileReader;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The base profile of an overlap, as llvm-profdata loads it: merged as {@code merge
 * --value-merge=llvm} merges (weight 1), so records with the same name and hash are added up and a
 * value repeated in a site stays repeated (the test side keeps its repeats too, so a profile
 * compared with itself overlaps fully; spec/show-and-overlap.md). Read errors are ignored, as
 * llvm-profdata does: whatever was read before the error is compared.
 *
 * <p>An indexed base that merging would not change is not held at all: its records are looked up
 * in the mapped file, function by function, as the test profile asks for them
 * ({@link IndexedKeyIndex}). Any other base is merged and held as records by name.
 */
final class BaseProfile {
    /** Each name's merged records (one per hash, usually one in all); null when looked up in the file. */
    private final Map<String, List<ProfileRecord>> byName;
    /** The base's keys, when its records are looked up in the file. */
    private final IndexedKeyIndex inFile;
    private final List<MergeProblem> problems;

    private BaseProfile(List<MergeProblem> problems, Map<String, List<ProfileRecord>> byName, IndexedKeyIndex inFile) {
        this.problems = problems;
        this.byName = byName;
        this.inFile = inFile;
    }

    static BaseProfile load(MergeInput input) throws IOException {
        BaseProfile direct = readStraight(input, null);
        return direct != null ? direct : merged(input);
    }

    /**
     * {@link #readAsMerged(MergeInput, ProfileTotals)}, with a file that shrank while it was read
     * failing as the {@link IOException} it is.
     */
    static BaseProfile readStraight(MergeInput input, ProfileTotals totals) throws IOException {
        try {
            return readAsMerged(input, totals);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    static BaseProfile readAsMerged(MergeInput input) {
        return readAsMerged(input, null);
    }

    /**
     * An indexed base looked up in its file, when merging it would change nothing: every record is
     * the only one of its name and hash and {@linkplain StateFinisher#keptAsIs kept as it is} by
     * LLVM's value merge. Checked by reading every record once, which also counts them into
     * {@code totals} (null: not counted); those hold the whole profile's totals when a base is
     * returned. Null otherwise, and on any read error (the merge then reports what it finds).
     * Spares the merge state and its finishing, and holding the records: an overlap of two 100 MB
     * profiles held half a million functions' records through every garbage collection.
     */
    static BaseProfile readAsMerged(MergeInput input, ProfileTotals totals) {
        try (ProfileReader reader = ProfileReaders.open(input.path(), input.displayName())) {
            if (!(reader instanceof IndexedProfileReader indexed) || input.weight() != 1) {
                return null;
            }
            if (totals != null) {
                totals.readingFrom(reader);
            }
            // The records of one key come one after another, with one name object: a hash seen
            // twice under a name is seen among the records just before.
            String name = null;
            long[] hashes = new long[4];
            int sameName = 0;
            ProfileRecord r;
            while ((r = reader.next()) != null) {
                if (totals != null) {
                    totals.add(r);
                }
                if (!StateFinisher.keptAsIs(r, ValueMerge.LLVM)) {
                    return null;
                }
                if (r.name() != name) {
                    name = r.name();
                    sameName = 0;
                }
                for (int i = 0; i < sameName; i++) {
                    if (hashes[i] == r.hash()) {
                        return null; // the merge adds the two up
                    }
                }
                if (sameName == hashes.length) {
                    hashes = java.util.Arrays.copyOf(hashes, 2 * sameName);
                }
                hashes[sameName++] = r.hash();
            }
            // A name under two keys is added up by the merge too.
            IndexedKeyIndex keys = indexed.keyIndex();
            return keys == null ? null : new BaseProfile(List.of(), null, keys);
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
            return new BaseProfile(e.problems(), Map.of(), null);
        }
        List<ProfileContents.NameGroup> groups = result.contents().groups();
        Map<String, List<ProfileRecord>> byName = new HashMap<>(groups.size() + groups.size() / 3 + 1);
        for (ProfileContents.NameGroup group : groups) {
            byName.put(group.name(), group.records());
        }
        return new BaseProfile(result.problems(), byName, null);
    }

    /** The records of {@code name}, one per hash, or null when the base has no such function. */
    List<ProfileRecord> recordsNamed(String name) throws IOException {
        return inFile != null ? inFile.recordsNamed(name) : byName.get(name);
    }

    /** The names of the base's functions. */
    Set<String> names() throws IOException {
        return inFile != null ? Set.copyOf(inFile.names()) : byName.keySet();
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
