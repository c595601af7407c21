package dev.jprofdata.format.raw;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Raw files seen as arrays of little-endian 64-bit words, for the fast path of merging many runs of
 * one binary (spec/performance.md). Every section of a raw profile starts on a word, so its fields
 * can be read from a {@code long[]} with plain array accesses, which the JIT compiles well at every
 * tier (buffer accessors are calls until the optimising compiler inlines them).
 */
public final class Words {
    private Words() {
    }

    /** The u16 at byte {@code offset} (2-aligned) of little-endian words {@code w}. */
    static int u16(long[] w, int offset) {
        return (int) (w[offset >>> 3] >>> ((offset & 7) << 3)) & 0xFFFF;
    }

    /** The u32 at byte {@code offset} (4-aligned) of little-endian words {@code w}. */
    static long u32(long[] w, int offset) {
        return (w[offset >>> 3] >>> ((offset & 7) << 3)) & 0xFFFF_FFFFL;
    }

    /**
     * A reusable reader of whole files into words: one direct buffer for the reads, one word array
     * for the result, both grown as needed and reused for every file.
     */
    public static final class Reader {
        private ByteBuffer buffer = ByteBuffer.allocateDirect(0);
        private long[] words = new long[0];
        private int lastSize;

        /**
         * The file at {@code path}, {@code size} bytes (a multiple of 8), as words; valid until the
         * next read. Null when it cannot be read whole or changed size.
         */
        public long[] read(Path path, long size) {
            if ((size & 7) != 0 || size > Integer.MAX_VALUE - 8) {
                return null;
            }
            ByteBuffer b = bytes(path, size);
            if (b == null) {
                return null;
            }
            int n = (int) (size / 8);
            if (words.length < n) {
                words = new long[Math.max(n, words.length + words.length / 2)];
            }
            b.asLongBuffer().get(words, 0, n);
            lastSize = (int) size;
            return words;
        }

        /** The bytes of the last {@link #read} (little-endian), for decoding what is not words. */
        public ByteBuffer lastBytes() {
            return buffer.slice(0, lastSize).order(ByteOrder.LITTLE_ENDIAN);
        }

        private ByteBuffer bytes(Path path, long size) {
            if (buffer.capacity() < size) {
                buffer = ByteBuffer.allocateDirect((int) Math.max(size, buffer.capacity() + buffer.capacity() / 2));
            }
            ByteBuffer b = buffer.clear().limit((int) size).slice().order(ByteOrder.LITTLE_ENDIAN);
            try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
                while (b.hasRemaining()) {
                    if (ch.read(b) < 0) {
                        return null;
                    }
                }
                if (ch.size() != size) {
                    return null;
                }
            } catch (IOException | RuntimeException e) {
                return null;
            }
            return b.clear();
        }
    }
}
