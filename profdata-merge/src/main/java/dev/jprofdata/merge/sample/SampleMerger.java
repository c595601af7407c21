package dev.jprofdata.merge.sample;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.sample.MergeStatus;
import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.format.sample.SampleProfileException;
import dev.jprofdata.format.sample.SampleProfileReaders;
import dev.jprofdata.format.sample.SampleReadOptions;
import dev.jprofdata.format.sample.Saturating;
import dev.jprofdata.merge.DataLoss;
import dev.jprofdata.merge.FailureMode;
import dev.jprofdata.merge.InputFailure;
import dev.jprofdata.merge.MergeInput;
import dev.jprofdata.merge.NoProfileMergedException;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * {@code merge --sample}: reads the inputs, merges them into one {@link SampleMergeState} one input
 * at a time in the order given (each input's profile is dropped once merged, so memory stays flat
 * in the number of inputs), then trims cold contexts, converts the layout and filters functions as
 * the options ask. The library never prints: problems come back in the {@link SampleMergeResult}.
 *
 * <p>Threads only read ahead: up to {@code numThreads} inputs are parsed at once while the merge
 * takes them strictly in input order. Which spelling, attributes and checksum win depends on the
 * merge order, so merging in any other order (or combining per-thread partial merges) could give
 * different bytes; reading ahead gives the same bytes for every thread count.
 */
public final class SampleMerger {
    private final SampleMergeOptions options;
    private final SampleInputReader reader;

    public SampleMerger(SampleMergeOptions options, SampleInputReader reader) {
        this.options = options;
        this.reader = reader;
    }

    /** A merger reading its inputs with {@link SampleProfileReaders} and the options' FS settings. */
    public SampleMerger(SampleMergeOptions options) {
        this(options, defaultReader(options));
    }

    private static SampleInputReader defaultReader(SampleMergeOptions options) {
        SampleReadOptions read = new SampleReadOptions(options.profileIsFs(), options.fsDiscriminatorMask());
        return (in, o) -> SampleProfileReaders.read(in.path(), in.displayName(), read);
    }

    /**
     * Merges {@code inputs}.
     *
     * @throws SampleInputException an input could not be read and the failure mode stops the merge
     *     (a malformed text line always does, as in llvm-profdata)
     * @throws SampleMergeException inputs that cannot be merged together, or an impossible option
     * @throws NoProfileMergedException {@code --failure-mode=all} and no input could be read
     */
    public SampleMergeResult merge(List<MergeInput> inputs) throws NoProfileMergedException {
        SampleMergeState state = new SampleMergeState(options);
        List<FunctionProblem> problems = new ArrayList<>();
        List<InputFailure> failures = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        int recordless = 0;
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
                MergeInput input = inputs.get(i);
                if (read.error != null) {
                    InputFailure f = fail(input, read.error);
                    failures.add(f);
                    lines.add("warning: " + f.file() + ": " + f.describe());
                    continue;
                }
                if (read.profile.profiles().isEmpty()) {
                    recordless++;
                }
                for (FunctionProblem p : state.add(read.profile, input.weight(), input.displayName())) {
                    problems.add(p);
                    lines.add(p.message());
                }
            }
        } finally {
            if (pool != null) {
                pool.shutdownNow();
            }
        }
        if (options.failureMode() == FailureMode.ALL && !inputs.isEmpty() && failures.size() == inputs.size()) {
            throw new NoProfileMergedException(failures, List.of());
        }
        state.addSymbols(options.extraSymbols());
        Finished finished = finish(state, options);
        long droppedRecords = 0;
        long droppedCounts = 0;
        Saturating.Overflow ignored = new Saturating.Overflow();
        for (FunctionProblem p : problems) {
            if (p.status() == MergeStatus.HASH_MISMATCH) {
                droppedRecords++;
                droppedCounts = Saturating.mulAdd(p.droppedCount(), 1, droppedCounts, ignored);
            }
        }
        DataLoss loss = new DataLoss(inputs.size(), failures.size(), 0, 0, recordless, state.recordsRead(),
                droppedRecords, state.countsRead(), droppedCounts, 0);
        return new SampleMergeResult(finished.profile, problems, failures, inputs.size(), finished.filtered,
                finished.before, finished.removed, loss, lines);
    }

    /** The merged profile after the steps that follow merging, and what the filter did. */
    public record Finished(SampleProfile profile, boolean filtered, long before, long removed) {
    }

    /**
     * The steps after merging, in llvm-profdata's order: cold-context trimming and merging (CS
     * profiles only), layout conversion, then the function filters.
     */
    public static Finished finish(SampleMergeState state, SampleMergeOptions options) {
        ProfileMap profiles = state.profiles();
        ProcessFlags flags = state.flags();
        if (flags.contextSensitive() && (options.mergeColdContext() || options.trimColdContext())) {
            ColdContexts.apply(profiles, options);
        }
        if (options.layout() == SampleLayoutConversion.FLAT) {
            profiles.replaceWith(LayoutConversion.flatten(profiles, flags.contextSensitive()));
            flags.clearContextSensitive();
        } else if (flags.contextSensitive() && options.layout() == SampleLayoutConversion.NEST) {
            LayoutConversion.nest(profiles, options.generateMergedBaseProfiles());
            flags.clearContextSensitive();
        }
        SampleFunctionFilter filter = new SampleFunctionFilter(options.functionRegex(), options.noFunctionRegex());
        long before = profiles.size();
        long removed = filter.active() ? filter.apply(profiles, flags.md5()) : 0;
        return new Finished(state.toProfile(), filter.active(), before, removed);
    }

    private int threads(int inputs) {
        int n = options.numThreads();
        if (n == 0) {
            n = Math.min(Runtime.getRuntime().availableProcessors(), (inputs + 1) / 2);
        }
        return Math.max(1, Math.min(n, inputs));
    }

    /** One input read: its profile, or why it could not be read. */
    private record Read(SampleProfile profile, Exception error) {
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

    /**
     * The failure of {@code input} to read, or the exception that stops the merge for it:
     * under {@code --failure-mode=any}, and always for a malformed text line.
     */
    private InputFailure fail(MergeInput input, Exception e) {
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
        if (textLine || options.failureMode() == FailureMode.ANY) {
            throw new SampleInputException(file, reason, offset, e);
        }
        return new InputFailure(input.displayName(), reason, offset, 0, true);
    }
}
