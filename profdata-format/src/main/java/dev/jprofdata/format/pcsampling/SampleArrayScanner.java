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
 * parser: a sample is about 1.2 kB of some 45 member names and small numbers, and matching each
 * name against the one found at the same place in the sample before is cheaper than hashing it
 * (rocprofv3 writes the members of every record in the same order; any order is still read).
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
    private final KeyTable[] keyTables = {sampleKeys, recordKeys, hwKeys, pcKeys, correlationKeys, snapshotKeys};
    private final ValueTable types;
    private final ValueTable reasons;

    private static final HardwareId[] HARDWARE_IDS = HardwareId.values();
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
            int after = sample(p);
            if (after < 0) {
                return;
            }
            sink.accept(bufStart + p);
            readAny = true;
            keep = after;
        }
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

    private int sample(int p) throws IOException {
        return object(p, SAMPLE);
    }

    private int sampleMember(int code, int p) throws IOException {
        switch (code) {
            case 1 -> {
                f.record = true;
                return object(p, RECORD);
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

    private int recordMember(int code, int p) throws IOException {
        switch (code) {
            case 1 -> {
                f.hw = 0;
                return object(p, HW_ID);
            }
            case 2 -> {
                return object(p, PC);
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
                return object(p, CORRELATION);
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
                return object(p, SNAPSHOT);
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

    private int hardwareId(int code, int p) throws IOException {
        if (code == 0) {
            return skip(p, 2);
        }
        p = unsigned(p);
        HardwareId id = HARDWARE_IDS[code - 1];
        if (p < 0 || !id.fits(number)) {
            return -1;
        }
        f.hw = id.with(f.hw, number);
        return p;
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

    private int snapshotMember(int code, int p) throws IOException {
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
            case 2 -> {
                p = bit(p);
                f.dual = bool;
                f.arbiter = true;
                return p;
            }
            case 3 -> {
                return bit(p);
            }
            default -> {
                p = bit(p);
                ArbiterPipe pipe = PIPES[code % 100];
                f.arbiter = true;
                if (bool && code < 200) {
                    f.issue |= pipe.bit();
                } else if (bool) {
                    f.stall |= pipe.bit();
                }
                return p;
            }
        }
    }

    // --- plain JSON -------------------------------------------------------------------------

    // The kinds of object, whose members go to the method of their kind (plain calls, which the
    // JIT inlines, rather than a lambda per kind).
    private static final int SAMPLE = 0;
    private static final int RECORD = 1;
    private static final int HW_ID = 2;
    private static final int PC = 3;
    private static final int CORRELATION = 4;
    private static final int SNAPSHOT = 5;

    private int member(int kind, int code, int p) throws IOException {
        return switch (kind) {
            case SAMPLE -> sampleMember(code, p);
            case RECORD -> recordMember(code, p);
            case HW_ID -> hardwareId(code, p);
            case PC -> pcMember(code, p);
            case CORRELATION -> correlationMember(code, p);
            default -> snapshotMember(code, p);
        };
    }

    /** An object at {@code p} of {@code kind}: each member's value goes to that kind's method with its key's code. */
    private int object(int p, int kind) throws IOException {
        KeyTable keys = keyTables[kind];
        if (p < 0 || p >= end || buf[p] != '{') {
            return -1;
        }
        p = whitespace(p + 1);
        if (p < end && buf[p] == '}') {
            return p + 1;
        }
        while (true) {
            int code;
            int q = keys.expected(buf, p, end);
            if (q >= 0) {
                code = keys.expectedCode();
                p = q;
            } else {
                p = string(p);
                if (p < 0) {
                    return -1;
                }
                code = keys.code(buf, stringStart, stringLength);
            }
            p = whitespace(p);
            if (p >= end || buf[p] != ':') {
                return -1;
            }
            p = member(kind, code, whitespace(p + 1));
            if (p < 0) {
                return -1;
            }
            p = whitespace(p);
            if (p >= end) {
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

    private int whitespace(int p) {
        while (p >= 0 && p < end) {
            byte c = buf[p];
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                break;
            }
            p++;
        }
        return p;
    }

    /** A string of printable ASCII without escapes; its bytes in {@link #stringStart}/{@link #stringLength}. */
    private int string(int p) {
        if (p < 0 || p >= end || buf[p] != '"') {
            return -1;
        }
        int start = p + 1;
        for (int i = start; i < end; i++) {
            byte c = buf[i];
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

    /** Whether a number or literal ends at {@code p} as JSON requires (and is followed by something). */
    private boolean ends(int p) {
        if (p >= end) {
            return false;
        }
        byte c = buf[p];
        return c == ',' || c == '}' || c == ']' || c == ' ' || c == '\n' || c == '\r' || c == '\t';
    }

    /** An integer 0..2^64-1 (kept in a long's bits) into {@link #number}; no sign, no fraction, no exponent. */
    private int unsigned(int p) {
        if (p < 0 || p >= end) {
            return -1;
        }
        int c = buf[p] - '0';
        if (c < 0 || c > 9) {
            return -1;
        }
        long v = c;
        p++;
        if (c == 0) {
            if (p < end && buf[p] >= '0' && buf[p] <= '9') {
                return -1; // a leading zero: Jackson says what is wrong
            }
        } else {
            int digits = 1;
            while (p < end) {
                int d = buf[p] - '0';
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
        if (!ends(p)) {
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
        if (p < 0 || p >= end) {
            return -1;
        }
        if (buf[p] == 't' || buf[p] == 'f') {
            boolean t = buf[p] == 't';
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
        byte c = buf[p];
        switch (c) {
            case '"' -> {
                return string(p);
            }
            case 't' -> {
                return literal(p, TRUE);
            }
            case 'f' -> {
                return literal(p, FALSE);
            }
            case 'n' -> {
                return literal(p, NULL);
            }
            case '{' -> {
                p = whitespace(p + 1);
                if (p < end && buf[p] == '}') {
                    return p + 1;
                }
                while (true) {
                    p = whitespace(string(p));
                    if (p < 0 || p >= end || buf[p] != ':') {
                        return -1;
                    }
                    p = skip(whitespace(p + 1), depth + 1);
                    if (p < 0) {
                        return -1;
                    }
                    p = whitespace(p);
                    if (p >= end) {
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
            case '[' -> {
                p = whitespace(p + 1);
                if (p < end && buf[p] == ']') {
                    return p + 1;
                }
                while (true) {
                    p = skip(p, depth + 1);
                    if (p < 0) {
                        return -1;
                    }
                    p = whitespace(p);
                    if (p >= end) {
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
            default -> {
                return signed(p);
            }
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
        private final int[] codes = new int[MAX];
        private int size;
        private int next;
        private int hit;

        KeyTable(ToIntFunction<String> resolve) {
            this.resolve = resolve;
        }

        /**
         * When the key at {@code p} (its opening quote) is the one expected there, the index after
         * its closing quote (its code is then {@link #expectedCode}); otherwise -1. Names in the
         * table are printable ASCII without quotes or escapes, so equal bytes are the whole check.
         */
        int expected(byte[] b, int p, int end) {
            if (size == 0 || p < 0 || p >= end || b[p] != '"') {
                return -1;
            }
            byte[] name = names[next];
            int close = p + 1 + name.length;
            if (close >= end || b[close] != '"' || !Arrays.equals(b, p + 1, close, name, 0, name.length)) {
                return -1;
            }
            hit = next;
            next = next + 1 == size ? 0 : next + 1;
            return close + 1;
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
