package dev.jprofdata.merge.sample;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.format.sample.SampleProfileException;
import dev.jprofdata.format.sample.SampleProfileReaders;
import dev.jprofdata.format.sample.SampleReadOptions;
import dev.jprofdata.merge.FailureMode;
import dev.jprofdata.merge.InputFailure;
import dev.jprofdata.merge.MergeInput;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Reads sample-profile inputs and merges them into a {@link SamplePartialMerge}: all of a merge's
 * inputs in one part ({@link SampleMerger}), or some of them under their indices in the whole merge
 * (a Spark task, spec/spark.md). Either way each input is read once, merged and dropped, in the
 * order of its index, and an input that cannot be read is a failure or stops the merge as
 * llvm-profdata decides.
 *
 * <p>Threads only read ahead: up to {@code numThreads} inputs are parsed at once while the merge
 * takes them strictly in order.
 */
public final class SamplePartialMerger {
    private final SampleMergeOptions options;
    private final SampleInputReader reader;

    public SamplePartialMerger(SampleMergeOptions options, SampleInputReader reader) {
        this.options = options;
        this.reader = reader;
    }

    /** A merger reading its inputs with {@link SampleProfileReaders} and the options' FS settings. */
    public SamplePartialMerger(SampleMergeOptions options) {
        this(options, defaultReader(options));
    }

    static SampleInputReader defaultReader(SampleMergeOptions options) {
        SampleReadOptions read = new SampleReadOptions(options.profileIsFs(), options.fsDiscriminatorMask());
        return (in, o) -> SampleProfileReaders.read(in.path(), in.displayName(), read);
    }

    /** All of {@code inputs} merged in order, as one part (the one-machine merge). */
    SamplePartialMerge mergeAll(List<MergeInput> inputs) {
        int[] indices = new int[inputs.size()];
        for (int i = 0; i < indices.length; i++) {
            indices[i] = i;
        }
        SamplePartialMerge part = new SamplePartialMerge(new SampleMergeState(options), inputs.size());
        run(inputs, indices, part);
        return part;
    }

    /**
     * A part of a merge of {@code inputCount} inputs: {@code inputs.get(k)} is input
     * {@code indices[k]} of the whole merge; indices ascend.
     */
    public SamplePartialMerge merge(List<MergeInput> inputs, int[] indices, int inputCount) {
        if (inputs.size() != indices.length) {
            throw new IllegalArgumentException("one index per input");
        }
        for (int k = 0; k < indices.length; k++) {
            if (indices[k] < 0 || indices[k] >= inputCount || (k > 0 && indices[k] <= indices[k - 1])) {
                throw new IllegalArgumentException("input indices must ascend within [0, " + inputCount + ")");
            }
        }
        SamplePartialMerge part = new SamplePartialMerge(SampleMergeState.forPart(options), inputCount);
        run(inputs, indices, part);
        return part;
    }

    /**
     * The contributions of {@code inputs} (input {@code indices[k]} of the whole merge) to the
     * functions {@code keys}, one chunk of bytes per function, as {@link SampleReplay#replay} reads
     * them: read again, remapped and keyed as the merge does, every other function left out.
     *
     * @param failed the inputs that could not be read when the parts were merged
     * @throws SampleMergeException an input reads differently than it did then (it changed while
     *     the merge ran)
     */
    public Map<Long, byte[]> contributions(List<MergeInput> inputs, int[] indices, Set<Long> keys,
            Set<Integer> failed) {
        TreeMap<Long, List<SampleReplay.Placed>> byKey = new TreeMap<>();
        SampleMergeState keying = SampleMergeState.forPart(options);
        forEachRead(inputs, (k, in) -> {
            int index = indices[k];
            boolean readable = in.error() == null;
            if (!readable) {
                failure(inputs.get(k), in.error()); // a runtime exception is thrown on
            }
            if (readable == failed.contains(index)) {
                throw new SampleMergeException(inputs.get(k).displayName() + (readable
                        ? " was read now but failed before" : " failed now but was read before")
                        + " (it changed while the merge ran)");
            }
            if (readable) {
                List<SampleMergeState.Contribution> all = keying.contributions(in.profile());
                for (int p = 0; p < all.size(); p++) {
                    SampleMergeState.Contribution c = all.get(p);
                    if (keys.contains(c.key())) {
                        byKey.computeIfAbsent(c.key(), x -> new ArrayList<>())
                                .add(new SampleReplay.Placed(index, p, c.remapStatus(), c.samples()));
                    }
                }
            }
            return true;
        });
        TreeMap<Long, byte[]> out = new TreeMap<>();
        byKey.forEach((key, placed) -> out.put(key, SampleReplay.chunk(placed)));
        return out;
    }

    private void run(List<MergeInput> inputs, int[] indices, SamplePartialMerge part) {
        SampleMergeState state = part.state();
        part.covered(inputs.size());
        // Nothing after an input that stops the merge matters: the part stops reading there.
        forEachRead(inputs, (k, read) -> {
            int index = indices[k];
            MergeInput input = inputs.get(k);
            if (read.error() != null) {
                Failure f = failure(input, read.error());
                if (f.stops()) {
                    part.stopped(new SamplePartialMerge.Stop(index, f.file(), f.reason(), f.offset()));
                    return false;
                }
                part.failed(index, new InputFailure(input.displayName(), f.reason(), f.offset(), 0, true));
                return true;
            }
            if (read.profile().profiles().isEmpty()) {
                part.recordless();
            }
            part.problems(index, state.add(index, read.profile(), input.weight(), input.displayName()));
            return true;
        });
    }

    /** One input read: its profile, or why it could not be read. */
    record Read(SampleProfile profile, Exception error) {
    }

    /** Takes the inputs as they are read; false stops the reading. */
    interface ReadConsumer {
        boolean accept(int position, Read read);
    }

    /**
     * Reads {@code inputs} and hands each to {@code consumer} in order, reading ahead on up to
     * {@code numThreads} threads.
     */
    void forEachRead(List<MergeInput> inputs, ReadConsumer consumer) {
        int threads = threads(inputs.size());
        ExecutorService pool = threads > 1 ? Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "jprofdata-sample-read");
            t.setDaemon(true);
            return t;
        }) : null;
        try {
            Deque<Future<Read>> ahead = new ArrayDeque<>();
            int next = 0;
            for (int i = 0; i < inputs.size(); i++) {
                Read read;
                if (pool == null) {
                    read = read(inputs.get(i));
                } else {
                    while (next < inputs.size() && ahead.size() < threads) {
                        MergeInput in = inputs.get(next++);
                        ahead.add(pool.submit(() -> read(in)));
                    }
                    read = take(ahead.poll());
                }
                if (!consumer.accept(i, read)) {
                    return;
                }
            }
        } finally {
            if (pool != null) {
                pool.shutdownNow();
            }
        }
    }

    private int threads(int inputs) {
        int n = options.numThreads();
        if (n == 0) {
            n = Math.min(Runtime.getRuntime().availableProcessors(), (inputs + 1) / 2);
        }
        return Math.max(1, Math.min(n, inputs));
    }

    private Read read(MergeInput input) {
        try {
            return new Read(reader.read(input, options), null);
        } catch (IOException | RuntimeException e) {
            return new Read(null, e);
        }
    }

    private static Read take(Future<Read> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Read(null, new IOException("interrupted", e));
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof Error err) {
                throw err;
            }
            return new Read(null, c instanceof Exception ex ? ex : new IOException(c));
        }
    }

    /** Why an input could not be read, and whether that stops the merge. */
    record Failure(String file, String reason, long offset, boolean stops) {
    }

    /**
     * The failure of {@code input} to read: it stops the merge under {@code --failure-mode=any},
     * and always for a malformed text line (as in llvm-profdata); a runtime exception is a bug and
     * is thrown on.
     */
    Failure failure(MergeInput input, Exception e) {
        String reason;
        long offset = -1;
        String file = input.displayName();
        boolean textLine = false;
        if (e instanceof ProfileFormatException pfe) {
            reason = pfe.reason();
            offset = pfe.offset();
            if (pfe.file() != null) {
                file = pfe.file();
            }
            textLine = pfe instanceof SampleProfileException spe && spe.line() >= 0;
        } else if (e instanceof IOException) {
            reason = e.getMessage() == null ? e.toString() : e.getMessage();
        } else if (e instanceof RuntimeException re) {
            throw re;
        } else {
            reason = e.toString();
        }
        return new Failure(file, reason, offset, textLine || options.failureMode() == FailureMode.ANY);
    }
}
