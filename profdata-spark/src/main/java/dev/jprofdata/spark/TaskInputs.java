package dev.jprofdata.spark;

import dev.jprofdata.merge.MergeInput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * A task's inputs as the library reads them: in the order of their indices in the whole merge,
 * each a local file ({@link LocalCopies}: copied from any other file system for as long as this is
 * open), with its name and weight, and the indices beside them.
 */
final class TaskInputs implements AutoCloseable {
    private final LocalCopies copies;
    private final List<MergeInput> inputs;
    private final int[] indices;

    private TaskInputs(List<SparkInput> sorted, Configuration conf) throws IOException {
        copies = new LocalCopies(conf);
        try {
            inputs = new ArrayList<>(sorted.size());
            indices = new int[sorted.size()];
            for (int k = 0; k < sorted.size(); k++) {
                SparkInput in = sorted.get(k);
                inputs.add(new MergeInput(copies.localPath(in.uri()), in.displayName(), in.weight()));
                indices[k] = in.index();
            }
        } catch (IOException | RuntimeException e) {
            copies.close();
            throw e;
        }
    }

    /** The inputs of {@code partition}, or null when it has none (a task then gives nothing). */
    static TaskInputs of(Iterator<SparkInput> partition, Configuration conf) throws IOException {
        List<SparkInput> mine = new ArrayList<>();
        partition.forEachRemaining(mine::add);
        if (mine.isEmpty()) {
            return null;
        }
        mine.sort(Comparator.comparingInt(SparkInput::index));
        return new TaskInputs(mine, conf);
    }

    List<MergeInput> inputs() {
        return inputs;
    }

    int[] indices() {
        return indices;
    }

    @Override
    public void close() throws IOException {
        copies.close();
    }
}
