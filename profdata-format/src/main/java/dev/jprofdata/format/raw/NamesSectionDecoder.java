package dev.jprofdata.format.raw;

import dev.jprofdata.format.MemoryGuard;
import dev.jprofdata.format.Names;
import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileFormatException.Kind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Decodes a names blob (function names, or vtable names in v10): a sequence of chunks, one per
 * object file, each {@code ULEB128 uncompressedLength, ULEB128 compressedLength, payload} where a
 * compressed length of 0 means the payload is stored as is and anything else means a zlib stream.
 * The decoded text of a chunk holds names separated by the byte 0x01. Zero bytes between chunks are
 * alignment padding and are skipped.
 */
final class NamesSectionDecoder {
    private NamesSectionDecoder() {
    }

    private static final byte SEPARATOR = 0x01;
    /**
     * Heap a decoded name costs beyond its characters: the String and its array, its slots in the
     * name list and the hash map, the map's Long key, and the lookup table (measured order of
     * magnitude), for the {@link MemoryGuard}.
     */
    static final long PER_NAME_OVERHEAD = 128;
    private static final String PAST_END = "name data extends past the end of its section";

    /**
     * The names in the {@code length} bytes at {@code offset}, in stored order (duplicates kept).
     *
     * @throws ProfileFormatException "failed to uncompress data (zlib)" for a bad zlib payload,
     *     "symbol name is empty" for an empty name (both LLVM's), or a malformed-data message when a
     *     chunk runs past the section
     */
    static List<String> decode(RawBytes bytes, long offset, long length, String file) throws ProfileFormatException {
        return decode(bytes, offset, length, file, MemoryGuard.NONE);
    }

    /**
     * As {@link #decode(RawBytes, long, long, String)}, asking {@code guard} before the decoded names
     * grow: the inflated text of every chunk and the names made from it add up, and a section of
     * well-compressed names (about 1000 times their compressed size) is refused as it grows, not
     * after it has filled the heap.
     */
    static List<String> decode(RawBytes bytes, long offset, long length, String file, MemoryGuard guard)
            throws ProfileFormatException {
        List<String> names = new ArrayList<>();
        long held = 0;
        long at = offset;
        long end = offset + length;
        while (at < end) {
            long chunk = at;
            long[] uncompressed = readUleb(bytes, at, end, file);
            at = uncompressed[1];
            long[] compressed = readUleb(bytes, at, end, file);
            at = compressed[1];
            byte[] text;
            if (compressed[0] == 0) {
                text = payload(bytes, at, end, uncompressed[0], chunk, file, held, guard);
                at += text.length;
            } else {
                byte[] zlib = payload(bytes, at, end, compressed[0], chunk, file, held, guard);
                text = inflate(zlib, uncompressed[0], chunk, file, held, guard);
                at += zlib.length;
            }
            // While the chunk is split its text and its names are both held.
            int before = names.size();
            if (guard != MemoryGuard.NONE) {
                guard.reserve(held + 2L * text.length + PER_NAME_OVERHEAD * countNames(text), file);
            }
            split(text, names, chunk, file);
            held += text.length + PER_NAME_OVERHEAD * (names.size() - before);
            while (at < end && bytes.u8(at) == 0) {
                at++;
            }
        }
        return names;
    }

    /** {value, offset after the encoding}. */
    private static long[] readUleb(RawBytes bytes, long at, long end, String file) throws ProfileFormatException {
        long value = 0;
        int shift = 0;
        long p = at;
        while (true) {
            if (p >= end) {
                throw new ProfileFormatException(file, at, Kind.MALFORMED, RawErrors.malformed(PAST_END));
            }
            int b = bytes.u8(p++);
            if (shift > 63 || (shift == 63 && (b & 0x7F) > 1)) {
                throw new ProfileFormatException(file, at, Kind.MALFORMED,
                        RawErrors.malformed("name chunk length is too large"));
            }
            value |= (long) (b & 0x7F) << shift;
            shift += 7;
            if ((b & 0x80) == 0) {
                return new long[] {value, p};
            }
        }
    }

    /**
     * The chunk's payload copied out of the file (the guard is asked first: a stored chunk of a
     * sparse file can claim gigabytes of zeros).
     */
    private static byte[] payload(RawBytes bytes, long at, long end, long size, long chunk, String file, long held,
            MemoryGuard guard) throws ProfileFormatException {
        if (size < 0 || size > end - at) {
            throw new ProfileFormatException(file, chunk, Kind.MALFORMED, RawErrors.malformed(PAST_END));
        }
        if (size > Integer.MAX_VALUE - 8) {
            throw new ProfileFormatException(file, chunk, Kind.MALFORMED,
                    RawErrors.malformed("name chunk length is too large"));
        }
        guard.reserve(held + size, file);
        return bytes.bytes(at, (int) size);
    }

    /**
     * Inflates one zlib stream that may produce at most {@code expected} bytes (LLVM accepts less).
     * The output buffer grows with the actual output, never to the claimed size up front, so a lying
     * length field cannot force a huge allocation.
     */
    private static byte[] inflate(byte[] zlib, long expected, long chunk, String file, long held, MemoryGuard guard)
            throws ProfileFormatException {
        // The length is unsigned: a value with the top bit set is just very large (fuzzing found the
        // negative cap), and a Java array cannot exceed 2^31 bytes anyway.
        int cap = (int) (expected < 0 ? Integer.MAX_VALUE - 8 : Math.min(expected, Integer.MAX_VALUE - 8));
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(zlib);
            int initial = (int) Math.min(cap, Math.max(64L, 4L * zlib.length));
            guard.reserve(held + initial, file);
            byte[] out = new byte[initial];
            int n = 0;
            while (!inflater.finished()) {
                if (n == out.length) {
                    if (n == cap) {
                        // Full: the stream must end here without producing anything more.
                        int extra = inflater.inflate(new byte[1]);
                        if (extra > 0 || !inflater.finished()) {
                            throw uncompressFailed(chunk, file);
                        }
                        break;
                    }
                    int grown = (int) Math.min(cap, 2L * out.length);
                    guard.reserve(held + out.length + grown, file); // the old and the new buffer
                    out = Arrays.copyOf(out, grown);
                }
                int before = inflater.getRemaining();
                int k = inflater.inflate(out, n, out.length - n);
                n += k;
                boolean stuck = k == 0 && inflater.getRemaining() == before;
                if (!inflater.finished() && (inflater.needsInput() || inflater.needsDictionary() || stuck)) {
                    throw uncompressFailed(chunk, file);
                }
            }
            return n == out.length ? out : Arrays.copyOf(out, n);
        } catch (DataFormatException e) {
            throw new ProfileFormatException(file, chunk, Kind.UNCOMPRESS_FAILED, RawErrors.UNCOMPRESS_FAILED, e);
        } finally {
            inflater.end();
        }
    }

    private static ProfileFormatException uncompressFailed(long chunk, String file) {
        return new ProfileFormatException(file, chunk, Kind.UNCOMPRESS_FAILED, RawErrors.UNCOMPRESS_FAILED);
    }

    /** The names {@link #split} will make of {@code text}. */
    private static long countNames(byte[] text) {
        long n = 1;
        for (byte b : text) {
            if (b == SEPARATOR) {
                n++;
            }
        }
        return n;
    }

    private static void split(byte[] text, List<String> names, long chunk, String file) throws ProfileFormatException {
        int start = 0;
        for (int i = 0; i <= text.length; i++) {
            if (i == text.length || text[i] == SEPARATOR) {
                if (i == start) {
                    throw new ProfileFormatException(file, chunk, Kind.MALFORMED,
                            RawErrors.malformed("symbol name is empty"));
                }
                names.add(Names.fromBytes(text, start, i - start));
                start = i + 1;
            }
        }
    }
}
