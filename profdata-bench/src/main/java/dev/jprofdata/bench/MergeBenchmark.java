package dev.jprofdata.bench;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.merge.MergeInput;
import dev.jprofdata.merge.MergeOptions;
import dev.jprofdata.merge.ProfileMerger;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Counter accumulation: {@link ProfileMerger} (one thread) over fixture profiles of one binary.
 * The merge state is not public API, so this is the whole library merge: reading (raw decoding,
 * see {@link RawDecodeBenchmark}) plus accumulation plus assembling the result; the difference to
 * the decode benchmark is the accumulation.
 *
 * <ul>
 *   <li>{@link #mergeFiles}: {@code inputs} separate files (page-cached temporary files).
 *   <li>{@link #mergeConcatenated}: one file holding {@code inputs} concatenated profiles.
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class MergeBenchmark {
    @Param({"ir", "fe"})
    public String kind;

    @Param("256")
    public int inputs;

    private Path dir;
    private List<MergeInput> files;
    private List<MergeInput> concatenated;
    private long bytes;
    private ProfileMerger merger;

    @Setup
    public void setup() throws IOException {
        dir = Files.createTempDirectory("jprofdata-bench");
        List<Path> fixtures = Fixtures.raw(kind);
        files = new ArrayList<>();
        bytes = 0;
        for (int i = 0; i < inputs; i++) {
            Path p = dir.resolve(String.format("in_%05d.profraw", i));
            Files.copy(fixtures.get(i % fixtures.size()), p);
            files.add(MergeInput.of(p));
            bytes += Files.size(p);
        }
        Path one = dir.resolve("concatenated.profraw");
        Files.write(one, Fixtures.concatenated(kind, inputs));
        concatenated = List.of(MergeInput.of(one));
        merger = new ProfileMerger(MergeOptions.builder().numThreads(1).build());
    }

    @TearDown
    public void tearDown() throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    @Benchmark
    public ProfileContents mergeFiles(InputBytes processed) throws Exception {
        processed.bytes += bytes;
        return merger.merge(files).contents();
    }

    @Benchmark
    public ProfileContents mergeConcatenated(InputBytes processed) throws Exception {
        processed.bytes += bytes;
        return merger.merge(concatenated).contents();
    }
}
