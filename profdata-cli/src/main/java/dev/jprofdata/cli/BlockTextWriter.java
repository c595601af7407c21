package dev.jprofdata.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * A report's text as bytes: chars are written as their low byte (ISO-8859-1, so that profile
 * names, carried one byte per char, come out as the original bytes), and the numbers reports print
 * most are formatted straight into the buffer, with no string in between.
 *
 * <p>Text is handed on in whole {@link #BLOCK}-byte blocks, as llvm-profdata's output stream does;
 * {@link #drainBlocks()} hands on every whole block pending and {@link #drainAll()} the rest too.
 * Several blocks are handed on at once (fewer system calls), which changes nothing in the bytes.
 */
final class BlockTextWriter extends Writer {
    /** What receives the blocks. */
    interface Drain {
        void write(byte[] bytes, int offset, int length) throws IOException;
    }

    static final int BLOCK = 4096;
    private static final int BLOCKS_PER_WRITE = 16;
    /** Longest number {@link #unsigned} and {@link #hex16} print (20 digits; "0x" and 16 digits). */
    private static final int MAX_NUMBER = 20;
    private static final byte[] HEX_DIGITS = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);

    private final Drain drain;
    private final byte[] buffer = new byte[BLOCK * BLOCKS_PER_WRITE];
    private int pending;

    BlockTextWriter(Drain drain) {
        this.drain = drain;
    }

    @Override
    public void write(char[] chars, int offset, int length) {
        for (int i = 0; i < length; i++) {
            ch(chars[offset + i]);
        }
    }

    /** Bulk copies of each char's low byte; no per-char calls. */
    @Override
    @SuppressWarnings("deprecation")
    public void write(String s, int offset, int length) {
        while (length > 0) {
            int n = Math.min(length, buffer.length - pending);
            s.getBytes(offset, offset + n, buffer, pending);
            pending += n;
            offset += n;
            length -= n;
            if (pending == buffer.length) {
                drainBlocks();
            }
        }
    }

    @Override
    public Writer append(CharSequence csq) {
        String s = csq.toString();
        write(s, 0, s.length());
        return this;
    }

    /** Appends {@code s} (one byte per char). */
    BlockTextWriter text(String s) {
        write(s, 0, s.length());
        return this;
    }

    /** Appends {@code bytes} as they are (text encoded once, for lines printed again and again). */
    BlockTextWriter bytes(byte[] bytes) {
        return bytes(bytes, 0, bytes.length);
    }

    /** Appends {@code bytes[from..to)} as they are. */
    BlockTextWriter bytes(byte[] bytes, int from, int to) {
        while (from < to) {
            if (pending == buffer.length) {
                drainBlocks();
            }
            int n = Math.min(to - from, buffer.length - pending);
            System.arraycopy(bytes, from, buffer, pending, n);
            pending += n;
            from += n;
        }
        return this;
    }

    /** Appends one char as one byte. */
    BlockTextWriter ch(char c) {
        if (pending == buffer.length) {
            drainBlocks();
        }
        buffer[pending++] = (byte) c;
        return this;
    }

    /** Appends C's {@code %llu} of {@code value}: the 64 bits read as unsigned. */
    BlockTextWriter unsigned(long value) {
        room(MAX_NUMBER);
        if (value < 0) {
            // Above 2^63: one unsigned division leaves a quotient that fits the signed loop below.
            long quotient = Long.divideUnsigned(value, 10);
            int last = (int) (value - quotient * 10);
            pending += decimal(quotient, buffer, pending);
            buffer[pending++] = (byte) ('0' + last);
            return this;
        }
        pending += decimal(value, buffer, pending);
        return this;
    }

    /** Appends C's {@code 0x%016llx} of {@code value}. */
    BlockTextWriter hex16(long value) {
        room(18);
        buffer[pending++] = '0';
        buffer[pending++] = 'x';
        for (int shift = 60; shift >= 0; shift -= 4) {
            buffer[pending++] = HEX_DIGITS[(int) (value >>> shift) & 0xF];
        }
        return this;
    }

    /** Hands on every whole block pending; the part of a block stays. */
    void drainBlocks() {
        int whole = pending - pending % BLOCK;
        if (whole == 0) {
            return;
        }
        hand(whole);
        System.arraycopy(buffer, whole, buffer, 0, pending - whole);
        pending -= whole;
    }

    /** Hands on everything pending. */
    void drainAll() {
        if (pending > 0) {
            hand(pending);
            pending = 0;
        }
    }

    /** Forgets what is pending. */
    void discard() {
        pending = 0;
    }

    @Override
    public void flush() {
        // Blocks are handed on as the buffer fills; the rest only when the owner says so.
    }

    @Override
    public void close() {
    }

    /** Makes room for {@code bytes} more; only whole blocks leave (a full buffer is whole blocks). */
    private void room(int bytes) {
        if (buffer.length - pending < bytes) {
            drainBlocks();
        }
    }

    private void hand(int length) {
        try {
            drain.write(buffer, 0, length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes the decimal digits of {@code value} (not negative) at {@code at}; returns how many. */
    private static int decimal(long value, byte[] out, int at) {
        int length = 1;
        // Powers of ten instead of a division per digit to find the length (10^18 is the last below 2^63).
        for (long bound = 10; length < 19 && value >= bound; bound *= 10) {
            length++;
        }
        for (int i = at + length - 1; i > at; i--) {
            long quotient = value / 10;
            out[i] = (byte) ('0' + (value - quotient * 10));
            value = quotient;
        }
        out[at] = (byte) ('0' + value);
        return length;
    }
}
