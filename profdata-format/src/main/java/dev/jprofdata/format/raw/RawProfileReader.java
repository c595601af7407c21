package dev.jprofdata.format.raw;

import dev.jprofdata.format.DeviceData;
import dev.jprofdata.format.Magic;
import dev.jprofdata.format.MemoryGuard;
import dev.jprofdata.format.OffloadData;
import dev.jprofdata.format.ProfileFormat;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileFormatException.Kind;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.BatchReader;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.RecordBatch;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.SymbolTable;
import dev.jprofdata.format.TemporalTraces;
import dev.jprofdata.format.ValueSite;
import dev.jprofdata.format.io.MappedFaults;
import dev.jprofdata.format.offload.SlotReduction;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Streams the records of a raw {@code .profraw} file (raw versions 5, 7, 8, 9, 10, 11 and 12; 64-
 * and 32-bit; either byte order), in data-section order, profile after profile.
 *
 * <p>The file is memory-mapped; records are decoded one at a time straight from the mapping.
 * Opening parses the header, binary IDs and names of every profile in the file (see
 * {@link ProfileChain}); problems there fail {@link #open}. Problems inside records, in value data
 * and between profiles surface from {@link #next()}, after the records before them.
 */
public final class RawProfileReader implements BatchReader, DeviceData {
    private final String fileName;
    private final RawBytes bytes;
    /** Asked before the counters and value sites of a record are built. */
    private final MemoryGuard guard;
    private final List<RawProfile> profiles;
    private final ProfileFormatException pending;
    /** Built on first use: merging never needs it, and building it costs a map entry per name. */
    private SymbolTable symbols;
    private final List<byte[]> binaryIds = new ArrayList<>();
    private final List<String> vtableNames;
    private final List<String> warnings = new ArrayList<>();
    private final List<String> notices = new ArrayList<>();
    private final TemporalTimestamps timestamps = new TemporalTimestamps();
    private final CounterReader.Observer observer = new CounterReader.Observer() {
        @Override
        public void timestamp(long timestamp, long nameRef) {
            timestamps.add(timestamp, nameRef);
        }

        @Override
        public void largeCounter(long value) {
            // llvm-profdata merge keeps only the first such warning per file.
            if (!sawLargeCounter) {
                sawLargeCounter = true;
                warnings.add(RawErrors.COUNTER_TOO_LARGE + ": " + Long.toUnsignedString(value));
            }
        }
    };

    /** Per profile: how its device records store their slots (see spec/offload.md). */
    private final DeviceLayout[] deviceLayouts;
    /** Whether a v11/v12 profile of the file holds GPU records (embedded uniform counters, wave size). */
    private final boolean embeddedDevice;
    /** Uniform counters of the {@code .unifcnts} side file, or null; consumed in data-record order. */
    private long[] sideCounters;
    private long sideOffset;

    private int profileIndex;
    private long recordIndex;
    private long valuePosition;
    private CounterReader counters;
    private BitmapReader bitmaps;
    private UniformCounterReader uniforms;
    private ProfileFormatException failure;
    private boolean sawLargeCounter;

    private RawProfileReader(String fileName, RawBytes bytes, ProfileChain chain, MemoryGuard guard) {
        this.fileName = fileName;
        this.guard = guard;
        this.bytes = bytes;
        this.profiles = chain.profiles();
        this.pending = chain.pending();
        Set<String> vtables = new LinkedHashSet<>();
        boolean correlation = false;
        for (RawProfile p : profiles) {
            binaryIds.addAll(p.binaryIds());
            vtables.addAll(p.vtableNames());
            correlation |= p.header().needsCorrelation();
        }
        this.vtableNames = List.copyOf(vtables);
        this.deviceLayouts = new DeviceLayout[profiles.size()];
        boolean embedded = false;
        for (int i = 0; i < profiles.size(); i++) {
            deviceLayouts[i] = DeviceLayout.scan(bytes, profiles.get(i));
            if (deviceLayouts[i].ignoredReason() != null) {
                notices.add(deviceLayouts[i].ignoredReason());
            }
            embedded |= hasEmbeddedDeviceRecords(bytes, profiles.get(i));
        }
        this.embeddedDevice = embedded;
        if (correlation) {
            // llvm-profdata silently shows nothing for such a file; say why there are no records.
            notices.add(RawErrors.CORRELATION_REQUIRED);
        }
        enterProfile(0);
    }

    /** Opens {@code path} (messages name it {@code displayName}) and parses its first profile's header. */
    public static ProfileReader open(Path path, String displayName) throws IOException {
        return open(path, displayName, new NameTableCache());
    }

    /**
     * As {@link #open(Path, String)}, taking names sections already decoded from {@code names} and
     * leaving the ones it decodes there (for reading many runs of the same binaries).
     */
    public static ProfileReader open(Path path, String displayName, NameTableCache names) throws IOException {
        return open(path, displayName, RawBytes.DEFAULT_WINDOW_SHIFT, names, MemoryGuard.NONE);
    }

    /**
     * As {@link #open(Path, String, NameTableCache)}, asking {@code guard} before decoding the names
     * and before building each record's counters and value sites.
     */
    public static ProfileReader open(Path path, String displayName, NameTableCache names, MemoryGuard guard)
            throws IOException {
        return open(path, displayName, RawBytes.DEFAULT_WINDOW_SHIFT, names, guard);
    }

    /** As {@link #open(Path, String)}, mapping the file in windows of {@code 2^windowShift} bytes (for tests). */
    static RawProfileReader open(Path path, String displayName, int windowShift) throws IOException {
        return open(path, displayName, windowShift, new NameTableCache(), MemoryGuard.NONE);
    }

    private static RawProfileReader open(Path path, String displayName, int windowShift, NameTableCache names,
            MemoryGuard guard) throws IOException {
        RawBytes mapped;
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            mapped = RawBytes.map(channel, windowShift);
        } catch (NoSuchFileException e) {
            throw new ProfileFormatException(displayName, -1, Kind.NOT_FOUND, "No such file or directory");
        }
        try {
            return open(mapped, displayName, names, guard);
        } catch (InternalError e) {
            throw MappedFaults.truncated(displayName, e);
        }
    }

    /**
     * Reads a raw profile held in memory (for example a fuzzer's input); the buffer is not
     * modified.
     */
    public static ProfileReader open(ByteBuffer data, String displayName) throws ProfileFormatException {
        return open(RawBytes.wrap(data), displayName, new NameTableCache(), MemoryGuard.NONE);
    }

    private static RawProfileReader open(RawBytes mapped, String displayName, NameTableCache names,
            MemoryGuard guard) throws ProfileFormatException {
        if (mapped.size() == 0) {
            throw new ProfileFormatException(displayName, 0, Kind.EMPTY_FILE, ProfileReaders.EMPTY_FILE);
        }
        if (mapped.size() < 8) {
            throw new ProfileFormatException(displayName, 0, Kind.BAD_MAGIC, RawErrors.BAD_MAGIC);
        }
        long le = mapped.u64(0);
        long be = Long.reverseBytes(le);
        RawBytes ordered;
        int pointerWidth;
        if (Magic.isRawInReaderOrder(le)) {
            ordered = mapped;
            pointerWidth = le == Magic.RAW64 ? 8 : 4;
        } else if (Magic.isRawInReaderOrder(be)) {
            ordered = mapped.withOrder(ByteOrder.BIG_ENDIAN);
            pointerWidth = be == Magic.RAW64 ? 8 : 4;
        } else {
            throw new ProfileFormatException(displayName, 0, Kind.BAD_MAGIC, RawErrors.BAD_MAGIC);
        }
        RawProfile first = RawProfileParser.parse(ordered, 0, pointerWidth, displayName, names, guard);
        return new RawProfileReader(displayName, ordered,
                ProfileChain.discover(ordered, first, displayName, names, guard), guard);
    }

    @Override
    public ProfileFormat format() {
        return ProfileFormat.RAW;
    }

    @Override
    public String fileName() {
        return fileName;
    }

    /** The full version word of the first profile, variant flags included. */
    @Override
    public long displayVersion() {
        return profiles.get(0).header().versionWord();
    }

    /** The kind of the first profile (LLVM fixes a reader's kind before reading any record). */
    @Override
    public ProfileKind kind() {
        return profiles.get(0).header().kind();
    }

    @Override
    public List<byte[]> binaryIds() {
        return List.copyOf(binaryIds);
    }

    @Override
    public ProfileRecord next() throws IOException {
        if (failure != null) {
            throw failure;
        }
        try {
            while (profileIndex < profiles.size()) {
                RawProfile p = profiles.get(profileIndex);
                if (recordIndex < p.numData()) {
                    return readRecord(p);
                }
                enterProfile(profileIndex + 1);
            }
            if (pending != null) {
                throw pending;
            }
            return null;
        } catch (ProfileFormatException e) {
            failure = e;
            throw e;
        } catch (InternalError e) {
            failure = MappedFaults.truncated(fileName, e);
            throw failure;
        }
    }

    /**
     * Host profiles of raw versions up to 10: their records are names, hashes, counters, bitmaps
     * and value sites only. GPU records, and every record of versions 11 and 12 (which go through
     * the embedded-counter path), are read with {@link #next()}.
     */
    @Override
    public boolean readsBatches() {
        if (hasDeviceRecords()) {
            return false;
        }
        for (RawProfile p : profiles) {
            if (p.header().version().hasUniformCounters()) {
                return false;
            }
        }
        return true;
    }

    /**
     * The records {@link #next()} would give, straight into {@code batch}: counters copied from the
     * mapping into the batch's array, names as the bytes they are, no record objects.
     */
    @Override
    public boolean nextBatch(RecordBatch batch) throws IOException {
        if (failure != null) {
            throw failure;
        }
        batch.clear();
        try {
            while (!batch.full() && profileIndex < profiles.size()) {
                RawProfile p = profiles.get(profileIndex);
                if (recordIndex < p.numData()) {
                    addRecord(p, batch);
                } else {
                    enterProfile(profileIndex + 1);
                }
            }
            if (profileIndex >= profiles.size() && pending != null) {
                throw pending;
            }
        } catch (ProfileFormatException e) {
            // The records before the error go out first; the error comes with the next call.
            failure = e;
            if (batch.size() == 0) {
                throw e;
            }
        } catch (InternalError e) {
            // Nothing read from a file that shrank can be trusted, not even this batch.
            failure = MappedFaults.truncated(fileName, e);
            batch.clear();
            throw failure;
        }
        return batch.size() > 0;
    }

    /** {@link #readRecord} of a host record, into {@code batch}: the same checks in the same order. */
    private void addRecord(RawProfile p, RecordBatch batch) throws ProfileFormatException {
        long index = recordIndex;
        DataRecord r = DataRecord.read(bytes, p.layout(), p.recordOffset(index));
        CounterReader.Span span = counters.locate(r, p.countersDeltaFor(index), observer);
        byte[] bitmap = bitmaps.read(r, p.bitmapDeltaFor(index));
        ValueSite[][] sites = readValueSites(p, r);
        String name = p.name(r.nameRef());
        int i = batch.add(r.funcHash(), name.length(), span.count());
        name.getBytes(0, name.length(), batch.names(), batch.nameStart(i)); // one byte per char
        counters.copy(span, batch.counts(), batch.countsStart(i), observer);
        if (batch.withValues()) {
            batch.copyBitmap(bitmap);
            batch.copyValueSites(sites);
        }
        recordIndex++;
    }

    private void enterProfile(int index) {
        profileIndex = index;
        recordIndex = 0;
        if (index < profiles.size()) {
            RawProfile p = profiles.get(index);
            valuePosition = p.sections().valueDataOffset();
            counters = new CounterReader(bytes, p.header(), p.sections(), fileName, guard);
            bitmaps = new BitmapReader(bytes, p.sections(), fileName);
            uniforms = new UniformCounterReader(bytes, p.sections(), fileName);
        }
    }

    private static boolean hasEmbeddedDeviceRecords(RawBytes bytes, RawProfile p) {
        if (!p.header().version().hasUniformCounters()) {
            return false;
        }
        if (p.header().numUniformCounters() != 0) {
            return true;
        }
        for (long i = 0; i < p.numData(); i++) {
            if (DataRecord.isEmbeddedDevice(bytes, p.layout(), p.recordOffset(i))) {
                return true;
            }
        }
        return false;
    }

    /** Every raw profile answers the device questions (most answer "none"). */
    @Override
    public Optional<DeviceData> deviceData() {
        return Optional.of(this);
    }

    /**
     * Whether the file holds GPU records of raw v11/v12, which carry their uniform counters inside
     * the file (no {@code .unifcnts} side file is involved; see {@link #hasDeviceRecords()}).
     */
    @Override
    public boolean hasEmbeddedDeviceRecords() {
        return embeddedDevice;
    }

    /**
     * Whether any record of the file is a raw v10 GPU device record ({@code NumOffloadProfilingThreads}
     * > 0), whose uniform counters come from a {@code .unifcnts} side file.
     */
    @Override
    public boolean hasDeviceRecords() {
        return java.util.Arrays.stream(deviceLayouts).anyMatch(d -> d.deviceRecords() > 0);
    }

    /** Total per-wave slots of the device records: the number of counters the side file must hold. */
    @Override
    public long deviceSlotCount() {
        long n = 0;
        for (DeviceLayout d : deviceLayouts) {
            n += d.deviceSlots();
        }
        return n;
    }

    /**
     * Gives the device records the uniform counters of the file's {@code .unifcnts} side file, to be
     * taken in data-record order. Must be called before the first {@link #next()}.
     *
     * @return null when attached, else why not (the counters do not match the device slots); the
     *     records then carry no uniform counts
     */
    @Override
    public String attachUniformCounters(long[] counters) {
        long expected = deviceSlotCount();
        if (counters.length != expected) {
            return "size mismatch: " + counters.length + " uniform counters for " + expected
                    + " device counter slots";
        }
        this.sideCounters = counters.clone();
        this.sideOffset = 0;
        return null;
    }

    private ProfileRecord readRecord(RawProfile p) throws ProfileFormatException {
        long index = recordIndex;
        DataRecord r = DataRecord.read(bytes, p.layout(), p.recordOffset(index));
        if (r.isDevice() && deviceLayouts[profileIndex].deviceRecords() > 0) {
            return readDeviceRecord(p, r, index);
        }
        if (p.header().version().hasUniformCounters()) {
            return readEmbeddedRecord(p, r, index);
        }
        long[] counts = counters.read(r, p.countersDeltaFor(index), observer);
        byte[] bitmap = bitmaps.read(r, p.bitmapDeltaFor(index));
        ValueSite[][] sites = readValueSites(p, r);
        recordIndex++;
        return new ProfileRecord(p.name(r.nameRef()), r.funcHash(), counts, bitmap, sites);
    }

    /**
     * A device record: reads its B×K slots, reduces them to B block counts and, with a side file,
     * the matching uniform slots to B uniform counts.
     */
    private ProfileRecord readDeviceRecord(RawProfile p, DataRecord r, long index) throws ProfileFormatException {
        int k = r.offloadThreads() + 1;
        String name = p.name(r.nameRef());
        String where = "device record " + index + " (" + (name.isEmpty() ? "unnamed" : name)
                + ", NumOffloadProfilingThreads " + r.offloadThreads() + ")";
        DeviceLayout layout = deviceLayouts[profileIndex];
        if (layout.preExpanded() && r.numCounters() % k != 0) {
            throw new ProfileFormatException(fileName, r.offset(), Kind.MALFORMED, RawErrors.malformed(
                    where + ": NumCounters " + r.numCounters() + " is not a multiple of " + k + " slots"));
        }
        long slots = layout.slotsOf(r);
        long[] raw;
        try {
            raw = counters.read(r.withNumCounters(slots), p.countersDeltaFor(index), observer);
        } catch (ProfileFormatException e) {
            throw new ProfileFormatException(fileName, r.offset(), e.kind(), e.reason() + " (" + where + ": "
                    + slots / k + " blocks x " + k + " slots)");
        }
        int blocks = raw.length / k;
        long[] counts = SlotReduction.reduce(raw, 0, blocks, k);
        long[] uniform = null;
        if (sideCounters != null) {
            // attachUniformCounters checked that the side file holds exactly the device slots.
            long[] side = sideCounters;
            uniform = SlotReduction.reduce(side, (int) sideOffset, blocks, k);
            sideOffset += slots;
        }
        byte[] bitmap = bitmaps.read(r, p.bitmapDeltaFor(index));
        ValueSite[][] sites = readValueSites(p, r);
        recordIndex++;
        return new ProfileRecord(name, r.funcHash(), counts, bitmap, sites, new OffloadData(k, uniform, null));
    }

    /**
     * A raw v11/v12 record: counters (in v12 the last {@code NumWaveCounters} of them are wave
     * counters), then, when the profile has a uniform-counters section, one uniform counter per block
     * counter. Host records (no wave size, no wave counters, no uniform section) carry no offload data.
     */
    private ProfileRecord readEmbeddedRecord(RawProfile p, DataRecord r, long index) throws ProfileFormatException {
        long[] counts = counters.read(r, p.countersDeltaFor(index), observer);
        long[] waves = null;
        long numWaves = r.numWaveCounters();
        if (numWaves != 0) {
            if (numWaves >= counts.length) {
                // The fork's reader: more wave counters than counters, or no block counter left.
                throw new ProfileFormatException(fileName, r.offset(), Kind.MALFORMED, RawErrors.malformed(
                        "invalid number of wave counters (NumWaveCounters " + numWaves + ", NumCounters "
                                + r.numCounters() + ")"));
            }
            int blocks = counts.length - (int) numWaves;
            waves = Arrays.copyOfRange(counts, blocks, counts.length);
            counts = Arrays.copyOf(counts, blocks);
        }
        byte[] bitmap = bitmaps.read(r, p.bitmapDeltaFor(index));
        long[] uniform = null;
        if (uniforms.present()) {
            uniform = uniforms.read(r, r.numCounters() - numWaves, p.uniformDeltaFor(index));
            if (uniform.length > counts.length) {
                // Temporal profiles: the uniform array parallels the counters, timestamp slot included.
                uniform = Arrays.copyOfRange(uniform, uniform.length - counts.length, uniform.length);
            }
        }
        ValueSite[][] sites = readValueSites(p, r);
        recordIndex++;
        OffloadData offload = uniform == null && waves == null && !r.isEmbeddedDevice()
                ? null
                : new OffloadData(0, uniform, null, waves);
        return new ProfileRecord(p.name(r.nameRef()), r.funcHash(), counts, bitmap, sites, offload);
    }

    /** The record's value sites from the value-data section, advancing past its blob. */
    private ValueSite[][] readValueSites(RawProfile p, DataRecord r) throws ProfileFormatException {
        if (!r.hasValueData()) {
            return ProfileRecord.noValueSites();
        }
        ValueProfDataDecoder.Decoded decoded = ValueProfDataDecoder.decode(bytes, valuePosition, p.resolver(),
                fileName, guard);
        valuePosition += decoded.totalSize();
        return decoded.sites();
    }

    @Override
    public SymbolTable symbols() {
        if (symbols == null) {
            symbols = new SymbolTable();
            for (RawProfile p : profiles) {
                p.lookup().forEach(symbols::add);
            }
        }
        return symbols;
    }

    /**
     * The one trace of this file (function hashes by first-call time, weighted {@code rawWeight}),
     * complete once {@link #next()} has returned null; none when no function recorded a timestamp.
     */
    @Override
    public TemporalTraces temporalTraces(long rawWeight) {
        return timestamps.traces(rawWeight);
    }

    @Override
    public List<String> vtableNames() {
        return vtableNames;
    }

    @Override
    public List<String> notices() {
        return List.copyOf(notices);
    }

    @Override
    public List<String> warnings() {
        return List.copyOf(warnings);
    }

    @Override
    public void close() {
        // The mapping has no explicit release on Java 17; the channel was closed after mapping.
    }
}
