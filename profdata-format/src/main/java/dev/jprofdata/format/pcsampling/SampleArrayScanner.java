package dev.jprofdata.format.pcsampling;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.ToIntFunction;

/**
 * Reads the elements of a results JSON's sample array ({@code pc_sample_stochastic},
 * {@code pc_sample_host_trap}) straight from the bytes, several times faster than a general JSON
 * parser: a sample is about 1.2 kB of some 45 member names and small numbers, written by rocprofv3
 * in the same order and layout every time. An element is first read with the layout of the one
 * before ({@link SampleLayout}: the text between its values compared as bytes, each value read by
 * the member method that read it there before); when that fails, member by member, each name
 * matched against the one found at the same place in the element before (cheaper than hashing
 * it; any order is still read), and that element's layout is kept for the next.
 *
 * <p>It takes only what it is sure of and leaves the rest to {@link RocprofResultsReader}'s Jackson
 * path, which reports every error: it reads one whole element at a time into {@link SampleFields}
 * with exactly the reader's rules, and hands it on only when the element was read to its end.
 * At the first thing it does not read itself (the end of the array, anything that is not plain
 * JSON of integers, {@code true}/{@code false}/{@code null} and ASCII strings without escapes, a
 * value the reader would refuse, an element longer than what is buffered, the end of the input)
 * it stops before that element; {@link #remaining()} then gives the input from there on.
 */
final class SampleArrayScanner {
    /** What is kept buffered ahead of an element; an element that does not fit is left to Jackson. */
    private static final int AHEAD = 1 << 16;
    private static final int BUFFER = 1 << 20;
    /** Deeper values are left to Jackson (which has its own limit). */
    private static final int MAX_DEPTH = 64;

    /** Called with each element read, its fields in the {@link SampleFields} given, and its byte offset. */
    @FunctionalInterface
    interface ElementSink {
        void accept(long position) throws IOException;
    }

    private final InputStream in;
    private final SampleFields f;
    private final EnumNames enums;
    private byte[] buf;
    private int end;
    /** The byte offset in the file of {@code buf[0]}. */
    private long bufStart;
    private boolean eof;
    /** Where the input not read yet starts: after the last element handed on. */
    private int keep;
    private boolean readAny;
    /** The value of the last number read. */
    private long number;
    private boolean bool;
    private int stringStart;
    private int stringLength;

    private final KeyTable sampleKeys = new KeyTable(SampleArrayScanner::sampleKey);
    private final KeyTable recordKeys = new KeyTable(SampleArrayScanner::recordKey);
    private final KeyTable hwKeys = new KeyTable(k -> {
        HardwareId id = HardwareId.ofJsonKey(k);
        return id == null ? 0 : id.ordinal() + 1;
    });
    private final KeyTable pcKeys = new KeyTable(k -> k.equals("code_object_id") ? 1 : k.equals("code_object_offset") ? 2 : 0);
    private final KeyTable correlationKeys = new KeyTable(k -> k.equals("internal") ? 1 : 0);
    private final KeyTable snapshotKeys = new KeyTable(SampleArrayScanner::snapshotKey);
    private final ValueTable types;
    private final ValueTable reasons;
    /** The layout of the last element read member by member, which the next ones are first read with. */
    private final SampleLayout layout = new SampleLayout();
    private long byLayout;
    /** Tries of the layout in the current window, and how many failed. */
    private int layoutTries;
    private int layoutMisses;
    /** Elements still to be read member by member before the layout is tried again. */
    private int layoutPause;
    private static final int LAYOUT_WINDOW = 32;
    private static final int LAYOUT_PAUSE = 512;

    private static final HardwareId[] HARDWARE_IDS = HardwareId.values();
    private static final java.lang.invoke.VarHandle LONGS = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
            long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
    private static final ArbiterPipe[] PIPES = ArbiterPipe.values();

    /**
     * @param held the input already read past the array's {@code [} (what the JSON parser had buffered)
     * @param in the rest of the input
     * @param start the byte offset in the file of {@code held[0]}
     */
    SampleArrayScanner(byte[] held, InputStream in, long start, SampleFields f, EnumNames enums) {
        this.in = in;
        this.f = f;
        this.enums = enums;
        this.buf = Arrays.copyOf(held, Math.max(BUFFER, held.length));
        this.end = held.length;
        this.bufStart = start;
        this.types = new ValueTable(enums::type);
        this.reasons = new ValueTable(enums::reason);
    }

    /** Reads elements until the first one it leaves to Jackson (or the end of the array), handing each to {@code sink}. */
    void scan(ElementSink sink) throws IOException {
        while (true) {
            fill();
            int p = whitespace(keep);
            if (readAny) {
                if (p >= end || buf[p] != ',') {
                    return;
                }
                p = whitespace(p + 1);
            }
            if (p >= end || buf[p] != '{') {
                return;
            }
            f.clear();
            boolean tried = layoutPause == 0;
            int after = tried ? sameLayout(p) : -1;
            if (after >= 0) {
                byLayout++;
            } else {
                // Read member by member (with every rule), and its layout kept for the next element.
                f.clear();
                layout.begin();
                after = sample(p);
                if (after < 0) {
                    return;
                }
                if (tried) {
                    layoutMisses++;
                } else {
                    layoutPause--;
                }
                if (layoutPause == 0) {
                    layout.learn(buf, p, after);
                    for (int i = 0; i < layout.slots; i++) {
                        layout.arbiterBits[i] = layout.kinds[i] == SampleLayout.SNAPSHOT
                                ? arbiterBits(layout.codes[i]) : 0;
                    }
                }
            }
            if (tried && ++layoutTries == LAYOUT_WINDOW) {
                // Elements whose layouts keep changing cost a failed try and a new layout each:
                // when more than a quarter of a window's tries failed, the next elements are read
                // member by member only, and then the layouts are tried again.
                if (layoutMisses * 4 > LAYOUT_WINDOW) {
                    layoutPause = LAYOUT_PAUSE;
                }
                layoutTries = 0;
                layoutMisses = 0;
            }
            sink.accept(bufStart + p);
            readAny = true;
            keep = after;
        }
    }

    /** How many elements were read with the layout of the one before (the rest member by member). */
    long elementsReadByLayout() {
        return byLayout;
    }

    /** Whether an element was read: then the input left starts after it (a {@code ,} or the {@code ]}). */
    boolean readAny() {
        return readAny;
    }

    /** The byte offset in the file where the input left starts. */
    long remainingOffset() {
        return bufStart + keep;
    }

    /** The input not read: from after the last element handed on (or from the start) to the end. */
    InputStream remaining() {
        InputStream held = new ByteArrayInputStream(buf, keep, end - keep);
        return eof ? held : new SequenceInputStream(held, in);
    }

    /** Keeps at least {@link #AHEAD} bytes buffered after {@link #keep}, unless the input ends first. */
    private void fill() throws IOException {
        if (eof || end - keep >= AHEAD) {
            return;
        }
        System.arraycopy(buf, keep, buf, 0, end - keep);
        bufStart += keep;
        end -= keep;
        keep = 0;
        while (end < buf.length) {
            int n = in.read(buf, end, buf.length - end);
            if (n < 0) {
                eof = true;
                return;
            }
            end += n;
        }
    }

    // --- the members, with RocprofResultsReader's rules; each returns the index after what it read, or -1 ---

    private int sampleMember(int code, int p) {
        switch (code) {
            case 1 -> {
                f.record = true;
                return record(p);
            }
            case 2 -> {
                p = signed(p);
                f.instIndex = number;
                return p;
            }
            default -> {
                return skip(p, 1);
            }
        }
    }

    private static int sampleKey(String k) {
        return switch (k) {
            case "record" -> 1;
            case "inst_index" -> 2;
            default -> 0;
        };
    }

    private static int recordKey(String k) {
        return switch (k) {
            case "hw_id" -> 1;
            case "pc" -> 2;
            case "exec_mask" -> 3;
            case "timestamp" -> 4;
            case "dispatch_id" -> 5;
            case "corr_id" -> 6;
            case "wave_issued" -> 7;
            case "inst_type" -> 8;
            case "wave_cnt" -> 9;
            case "snapshot" -> 10;
            default -> 0;
        };
    }

    private int recordMember(int code, int p) {
        switch (code) {
            case 1 -> {
                f.hw = 0;
                return hardwareIds(p);
            }
            case 2 -> {
                return pc(p);
            }
            case 3 -> {
                p = unsigned(p);
                f.exec = number;
                return p;
            }
            case 4 -> {
                p = unsigned(p);
                f.timestamp = number;
                return p;
            }
            case 5 -> {
                p = unsigned(p);
                f.dispatch = number;
                return p;
            }
            case 6 -> {
                return correlation(p);
            }
            case 7 -> {
                p = bit(p);
                f.issued = bool ? 1 : 0;
                return p;
            }
            case 8 -> {
                p = string(p);
                if (p >= 0) {
                    f.type = types.get(buf, stringStart, stringLength);
                }
                return p;
            }
            case 9 -> {
                p = unsigned(p);
                f.waves = (int) Math.min(number, Integer.MAX_VALUE);
                return p;
            }
            case 10 -> {
                return snapshot(p);
            }
            default -> {
                return skip(p, 1);
            }
        }
    }

    private int pcMember(int code, int p) {
        if (code == 0) {
            return skip(p, 2);
        }
        p = unsigned(p);
        if (code == 1) {
            f.codeObjectId = number;
        } else {
            f.offset = number;
        }
        return p;
    }

    private int correlationMember(int code, int p) {
        if (code == 0) {
            return skip(p, 2);
        }
        p = unsigned(p);
        f.correlation = number;
        return p;
    }

    private int hardwareId(int code, int p) {
        if (code == 0) {
            return skip(p, 2);
        }
        p = unsigned(p);
        return p < 0 || !hardwareValue(code, number) ? -1 : p;
    }

    /** Sets the hw_id field of member code {@code code} (not 0) to {@code v}; false when it does not fit. */
    private boolean hardwareValue(int code, long v) {
        HardwareId id = HARDWARE_IDS[code - 1];
        if (!id.fits(v)) {
            return false;
        }
        f.hw = id.with(f.hw, v);
        return true;
    }

    /** Snapshot members: 1 stall_reason, 2 dual_issue_valu, 3 an arbiter bit of no known pipe, 100+pipe issue, 200+pipe stall. */
    private static int snapshotKey(String m) {
        if (m.equals("stall_reason")) {
            return 1;
        }
        if (m.equals("dual_issue_valu")) {
            return 2;
        }
        if (m.startsWith("arb_state_issue_") || m.startsWith("arb_state_stall_")) {
            ArbiterPipe pipe = ArbiterPipe.ofJsonSuffix(m.substring("arb_state_issue_".length()));
            if (pipe == null) {
                return 3;
            }
            return (m.startsWith("arb_state_issue_") ? 100 : 200) + pipe.ordinal();
        }
        return 0;
    }

    private int snapshotMember(int code, int p) {
        switch (code) {
            case 0 -> {
                return skip(p, 2);
            }
            case 1 -> {
                p = string(p);
                if (p >= 0) {
                    f.reason = reasons.get(buf, stringStart, stringLength);
                }
                return p;
            }
            default -> {
                p = bit(p);
                if (p >= 0) {
                    snapshotBit(code, bool);
                }
                return p;
            }
        }
    }

    /** A snapshot bit of member code {@code code} (2, 3 or a pipe's) read as {@code set}. */
    private void snapshotBit(int code, boolean set) {
        if (code == 2) {
            f.dual = set;
            f.arbiter = true;
        } else if (code >= 100) {
            f.arbiter = true;
            if (set) {
                int bits = arbiterBits(code);
                f.issue |= bits & 0xFFFF;
                f.stall |= bits >>> 16;
            }
        }
    }

    /**
     * What the snapshot member of code {@code code} sets when it is 1: its pipe's issue bit, or its
     * pipe's stall bit shifted left by 16; 0 for a member that is no pipe's.
     */
    private static int arbiterBits(int code) {
        if (code >= 200) {
            return PIPES[code - 200].bit() << 16;
        }
        return code >= 100 ? PIPES[code - 100].bit() : 0;
    }

    // --- plain JSON -------------------------------------------------------------------------

    // Each kind of object has its own loop over its members (sample, record, hw_id, pc, corr_id,
    // snapshot) rather than one loop calling a method per kind: the JIT then compiles each small
    // loop on its own instead of inlining them into each other (one C2 compilation of ~1.5 s).

    // Each records the values it reads into the layout (SampleLayout.slot): a member whose value is
    // an object it reads itself (record, hw_id, pc, corr_id, snapshot) is not a slot; its members are.

    private int sample(int p) {
        p = open(p);
        while (p >= 0 && !closed) {
            p = key(p, sampleKeys);
            if (p < 0) {
                return -1;
            }
            int c = code;
            int v = p;
            if (c == 1) {
                layout.slot(v, v, SampleLayout.OPEN_RECORD, 0);
            }
            p = sampleMember(c, p);
            if (p >= 0 && c != 1 && leaf(c, v)) {
                layout.slot(v, p, SampleLayout.SAMPLE, c);
            }
            p = next(p);
        }
        return p;
    }

    private int record(int p) {
        p = open(p);
        while (p >= 0 && !closed) {
            p = key(p, recordKeys);
            if (p < 0) {
                return -1;
            }
            int c = code;
            int v = p;
            if (c == 1) {
                layout.slot(v, v, SampleLayout.OPEN_HARDWARE_ID, 0);
            }
            p = recordMember(c, p);
            if (p >= 0 && c != 1 && c != 2 && c != 6 && c != 10 && leaf(c, v)) {
                layout.slot(v, p, SampleLayout.RECORD, c);
            }
            p = next(p);
        }
        return p;
    }

    private int hardwareIds(int p) {
        p = open(p);
        while (p >= 0 && !closed) {
            p = key(p, hwKeys);
            if (p < 0) {
                return -1;
            }
            int c = code;
            int v = p;
            p = hardwareId(c, p);
            if (p >= 0 && leaf(c, v)) {
                layout.slot(v, p, SampleLayout.HARDWARE_ID, c);
            }
            p = next(p);
        }
        return p;
    }

    private int pc(int p) {
        p = open(p);
        while (p >= 0 && !closed) {
            p = key(p, pcKeys);
            if (p < 0) {
                return -1;
            }
            int c = code;
            int v = p;
            p = pcMember(c, p);
            if (p >= 0 && leaf(c, v)) {
                layout.slot(v, p, SampleLayout.PC, c);
            }
            p = next(p);
        }
        return p;
    }

    private int correlation(int p) {
        p = open(p);
        while (p >= 0 && !closed) {
            p = key(p, correlationKeys);
            if (p < 0) {
                return -1;
            }
            int c = code;
            int v = p;
            p = correlationMember(c, p);
            if (p >= 0 && leaf(c, v)) {
                layout.slot(v, p, SampleLayout.CORRELATION, c);
            }
            p = next(p);
        }
        return p;
    }

    private int snapshot(int p) {
        p = open(p);
        while (p >= 0 && !closed) {
            p = key(p, snapshotKeys);
            if (p < 0) {
                return -1;
            }
            int c = code;
            int v = p;
            p = snapshotMember(c, p);
            if (p >= 0 && leaf(c, v)) {
                layout.slot(v, p, SampleLayout.SNAPSHOT, c);
            }
            p = next(p);
        }
        return p;
    }

    /** Whether the value at {@code v} of a member with code {@code c} is a slot: not a skipped container (its members are). */
    private boolean leaf(int c, int v) {
        return c != 0 || buf[v] != '{' && buf[v] != '[';
    }

    /**
     * The element at {@code p} read with the layout of the one before ({@link SampleLayout}): the
     * text between its values must be the same bytes, and each value is read by the member method
     * that read the value in its place before, so the fields come out as a member-by-member read
     * would make them. The index after the element, or -1 when it differs anywhere (or no layout is
     * known), and then the element is read member by member.
     */
    private int sameLayout(int p) {
        SampleLayout l = layout;
        int n = l.slots;
        if (n < 0) {
            return -1;
        }
        byte[] b = buf;
        int e = end;
        int[] lengths = l.textLengths;
        int[] wordStarts = l.wordStarts;
        long[] words = l.words;
        int[] kinds = l.kinds;
        int[] codes = l.codes;
        int[] arbiter = l.arbiterBits;
        for (int i = 0; ; i++) {
            // The text before slot i, eight bytes at a time: whole words, then the last eight
            // (overlapping); a text shorter than eight is one word compared under its mask.
            int length = lengths[i];
            if (p + length > e) {
                return -1;
            }
            int w = wordStarts[i];
            if (length >= 8) {
                int k = 0;
                for (; k + 8 <= length; k += 8, w++) {
                    if ((long) LONGS.get(b, p + k) != words[w]) {
                        return -1;
                    }
                }
                if (k < length && (long) LONGS.get(b, p + length - 8) != words[w]) {
                    return -1;
                }
            } else if (p + 8 <= e) {
                if (((long) LONGS.get(b, p) & l.masks[i]) != words[w]) {
                    return -1;
                }
            } else if (!Arrays.equals(b, p, p + length, l.text, l.textStarts[i], l.textStarts[i] + length)) {
                return -1;
            }
            p += length;
            if (i == n) {
                return p;
            }
            int c = codes[i];
            int kind = kinds[i];
            if (kind <= SampleLayout.SKIPPED && p + 1 < e) {
                // Most snapshot, hw_id and skipped values are one digit: read here, as the member
                // methods would read them (a digit followed by what may end a number).
                int d = b[p] - '0';
                byte after = b[p + 1];
                if (d >= 0 && d <= 9 && (after == ',' || after == '}' || ends(b, p + 1, e))) {
                    if (kind == SampleLayout.SNAPSHOT) {
                        int bits = arbiter[i];
                        if (bits != 0 && d <= 1) {
                            // a pipe's issue or stall bit, as snapshotBit sets it
                            f.arbiter = true;
                            if (d == 1) {
                                f.issue |= bits & 0xFFFF;
                                f.stall |= bits >>> 16;
                            }
                        } else if (c >= 2 && d <= 1) {
                            snapshotBit(c, d == 1);
                        } else if (c != 0) {
                            return -1; // stall_reason is a string, a bit is 0 or 1
                        }
                    } else if (kind == SampleLayout.HARDWARE_ID && c != 0 && !hardwareValue(c, d)) {
                        return -1;
                    }
                    p++;
                    continue;
                }
            }
            p = switch (kind) {
                case SampleLayout.SNAPSHOT -> snapshotMember(c, p);
                case SampleLayout.HARDWARE_ID -> hardwareId(c, p);
                case SampleLayout.RECORD -> recordMember(c, p);
                case SampleLayout.PC -> pcMember(c, p);
                case SampleLayout.CORRELATION -> correlationMember(c, p);
                case SampleLayout.SAMPLE -> sampleMember(c, p);
                case SampleLayout.SKIPPED -> skip(p, c);
                case SampleLayout.OPEN_RECORD -> {
                    f.record = true;
                    yield p;
                }
                default -> { // OPEN_HARDWARE_ID
                    f.hw = 0;
                    yield p;
                }
            };
            if (p < 0) {
                return -1;
            }
        }
    }

    /** Whether the last {@link #open} or {@link #next} reached the object's end. */
    private boolean closed;
    /** The code of the key {@link #key} read. */
    private int code;

    /** The object starting at {@code p}: the index of its first key, or after its {@code }} when empty ({@link #closed}); -1 if no object. */
    private int open(int p) {
        if (p < 0 || p >= end || buf[p] != '{') {
            return -1;
        }
        p = whitespace(p + 1);
        closed = p < end && buf[p] == '}';
        return closed ? p + 1 : p;
    }

    /** The member name at {@code p} and its {@code :}: the index of the value (its code in {@link #code}), or -1. */
    private int key(int p, KeyTable keys) {
        int q = keys.expected(buf, p, end);
        if (q >= 0) {
            // the name, its quotes and the colon matched
            code = keys.expectedCode();
            return q < end && buf[q] > ' ' ? q : whitespace(q);
        } else {
            q = string(p);
            if (q < 0) {
                return -1;
            }
            code = keys.code(buf, stringStart, stringLength);
        }
        q = whitespace(q);
        if (q >= end || buf[q] != ':') {
            return -1;
        }
        return whitespace(q + 1);
    }

    /** After a member's value at {@code p}: the next key's index, or the index after the object's {@code }} ({@link #closed}); -1 if neither. */
    private int next(int p) {
        p = whitespace(p);
        if (p < 0 || p >= end) {
            return -1;
        }
        if (buf[p] == '}') {
            closed = true;
            return p + 1;
        }
        if (buf[p] != ',') {
            return -1;
        }
        closed = false;
        return whitespace(p + 1);
    }

    private int whitespace(int p) {
        while (p >= 0 && p < end) {
            byte c = buf[p];
            if (c > ' ' || c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                break;
            }
            p++;
        }
        return p;
    }

    /** A string of printable ASCII without escapes; its bytes in {@link #stringStart}/{@link #stringLength}. */
    private int string(int p) {
        byte[] b = buf;
        int e = end;
        if (p < 0 || p >= e || b[p] != '"') {
            return -1;
        }
        int start = p + 1;
        int i = start;
        // Eight bytes at a time: the first byte that is a quote or not allowed decides.
        for (; i + 8 <= e; i += 8) {
            long x = (long) LONGS.get(b, i);
            long special = specialBytes(x);
            if (special != 0) {
                i += Long.numberOfTrailingZeros(special) >>> 3;
                if (b[i] != '"') {
                    return -1;
                }
                stringStart = start;
                stringLength = i - start;
                return i + 1;
            }
        }
        for (; i < e; i++) {
            byte c = b[i];
            if (c == '"') {
                stringStart = start;
                stringLength = i - start;
                return i + 1;
            }
            if (c < 0x20 || c == '\\' || c > 0x7e) {
                return -1;
            }
        }
        return -1;
    }

    /**
     * Whether the eight bytes of {@code x} are all ASCII digits: no byte borrows below '0' or
     * carries past '9' (the lowest byte that is not a digit is flagged exactly, as nothing below it
     * borrows or carries).
     */
    static boolean eightDigits(long x) {
        return ((x - 0x3030303030303030L | x + 0x4646464646464646L) & HIGHS) == 0;
    }

    /** The number written by eight ASCII digits (the first in the lowest byte). */
    static long valueOfEightDigits(long x) {
        x -= 0x3030303030303030L;
        x = (x * 10 + (x >>> 8)) & 0x00FF00FF00FF00FFL;
        x = (x * 100 + (x >>> 16)) & 0x0000FFFF0000FFFFL;
        return (x * 10000 + (x >>> 32)) & 0xFFFFFFFFL;
    }

    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;

    /**
     * The high bit of each byte of {@code x} (eight bytes, the first lowest) that is a quote, a
     * backslash, below 0x20 or above 0x7e. Exact for the lowest one flagged, which is all that is
     * used: a byte above it may be flagged by a borrow or carry from it.
     */
    static long specialBytes(long x) {
        long quote = x ^ 0x2222222222222222L;
        long backslash = x ^ 0x5C5C5C5C5C5C5C5CL;
        return (((quote - ONES) & ~quote) | ((backslash - ONES) & ~backslash) | ((x - 0x2020202020202020L) & ~x)
                | x | (x + ONES)) & HIGHS;
    }

    /** Whether a number or literal ends at {@code p} as JSON requires (and is followed by something). */
    private boolean ends(int p) {
        return ends(buf, p, end);
    }

    private static boolean ends(byte[] b, int p, int end) {
        if (p >= end) {
            return false;
        }
        byte c = b[p];
        return c == ',' || c == '}' || c == ']' || c == ' ' || c == '\n' || c == '\r' || c == '\t';
    }

    // The methods that run for every value keep the buffer and its end in locals: C1 (which
    // compiles this case, JvmTuning) loads a field again at every use.

    /** An integer 0..2^64-1 (kept in a long's bits) into {@link #number}; no sign, no fraction, no exponent. */
    private int unsigned(int p) {
        byte[] b = buf;
        int e = end;
        if (p < 0 || p >= e) {
            return -1;
        }
        int c = b[p] - '0';
        if (c < 0 || c > 9) {
            return -1;
        }
        long v = c;
        p++;
        if (c == 0) {
            if (p < e && b[p] >= '0' && b[p] <= '9') {
                return -1; // a leading zero: Jackson says what is wrong
            }
        } else {
            int digits = 1;
            // Eight digits at a time while the number stays within 18 digits (no overflow to check);
            // not tried for a number of one digit, the most common.
            while (digits <= 10 && p + 8 <= e && b[p] >= '0' && b[p] <= '9') {
                long x = (long) LONGS.get(b, p);
                if (!eightDigits(x)) {
                    break;
                }
                v = v * 100_000_000L + valueOfEightDigits(x);
                digits += 8;
                p += 8;
            }
            while (p < e) {
                int d = b[p] - '0';
                if (d < 0 || d > 9) {
                    break;
                }
                if (++digits > 18) {
                    // 10 * v + d must stay below 2^64
                    if (digits > 20 || Long.compareUnsigned(v, 1844674407370955161L) > 0
                            || v == 1844674407370955161L && d > 5) {
                        return -1;
                    }
                }
                v = v * 10 + d;
                p++;
            }
        }
        if (!ends(b, p, e)) {
            return -1;
        }
        number = v;
        return p;
    }

    /** An integer that may be negative (as {@code RocprofResultsReader.number}: -2^63..2^64-1). */
    private int signed(int p) {
        if (p < 0 || p >= end) {
            return -1;
        }
        if (buf[p] != '-') {
            return unsigned(p);
        }
        int q = unsigned(p + 1);
        if (q < 0 || Long.compareUnsigned(number, Long.MIN_VALUE) > 0) {
            return -1;
        }
        number = -number;
        return q;
    }

    /** A 0/1 field ({@code true}/{@code false} too) into {@link #bool}, as the reader's {@code bit}. */
    private int bit(int p) {
        byte[] b = buf;
        int e = end;
        if (p < 0 || p >= e) {
            return -1;
        }
        byte c = b[p];
        if ((c == '0' || c == '1') && ends(b, p + 1, e)) {
            // (a digit alone: what unsigned would read, without its loop)
            bool = c == '1';
            number = c - '0';
            return p + 1;
        }
        if (c == 't' || c == 'f') {
            boolean t = c == 't';
            int q = literal(p, t ? TRUE : FALSE);
            bool = t;
            return q;
        }
        p = unsigned(p);
        if (p < 0 || number > 1) {
            return -1;
        }
        bool = number == 1;
        return p;
    }

    private static final byte[] TRUE = "true".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] FALSE = "false".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NULL = "null".getBytes(StandardCharsets.US_ASCII);

    private int literal(int p, byte[] word) {
        int q = p + word.length;
        if (q > end || !Arrays.equals(buf, p, q, word, 0, word.length) || !ends(q)) {
            return -1;
        }
        return q;
    }

    /** Any value this scanner reads (the reader skips members it does not use). */
    private int skip(int p, int depth) {
        if (p < 0 || p >= end || depth > MAX_DEPTH) {
            return -1;
        }
        // Small, so that the JIT can inline it where members are skipped; containers apart.
        return switch (buf[p]) {
            case '"' -> string(p);
            case 't' -> literal(p, TRUE);
            case 'f' -> literal(p, FALSE);
            case 'n' -> literal(p, NULL);
            case '{' -> skipObject(p, depth);
            case '[' -> skipArray(p, depth);
            default -> signed(p);
        };
    }

    /**
     * A member or element of a container being skipped: {@link #skip}, and a value that is no
     * container is a slot of the layout (the containers' own members are).
     */
    private int skipped(int v, int depth) {
        int q = skip(v, depth);
        if (q >= 0 && buf[v] != '{' && buf[v] != '[') {
            layout.slot(v, q, SampleLayout.SKIPPED, depth);
        }
        return q;
    }

    private int skipObject(int p, int depth) {
        p = whitespace(p + 1);
        if (p < end && buf[p] == '}') {
            return p + 1;
        }
        while (true) {
            p = whitespace(string(p));
            if (p < 0 || p >= end || buf[p] != ':') {
                return -1;
            }
            int v = whitespace(p + 1);
            p = whitespace(skipped(v, depth + 1));
            if (p < 0 || p >= end) {
                return -1;
            }
            if (buf[p] == '}') {
                return p + 1;
            }
            if (buf[p] != ',') {
                return -1;
            }
            p = whitespace(p + 1);
        }
    }

    private int skipArray(int p, int depth) {
        p = whitespace(p + 1);
        if (p < end && buf[p] == ']') {
            return p + 1;
        }
        while (true) {
            p = whitespace(skipped(p, depth + 1));
            if (p < 0 || p >= end) {
                return -1;
            }
            if (buf[p] == ']') {
                return p + 1;
            }
            if (buf[p] != ',') {
                return -1;
            }
            p = whitespace(p + 1);
        }
    }

    /**
     * Member names to codes. A name is looked for first where the name after the one matched last
     * was found (records repeat their order), then among all seen; a new name is resolved once by
     * the reader's own rules (on its text) and remembered, up to a bound (a damaged file could hold
     * any number of names).
     */
    private static final class KeyTable {
        private static final int MAX = 64;
        private final ToIntFunction<String> resolve;
        private final byte[][] names = new byte[MAX][];
        private final byte[][] quoted = new byte[MAX][];
        private final long[][] words = new long[MAX][];
        private final int[] codes = new int[MAX];
        private int size;
        private int next;
        private int hit;

        KeyTable(ToIntFunction<String> resolve) {
            this.resolve = resolve;
        }

        /**
         * When the key at {@code p} (its opening quote) is the one expected there and its colon
         * follows right after it (as in compact and indented files alike), the index after the
         * colon (its code is then {@link #expectedCode}); otherwise -1. Names in the table are
         * printable ASCII without quotes or escapes, so equal bytes are the whole check.
         */
        int expected(byte[] b, int p, int end) {
            if (size == 0 || p < 0) {
                return -1;
            }
            // The name with its quotes, compared eight bytes at a time (the last eight overlapping).
            byte[] q = quoted[next];
            int n = q.length;
            if (p + n > end) {
                return -1;
            }
            if (n < 8) {
                if (!Arrays.equals(b, p, p + n, q, 0, n)) {
                    return -1;
                }
            } else {
                long[] w = words[next];
                int i = 0;
                int k = 0;
                for (; i + 8 <= n; i += 8, k++) {
                    if ((long) LONGS.get(b, p + i) != w[k]) {
                        return -1;
                    }
                }
                if (i < n && (long) LONGS.get(b, p + n - 8) != w[k]) {
                    return -1;
                }
            }
            hit = next;
            next = next + 1 == size ? 0 : next + 1;
            return p + n;
        }

        /** The eight-byte words {@link #expected} compares a quoted name by. */
        private static long[] words(byte[] q) {
            int n = q.length;
            long[] w = new long[n / 8 + 1];
            int i = 0;
            int k = 0;
            if (n >= 8) {
                for (; i + 8 <= n; i += 8, k++) {
                    w[k] = (long) LONGS.get(q, i);
                }
                if (i < n) {
                    w[k] = (long) LONGS.get(q, n - 8);
                }
            }
            return w;
        }

        /** The code of the key {@link #expected} found. */
        int expectedCode() {
            return codes[hit];
        }

        int code(byte[] b, int start, int length) {
            for (int n = 0, i = next; n < size; n++, i = i + 1 == size ? 0 : i + 1) {
                byte[] name = names[i];
                if (name.length == length && Arrays.equals(b, start, start + length, name, 0, length)) {
                    next = i + 1 == size ? 0 : i + 1;
                    return codes[i];
                }
            }
            int code = resolve.applyAsInt(new String(b, start, length, StandardCharsets.US_ASCII));
            if (size < MAX) {
                names[size] = Arrays.copyOfRange(b, start, start + length);
                // the name with its quotes and the colon: "name":
                quoted[size] = Arrays.copyOfRange(b, start - 1, start + length + 2);
                quoted[size][length + 2] = ':';
                words[size] = words(quoted[size]);
                codes[size] = code;
                size++;
                next = 0;
            }
            return code;
        }
    }

    /** String values (enum names) to what the reader makes of them, remembered as {@link KeyTable} does. */
    private static final class ValueTable {
        private static final int MAX = 32;
        private final java.util.function.Function<String, String> resolve;
        private final byte[][] texts = new byte[MAX][];
        private final String[] values = new String[MAX];
        private int size;

        ValueTable(java.util.function.Function<String, String> resolve) {
            this.resolve = resolve;
        }

        String get(byte[] b, int start, int length) {
            for (int i = 0; i < size; i++) {
                byte[] t = texts[i];
                // The names share long prefixes: their last bytes tell them apart soonest.
                if (t.length == length && (length == 0 || b[start + length - 1] == t[length - 1])
                        && Arrays.equals(b, start, start + length, t, 0, length)) {
                    return values[i];
                }
            }
            String value = resolve.apply(new String(b, start, length, StandardCharsets.US_ASCII));
            if (size < MAX) {
                texts[size] = Arrays.copyOfRange(b, start, start + length);
                values[size] = value;
                size++;
            }
            return value;
        }
    }
}
