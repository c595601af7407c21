package dev.jprofdata.format.raw;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
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

    /** Words copied per step from a file: 64 KB, small enough to stay in the L2 cache. */
    public static final int CHUNK = 1 << 13;

    /**
     * Little-endian words of a whole file, made available a range at a time: {@link #load} puts
     * words {@code [from, from + len)} (at most {@link #CHUNK}) into {@link #array()} and says where.
     * Loops over a file walk it in ranges of at most {@link #CHUNK} words, so a file is read through
     * small buffers instead of being held whole.
     */
    public abstract static class Source {
        /** The array the last {@link #load} filled. */
        public abstract long[] array();

        /** Makes words {@code [from, from + len)} available; returns the index of {@code from} in {@link #array()}. */
        public abstract int load(int from, int len);

        /**
         * The file's bytes from {@code offset} (a multiple of 8) to its end, little-endian, for
         * decoding what is not words (value data); valid until the next file is read.
         */
        public abstract ByteBuffer bytesFrom(long offset);
    }

    /**
     * A reusable reader of whole files as word {@linkplain Source sources}: each file is opened and
     * read with positional reads through one {@link #WINDOW_BYTES} buffer, a window of the file at a
     * time, and closed when the next file is read (or on {@link #close}). Neither mappings nor
     * file-sized arrays stay behind, whatever the number of inputs.
     *
     * <p>Why not map the files: unmapping each of thousands of runs makes the kernel interrupt every
     * other CPU running the merge to flush its TLB, and faulting the pages in costs about what
     * copying them does; with two threads, reading the 2,000-run coverage workload went from 1.52
     * to 1.45 s this way, with one thread no slower (spec/performance.md, "Reading runs").
     */
    public static final class Reader extends Source implements AutoCloseable {
        /**
         * Bytes read per system call: small enough that the kernel's copy stays in the L2 cache for
         * the copy into {@link #array()} that follows, large enough that the calls cost little
         * (64 KB and 512 KB were slower, 1 MB clearly so).
         */
        static final int WINDOW_BYTES = 128 << 10;
        private static final int WINDOW_WORDS = WINDOW_BYTES / 8;

        private final long[] chunk = new long[CHUNK];
        private final ByteBuffer window = ByteBuffer.allocateDirect(WINDOW_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        private final LongBuffer windowWords = window.duplicate().order(ByteOrder.LITTLE_ENDIAN).asLongBuffer();
        /** The bytes handed out by {@link #bytesFrom}, kept for the next file. */
        private ByteBuffer tail;
        private FileChannel channel;
        private Path path;
        private long size;
        /** Words {@code [windowStart, windowEnd)} of the file are in {@link #window}. */
        private long windowStart;
        private long windowEnd;

        /**
         * Opens the file at {@code path}, {@code size} bytes (a multiple of 8), as this source;
         * valid until the next call. False when it cannot be opened or has another size. Asked for
         * the file it has open, it keeps it (and the window read from it).
         */
        public boolean read(Path path, long size) {
            if (channel != null && path.equals(this.path) && size == this.size) {
                return true;
            }
            release();
            if ((size & 7) != 0 || size > Integer.MAX_VALUE - 8) {
                return false;
            }
            try {
                channel = FileChannel.open(path, StandardOpenOption.READ);
                if (channel.size() != size) {
                    release();
                    return false;
                }
            } catch (IOException | RuntimeException e) {
                release();
                return false;
            }
            this.path = path;
            this.size = size;
            windowStart = 0;
            windowEnd = 0;
            return true;
        }

        @Override
        public long[] array() {
            return chunk;
        }

        /**
         * {@inheritDoc}
         *
         * @throws UncheckedIOException when the file cannot be read there (it shrank or went away
         *     after {@link #read}); the bytes are never made up
         */
        @Override
        public int load(int from, int len) {
            if (from < windowStart || from + len > windowEnd) {
                long end = Math.min(size / 8, (long) from + WINDOW_WORDS);
                windowStart = 0;
                windowEnd = 0; // nothing valid in the window until the read below succeeds
                window.clear().limit((int) Math.max(0, end - from) * 8);
                fill(window, 8L * from);
                windowStart = from;
                windowEnd = end;
                if (from + len > end) {
                    throw new IndexOutOfBoundsException("words " + from + "+" + len + " of " + size / 8);
                }
            }
            windowWords.get((int) (from - windowStart), chunk, 0, len);
            return 0;
        }

        @Override
        public ByteBuffer bytesFrom(long offset) {
            int n = (int) (size - offset);
            if (tail == null || tail.capacity() < n) {
                tail = ByteBuffer.allocateDirect(n);
            }
            tail.clear().limit(n);
            fill(tail, offset);
            return tail.flip().slice().order(ByteOrder.LITTLE_ENDIAN);
        }

        /** Fills {@code buffer} up to its limit with the file's bytes from {@code offset}. */
        private void fill(ByteBuffer buffer, long offset) {
            try {
                while (buffer.hasRemaining()) {
                    if (channel.read(buffer, offset + buffer.position()) < 0) {
                        throw new IOException(path + ": shorter than when it was opened (" + size
                                + " bytes): nothing at byte " + (offset + buffer.position()));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** Closes the last file. */
        @Override
        public void close() {
            release();
        }

        private void release() {
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException e) {
                    // Only read from: nothing to lose by ignoring a failed close.
                }
                channel = null;
            }
        }
    }
}
