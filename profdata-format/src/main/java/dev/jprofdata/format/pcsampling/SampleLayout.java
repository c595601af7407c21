package dev.jprofdata.format.pcsampling;

/**
 * The layout of the last sample element {@link SampleArrayScanner} read member by member: its
 * bytes cut into the values it read (slots, each with the kind of object and member code that
 * read it) and the text between them (member names, punctuation, white space). rocprofv3 writes
 * every record of an array with the same names in the same order and the same white space, so the
 * next element usually differs only in its values: the scanner then compares the text between them
 * as bytes and reads each value with the same member method as before, without finding and matching
 * every name again. Any difference in the text sends the element back to the member-by-member read.
 *
 * <p>Recorded while an element is read ({@link #begin}, {@link #slot}), kept only when the element
 * was read to its end ({@link #learn}). Bounded: an element with more values than {@link #MAX_SLOTS}
 * leaves no layout.
 */
final class SampleLayout {
    /** The kinds of slot: which object's member method reads the value ... */
    static final int SNAPSHOT = 0;
    static final int HARDWARE_ID = 1;
    /** ... a value inside a skipped member (its code is the depth {@code skip} is given) ... */
    static final int SKIPPED = 2;
    static final int SAMPLE = 3;
    static final int RECORD = 4;
    static final int PC = 5;
    static final int CORRELATION = 6;
    /** ... or, taking no bytes, where a {@code record} or {@code hw_id} object opens (the methods reset a field there). */
    static final int OPEN_RECORD = 7;
    static final int OPEN_HARDWARE_ID = 8;

    static final int MAX_SLOTS = 256;

    // While an element is read: where each slot's value starts and ends, its kind and code.
    private final int[] starts = new int[MAX_SLOTS];
    private final int[] ends = new int[MAX_SLOTS];
    private final int[] recordedKinds = new int[MAX_SLOTS];
    private final int[] recordedCodes = new int[MAX_SLOTS];
    private int recorded;
    private boolean overflow;

    // The layout learned: slots + 1 runs of text (text i comes before slot i; the last one ends the element).
    /** The number of slots, or -1 when no layout is known. */
    int slots = -1;
    final int[] kinds = new int[MAX_SLOTS];
    final int[] codes = new int[MAX_SLOTS];
    /** For a snapshot slot of a pipe's bit, what a 1 sets (the scanner fills it in: SampleArrayScanner.arbiterBits). */
    final int[] arbiterBits = new int[MAX_SLOTS];
    final int[] textStarts = new int[MAX_SLOTS + 1];
    final int[] textLengths = new int[MAX_SLOTS + 1];
    byte[] text = new byte[0];
    /**
     * The text in little-endian eight-byte words, for comparing eight bytes at a time: for text i
     * from {@code wordStarts[i]}, its whole words, then (when its length is not a multiple of
     * eight) its last eight bytes, overlapping; a text shorter than eight is one word of its bytes,
     * compared under {@code masks[i]}.
     */
    long[] words = new long[0];
    final int[] wordStarts = new int[MAX_SLOTS + 1];
    final long[] masks = new long[MAX_SLOTS + 1];

    /** Starts recording an element. */
    void begin() {
        recorded = 0;
        overflow = false;
    }

    /** A value read from {@code start} to {@code end} (exclusive) by the member method of {@code kind} with {@code code}. */
    void slot(int start, int end, int kind, int code) {
        if (recorded == MAX_SLOTS) {
            overflow = true;
            return;
        }
        starts[recorded] = start;
        ends[recorded] = end;
        recordedKinds[recorded] = kind;
        recordedCodes[recorded] = code;
        recorded++;
    }

    /** Keeps the layout of the element just recorded, which is {@code buf[start..end)}. */
    void learn(byte[] buf, int start, int end) {
        if (overflow) {
            slots = -1;
            return;
        }
        int n = recorded;
        int length = 0;
        int at = start;
        for (int i = 0; i < n; i++) {
            length += starts[i] - at;
            at = ends[i];
        }
        length += end - at;
        if (text.length < length) {
            text = new byte[Math.max(length, 2 * text.length)];
        }
        int out = 0;
        at = start;
        for (int i = 0; i <= n; i++) {
            int to = i < n ? starts[i] : end;
            textStarts[i] = out;
            textLengths[i] = to - at;
            System.arraycopy(buf, at, text, out, to - at);
            out += to - at;
            if (i < n) {
                kinds[i] = recordedKinds[i];
                codes[i] = recordedCodes[i];
                at = ends[i];
            }
        }
        int count = 0;
        for (int i = 0; i <= n; i++) {
            int len = textLengths[i];
            count += len < 8 ? 1 : (len + 7) / 8;
        }
        if (words.length < count) {
            words = new long[Math.max(count, 2 * words.length)];
        }
        int w = 0;
        for (int i = 0; i <= n; i++) {
            int from = textStarts[i];
            int len = textLengths[i];
            wordStarts[i] = w;
            if (len < 8) {
                long word = 0;
                for (int k = len - 1; k >= 0; k--) {
                    word = word << 8 | (text[from + k] & 0xFF);
                }
                words[w++] = word;
                masks[i] = len == 0 ? 0 : -1L >>> (64 - 8 * len);
                continue;
            }
            int k = 0;
            for (; k + 8 <= len; k += 8) {
                words[w++] = word(text, from + k);
            }
            if (k < len) {
                words[w++] = word(text, from + len - 8);
            }
        }
        slots = n;
    }

    private static long word(byte[] b, int at) {
        long v = 0;
        for (int k = 7; k >= 0; k--) {
            v = v << 8 | (b[at + k] & 0xFF);
        }
        return v;
    }
}
