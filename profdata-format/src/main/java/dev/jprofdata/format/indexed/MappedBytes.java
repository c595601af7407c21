package dev.jprofdata.format.indexed;

import dev.jprofdata.format.ValueProfData;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileFormatException.Kind;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Read-only little-endian view of a whole profile file addressed by {@code long} offsets. Files are
 * memory-mapped in 1 GiB pieces because a single Java 17 mapping cannot exceed 2 GiB; a read that
 * straddles two pieces takes a slower byte-wise path.
 *
 * <p>Every accessor checks its range and throws {@link ProfileFormatException} ("truncated profile
 * data" at the offending offset) instead of an unchecked exception.
 */
final class MappedBytes implements ValueProfData.Bytes {
    private static final int CHUNK_BITS = 30;
    private static final long CHUNK_SIZE = 1L << CHUNK_BITS;
    private static final long CHUNK_MASK = CHUNK_SIZE - 1;

    private final ByteBuffer[] chunks;
    private final long size;
    private final String file;

    private MappedBytes(ByteBuffer[] chunks, long size, String file) {
        this.chunks = chunks;
        this.size = size;
        this.file = file;
    }

    static MappedBytes map(Path path, String file) throws IOException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = ch.size();
            int n = (int) ((size + CHUNK_SIZE - 1) >>> CHUNK_BITS);
            ByteBuffer[] chunks = new ByteBuffer[n];
            for (int i = 0; i < n; i++) {
                long start = (long) i << CHUNK_BITS;
                long len = Math.min(CHUNK_SIZE, size - start);
                chunks[i] = ch.map(FileChannel.MapMode.READ_ONLY, start, len).order(ByteOrder.LITTLE_ENDIAN);
            }
            return new MappedBytes(chunks, size, file);
        } catch (NoSuchFileException e) {
            throw new ProfileFormatException(file, -1, Kind.NOT_FOUND, "No such file or directory");
        }
    }

    /** Wraps the remaining bytes of {@code buffer} (the buffer itself is not modified). */
    static MappedBytes wrap(ByteBuffer buffer, String file) {
        ByteBuffer b = buffer.slice().order(ByteOrder.LITTLE_ENDIAN);
        return new MappedBytes(new ByteBuffer[] {b}, b.remaining(), file);
    }

    long size() {
        return size;
    }

    String file() {
        return file;
    }

    /** A problem of {@code kind} at {@code offset} of this file. */
    ProfileFormatException error(long offset, Kind kind, String reason) {
        return new ProfileFormatException(file, offset, kind, reason);
    }

    /** As {@link #error(long, Kind, String)}, with the kind taken from the reason. */
    ProfileFormatException error(long offset, String reason) {
        return new ProfileFormatException(file, offset, reason);
    }

    /** True when {@code [offset, offset+length)} lies inside the file (no overflow possible). */
    boolean contains(long offset, long length) {
        return offset >= 0 && length >= 0 && offset <= size && length <= size - offset;
    }

    /** Throws "truncated profile data" unless {@code [offset, offset+length)} is inside the file. */
    void require(long offset, long length) throws ProfileFormatException {
        if (!contains(offset, length)) {
            throw error(offset, Kind.TRUNCATED, IndexedFormat.TRUNCATED);
        }
    }

    long u64(long offset) throws ProfileFormatException {
        require(offset, 8);
        ByteBuffer c = chunks[(int) (offset >>> CHUNK_BITS)];
        int pos = (int) (offset & CHUNK_MASK);
        if (pos + 8 <= c.limit()) {
            return c.getLong(pos);
        }
        return slowLittleEndian(offset, 8);
    }

    /** Reads {@code n} u64 values from {@code offset} into {@code dst[0..n)}. */
    void u64s(long offset, long[] dst, int n) throws ProfileFormatException {
        u64s(offset, dst, 0, n);
    }

    /** Reads {@code n} u64 values from {@code offset} into {@code dst[at..at+n)}. */
    void u64s(long offset, long[] dst, int at, int n) throws ProfileFormatException {
        require(offset, 8L * n);
        ByteBuffer c = chunks[(int) (offset >>> CHUNK_BITS)];
        int pos = (int) (offset & CHUNK_MASK);
        if (pos + 8L * n <= c.limit()) {
            for (int i = at; i < at + n; i++, pos += 8) {
                dst[i] = c.getLong(pos);
            }
            return;
        }
        for (int i = 0; i < n; i++) {
            dst[at + i] = u64(offset + 8L * i);
        }
    }

    int u32(long offset) throws ProfileFormatException {
        require(offset, 4);
        ByteBuffer c = chunks[(int) (offset >>> CHUNK_BITS)];
        int pos = (int) (offset & CHUNK_MASK);
        if (pos + 4 <= c.limit()) {
            return c.getInt(pos);
        }
        return (int) slowLittleEndian(offset, 4);
    }

    int u16(long offset) throws ProfileFormatException {
        require(offset, 2);
        ByteBuffer c = chunks[(int) (offset >>> CHUNK_BITS)];
        int pos = (int) (offset & CHUNK_MASK);
        if (pos + 2 <= c.limit()) {
            return c.getShort(pos) & 0xFFFF;
        }
        return (int) slowLittleEndian(offset, 2);
    }

    @Override
    public int unsigned8(long at) throws ProfileFormatException {
        return u8(at);
    }

    @Override
    public long unsigned32(long at) throws ProfileFormatException {
        return u32(at) & 0xFFFF_FFFFL;
    }

    @Override
    public long word64(long at) throws ProfileFormatException {
        return u64(at);
    }

    int u8(long offset) throws ProfileFormatException {
        require(offset, 1);
        return byteAt(offset);
    }

    private int byteAt(long offset) {
        return chunks[(int) (offset >>> CHUNK_BITS)].get((int) (offset & CHUNK_MASK)) & 0xFF;
    }

    private long slowLittleEndian(long offset, int n) {
        long v = 0;
        for (int i = n - 1; i >= 0; i--) {
            v = (v << 8) | byteAt(offset + i);
        }
        return v;
    }

    /** Copies {@code length} bytes; the caller has bounded {@code length} by the file size. */
    byte[] bytes(long offset, int length) throws ProfileFormatException {
        byte[] out = new byte[length];
        copy(offset, out, 0, length);
        return out;
    }

    /** Copies {@code length} bytes from {@code offset} into {@code dst[at..at+length)}. */
    void copy(long offset, byte[] dst, int at, int length) throws ProfileFormatException {
        require(offset, length);
        if (length <= SHORT_COPY) {
            copyShort(offset, dst, at, length);
            return;
        }
        int done = 0;
        while (done < length) {
            long from = offset + done;
            ByteBuffer c = chunks[(int) (from >>> CHUNK_BITS)];
            int pos = (int) (from & CHUNK_MASK);
            int n = Math.min(length - done, c.limit() - pos);
            c.get(pos, dst, at + done, n);
            done += n;
        }
    }

    /**
     * Names are short, and a bulk copy out of a mapping has a fixed cost that C1-compiled code (the
     * launcher's choice for big reports) pays in full: up to this length, words are read instead.
     */
    private static final int SHORT_COPY = 64;

    private void copyShort(long offset, byte[] dst, int at, int length) throws ProfileFormatException {
        int i = 0;
        for (; i + 8 <= length; i += 8) {
            long word = u64(offset + i);
            for (int b = 0; b < 8; b++) {
                dst[at + i + b] = (byte) (word >>> (8 * b));
            }
        }
        for (; i < length; i++) {
            dst[at + i] = (byte) byteAt(offset + i);
        }
    }

    /** A name stored at {@code offset}, as an ISO-8859-1 string (one char per byte). */
    String latin1(long offset, long length) throws ProfileFormatException {
        return new String(bytes(offset, nameLength(offset, length)), StandardCharsets.ISO_8859_1);
    }

    /** The length of a name stored at {@code offset}, checked to fit the file and a Java array. */
    int nameLength(long offset, long length) throws ProfileFormatException {
        require(offset, length);
        if (length > Integer.MAX_VALUE - 16) {
            throw error(offset, Kind.MALFORMED, IndexedFormat.MALFORMED + ": name is too long");
        }
        return (int) length;
    }
}
