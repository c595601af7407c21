package dev.jprofdata.format.indexed;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SeekableByteChannel;

/**
 * Buffered little-endian output to a channel, with positions counted from where writing started
 * (LLVM's {@code tell()}), and positional patching of bytes already written.
 */
final class ChannelSink {
    private final SeekableByteChannel channel;
    private final long base;
    private final ByteBuffer buffer = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
    private long flushed;

    ChannelSink(SeekableByteChannel channel) throws IOException {
        this.channel = channel;
        this.base = channel.position();
    }

    /** Bytes written so far. */
    long position() {
        return flushed + buffer.position();
    }

    void u64(long v) throws IOException {
        room(8);
        buffer.putLong(v);
    }

    /** Up to this many values are put one by one; more are copied through a long view. */
    private static final int SMALL_COPY = 32;

    /** {@link #u64} of every value, copied in bulk (a record's counters are most of the output). */
    void u64s(long[] values) throws IOException {
        int done = 0;
        while (done < values.length) {
            room(8);
            int n = Math.min(values.length - done, buffer.remaining() / 8);
            if (n <= SMALL_COPY) {
                // A view per short record would be most of what writing it allocates.
                for (int i = 0; i < n; i++) {
                    buffer.putLong(values[done + i]);
                }
            } else {
                buffer.asLongBuffer().put(values, done, n);
                buffer.position(buffer.position() + 8 * n);
            }
            done += n;
        }
    }

    void u16(int v) throws IOException {
        room(2);
        buffer.putShort((short) v);
    }

    void zeros(long n) throws IOException {
        for (long i = 0; i < n; i++) {
            room(1);
            buffer.put((byte) 0);
        }
    }

    void bytes(byte[] b) throws IOException {
        int done = 0;
        while (done < b.length) {
            room(1);
            int n = Math.min(b.length - done, buffer.remaining());
            buffer.put(b, done, n);
            done += n;
        }
    }

    /**
     * The buffer, with at least {@code n} bytes free at its position, for the caller to write
     * exactly {@code n} bytes into (saves a temporary buffer per record); {@code n} must not exceed
     * {@link #capacity()}.
     */
    ByteBuffer reserve(int n) throws IOException {
        room(n);
        return buffer;
    }

    int capacity() {
        return buffer.capacity();
    }

    void bytes(ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            room(1);
            int n = Math.min(b.remaining(), buffer.remaining());
            ByteBuffer part = b.slice();
            part.limit(n);
            buffer.put(part);
            b.position(b.position() + n);
        }
    }

    private void room(int n) throws IOException {
        if (buffer.remaining() < n) {
            flush();
        }
    }

    void flush() throws IOException {
        buffer.flip();
        channel.position(base + flushed);
        while (buffer.hasRemaining()) {
            flushed += channel.write(buffer);
        }
        buffer.clear();
    }

    /** Overwrites bytes at {@code position} (which must already be written); call after {@link #flush}. */
    void patch(long position, ByteBuffer bytes) throws IOException {
        channel.position(base + position);
        while (bytes.hasRemaining()) {
            channel.write(bytes);
        }
        channel.position(base + flushed);
    }
}
