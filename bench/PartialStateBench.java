import dev.jprofdata.merge.MergeInput;
import dev.jprofdata.merge.MergeOptions;
import dev.jprofdata.merge.PartialMerge;
import dev.jprofdata.merge.PartialMerger;
import dev.jprofdata.merge.sample.SampleMergeOptions;
import dev.jprofdata.merge.sample.SamplePartialMerge;
import dev.jprofdata.merge.sample.SamplePartialMerger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The pieces of a Spark merge's cost, measured on one machine (bench/spark_bench.sh runs it):
 * for the runs of one directory, the time to merge K of them into one part, the part's encoded
 * size, and the times to encode, decode and combine two parts; for a directory of sample profiles
 * ({@code .sprof}), the same for partial sample merges. Run as a source file:
 * java -cp CLASSPATH bench/PartialStateBench.java DIR [K] [REPEATS]
 */
public class PartialStateBench {
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int k = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        int repeats = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        List<Path> runs;
        try (Stream<Path> s = Files.list(dir)) {
            runs = s.filter(p -> p.toString().endsWith(".profraw") || p.toString().endsWith(".sprof")).sorted().toList();
        }
        int n = 2 * k;
        if (runs.get(0).toString().endsWith(".sprof")) {
            samples(runs, k, n, repeats);
            return;
        }
        MergeOptions options = MergeOptions.builder().numThreads(1).build();
        for (int r = 0; r < repeats; r++) {
            long t0 = System.nanoTime();
            PartialMerge a = part(runs, options, n, 0, k);
            PartialMerge b = part(runs, options, n, k, k);
            long t1 = System.nanoTime();
            byte[] ea = a.encode();
            byte[] eb = b.encode();
            long t2 = System.nanoTime();
            PartialMerge da = PartialMerge.decode(ea, "a", n);
            PartialMerge db = PartialMerge.decode(eb, "b", n);
            long t3 = System.nanoTime();
            da.combine(db);
            long t4 = System.nanoTime();
            byte[] ec = da.encode();
            long t5 = System.nanoTime();
            System.out.printf("repeat %d: merge 2x%d runs %.0f ms; part %.2f MB; encode %.1f ms/part; decode %.1f ms/part;"
                    + " combine %.1f ms; combined part %.2f MB, encode %.1f ms%n", r, k, (t1 - t0) / 1e6,
                    ea.length / 1e6, (t2 - t1) / 2e6, (t3 - t2) / 2e6, (t4 - t3) / 1e6, ec.length / 1e6,
                    (t5 - t4) / 1e6);
        }
    }

    /** The same pieces for sample profiles ({@code --sample}, SamplePartialMerge). */
    private static void samples(List<Path> runs, int k, int n, int repeats) throws Exception {
        SampleMergeOptions options = SampleMergeOptions.builder().numThreads(1).build();
        for (int r = 0; r < repeats; r++) {
            long t0 = System.nanoTime();
            SamplePartialMerge a = samplePart(runs, options, n, 0, k);
            SamplePartialMerge b = samplePart(runs, options, n, k, k);
            long t1 = System.nanoTime();
            byte[] ea = a.encode();
            byte[] eb = b.encode();
            long t2 = System.nanoTime();
            SamplePartialMerge da = SamplePartialMerge.decode(ea, "a", n, options);
            SamplePartialMerge db = SamplePartialMerge.decode(eb, "b", n, options);
            long t3 = System.nanoTime();
            da.combine(db);
            long t4 = System.nanoTime();
            byte[] ec = da.encode();
            long t5 = System.nanoTime();
            System.out.printf("repeat %d (sample): merge 2x%d runs %.0f ms; part %.2f MB; encode %.1f ms/part;"
                    + " decode %.1f ms/part; combine %.1f ms; combined part %.2f MB, encode %.1f ms;"
                    + " functions merged again %d%n", r, k, (t1 - t0) / 1e6, ea.length / 1e6, (t2 - t1) / 2e6,
                    (t3 - t2) / 2e6, (t4 - t3) / 1e6, ec.length / 1e6, (t5 - t4) / 1e6, da.conflicts().size());
        }
    }

    private static SamplePartialMerge samplePart(List<Path> runs, SampleMergeOptions options, int n, int from, int k) {
        return new SamplePartialMerger(options).merge(inputs(runs, from, k), indices(from, k), n);
    }

    /** Runs {@code from..from+k}, cycling through the directory. */
    private static List<MergeInput> inputs(List<Path> runs, int from, int k) {
        List<MergeInput> inputs = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            Path p = runs.get((from + i) % runs.size());
            inputs.add(new MergeInput(p, p.toString(), 1));
        }
        return inputs;
    }

    private static int[] indices(int from, int k) {
        int[] indices = new int[k];
        for (int i = 0; i < k; i++) {
            indices[i] = from + i;
        }
        return indices;
    }

    /** Runs {@code from..from+k} (cycling through the directory) as one part of a merge of n. */
    private static PartialMerge part(List<Path> runs, MergeOptions options, int n, int from, int k)
            throws Exception {
        return new PartialMerger(options, n).merge(inputs(runs, from, k), indices(from, k), Set.of());
    }
}
