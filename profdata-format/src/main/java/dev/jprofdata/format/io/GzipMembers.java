package dev.jprofdata.format.io;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import java.util.zip.ZipException;

/**
 * The decompressed bytes of a gzip file, member after member, as {@code gzip -d} gives them (RFC
 * 1952). What follows the last member must be nothing or zero bytes (padding, which gzip ignores
 * too); anything else is {@link TrailingGarbage}. {@link java.util.zip.GZIPInputStream} cannot be
 * used for that: it drops whatever follows a member when that does not parse as a gzip header, and
 * stops at a member boundary when the underlying stream's {@code available()} says 0.
 */
final class GzipMembers extends InputStream {
    private static final int FHCRC = 2;
    private static final int FEXTRA = 4;
    private static final int FNAME = 8;
    private static final int FCOMMENT = 16;
    private static final int RESERVED = 0xE0;

    /** Data after the last member that is neither another member nor zero bytes. */
    static final class TrailingGarbage extends ZipException {
        private static final long serialVersionUID = 1L;
        private final long offset;

        TrailingGarbage(long offset) {
            super("trailing garbage after the last gzip member");
            this.offset = offset;
        }

        /** Where the garbage starts in the compressed file. */
        long offset() {
            return offset;
        }
    }

    private final InputStream in;
    private final byte[] buf = new byte[1 << 16];
    /** Offset in the compressed file of {@code buf[0]}. */
    private long bufStart;
    private int pos;
    private int lim;
    private final Inflater inflater = new Inflater(true);
    private final CRC32 crc = new CRC32();
    private long memberSize;
    private boolean inMember;
    private boolean first = true;
    private boolean done;

    GzipMembers(InputStream in) throws IOException {
        this.in = in;
        if (!startMember()) {
            throw new EOFException();
        }
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n;
        while ((n = read(one, 0, 1)) == 0) {
            // read(byte[]) returns at least one byte or -1 for a non-empty request
        }
        return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (!done) {
            if (!inMember) {
                if (!startMember()) {
                    done = true;
                    break;
                }
            }
            if (inflater.needsInput()) {
                pos = lim;
                if (!fill()) {
                    throw new EOFException("unexpected end of gzip data");
                }
                inflater.setInput(buf, pos, lim - pos);
            }
            int n;
            try {
                n = inflater.inflate(b, off, len);
            } catch (DataFormatException e) {
                throw new ZipException(e.getMessage());
            }
            if (n > 0) {
                crc.update(b, off, n);
                memberSize += n;
                return n;
            }
            if (inflater.finished()) {
                pos = lim - inflater.getRemaining();
                readTrailer();
                inMember = false;
            } else if (inflater.needsDictionary()) {
                throw new ZipException("a preset dictionary is needed");
            } else if (!inflater.needsInput()) {
                // Input left, room for output, and nothing came out: never loop on it.
                throw new ZipException("deflate data makes no progress");
            }
        }
        return -1;
    }

    /**
     * Reads the next member's header: true when one starts here, false at the end of the file or
     * when only zero bytes are left.
     */
    private boolean startMember() throws IOException {
        long at = bufStart + pos;
        int id1 = readByte();
        if (id1 < 0 && !first) {
            return false;
        }
        if (id1 == 0 && !first) {
            skipZeros(at);
            return false;
        }
        int id2 = readByte();
        if (id1 != 0x1f || id2 != 0x8b) {
            if (first) {
                throw new ZipException("Not in GZIP format");
            }
            throw new TrailingGarbage(at);
        }
        first = false;
        if (need() != 8) {
            throw new ZipException("Unsupported compression method");
        }
        int flags = need();
        if ((flags & RESERVED) != 0) {
            throw new ZipException("reserved header flags are set");
        }
        skip(6); // MTIME, XFL, OS
        if ((flags & FEXTRA) != 0) {
            skip(need() | need() << 8);
        }
        if ((flags & FNAME) != 0) {
            while (need() != 0) {
                // the original file name, zero-terminated
            }
        }
        if ((flags & FCOMMENT) != 0) {
            while (need() != 0) {
                // a comment, zero-terminated
            }
        }
        if ((flags & FHCRC) != 0) {
            skip(2);
        }
        inflater.reset();
        crc.reset();
        memberSize = 0;
        inMember = true;
        if (pos < lim) {
            inflater.setInput(buf, pos, lim - pos);
        }
        return true;
    }

    private void readTrailer() throws IOException {
        long storedCrc = need() | need() << 8 | need() << 16 | (long) need() << 24;
        long storedSize = need() | need() << 8 | need() << 16 | (long) need() << 24;
        if (storedCrc != crc.getValue() || storedSize != (memberSize & 0xFFFF_FFFFL)) {
            throw new ZipException("Corrupt GZIP trailer");
        }
    }

    /** After a zero byte at {@code at}, the rest of the file must be zero bytes too. */
    private void skipZeros(long at) throws IOException {
        int b;
        while ((b = readByte()) >= 0) {
            if (b != 0) {
                throw new TrailingGarbage(at);
            }
        }
    }

    private int readByte() throws IOException {
        if (pos == lim && !fill()) {
            return -1;
        }
        return buf[pos++] & 0xFF;
    }

    private int need() throws IOException {
        int b = readByte();
        if (b < 0) {
            throw new EOFException("unexpected end of gzip data");
        }
        return b;
    }

    private void skip(int n) throws IOException {
        for (int i = 0; i < n; i++) {
            need();
        }
    }

    /** Refills the buffer after {@code pos == lim}; false at the end of the file. */
    private boolean fill() throws IOException {
        bufStart += lim;
        pos = 0;
        lim = 0;
        int n = in.read(buf, 0, buf.length);
        if (n <= 0) {
            return false;
        }
        lim = n;
        return true;
    }

    @Override
    public void close() throws IOException {
        inflater.end();
        in.close();
    }
}
