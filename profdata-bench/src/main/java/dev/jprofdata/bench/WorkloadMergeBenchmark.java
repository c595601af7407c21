package dev.jprofdata.bench;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.merge.MergeInput;
import dev.jprofdata.merge.MergeOptions;
import dev.jprofdata.merge.ProfileMerger;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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

/**
 * The merge engine warm, on the issue 5 workload made by {@code bench/make_workload.sh}: every
 * run of one kind ({@code bench/work/n20000/cov} or {@code ir}) merged in process, again and
 * again, so JVM start-up and JIT warm-up are not counted (the whole-process numbers are
 * {@code bench/merge_bench.sh}'s). Fails in setup when the workload has not been made.
 *
 * <p>Run: {@code bench/jmh.sh WorkloadMerge} (optionally {@code -p workload=DIR}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class WorkloadMergeBenchmark {
    /** A workload directory relative to the repository root (or absolute). */
    @Param("bench/work/n20000")
    public String workload;

    @Param({"cov", "ir"})
    public String kind;

    @Param({"1", "2"})
    public int threads;

    private List<MergeInput> files;
    private long bytes;
    private ProfileMerger merger;

    @Setup
    public void setup() throws IOException {
        Path root = Path.of(System.getProperty("jprofdata.root", "."));
        Path dir = root.resolve(workload).resolve(kind);
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException("no workload at " + dir + ": run bench/make_workload.sh first");
        }
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".profraw")).sorted().map(MergeInput::of).toList();
        }
        bytes = 0;
        for (MergeInput in : files) {
            bytes += Files.size(in.path());
        }
        merger = new ProfileMerger(MergeOptions.builder().numThreads(threads).build());
    }

    @Benchmark
    public ProfileContents merge(InputBytes processed) throws Exception {
        processed.bytes += bytes;
        return merger.merge(files).contents();
    }
}
