package dev.jprofdata.format.raw;

import dev.jprofdata.format.ValueProfData;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;

/**
 * Read-only random access to a memory-mapped file by absolute {@code long} offset, in one byte
 * order.
 *
 * <p>{@code FileChannel.map} cannot map more than 2 GiB at once on Java 17, so the file is mapped in
 * windows. Consecutive windows overlap by {@link #OVERLAP} bytes, so that a field of up to 8 bytes
 * always lies inside one window; only bulk copies ({@link #bytes}) ever cross a window boundary.
 *
 * <p>Callers check bounds against {@link #size()} before reading; this class does not repeat the
 * checks.
 */
final class RawBytes implements ValueProfData.Bytes {
    /** Largest field read in one piece. */
    static final int OVERLAP = 8;
    /** Default window: 1 GiB, well below the 2 GiB limit of one mapping. */
    static final int DEFAULT_WINDOW_SHIFT = 30;

    private final ByteBuffer[] windows;
    private final int windowShift;
    private final long windowMask;
    private final long size;
    private final ByteOrder order;

    private RawBytes(ByteBuffer[] windows, int windowShift, long size, ByteOrder order) {
        this.windows = windows;
        this.windowShift = windowShift;
        this.windowMask = (1L << windowShift) - 1;
        this.size = size;
        this.order = order;
    }

    /**
     * Maps the whole of {@code channel} read-only in windows of {@code 2^windowShift} bytes; the
     * result reads little-endian until {@link #withOrder} says otherwise.
     */
    static RawBytes map(FileChannel channel, int windowShift) throws IOException {
        if (windowShift < 4 || windowShift > 30) {
            throw new IllegalArgumentException("window shift " + windowShift);
        }
        long size = channel.size();
        long window = 1L << windowShift;
        int count = (int) Math.max(1, (size + window - 1) >>> windowShift);
        ByteBuffer[] windows = new ByteBuffer[count];
        for (int i = 0; i < count; i++) {
            long start = (long) i << windowShift;
            long length = Math.min(size - start, window + OVERLAP);
            windows[i] = channel.map(FileChannel.MapMode.READ_ONLY, start, Math.max(0, length))
                    .order(ByteOrder.LITTLE_ENDIAN);
        }
        return new RawBytes(windows, windowShift, size, ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Reads bytes already in memory (for example standard input or a fuzzer's input) as one
     * window; {@code data}'s position and limit bound the view and it is not modified.
     */
    static RawBytes wrap(ByteBuffer data) {
        ByteBuffer view = data.slice().order(ByteOrder.LITTLE_ENDIAN);
        // One window that covers every offset below the size: the shift just has to exceed it.
        int shift = Math.max(4, 64 - Long.numberOfLeadingZeros(Math.max(1, view.remaining())));
        return new RawBytes(new ByteBuffer[] {view}, Math.min(shift, 31), view.remaining(), ByteOrder.LITTLE_ENDIAN);
    }

    /** A view of the same bytes that reads multi-byte integers in {@code newOrder}. */
    RawBytes withOrder(ByteOrder newOrder) {
        ByteBuffer[] views = new ByteBuffer[windows.length];
        for (int i = 0; i < windows.length; i++) {
            views[i] = windows[i].duplicate().order(newOrder);
        }
        return new RawBytes(views, windowShift, size, newOrder);
    }

    long size() {
        return size;
    }

    ByteOrder order() {
        return order;
    }

    private ByteBuffer window(long offset) {
        return windows[(int) (offset >>> windowShift)];
    }

    private int local(long offset) {
        return (int) (offset & windowMask);
    }

    int u8(long offset) {
        return window(offset).get(local(offset)) & 0xFF;
    }

    int u16(long offset) {
        return window(offset).getShort(local(offset)) & 0xFFFF;
    }

    /** An unsigned 32-bit field. */
    long u32(long offset) {
        return window(offset).getInt(local(offset)) & 0xFFFF_FFFFL;
    }

    /** A 64-bit field; unsigned values are carried in a {@code long}. */
    long u64(long offset) {
        return window(offset).getLong(local(offset));
    }

    @Override
    public int unsigned8(long at) {
        return u8(at);
    }

    @Override
    public long unsigned32(long at) {
        return u32(at);
    }

    @Override
    public long word64(long at) {
        return u64(at);
    }

    /** A pointer-sized field, zero-extended when {@code width} is 4. */
    long pointer(long offset, int width) {
        return width == 8 ? u64(offset) : u32(offset);
    }

    /** A copy of {@code length} bytes starting at {@code offset}. */
    byte[] bytes(long offset, int length) {
        byte[] out = new byte[length];
        int done = 0;
        while (done < length) {
            long at = offset + done;
            ByteBuffer w = window(at);
            int local = local(at);
            int n = Math.min(length - done, w.limit() - local);
            w.get(local, out, done, n);
            done += n;
        }
        return out;
    }
}
