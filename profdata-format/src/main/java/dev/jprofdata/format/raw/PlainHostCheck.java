package dev.jprofdata.format.raw;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Tells plain host raw profiles (the kind {@link RawCounterLayout} accepts, value data allowed)
 * from everything else, reading only the header and the data records of each file.
 *
 * <p>The host/device split of a merge asks this of every input before merging, so one instance
 * reuses one direct read buffer and one word array for all files: no per-file allocation (a data section is about
 * 64 bytes per function) and no mapping left resident.
 */
public final class PlainHostCheck {
    /** Header bytes read first: enough for every header this check accepts. */
    private static final int HEAD = 128;
    private static final int MAX_RECORD = 64;
    private static final int MIN_RECORD = 48;

    private ByteBuffer buffer = ByteBuffer.allocateDirect(HEAD);
    private long[] words = new long[0];

    /** Whether {@code path} is a plain host raw profile; false when unsure or unreadable. */
    public boolean isPlainHostProfile(Path path) {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size < 32 || size > Integer.MAX_VALUE) {
                return false;
            }
            ByteBuffer head = read(ch, (int) Math.min(size, HEAD));
            int version = (int) head.getLong(8);
            long binaryIdsSize = head.getLong(16);
            long numData = head.getLong(24);
            if (version < 8 || version > 10 || binaryIdsSize < 0 || numData < 0
                    || binaryIdsSize > size || numData > size / MIN_RECORD) {
                return false;
            }
            long needed = HEAD + binaryIdsSize + numData * MAX_RECORD;
            if (words.length < numData * (MAX_RECORD / 8)) {
                words = new long[(int) (numData * (MAX_RECORD / 8))];
            }
            return RawCounterLayout.isPlain(read(ch, (int) Math.min(size, needed)), size, words);
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** The first {@code length} bytes of the file, little-endian, in the reused buffer. */
    private ByteBuffer read(FileChannel ch, int length) throws IOException {
        if (buffer.capacity() < length) {
            buffer = ByteBuffer.allocateDirect(Math.max(length, buffer.capacity() * 2));
        }
        ByteBuffer b = buffer.clear().limit(length).slice().order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining() && ch.read(b, b.position()) >= 0) {
            // position advances by what was read
        }
        return b.clear();
    }
}
