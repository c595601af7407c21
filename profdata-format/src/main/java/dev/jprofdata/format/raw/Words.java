package dev.jprofdata.format.raw;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.nio.MappedByteBuffer;
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

    /** Words copied per step from a mapped file: 64 KB, small enough to stay in the L2 cache. */
    public static final int CHUNK = 1 << 13;

    /**
     * Little-endian words of a whole file, made available a range at a time: {@link #load} puts
     * words {@code [from, from + len)} (at most {@link #CHUNK}) into {@link #array()} and says where.
     * Loops over a file walk it in ranges of at most {@link #CHUNK} words, so a mapped file is read
     * through one small buffer instead of being copied whole.
     */
    public abstract static class Source {
        /** The array the last {@link #load} filled. */
        public abstract long[] array();

        /** Makes words {@code [from, from + len)} available; returns the index of {@code from} in {@link #array()}. */
        public abstract int load(int from, int len);

        /** A whole file already in an array: loads cost nothing. */
        public static Source of(long[] words) {
            return new ArraySource(words);
        }
    }

    private static final class ArraySource extends Source {
        private final long[] words;

        ArraySource(long[] words) {
            this.words = words;
        }

        @Override
        public long[] array() {
            return words;
        }

        @Override
        public int load(int from, int len) {
            return from;
        }
    }

    /**
     * A reusable reader of whole files as word {@linkplain Source sources}: each file is mapped, read
     * a chunk at a time through one small buffer, and unmapped when the next file is mapped (or on
     * {@link #close}), so thousands of inputs never leave mappings resident, and no file-sized
     * array stays in the heap for the whole merge.
     */
    public static final class Reader extends Source implements AutoCloseable {
        private final long[] chunk = new long[CHUNK];
        private MappedByteBuffer mapping;
        private LongBuffer words;

        /**
         * Maps the file at {@code path}, {@code size} bytes (a multiple of 8), as this source;
         * valid until the next call. False when it cannot be mapped whole or changed size.
         */
        public boolean read(Path path, long size) {
            release();
            if ((size & 7) != 0 || size > Integer.MAX_VALUE - 8) {
                return false;
            }
            try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
                if (ch.size() != size) {
                    return false;
                }
                mapping = ch.map(FileChannel.MapMode.READ_ONLY, 0, size);
            } catch (IOException | RuntimeException e) {
                return false;
            }
            words = mapping.order(ByteOrder.LITTLE_ENDIAN).asLongBuffer();
            return true;
        }

        @Override
        public long[] array() {
            return chunk;
        }

        @Override
        public int load(int from, int len) {
            // Mapping and copying a chunk at a time costs less than read(2), which copies in the
            // kernel first.
            words.get(from, chunk, 0, len);
            return 0;
        }

        /** The bytes of the last {@link #read} (little-endian), for decoding what is not words. */
        public ByteBuffer lastBytes() {
            return mapping.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        }

        /** Unmaps the last file. */
        @Override
        public void close() {
            release();
        }

        private void release() {
            if (mapping != null) {
                words = null;
                Unmapper.unmap(mapping);
                mapping = null;
            }
        }
    }
}
