package dev.jprofdata.format.offload;

import dev.jprofdata.format.io.FileNames;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The {@code .unifcnts} side file of a device {@code .profraw}: the uniform counters (block entries
 * made by full waves), in the counters' B×K slot layout, concatenated over the device records in
 * data-record order.
 *
 * <pre>
 *   u64 Magic        0x55434E5450524F46 ("UCNTPROF" read as a big-endian number)
 *   u64 Version      1
 *   u64 NumCounters
 *   u64 CountersSize NumCounters × 8
 *   u64 counters[NumCounters]
 * </pre>
 * All fields are little-endian. Problems never throw: they come back as a reason, because a bad
 * side file must only cost the uniformity data, never the merge.
 */
public final class UnifcntsFile {
    private UnifcntsFile() {
    }

    public static final long MAGIC = 0x55434E5450524F46L;
    public static final long VERSION = 1;
    public static final int HEADER_SIZE = 32;
    public static final String EXTENSION = "unifcnts";

    /**
     * What reading a side file gave: the counters, or why there are none.
     *
     * @param counters the uniform counters, or {@code null}
     * @param problem why {@code counters} is null ("not found", "too short", ...), else null
     */
    public record Result(long[] counters, String problem) {
        public boolean found() {
            return counters != null;
        }
    }

    /** {@code dir/x.profraw} → {@code dir/x.unifcnts}: the file name's last extension replaced (or appended). */
    public static Path sidePathFor(Path profraw) {
        // Bytes, not the JVM's decoding of them: a non-ASCII name must name the same directory.
        String name = FileNames.fileName(profraw);
        int dot = name.lastIndexOf('.');
        String side = (dot > 0 ? name.substring(0, dot) : name) + "." + EXTENSION;
        return FileNames.resolveSibling(profraw, side);
    }

    public static Result read(Path path) {
        long size;
        ByteBuffer header = ByteBuffer.allocate(HEADER_SIZE).order(ByteOrder.LITTLE_ENDIAN);
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            size = ch.size();
            if (size < HEADER_SIZE) {
                return new Result(null, "file is too short for the header (" + size + " bytes, need 32)");
            }
            readFully(ch, header, 0);
            header.flip();
            long magic = header.getLong();
            long version = header.getLong();
            long numCounters = header.getLong();
            long countersSize = header.getLong();
            if (magic != MAGIC) {
                return new Result(null, Long.reverseBytes(magic) == MAGIC
                        ? "bad magic (big-endian side files are not supported)" : "bad magic");
            }
            if (version != VERSION) {
                return new Result(null, "unsupported version " + Long.toUnsignedString(version));
            }
            if (numCounters < 0 || numCounters > (Long.MAX_VALUE / 8) || countersSize != numCounters * 8) {
                return new Result(null, "size mismatch: NumCounters " + Long.toUnsignedString(numCounters)
                        + " does not match CountersSize " + Long.toUnsignedString(countersSize));
            }
            long available = size - HEADER_SIZE;
            if (available < countersSize) {
                return new Result(null, "file is truncated: " + available + " bytes of counters, header says "
                        + countersSize);
            }
            if (available > countersSize) {
                return new Result(null, "size mismatch: " + (available - countersSize)
                        + " bytes after the counters");
            }
            // The byte size, not just the count, must fit one Java array (a > 2 GiB file would
            // otherwise overflow the int cast below).
            if (numCounters > (Integer.MAX_VALUE - 16) / 8) {
                return new Result(null, "too many counters (" + numCounters + ")");
            }
            ByteBuffer body = ByteBuffer.allocate((int) countersSize).order(ByteOrder.LITTLE_ENDIAN);
            readFully(ch, body, HEADER_SIZE);
            body.flip();
            long[] counters = new long[(int) numCounters];
            body.asLongBuffer().get(counters);
            return new Result(counters, null);
        } catch (NoSuchFileException e) {
            return new Result(null, "not found");
        } catch (IOException e) {
            return new Result(null, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
    }

    private static void readFully(FileChannel ch, ByteBuffer buf, long at) throws IOException {
        long pos = at;
        while (buf.hasRemaining()) {
            int n = ch.read(buf, pos);
            if (n < 0) {
                throw new IOException("unexpected end of file");
            }
            pos += n;
        }
    }

    /** The bytes of a side file holding {@code counters}. */
    public static byte[] encode(long[] counters) {
        ByteBuffer b = ByteBuffer.allocate(HEADER_SIZE + 8 * counters.length).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(MAGIC).putLong(VERSION).putLong(counters.length).putLong(8L * counters.length);
        for (long c : counters) {
            b.putLong(c);
        }
        return b.array();
    }

    public static void write(Path path, long[] counters) throws IOException {
        try (OutputStream out = Files.newOutputStream(path)) {
            out.write(encode(counters));
        }
    }
}
