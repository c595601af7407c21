package dev.jprofdata.format.sample.binary;

import dev.jprofdata.format.ProfileFormatException.Kind;
import dev.jprofdata.format.io.MappedFaults;
import dev.jprofdata.format.sample.SampleErrors;
import dev.jprofdata.format.sample.SampleProfileException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A cursor over bytes of a binary sample profile (a mapped file region, or a decompressed
 * section) with LLVM's primitive reads: ULEB128 numbers range-checked against their destination
 * width ({@code Malformed sample profile data}) and the bytes left ({@code Truncated profile data}),
 * NUL-terminated strings, little-endian words. Every problem is a {@link SampleProfileException}
 * naming the file and the byte offset (for a decompressed section, the section's offset in the file).
 *
 * <p>Regions up to {@link #HEAP_LIMIT} bytes are read into a byte array rather than mapped: every
 * number is read byte by byte, and array reads are several times cheaper than a mapped buffer's
 * (merging many profiles reads each whole). Bigger regions stay mapped, so memory does not grow
 * with the file.
 */
public final class SampleBytes {
    /** Regions up to this size are read into the heap; bigger ones are mapped. */
    static final int HEAP_LIMIT = 32 << 20;

    private final ByteBuffer buf;
    /** The bytes when they are in the heap (then {@code buf} wraps them), else null. */
    private final byte[] array;
    private final String file;
    /** File offset of {@code buf[0]}; for decompressed data, the offset of its section. */
    private final long base;
    private final boolean decompressed;
    private int pos;
    private int end;

    private SampleBytes(ByteBuffer buf, String file, long base, boolean decompressed) {
        this.buf = buf.order(ByteOrder.LITTLE_ENDIAN);
        this.array = buf.hasArray() && buf.arrayOffset() == 0 ? buf.array() : null;
        this.file = file;
        this.base = base;
        this.decompressed = decompressed;
        this.end = buf.limit();
    }

    /** The bytes {@code [offset, offset+size)} of an open file, mapped. */
    public static SampleBytes map(FileChannel channel, long offset, long size, String file) throws IOException {
        if (size > Integer.MAX_VALUE - 16) {
            throw SampleErrors.at(file, offset, SampleErrors.TOO_LARGE);
        }
        if (size <= HEAP_LIMIT) {
            ByteBuffer b = ByteBuffer.allocate((int) size);
            while (b.hasRemaining()) {
                if (channel.read(b, offset + b.position()) < 0) {
                    // The file shrank since its size was checked.
                    throw new SampleProfileException(file, offset + b.position(), Kind.TRUNCATED_WHILE_READING,
                            MappedFaults.TRUNCATED);
                }
            }
            return new SampleBytes(b.clear(), file, offset, false);
        }
        return new SampleBytes(channel.map(FileChannel.MapMode.READ_ONLY, offset, size), file, offset, false);
    }

    /** A whole file, mapped. */
    public static SampleBytes mapFile(Path path, String file) throws IOException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            return map(ch, 0, ch.size(), file);
        } catch (NoSuchFileException e) {
            throw SampleErrors.at(file, -1, SampleErrors.NOT_FOUND);
        }
    }

    /** The bytes {@code [offset, offset+size)} of a whole file held in {@code whole} (the caller checked the range). */
    public static SampleBytes slice(ByteBuffer whole, long offset, long size, String file) {
        ByteBuffer b = whole.duplicate();
        b.position(0).limit((int) (offset + size)).position((int) offset);
        return new SampleBytes(b.slice(), file, offset, false);
    }

    /** Decompressed data of the section at file offset {@code sectionOffset}. */
    public static SampleBytes wrap(byte[] data, String file, long sectionOffset) {
        return new SampleBytes(ByteBuffer.wrap(data), file, sectionOffset, true);
    }

    public String file() {
        return file;
    }

    public int position() {
        return pos;
    }

    public void position(int p) {
        pos = p;
    }

    /** The end of the readable range (exclusive). */
    public int end() {
        return end;
    }

    /** Limits reading to {@code [position, newEnd)}. */
    public void end(int newEnd) {
        end = newEnd;
    }

    public int capacity() {
        return buf.limit();
    }

    public int remaining() {
        return end - pos;
    }

    public boolean hasRemaining() {
        return pos < end;
    }

    /** The file offset of the cursor, for error messages. */
    public long fileOffset() {
        return decompressed ? base : base + pos;
    }

    public SampleProfileException error(String reason) {
        return SampleErrors.at(file, fileOffset(), reason);
    }

    /** An error at a position other than the cursor's. */
    public SampleProfileException errorAt(int at, String reason) {
        return SampleErrors.at(file, decompressed ? base : base + at, reason);
    }

    /** A ULEB128 value of up to 64 bits. */
    public long uleb() throws SampleProfileException {
        int p = pos;
        // Most numbers are one or two bytes: those take a short path, straight from the array when
        // the bytes are in the heap (the general loop below costs twice as much per byte).
        if (p + 1 < end) {
            byte[] a = array;
            int b0 = a != null ? a[p] : buf.get(p);
            if (b0 >= 0) {
                pos = p + 1;
                return b0;
            }
            int b1 = a != null ? a[p + 1] : buf.get(p + 1);
            if (b1 >= 0) {
                pos = p + 2;
                return (b0 & 0x7F) | (b1 << 7);
            }
        }
        long value = 0;
        int shift = 0;
        while (true) {
            if (p >= end) {
                throw error(SampleErrors.TRUNCATED);
            }
            int b = buf.get(p++) & 0xFF;
            long slice = b & 0x7F;
            if (shift >= 64 ? slice != 0 : shift == 63 && slice > 1) {
                throw error(SampleErrors.MALFORMED);
            }
            if (shift < 64) {
                value |= slice << shift;
            }
            shift += 7;
            if ((b & 0x80) == 0) {
                break;
            }
        }
        pos = p;
        return value;
    }

    /** A ULEB128 value that must fit 32 bits (LLVM's {@code readNumber<uint32_t>}). */
    public long uleb32() throws SampleProfileException {
        int at = pos;
        long v = uleb();
        if (Long.compareUnsigned(v, 0xFFFFFFFFL) > 0) {
            pos = at;
            throw error(SampleErrors.MALFORMED);
        }
        return v;
    }

    /** A little-endian u64. */
    public long u64() throws SampleProfileException {
        if (end - pos < 8) {
            throw error(SampleErrors.TRUNCATED);
        }
        long v = buf.getLong(pos);
        pos += 8;
        return v;
    }

    /** A little-endian u64 at {@code at}, not moving the cursor. */
    public long u64At(int at) {
        return buf.getLong(at);
    }

    /** A NUL-terminated string, as ISO-8859-1 (one char per byte). */
    public String cString() throws SampleProfileException {
        int p = pos;
        byte[] a = array;
        if (a != null) {
            while (p < end && a[p] != 0) {
                p++;
            }
            if (p >= end) {
                throw error(SampleErrors.TRUNCATED);
            }
            String text = new String(a, pos, p - pos, StandardCharsets.ISO_8859_1);
            pos = p + 1;
            return text;
        }
        while (p < end && buf.get(p) != 0) {
            p++;
        }
        if (p >= end) {
            throw error(SampleErrors.TRUNCATED);
        }
        byte[] bytes = new byte[p - pos];
        buf.get(pos, bytes);
        pos = p + 1;
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    /** Copies {@code n} bytes from the cursor (the caller checked they are there). */
    public byte[] bytes(int n) {
        byte[] out = new byte[n];
        buf.get(pos, out);
        pos += n;
        return out;
    }

    /** Runs {@code reading}; a fault of a mapped file that shrank becomes this kind of exception. */
    public static <T> T guard(String file, MappedFaults.Reading<T> reading) throws IOException {
        try {
            return reading.read();
        } catch (InternalError e) {
            if (!MappedFaults.isFault(e)) {
                throw e;
            }
            SampleProfileException s = new SampleProfileException(file, -1, Kind.TRUNCATED_WHILE_READING,
                    MappedFaults.TRUNCATED);
            s.initCause(e);
            throw s;
        }
    }
}
