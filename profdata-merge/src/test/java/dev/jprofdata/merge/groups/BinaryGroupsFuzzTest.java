package dev.jprofdata.merge.groups;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.merge.FailureMode;
import dev.jprofdata.merge.MergeInput;
import dev.jprofdata.merge.MergeOptions;
import dev.jprofdata.merge.MergeResult;
import dev.jprofdata.merge.ProfileMerger;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The binary groups' fast path on fuzzed raw files. The groups read runs with their own parser,
 * word comparisons and value-data decoder instead of the raw reader, so every byte of a run that
 * they accept or refuse must come out as the reader would have it: a fuzzed run merged among real
 * runs of two programs (IR with value profiles, and front-end coverage) gives exactly the records,
 * problems, failures and data-loss totals of the same merge with grouping off, or fails with the
 * same error. The fuzzed run goes first (the groups then probe it) or in the middle (it then
 * joins a group already probed), on one thread or two, as its length picks. Seeds: real runs of
 * both programs (the fixtures' {@code ir_*} and {@code fe_*}). Plain {@code mvn test} replays the
 * kept inputs; {@code bench/fuzz.sh profdata-merge:BinaryGroupsFuzzTest#fuzzedRunAmongRealOnes}
 * fuzzes.
 */
class BinaryGroupsFuzzTest {
    private static final Path FIXTURES = Path.of(System.getProperty("jprofdata.root", ".."))
            .toAbsolutePath().resolve("fixtures/profiles").normalize();
    private static Path scratch;

    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void fuzzedRunAmongRealOnes(byte[] data) throws Exception {
        Path fuzzed = scratch().resolve("fuzzed.profraw");
        Files.write(fuzzed, data);
        List<MergeInput> inputs = new ArrayList<>();
        Path[] companions = {FIXTURES.resolve("ir_1.profraw"), FIXTURES.resolve("fe_1.profraw"),
                FIXTURES.resolve("ir_2.profraw"), FIXTURES.resolve("fe_2.profraw")};
        boolean first = data.length % 2 == 1;
        if (first) {
            inputs.add(MergeInput.of(fuzzed));
        }
        for (int i = 0; i < companions.length; i++) {
            inputs.add(MergeInput.of(companions[i]));
            if (!first && i == 1) {
                inputs.add(MergeInput.of(fuzzed));
            }
        }
        int threads = data.length % 3 == 0 ? 2 : 1;
        Object ordinary = outcome(inputs, threads, false);
        Object grouped = outcome(inputs, threads, true);
        if (!ordinary.equals(grouped)) {
            throw new AssertionError("grouped merge differs from the ordinary one (" + threads
                    + " thread(s), fuzzed run " + (first ? "first" : "third") + "):\n  ordinary " + ordinary
                    + "\n  grouped  " + grouped);
        }
    }

    /** Everything a merge's caller sees of its result, or the error it ended with. */
    private static Object outcome(List<MergeInput> inputs, int threads, boolean group) {
        try {
            MergeResult r = new ProfileMerger(MergeOptions.builder().numThreads(threads).failureMode(FailureMode.WARN)
                    .groupRawInputs(group).build()).merge(inputs);
            ProfileContents c = r.contents();
            List<String> ids = new ArrayList<>();
            for (byte[] id : c.binaryIds()) {
                ids.add(HexFormat.of().formatHex(id));
            }
            return List.of(String.valueOf(c.kind()), c.groups(), ids, c.vtableNames(), c.traces(), r.problems(),
                    r.failures(), r.dataLoss());
        } catch (IOException | dev.jprofdata.merge.NoProfileMergedException e) {
            // The typed ways a merge ends without a result: both ways must end alike.
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }

    private static synchronized Path scratch() throws IOException {
        if (scratch == null) {
            // Memory-backed where there is one: the target writes a file per execution.
            Path shm = Path.of("/dev/shm");
            scratch = Files.isDirectory(shm) && Files.isWritable(shm) ? Files.createTempDirectory(shm, "jprofdata-fuzz")
                    : Files.createTempDirectory("jprofdata-fuzz");
            scratch.toFile().deleteOnExit();
            scratch.resolve("fuzzed.profraw").toFile().deleteOnExit();
        }
        return scratch;
    }
}
