package dev.jprofdata.merge;

import dev.jprofdata.format.BatchReader;
import dev.jprofdata.format.DeviceData;
import dev.jprofdata.format.MemoryGuard;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.raw.NameTableCache;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.ReadAhead;
import dev.jprofdata.format.RecordBatch;
import dev.jprofdata.format.io.MappedFaults;
import dev.jprofdata.merge.state.InputRecords;
import dev.jprofdata.merge.state.MergeState;
import dev.jprofdata.merge.state.Saturating;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/** Reads one input into a merge state, turning read errors into an {@link InputFailure}. */
final class InputLoader {
    private final UnaryOperator<String> remapper;
    private final boolean keepVTableSymbols;
    private final MergeOptions options;
    private final long budgetPerState;
    private final long memoryBudget;
    private final NameTableCache names;
    private final boolean setDeviceApart;
    private final boolean readAhead;

    /**
     * {@code states}: how many merge states share the memory budget (one per worker slice);
     * {@code names}: the merge's decoded names sections, shared by its readers;
     * {@code setDeviceApart}: an input that turns out to hold GPU device records is not merged but
     * answered with {@link Loaded#DEVICE} (the host part of a split merge);
     * {@code readAhead}: an input read in batches from its file is read on a thread of its own, a
     * few batches ahead of the one adding them to the state (the merge has a thread to spare).
     */
    InputLoader(MergeOptions options, int states, NameTableCache names, boolean setDeviceApart, boolean readAhead) {
        this.names = names;
        this.readAhead = readAhead;
        this.setDeviceApart = setDeviceApart;
        this.budgetPerState = options.memoryBudget() == 0 ? 0 : Math.max(1, options.memoryBudget() / states);
        this.memoryBudget = options.memoryBudget();
        this.remapper = options.remapper();
        this.keepVTableSymbols = options.keepVTableSymbols();
        this.options = options;
    }

    MergeOptions options() {
        return options;
    }

    /**
     * What loading one input gave besides its records; {@code cutShort}: reading stopped at an error
     * after some records, so the input's later counts are unknown (a reader's warning comes after a
     * complete read and does not cut it short).
     */
    record Loaded(ProfileKind kind, InputFailure failure, List<String> notices, List<String> deviceWarnings,
            List<String> details, long recordsRead, long countsRead, boolean cutShort) {
        Loaded(ProfileKind kind, InputFailure failure) {
            this(kind, failure, List.of(), List.of(), List.of(), 0, 0, false);
        }

        Loaded(ProfileKind kind, InputFailure failure, List<String> notices) {
            this(kind, failure, notices, List.of(), List.of(), 0, 0, false);
        }

        Loaded(ProfileKind kind, InputFailure failure, List<String> notices, List<String> deviceWarnings,
                List<String> details) {
            this(kind, failure, notices, deviceWarnings, details, 0, 0, false);
        }

        /**
         * The answer for an input set apart as a GPU device profile: opened, found to hold device
         * records, closed; nothing of it is in the state.
         */
        static final Loaded DEVICE = new Loaded(null, null);

        boolean setApart() {
            return this == DEVICE;
        }
    }

    /**
     * The notice for an indexed input with a MemProf section (heap profiles, version 8 and later):
     * its records merge, but the section is neither read nor written, and saying nothing would lose
     * it silently.
     */
    static final String MEMPROF_LEFT_OUT =
            "MemProf data in %s was not carried into the output (jprofdata does not merge MemProf data)";

    /**
     * Reads {@code input} into {@code state}. A file that shrinks while it is read stops the merge
     * (an {@link UncheckedIOException} of {@link MappedFaults#TRUNCATED}): what was read since the
     * fault may be wrong, and some of it may be in the state already.
     */
    Loaded load(MergeInput input, int inputIndex, MergeState state) {
        Loaded loaded;
        try {
            loaded = read(input, inputIndex, state);
        } catch (InternalError e) {
            throw new UncheckedIOException(MappedFaults.truncated(input.displayName(), e));
        }
        if (loaded.failure() != null
                && loaded.failure().formatKind() == ProfileFormatException.Kind.TRUNCATED_WHILE_READING) {
            throw new UncheckedIOException(new ProfileFormatException(input.displayName(), -1,
                    ProfileFormatException.Kind.TRUNCATED_WHILE_READING, MappedFaults.TRUNCATED));
        }
        return loaded;
    }

    private Loaded read(MergeInput input, int inputIndex, MergeState state) {
        long ordinal = 0;
        long countsRead = 0;
        MemoryEstimate estimate = budgetPerState == 0 ? null : MemoryEstimate.of(state);
        ProfileReader reader;
        try {
            reader = ProfileReaders.open(input.path(), input.displayName(), names, guard(estimate, input));
        } catch (ProfileFormatException e) {
            return new Loaded(null, InputFailure.unreadable(input.displayName(), e, 0));
        } catch (IOException e) {
            return new Loaded(null, InputFailure.ioError(input.displayName(), describe(e), 0));
        }
        if (setDeviceApart && reader.deviceData().filter(DeviceData::hasAnyDeviceRecords).isPresent()) {
            closeQuietly(reader);
            return Loaded.DEVICE;
        }
        List<String> deviceWarnings = new ArrayList<>();
        List<String> details = new ArrayList<>();
        DeviceInputs.attachSideFile(reader, input, options, deviceWarnings, details);
        try (reader) {
            // Every input reaches the state in batches: straight from the file where the reader
            // can and nothing looks at the records on the way (read ahead on a second thread when
            // the merge has one to spare), else filled from its records.
            boolean fromFile = readsBatches(reader, estimate);
            try (Batches batches = fromFile && readAhead ? new Batches.Ahead(new ReadAhead((BatchReader) reader, true))
                    : fromFile ? new Batches.Direct(((BatchReader) reader)::nextBatch)
                    : new Batches.Direct(new RecordBatchFiller(reader,
                            (r, at) -> prepare(r, at, input, reader, estimate, details))::next)) {
                for (RecordBatch batch; (batch = batches.next()) != null; ) {
                    // The state sums the counters it adds (Saturating.cappedSum, pseudo counts as 0).
                    long read = state.add(new InputRecords(batch, input.weight(), inputIndex, ordinal));
                    countsRead = Saturating.add(countsRead, read);
                    ordinal += batch.size();
                }
            }
            if (estimate != null && estimate.bytes() > budgetPerState) {
                throw new MemoryBudgetExceededException(input.displayName(), estimate.bytes(), memoryBudget);
            }
            state.addBinaryIds(reader.binaryIds());
            state.addTraces(inputIndex, reader.temporalTraces(input.weight()));
            if (keepVTableSymbols) {
                state.addVTableNames(inputIndex, reader.vtableNames());
            }
            List<String> warnings = reader.warnings();
            InputFailure failure = warnings.isEmpty()
                    ? null
                    : new InputFailure(input.displayName(), warnings.get(0), -1, ordinal, false,
                            InputFailure.Kind.SUSPECT_DATA, null);
            List<String> notices = new ArrayList<>();
            reader.notices().forEach(n -> notices.add(input.displayName() + ": " + n));
            notices.addAll(memProfNotice(reader, input));
            return new Loaded(reader.kind(), failure, notices, deviceWarnings, details, ordinal, countsRead, false);
        } catch (ProfileFormatException e) {
            return new Loaded(reader.kind(), InputFailure.unreadable(input.displayName(), e, ordinal),
                    memProfNotice(reader, input), deviceWarnings, details, ordinal, countsRead, ordinal > 0);
        } catch (IOException e) {
            return new Loaded(reader.kind(), InputFailure.ioError(input.displayName(), describe(e), ordinal),
                    memProfNotice(reader, input), List.of(), List.of(), ordinal, countsRead, ordinal > 0);
        }
    }

    /** Where a merge takes an input's batches from: read here, or by a thread reading ahead. */
    private interface Batches extends AutoCloseable {
        /** The next batch, valid until the next call; null at the end. */
        RecordBatch next() throws IOException;

        @Override
        void close();

        /** Fills one batch again and again. */
        interface Fill {
            boolean next(RecordBatch batch) throws IOException;
        }

        /** Batches filled on this thread. */
        final class Direct implements Batches {
            private final Fill fill;
            private final RecordBatch batch = new RecordBatch(true);

            Direct(Fill fill) {
                this.fill = fill;
            }

            @Override
            public RecordBatch next() throws IOException {
                return fill.next(batch) ? batch : null;
            }

            @Override
            public void close() {
            }
        }

        /** Batches read by a second thread while this one adds the ones before ({@link ReadAhead}). */
        record Ahead(ReadAhead ahead) implements Batches {
            @Override
            public RecordBatch next() throws IOException {
                return ahead.next();
            }

            @Override
            public void close() {
                ahead.close();
            }
        }
    }

    /**
     * What the merge does to record number {@code ordinal} of {@code input} before it is added:
     * describe device records ({@code --verbose}), rename it ({@code --remapping-file}) and count
     * it against the memory budget, which stops the merge when it is exceeded.
     */
    private ProfileRecord prepare(ProfileRecord r, long ordinal, MergeInput input, ProfileReader reader,
            MemoryEstimate estimate, List<String> details) {
        if (options.verbose() && r.offload() != null) {
            DeviceInputs.describe(r, options.uniformityRule(), details);
        }
        if (remapper != null) {
            String renamed = remapper.apply(r.name());
            if (!renamed.equals(r.name())) {
                r = r.withName(renamed);
            }
        }
        if (estimate != null) {
            estimate.record(r);
            if ((ordinal & 255) == 0 && estimate.bytes() > budgetPerState) {
                closeQuietly(reader);
                throw new MemoryBudgetExceededException(input.displayName(), estimate.bytes(), memoryBudget);
            }
        }
        return r;
    }

    /**
     * Whether {@code reader} is read in batches: when it can give them, and nothing is done to
     * each record on the way (renaming, describing device records, a memory budget, which
     * look at record objects).
     */
    private boolean readsBatches(ProfileReader reader, MemoryEstimate estimate) {
        return reader instanceof BatchReader b && b.readsBatches() && remapper == null && !options.verbose()
                && estimate == null;
    }

    private static List<String> memProfNotice(ProfileReader reader, MergeInput input) {
        return reader.kind().has(ProfileKind.MEMPROF) ? List.of(MEMPROF_LEFT_OUT.formatted(input.displayName()))
                : List.of();
    }

    /**
     * What the reader of {@code input} is asked before it builds names, counters or value sites
     * (the budget is otherwise checked only on records already read, and one record of a billion
     * counters, or the names of a raw file, can exceed it alone). What a reader builds is held twice
     * at the peak, by the reader and by the merge state it is added to, on top of the state so far.
     */
    private MemoryGuard guard(MemoryEstimate estimate, MergeInput input) {
        if (estimate == null) {
            return MemoryGuard.NONE;
        }
        return (bytes, file) -> {
            long twice = bytes > Long.MAX_VALUE / 2 ? Long.MAX_VALUE : 2 * bytes;
            long held = estimate.bytes();
            long needed = twice > Long.MAX_VALUE - held ? Long.MAX_VALUE : held + twice;
            if (needed > budgetPerState) {
                throw new MemoryBudgetExceededException(input.displayName(), needed, memoryBudget);
            }
        };
    }

    private static void closeQuietly(ProfileReader reader) {
        try {
            reader.close();
        } catch (IOException ignored) {
            // The budget error is the one worth reporting.
        }
    }

    private static String describe(IOException e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
