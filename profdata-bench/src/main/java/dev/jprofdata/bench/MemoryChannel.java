package dev.jprofdata.bench;

import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.util.Arrays;

/** A growable in-memory {@link SeekableByteChannel}, so the writer benchmark measures no disk. */
final class MemoryChannel implements SeekableByteChannel {
    private byte[] data = new byte[1 << 16];
    private int size;
    private int position;

    /** Empties the channel, keeping its buffer. */
    void reset() {
        size = 0;
        position = 0;
    }

    @Override
    public int read(ByteBuffer dst) {
        if (position >= size) {
            return -1;
        }
        int n = Math.min(dst.remaining(), size - position);
        dst.put(data, position, n);
        position += n;
        return n;
    }

    @Override
    public int write(ByteBuffer src) {
        int n = src.remaining();
        long end = (long) position + n;
        if (end > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("MemoryChannel holds at most 2 GiB");
        }
        if (end > data.length) {
            data = Arrays.copyOf(data, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(end, 2L * data.length)));
        }
        src.get(data, position, n);
        position = (int) end;
        size = Math.max(size, position);
        return n;
    }

    @Override
    public long position() {
        return position;
    }

    @Override
    public SeekableByteChannel position(long newPosition) {
        if (newPosition < 0 || newPosition > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("position " + newPosition);
        }
        if (newPosition > size) {
            // Like a file: the gap reads as zeros once written past.
            Arrays.fill(data, size, (int) Math.min(newPosition, data.length), (byte) 0);
        }
        position = (int) newPosition;
        return this;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public SeekableByteChannel truncate(long newSize) {
        if (newSize < size) {
            size = (int) newSize;
        }
        position = Math.min(position, size);
        return this;
    }

    @Override
    public boolean isOpen() {
        return true;
    }

    @Override
    public void close() {
    }
}
