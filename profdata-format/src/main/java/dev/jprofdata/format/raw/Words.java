package dev.jprofdata.format.raw;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
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

    /**
     * A reusable reader of whole files into words: each file is mapped, copied into one word array
     * reused for every file, and unmapped when the next file is read (or on {@link #close}), so
     * thousands of inputs never leave mappings resident.
     */
    public static final class Reader implements AutoCloseable {
        private long[] words = new long[0];
        private MappedByteBuffer mapping;

        /**
         * The file at {@code path}, {@code size} bytes (a multiple of 8), as words; valid until the
         * next read. Null when it cannot be read whole or changed size.
         */
        public long[] read(Path path, long size) {
            release();
            if ((size & 7) != 0 || size > Integer.MAX_VALUE - 8) {
                return null;
            }
            try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
                if (ch.size() != size) {
                    return null;
                }
                mapping = ch.map(FileChannel.MapMode.READ_ONLY, 0, size);
            } catch (IOException | RuntimeException e) {
                return null;
            }
            int n = (int) (size / 8);
            if (words.length < n) {
                words = new long[Math.max(n, words.length + words.length / 2)];
            }
            // Mapping and one copy costs less than read(2), which copies in the kernel first.
            mapping.order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().get(words, 0, n);
            return words;
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
                Unmapper.unmap(mapping);
                mapping = null;
            }
        }
    }
}
