package dev.jprofdata.format.raw;

import dev.jprofdata.format.Magic;
import dev.jprofdata.format.MemoryGuard;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueProfData;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;

/**
 * Where the counters and value data of a plain raw profile sit, for merging many runs of one
 * binary without decoding each of them in full (spec/performance.md, "binary groups").
 *
 * <p>Runs of the same binary write files that differ only in their counters, their value data and
 * a few run-time addresses (with address-space randomisation): the header's {@code NamesDelta} and
 * {@code BitmapDelta}, and each record's {@code FunctionPointer} and {@code Values}. The reader uses
 * the function pointers only to resolve indirect-call targets, and a whole run moves by one amount
 * (the slide), so two such files give the same records apart from counters and values exactly when
 * {@link #compare} finds a run of the same binary whose functions moved together; counters
 * can then be added straight from the file and value data decoded against the first file's
 * addresses.
 *
 * <p>Only the common case is accepted: one 64-bit little-endian profile of raw version 8, 9 or 10
 * filling the whole file, with 8-byte counters, at least one data record, no MC/DC bitmap, no
 * vtables, no GPU device record and no temporal, byte-coverage or correlation flags.
 * {@link #probe} returns {@code null} for everything else, which then takes the ordinary reader.
 * {@link #probe} parses the binary IDs and address table with the reader's own parser
 * ({@link RawProfileParser}) and keeps the records' hashes and site counts for the caller; the
 * records' names are decoded with the same parser when first needed.
 */
public final class RawCounterLayout {
    /** Smallest record (v8) this class accepts. */
    private static final int MIN_RECORD = 48;
    private static final long EXCLUDED_FLAGS = ProfileKind.TEMPORAL | ProfileKind.BYTE_COVERAGE
            | ProfileKind.DEBUG_INFO_CORRELATE | ProfileKind.MEMPROF;

    private final int headerSize;
    private final long[] ignoredHeaderFields;
    private final long dataOffset;
    private final int recordSize;
    private final int addressFields;
    private final long versionWord;
    private final long countersOffset;
    private final int numCounters;
    private final long[] recordStart;
    private final int[] recordCount;
    /** Whether record {@code i} has a value-data blob. */
    private final boolean[] hasValues;
    /** Where the value data starts; the file size when no record has value data. */
    private final long valueDataOffset;
    /** Per record with value data, its site count per value kind (from the first file); else null. */
    private final int[][] siteCounts;
    /**
     * Each record's name, as the reader gives it, decoded from the probed file once (on another
     * thread when the merge asks, see {@link #decodeNamesOn}); and its function hash.
     */
    private final FutureTask<String[]> names;
    /** The names, once {@link #namesDecoded} has seen them decoded. */
    private volatile String[] decodedNames;
    /** Each record's name reference as the file gives it (the MD5 of its name, when it resolves). */
    private final long[] nameRefs;
    private final long[] hashes;
    /** Resolves the first file's value addresses; null without value data. */
    private final AddressResolver resolver;
    /**
     * The probed file's words that {@link #compare} looks at: everything before the value data
     * except the counters (which are half of a typical run, and change from run to run).
     */
    private final long[] reference;
    /** Size of the file this layout was probed from. */
    private final long fileSize;
    /** What the reader said of that file: its kind and binary IDs. */
    private final ProfileKind kind;
    private final java.util.List<byte[]> binaryIds;

    private RawCounterLayout(Builder b) {
        this.headerSize = b.headerSize;
        this.ignoredHeaderFields = b.ignoredHeaderFields;
        this.dataOffset = b.dataOffset;
        this.recordSize = b.recordSize;
        this.addressFields = b.addressFields;
        this.versionWord = b.versionWord;
        this.countersOffset = b.countersOffset;
        this.numCounters = b.numCounters;
        this.recordStart = b.recordStart;
        this.recordCount = b.recordCount;
        this.hasValues = b.hasValues;
        this.valueDataOffset = b.valueDataOffset;
        this.siteCounts = b.siteCounts;
        this.names = b.names;
        this.nameRefs = b.nameRefs;
        this.hashes = b.hashes;
        this.resolver = b.resolver;
        this.reference = b.reference;
        this.fileSize = b.fileSize;
        this.kind = b.kind;
        this.binaryIds = b.binaryIds;
    }

    /** The fields {@link #probe} collects, in one place. */
    private static final class Builder {
        int headerSize;
        long[] ignoredHeaderFields;
        long dataOffset;
        int recordSize;
        int addressFields;
        long versionWord;
        long countersOffset;
        int numCounters;
        long[] recordStart;
        int[] recordCount;
        boolean[] hasValues;
        long valueDataOffset;
        int[][] siteCounts;
        FutureTask<String[]> names;
        long[] nameRefs;
        long[] hashes;
        AddressResolver resolver;
        long[] reference;
        long fileSize;
        ProfileKind kind;
        java.util.List<byte[]> binaryIds;
    }

    /**
     * The layout of {@code file} (a little-endian view of a whole raw file), or {@code null} when the
     * file is not of the accepted kind. With value data, the file's value data is decoded once here
     * (site counts, address table). Its names are decoded (into {@code names}) when first needed,
     * or ahead on a thread of the caller's ({@link #decodeNamesOn}); a file whose names sections
     * do not decode is seen then ({@link #namesDecoded}).
     */
    public static RawCounterLayout probe(ByteBuffer file, NameTableCache names) {
        Builder b = parse(file, file.capacity());
        if (b == null || !readRecords(b, file, names)) {
            return null;
        }
        b.reference = reference(file, b);
        return new RawCounterLayout(b);
    }

    /** {@link #reference} of {@code file}: its words up to the value data, the counters left out. */
    private static long[] reference(ByteBuffer file, Builder b) {
        int counters = (int) (b.countersOffset / 8);
        int end = (int) (b.valueDataOffset / 8);
        long[] out = new long[end - b.numCounters];
        java.nio.LongBuffer words = file.duplicate().order(ByteOrder.LITTLE_ENDIAN).clear().asLongBuffer();
        words.get(0, out, 0, counters);
        words.get(counters + b.numCounters, out, counters, end - counters - b.numCounters);
        return out;
    }

    /**
     * Starts decoding the probed file's names sections on {@code executor}: they take as long as
     * reading dozens of runs, and nothing needs them before the merge ends.
     */
    public void decodeNamesOn(Executor executor) {
        executor.execute(names);
    }

    /**
     * Whether the probed file's names sections decode, decoding them here unless that has started
     * elsewhere (then waiting for it). When they do not, the files of this binary must be read the
     * ordinary way, which reports the problem.
     */
    public boolean namesDecoded() {
        names.run(); // does nothing when the decoding has started or ended
        try {
            decodedNames = names.get();
            return true;
        } catch (ExecutionException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Header and data records of a file of {@code size} bytes of which {@code start} holds at least
     * the header and the data records; null when the file is not of the accepted kind. Uses the
     * reader's own header parser, record layout and section arithmetic.
     */
    private static Builder parse(ByteBuffer start, long size) {
        ByteBuffer view = start.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        if (view.capacity() < 16 || view.getLong(0) != Magic.RAW64) {
            return null;
        }
        RawBytes bytes = RawBytes.wrap(view.clear());
        RawHeader h;
        RawSections sections;
        RecordLayout layout;
        try {
            h = RawHeaderParser.parse(bytes, 0, 8, "");
            int version = h.version().number;
            if ((h.versionWord() & EXCLUDED_FLAGS) != 0 || version < 8 || version > 10 || h.numBitmapBytes() != 0
                    || h.numVTables() != 0 || h.vnamesSize() != 0 || h.numData() <= 0 || h.numCounters() <= 0
                    || h.numData() > size / MIN_RECORD) {
                return null;
            }
            layout = RecordLayout.of(h.version(), 8);
            sections = RawSections.locate(h, layout, size, "");
        } catch (ProfileFormatException | RuntimeException e) {
            return null;
        }
        long dataEnd = sections.dataOffset() + h.numData() * layout.size();
        if (dataEnd > bytes.size() || sections.countersEnd() > size || !wordAligned(h.headerSize(),
                sections.dataOffset(), sections.countersOffset(), sections.valueDataOffset(), size)) {
            return null;
        }
        int numData = (int) h.numData();
        long[] starts = new long[numData];
        int[] counts = new int[numData];
        boolean[] hasValues = new boolean[numData];
        boolean anyValues = false;
        // The records are copied into words and their fields read from there: no record objects
        // and no buffer calls per field.
        int recordWords = layout.size() / 8;
        long[] w = new long[numData * recordWords];
        view.slice((int) sections.dataOffset(), numData * layout.size()).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer()
                .get(w, 0, numData * recordWords);
        int threadsAt = layout.offloadThreads();
        int sitesAt = layout.numValueSites();
        int kinds = layout.valueKinds();
        int countsAt = layout.numCounters();
        int pointerAt = layout.counterPtr();
        int bitmapBytesAt = layout.numBitmapBytes();
        int recordSize = layout.size();
        long countersDelta = h.countersDelta();
        long slots = h.numCounters();
        for (int i = 0, rec = 0; i < numData; i++, rec += recordSize) {
            if (threadsAt >= 0 && Words.u16(w, rec + threadsAt) != 0) {
                return null; // a GPU device record (the offload fork's v10)
            }
            // The header gives no bitmap section (checked above): a record that claims bitmap
            // bytes points past it, which the reader refuses, so such a file is read its way.
            if (bitmapBytesAt >= 0 && Words.u32(w, rec + bitmapBytesAt) != 0) {
                return null;
            }
            boolean values = false;
            for (int k = 0; k < kinds; k++) {
                values |= Words.u16(w, rec + sitesAt + 2 * k) != 0;
            }
            hasValues[i] = values;
            anyValues |= values;
            long n = Words.u32(w, rec + countsAt);
            // From v8 on a counter pointer is relative to its record (see RawProfile.countersDeltaFor).
            long offset = w[(rec + pointerAt) >>> 3] - (countersDelta - rec);
            if (n == 0 || offset < 0 || (offset & 7) != 0 || (offset >>> 3) + n > slots) {
                return null;
            }
            starts[i] = offset >>> 3;
            counts[i] = (int) n;
        }
        if (!anyValues && sections.valueDataOffset() != size) {
            return null; // something after this profile: another profile, or trailing bytes
        }
        Builder out = new Builder();
        out.headerSize = h.headerSize();
        // NamesDelta (and BitmapDelta) are run-time addresses; so are FunctionPointer and the
        // Values pointer that follows it in each record.
        out.ignoredHeaderFields = h.version().has(HeaderField.BITMAP_DELTA)
                ? new long[] {h.version().offsetOf(HeaderField.BITMAP_DELTA), h.version().offsetOf(HeaderField.NAMES_DELTA)}
                : new long[] {h.version().offsetOf(HeaderField.NAMES_DELTA)};
        out.dataOffset = sections.dataOffset();
        out.recordSize = layout.size();
        out.addressFields = layout.functionPointer();
        out.versionWord = h.versionWord();
        out.countersOffset = sections.countersOffset();
        out.numCounters = (int) h.numCounters();
        out.recordStart = starts;
        out.recordCount = counts;
        out.hasValues = hasValues;
        out.valueDataOffset = sections.valueDataOffset();
        out.fileSize = size;
        return out;
    }

    /** Whether every section boundary falls on a word, as the word-wise comparison needs. */
    private static boolean wordAligned(long... offsets) {
        for (long o : offsets) {
            if ((o & 7) != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Parses the file's binary IDs and address table with the reader's own parser, and takes each
     * record's function hash and site counts; its name is decoded later ({@link #namesDecoded}),
     * with the same parser, from its name reference. Nothing else of the reader is needed:
     * {@link #parse} has placed every record's counters, and a file that joins a group has its
     * counters checked and its value data decoded in full by the merge (which gives up on anything
     * unusual, such as counters the reader would warn about).
     */
    private static boolean readRecords(Builder b, ByteBuffer file, NameTableCache cache) {
        RawBytes bytes = RawBytes.wrap(file.duplicate().order(ByteOrder.LITTLE_ENDIAN).clear());
        RawProfile profile;
        try {
            profile = RawProfileParser.parseSkippingNames(bytes, 0, 8, "");
        } catch (ProfileFormatException | RuntimeException e) {
            return false;
        }
        if (profile.sections().valueDataOffset() != b.valueDataOffset) {
            return false;
        }
        RecordLayout layout = profile.layout();
        int n = b.recordStart.length;
        long[] nameRefs = new long[n];
        b.nameRefs = nameRefs;
        b.hashes = new long[n];
        b.siteCounts = new int[n][];
        boolean anyValues = false;
        for (int i = 0; i < n; i++) {
            long at = profile.recordOffset(i);
            nameRefs[i] = bytes.u64(at + RecordLayout.NAME_REF);
            b.hashes[i] = bytes.u64(at + RecordLayout.FUNC_HASH);
            if (b.hasValues[i]) {
                anyValues = true;
                b.siteCounts[i] = new int[ValueKind.COUNT];
                for (int k = 0; k < layout.valueKinds(); k++) {
                    b.siteCounts[i][k] = bytes.u16(at + layout.numValueSites() + 2L * k);
                }
            }
        }
        b.kind = profile.header().kind();
        b.binaryIds = profile.binaryIds();
        b.resolver = anyValues ? profile.resolver() : null;
        b.names = new FutureTask<>(() -> {
            NameTableCache.Entry decoded = RawProfileParser.names(bytes, profile.header(), profile.sections(), "", cache,
                    MemoryGuard.NONE);
            String[] names = new String[n];
            for (int i = 0; i < n; i++) {
                // As the reader: "" for a reference the names sections do not have.
                names[i] = decoded.lookup().get(nameRefs[i], "");
            }
            return names;
        });
        return true;
    }

    /** Receives one file's value sites, one at a time, in file order. */
    public interface ValueSink {
        /**
         * Site {@code site} of value kind {@code kind} of record {@code record}: the {@code n}
         * entries of {@code values} (resolved) and {@code counts} from {@code from}; both arrays
         * are reused for the next site.
         */
        void site(int record, int kind, int site, long[] values, long[] counts, int from, int n);
    }

    /**
     * Decodes every value blob of a file whose value data is {@code valueData} (its bytes from
     * {@link #valueDataOffset()} to its end, little-endian) into {@code into}, its addresses
     * resolved as the first file's shifted by {@code slide}; true when the whole of it is sound
     * (the checks of the ordinary decoder, which reports any damage when the file is read the
     * ordinary way), has the first file's kinds and site counts, each kind once, and the blobs end
     * the file. Each blob is checked and read on one pass ({@link ValueProfData#check(
     * ValueProfData.Bytes, long, long, ValueProfData.EntryObserver, ValueProfData.SiteVisitor,
     * ValueProfData.Checked)}); the caller adds {@code into}'s sites ({@link RunValueSites#feed})
     * only when this returns true, so that it never adds half a file.
     */
    public boolean decodeValues(ByteBuffer valueData, long slide, RunValueSites into) {
        into.clear();
        if (resolver == null) {
            return true;
        }
        try {
            RawBytes bytes = RawBytes.wrap(valueData.duplicate().order(ByteOrder.LITTLE_ENDIAN).clear());
            return decodeValues(bytes, resolver.shifted(slide), into);
        } catch (RuntimeException | ProfileFormatException e) {
            return false;
        }
    }

    private boolean decodeValues(RawBytes bytes, AddressResolver moved, RunValueSites into)
            throws ProfileFormatException {
        SiteDecoder decoder = new SiteDecoder(bytes, moved, into, siteCounts);
        ValueProfData.Checked checked = new ValueProfData.Checked();
        long at = 0;
        for (int r = 0; r < hasValues.length; r++) {
            if (!hasValues[r]) {
                continue;
            }
            decoder.startRecord(r);
            ValueProfData.check(bytes, at, bytes.size() - at, decoder, decoder, checked);
            if (!checked.ok() || !decoder.recordFits()) {
                return false;
            }
            at += checked.totalSize();
        }
        return at == bytes.size(); // more value data than the first file's records have blobs for
    }

    /**
     * Reads one file's sites into a {@link RunValueSites} as the check accepts each entry, and
     * notes on the same pass whether each record lists every kind the first file's does, once,
     * with its number of sites. One object for the whole file, not one per record (a run's
     * records number in the tens of thousands, and merges of many runs run mostly without escape
     * analysis).
     */
    private static final class SiteDecoder implements ValueProfData.SiteVisitor, ValueProfData.EntryObserver {
        private final RawBytes bytes;
        private final AddressResolver moved;
        private final RunValueSites into;
        private final int[][] firstFileSites;
        private final int[] nextSite = new int[ValueKind.COUNT];
        private final int[] seen = new int[ValueKind.COUNT];
        private int record;
        private boolean fits;

        SiteDecoder(RawBytes bytes, AddressResolver moved, RunValueSites into, int[][] firstFileSites) {
            this.bytes = bytes;
            this.moved = moved;
            this.into = into;
            this.firstFileSites = firstFileSites;
        }

        void startRecord(int r) {
            record = r;
            fits = true;
            java.util.Arrays.fill(nextSite, 0);
            java.util.Arrays.fill(seen, 0);
        }

        @Override
        public void entry(int kind, long numSites) {
            fits &= seen[kind]++ == 0 && numSites == firstFileSites[record][kind];
        }

        /** Whether the record's blob listed the first file's kinds (each once, checked as seen). */
        boolean recordFits() {
            for (int k = 0; k < ValueKind.COUNT; k++) {
                // A kind with sites in the first file that is missing here.
                fits &= seen[k] > 0 || firstFileSites[record][k] == 0;
            }
            return fits;
        }

        @Override
        public void site(int kind, int n, long valueAt) {
            int to = into.add(record, kind, nextSite[kind]++, n);
            long[] values = into.values();
            long[] counts = into.counts();
            ValueKind valueKind = ValueKind.of(kind);
            for (int i = 0; i < n; i++) {
                values[to + i] = moved.resolve(valueKind, bytes.u64(valueAt + 16L * i));
                counts[to + i] = bytes.u64(valueAt + 16L * i + 8);
            }
        }
    }

    /**
     * Looks at one window of records: {@code n} records of {@code recordWords} words, at {@code ref}
     * in the reference file and at {@code at} in {@code o}; false stops the walk.
     */
    private interface RecordWindow {
        boolean visit(int ref, long[] o, int at, int n, int recordWords);
    }

    /**
     * Walks {@code other}'s data records in windows of whole records (at most {@link Words#CHUNK}
     * words each), giving each window's place in the reference file and in {@code other}'s loaded
     * array; stops at, and returns false on, the first window the visitor refuses.
     */
    private boolean forEachRecordWindow(Words.Source other, RecordWindow window) {
        int recordWords = recordSize / 8;
        int data = (int) (dataOffset / 8);
        int perLoad = Words.CHUNK / recordWords;
        for (int first = 0; first < recordStart.length; first += perLoad) {
            int n = Math.min(perLoad, recordStart.length - first);
            int from = data + first * recordWords;
            int at = other.load(from, n * recordWords);
            if (!window.visit(from, other.array(), at, n, recordWords)) {
                return false;
            }
        }
        return true;
    }

    /**
     * How a file compares with the file this layout was probed from ({@link #compare}): a run of
     * the same binary or not, and for a run, how far its functions sit above the probed file's (the
     * same amount for every record with a function pointer), or null when they did not move
     * together (value sites cannot then be resolved against the probed file's addresses).
     */
    public record Match(boolean sameBinary, Long slide) {
        static final Match DIFFERENT = new Match(false, null);
        /** A run of the same binary whose functions did not move: also the probed file itself. */
        public static final Match UNMOVED = new Match(true, 0L);
    }

    /**
     * Whether {@code other}, a file of {@code otherSize} bytes as little-endian words, is a run of
     * the same binary as the file this layout was probed from, in the same form:
     * equal bytes everywhere before the value data except the counter section and the run-time
     * address fields (and, without value data, of equal size). With value data, the slide is
     * found in the same walk over the records, so that each file's records are read once.
     */
    public Match compare(Words.Source other, long otherSize) {
        if (resolver == null ? otherSize != fileSize : otherSize < valueDataOffset) {
            return Match.DIFFERENT;
        }
        int headerWords = headerSize / 8;
        int at = other.load(0, headerWords);
        long[] o = other.array();
        for (int w = 0; w < headerWords; w++) {
            if (reference[w] != o[at + w] && !ignoredHeaderField(8 * w)) {
                return Match.DIFFERENT;
            }
        }
        int data = (int) (dataOffset / 8);
        int dataEnd = data + recordStart.length * (recordSize / 8);
        // The reference has no counters: its words after them sit numCounters earlier.
        if (!sameWords(other, headerWords, data, 0)
                || !sameWords(other, dataEnd, (int) (countersOffset / 8), 0)
                || !sameWords(other, (int) (countersEnd() / 8), (int) (valueDataOffset / 8), numCounters)) {
            return Match.DIFFERENT;
        }
        // Without address randomisation the records are simply equal (and nothing moved);
        // otherwise compare every word but the two address fields of each record.
        if (sameWords(other, data, dataEnd, 0)) {
            return Match.UNMOVED;
        }
        return recordsApartFromAddresses(other);
    }

    private Match recordsApartFromAddresses(Words.Source other) {
        int fp = addressFields / 8;
        boolean findSlide = resolver != null;
        // The slide, whether one was found, and whether the pointers still move together.
        long[] slide = {0, 0, 1};
        boolean same = forEachRecordWindow(other, (ref, o, at, n, recordWords) -> {
            long diff = 0;
            for (int i = 0; i < n; i++) {
                int r = ref + i * recordWords;
                int x = at + i * recordWords;
                for (int k = 0; k < fp; k++) {
                    diff |= reference[r + k] ^ o[x + k];
                }
                for (int k = fp + 2; k < recordWords; k++) {
                    diff |= reference[r + k] ^ o[x + k];
                }
                if (findSlide) {
                    moveTogether(reference[r + fp], o[x + fp], slide);
                }
            }
            return diff == 0;
        });
        if (!same) {
            return Match.DIFFERENT;
        }
        return new Match(true, !findSlide || slide[2] == 1 ? Long.valueOf(slide[0]) : null);
    }

    /**
     * Notes one record's function pointers, {@code fa} in the probed file and {@code fb} in the
     * other, in {@code slide} (the slide, 1 once one was found, 1 while all agree): a null pointer
     * must stay null, and every other must move by the same amount.
     */
    private static void moveTogether(long fa, long fb, long[] slide) {
        if (fa == 0 || fb == 0) {
            if (fa != fb) {
                slide[2] = 0;
            }
            return;
        }
        long s = fb - fa;
        if (slide[1] == 0) {
            slide[0] = s;
            slide[1] = 1;
        } else if (slide[0] != s) {
            slide[2] = 0;
        }
    }

    private boolean ignoredHeaderField(int at) {
        for (long f : ignoredHeaderFields) {
            if (f == at) {
                return true;
            }
        }
        return false;
    }

    /** Whether words {@code [from, to)} of {@code other} equal the reference's, {@code shift} words earlier there. */
    private boolean sameWords(Words.Source other, int from, int to, int shift) {
        for (int w = from; w < to; w += Words.CHUNK) {
            int n = Math.min(Words.CHUNK, to - w);
            int at = other.load(w, n);
            if (!java.util.Arrays.equals(reference, w - shift, w - shift + n, other.array(), at, at + n)) {
                return false;
            }
        }
        return true;
    }

    /** Bytes of the header; files of one group have equal headers. */
    public int headerSize() {
        return headerSize;
    }

    /** The header's version word, flags included. */
    public long versionWord() {
        return versionWord;
    }

    public long countersOffset() {
        return countersOffset;
    }

    public long countersEnd() {
        return countersOffset + 8L * numCounters;
    }

    /** Counter slots of the counter section. */
    public int numCounters() {
        return numCounters;
    }

    /** Number of data records, in the order the reader returns them. */
    public int numRecords() {
        return recordStart.length;
    }

    /** Index of record {@code i}'s first counter in the counter section. */
    public long counterStart(int i) {
        return recordStart[i];
    }

    /** Number of counters of record {@code i}. */
    public int counterCount(int i) {
        return recordCount[i];
    }

    /**
     * Record {@code i}'s function name.
     *
     * @throws IllegalStateException when the names sections do not decode ({@link #namesDecoded})
     */
    public String name(int i) {
        String[] decoded = decodedNames;
        if (decoded == null) {
            if (!namesDecoded()) {
                throw new IllegalStateException("the names of the probed file do not decode");
            }
            decoded = decodedNames;
        }
        return decoded[i];
    }

    /**
     * Record {@code i}'s name reference as the file gives it: the MD5 of its name when the names
     * sections hold it. Known without decoding the names; records whose names are equal have equal
     * references, but equal references alone do not prove equal names.
     */
    public long nameRef(int i) {
        return nameRefs[i];
    }

    /** Record {@code i}'s function hash. */
    public long hash(int i) {
        return hashes[i];
    }

    /** The profile kind of the file this layout was probed from (every run of a binary has it). */
    public ProfileKind kind() {
        return kind;
    }

    /** The binary IDs of the file this layout was probed from (equal in every run of the group). */
    public java.util.List<byte[]> binaryIds() {
        return binaryIds;
    }

    /** Size of the file this layout was probed from. */
    public long fileSize() {
        return fileSize;
    }

    /** Whether some record has value data (files of the group then differ in size). */
    public boolean hasValueData() {
        return resolver != null;
    }

    /** Where the value data starts (the file size without value data). */
    public long valueDataOffset() {
        return valueDataOffset;
    }

    /** Sites of value kind {@code kind} in record {@code i} (0 without value data). */
    public int siteCount(int i, ValueKind kind) {
        return hasValues[i] ? siteCounts[i][kind.number()] : 0;
    }
}
