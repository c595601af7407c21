package dev.jprofdata.merge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.ProfileContents.NameGroup;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.RecordBatch;
import dev.jprofdata.format.indexed.IndexedVersionPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A merge with no more inputs than threads reads each input's batches on a second thread
 * (ProfileMerger's read-ahead) instead of giving each input a slice of its own; it must not be
 * observable: the same bytes as one thread, and the same failure at the same record for an input
 * cut short.
 *
 * <p>Input: the records of clang-22 runs ({@code fixtures/profiles/vsites.profdata}: counters and
 * value sites) under thousands of names, so that an input is many batches and the batches the two
 * threads pass between them are reused many times over.
 */
class ReadAheadMergeTest {
    private static final Path FIXTURES = Path.of(System.getProperty("jprofdata.root", "..")).toAbsolutePath()
            .resolve("fixtures/profiles").normalize();
    /** Batches in an input: three times those that circulate between the threads. */
    private static final int BATCHES = 12;

    @TempDir
    static Path tmp;
    private static Path big;
    private static Path other;

    @BeforeAll
    static void writeInputs() throws Exception {
        ProfileContents real = Profiles.merge(List.of(FIXTURES.resolve("vsites.profdata"))).contents();
        int copies = BATCHES * RecordBatch.RECORDS / real.groups().size() + 1;
        big = tmp.resolve("big.profdata");
        other = tmp.resolve("other.profdata");
        Profiles.writeIndexed(renamed(real, copies, 0), IndexedVersionPlan.automatic(), big);
        Profiles.writeIndexed(renamed(real, copies, copies / 2), IndexedVersionPlan.automatic(), other);
    }

    /** {@code real}'s groups under {@code copies} names each (numbered from {@code from}), names ascending. */
    private static ProfileContents renamed(ProfileContents real, int copies, int from) {
        List<NameGroup> groups = new ArrayList<>();
        for (NameGroup g : real.groups()) {
            for (int i = from; i < from + copies; i++) {
                String name = g.name() + ".copy" + i;
                List<ProfileRecord> records = new ArrayList<>();
                for (ProfileRecord r : g.records()) {
                    records.add(r.withName(name));
                }
                groups.add(new NameGroup(name, records));
            }
        }
        groups.sort(Comparator.comparing(NameGroup::name));
        return new ProfileContents(real.kind(), groups, real.binaryIds(), real.vtableNames(), real.traces());
    }

    private static byte[] merged(List<Path> files, int threads) throws IOException, NoProfileMergedException {
        List<MergeInput> inputs = new ArrayList<>();
        long weight = 1;
        for (Path f : files) {
            inputs.add(new MergeInput(f, f.getFileName().toString(), weight++));
        }
        MergeOptions options = MergeOptions.builder().numThreads(threads).failureMode(FailureMode.WARN).build();
        return indexed(new ProfileMerger(options).merge(inputs));
    }

    private static byte[] indexed(MergeResult result) throws IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        ProfileOutput.indexed(IndexedVersionPlan.automatic()).write(result.contents(), out);
        return out.toByteArray();
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void readingAheadGivesOneThreadsBytes(int threads) throws Exception {
        for (List<Path> files : List.of(List.of(big, big), List.of(big, other), List.of(other, big, big))) {
            if (files.size() > threads) {
                continue;
            }
            assertThat(merged(files, threads)).as("%s on %d threads", files, threads)
                    .isEqualTo(merged(files, 1));
        }
    }

    @Test
    void anInputCutShortFailsAtTheSameRecord() throws Exception {
        byte[] whole = Files.readAllBytes(big);
        Path cut = tmp.resolve("cut.profdata");
        // Cut inside the records: the header and the index survive, a later record does not.
        Files.write(cut, java.util.Arrays.copyOf(whole, whole.length * 2 / 3));
        List<MergeInput> inputs = List.of(new MergeInput(other, "other", 1), new MergeInput(cut, "cut", 1));
        MergeOptions warn1 = MergeOptions.builder().numThreads(1).failureMode(FailureMode.WARN).build();
        MergeOptions warn2 = MergeOptions.builder().numThreads(2).failureMode(FailureMode.WARN).build();

        MergeResult one = new ProfileMerger(warn1).merge(inputs);
        MergeResult two = new ProfileMerger(warn2).merge(inputs);

        assertThat(one.failures()).hasSize(1);
        assertThat(two.failures()).isEqualTo(one.failures());
        assertThat(two.dataLoss()).isEqualTo(one.dataLoss());
        assertThat(indexed(two)).isEqualTo(indexed(one));
    }
}
