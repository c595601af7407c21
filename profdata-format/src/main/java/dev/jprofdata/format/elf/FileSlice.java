package dev.jprofdata.format.elf;

import dev.jprofdata.format.ProfileFormatException.Kind;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Bytes of one region of a file, read little-endian at explicit positions. Every read is checked
 * against the region's bounds, and every error names the file and the offset in the whole file, so
 * that a code object cut out of a bundle or named by a URI reports where its damage is on disk.
 *
 * <p>The bytes are held on the heap: code objects are small, and the region's size is checked
 * against the file's real size before anything is allocated, so a size field cannot make the
 * reader allocate more than the file holds.
 */
public final class FileSlice {
    /** The largest region held in one slice (Java arrays are int-indexed). */
    static final long MAX_SIZE = Integer.MAX_VALUE - 64;

    private final String file;
    private final byte[] bytes;
    private final int start;
    private final int length;
    private final long fileOffset;

    private FileSlice(String file, byte[] bytes, int start, int length, long fileOffset) {
        this.file = file;
        this.bytes = bytes;
        this.start = start;
        this.length = length;
        this.fileOffset = fileOffset;
    }

    /** Bytes that did not come from a file (tests, or a code object already in memory). */
    public static FileSlice of(String name, byte[] bytes) {
        return new FileSlice(name, bytes, 0, bytes.length, 0);
    }

    /** The whole file. */
    public static FileSlice read(Path path) throws IOException {
        return read(path, 0, -1);
    }

    /**
     * {@code size} bytes of {@code path} from {@code offset}; {@code size} -1 means up to the end.
     * A region that does not lie inside the file is an error naming the offset.
     */
    public static FileSlice read(Path path, long offset, long size) throws IOException {
        String name = path.toString();
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            long fileSize = channel.size();
            if (offset < 0 || offset > fileSize) {
                throw new CodeObjectException(name, offset, Kind.TOO_LARGE,
                        "code object offset " + offset + " is outside the file of " + fileSize + " bytes");
            }
            long length = size < 0 ? fileSize - offset : size;
            if (length > fileSize - offset) {
                throw new CodeObjectException(name, offset, Kind.TOO_LARGE, "code object of " + length
                        + " bytes at offset " + offset + " runs past the end of the file of " + fileSize + " bytes");
            }
            if (length > MAX_SIZE) {
                throw new CodeObjectException(name, offset, Kind.TOO_LARGE,
                        "code object of " + length + " bytes is larger than the 2 GiB this reader holds");
            }
            byte[] bytes = new byte[(int) length];
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                int n = channel.read(buffer, offset + buffer.position());
                if (n < 0) {
                    throw new CodeObjectException(name, offset + buffer.position(), Kind.TRUNCATED_WHILE_READING,
                            "file was truncated while being read");
                }
            }
            return new FileSlice(name, bytes, 0, bytes.length, offset);
        } catch (NoSuchFileException e) {
            throw new CodeObjectException(name, -1, Kind.NOT_FOUND, "No such file or directory", e);
        } catch (EOFException e) {
            throw new CodeObjectException(name, -1, Kind.TRUNCATED, "truncated code object", e);
        }
    }

    public String file() {
        return file;
    }

    /** The number of bytes in the slice. */
    public long size() {
        return length;
    }

    /** Where position 0 of this slice is in the file. */
    public long fileOffset() {
        return fileOffset;
    }

    /** The file offset of slice position {@code pos}, for error messages. */
    public long fileOffsetOf(long pos) {
        return fileOffset + pos;
    }

    /**
     * The part {@code [pos, pos + size)} of this slice, checked to lie inside it; {@code what}
     * names the part in the error.
     */
    public FileSlice slice(long pos, long size, String what) throws CodeObjectException {
        if (pos < 0 || size < 0 || pos > length || size > length - pos) {
            throw new CodeObjectException(file, fileOffsetOf(Math.max(pos, 0)), Kind.TOO_LARGE,
                    what + " of " + size + " bytes at offset " + pos + " runs past the end of its "
                            + length + "-byte container");
        }
        return new FileSlice(file, bytes, start + (int) pos, (int) size, fileOffset + pos);
    }

    /** Fails unless {@code count} bytes can be read at {@code pos}. */
    public void require(long pos, long count, String what) throws CodeObjectException {
        if (pos < 0 || count < 0 || pos > length || count > length - pos) {
            throw truncated(pos, what);
        }
    }

    public CodeObjectException truncated(long pos, String what) {
        return new CodeObjectException(file, fileOffsetOf(Math.max(0, Math.min(pos, length))), Kind.TRUNCATED,
                "truncated " + what);
    }

    /** An error at slice position {@code pos}. */
    public CodeObjectException error(long pos, Kind kind, String reason) {
        return new CodeObjectException(file, fileOffsetOf(pos), kind, reason);
    }

    public int u8(long pos, String what) throws CodeObjectException {
        require(pos, 1, what);
        return bytes[start + (int) pos] & 0xff;
    }

    public int u16(long pos, String what) throws CodeObjectException {
        require(pos, 2, what);
        int i = start + (int) pos;
        return (bytes[i] & 0xff) | (bytes[i + 1] & 0xff) << 8;
    }

    public long u32(long pos, String what) throws CodeObjectException {
        require(pos, 4, what);
        int i = start + (int) pos;
        return (bytes[i] & 0xffL) | (bytes[i + 1] & 0xffL) << 8 | (bytes[i + 2] & 0xffL) << 16
                | (bytes[i + 3] & 0xffL) << 24;
    }

    public long u64(long pos, String what) throws CodeObjectException {
        require(pos, 8, what);
        return u32(pos, what) | u32(pos + 4, what) << 32;
    }

    /** An unsigned little-endian number of {@code width} (1, 2, 3, 4 or 8) bytes. */
    public long unsigned(long pos, int width, String what) throws CodeObjectException {
        require(pos, width, what);
        long value = 0;
        for (int k = width - 1; k >= 0; k--) {
            value = value << 8 | (bytes[start + (int) pos + k] & 0xffL);
        }
        return value;
    }

    /** Whether the bytes at {@code pos} are {@code expected} (false when the slice is shorter). */
    public boolean startsWith(long pos, byte[] expected) {
        if (pos < 0 || pos > length || expected.length > length - pos) {
            return false;
        }
        for (int k = 0; k < expected.length; k++) {
            if (bytes[start + (int) pos + k] != expected[k]) {
                return false;
            }
        }
        return true;
    }

    /** The NUL-terminated UTF-8 string at {@code pos}; a string without its NUL is an error. */
    public String cString(long pos, String what) throws CodeObjectException {
        if (pos < 0 || pos >= length) {
            throw new CodeObjectException(file, fileOffsetOf(Math.max(0, Math.min(pos, length))), Kind.MALFORMED,
                    what + " offset " + pos + " is outside its " + length + "-byte section");
        }
        int end = (int) cStringEnd(pos, what) - 1; // the NUL
        return new String(bytes, start + (int) pos, end - (int) pos, StandardCharsets.UTF_8);
    }

    /** The end of the NUL-terminated string at {@code pos} (the position after its NUL). */
    public long cStringEnd(long pos, String what) throws CodeObjectException {
        require(pos, 1, what);
        int end = start + (int) pos;
        int limit = start + length;
        while (end < limit && bytes[end] != 0) {
            end++;
        }
        if (end == limit) {
            throw truncated(pos, what + " (no terminating NUL)");
        }
        return end - start + 1;
    }

    /** A copy of {@code size} bytes at {@code pos}. */
    public byte[] copy(long pos, int size, String what) throws CodeObjectException {
        require(pos, size, what);
        byte[] out = new byte[size];
        System.arraycopy(bytes, start + (int) pos, out, 0, size);
        return out;
    }
}
