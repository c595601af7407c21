package dev.jprofdata.format.indexed;

import dev.jprofdata.format.ProfileFormatException.Kind;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * LLVM's "name strings" encoding, used for vtable names in indexed profiles: one or more chunks of
 * {@code ULEB128 uncompressedLength, ULEB128 compressedLength, payload}, where the payload is the
 * names joined by byte 0x01, zlib-compressed, or stored as is when {@code compressedLength} is 0.
 * Zero bytes between chunks are padding.
 */
final class NameStrings {
    private NameStrings() {
    }

    private static final byte SEPARATOR = 0x01;

    /** Why a blob could not be decoded, in LLVM's words where it has them. */
    static final class BadNameStrings extends Exception {
        private static final long serialVersionUID = 1L;
        final int offset;
        final Kind kind;

        BadNameStrings(int offset, Kind kind, String reason) {
            super(reason);
            this.offset = offset;
            this.kind = kind;
        }
    }

    /** The names in {@code blob}, in stored order. LLVM skips nothing, but empty names carry no symbol. */
    static List<String> decode(byte[] blob) throws BadNameStrings {
        List<String> names = new ArrayList<>();
        int[] pos = {0};
        while (pos[0] < blob.length) {
            long uncompressed = uleb128(blob, pos);
            long compressed = uleb128(blob, pos);
            byte[] joined;
            if (compressed != 0) {
                if (Long.compareUnsigned(compressed, blob.length - pos[0]) > 0) {
                    throw new BadNameStrings(pos[0], Kind.TRUNCATED, IndexedFormat.TRUNCATED);
                }
                joined = inflate(blob, pos[0], (int) compressed, uncompressed);
                pos[0] += (int) compressed;
            } else {
                if (Long.compareUnsigned(uncompressed, blob.length - pos[0]) > 0) {
                    throw new BadNameStrings(pos[0], Kind.TRUNCATED, IndexedFormat.TRUNCATED);
                }
                joined = new byte[(int) uncompressed];
                System.arraycopy(blob, pos[0], joined, 0, joined.length);
                pos[0] += joined.length;
            }
            split(joined, names);
            while (pos[0] < blob.length && blob[pos[0]] == 0) {
                pos[0]++;
            }
        }
        return names;
    }

    private static void split(byte[] joined, List<String> names) {
        int start = 0;
        for (int i = 0; i <= joined.length; i++) {
            if (i == joined.length || joined[i] == SEPARATOR) {
                if (i > start) {
                    names.add(new String(joined, start, i - start, StandardCharsets.ISO_8859_1));
                }
                start = i + 1;
            }
        }
    }

    private static long uleb128(byte[] b, int[] pos) throws BadNameStrings {
        long value = 0;
        int shift = 0;
        int start = pos[0];
        while (true) {
            if (pos[0] >= b.length) {
                throw new BadNameStrings(start, Kind.TRUNCATED, IndexedFormat.TRUNCATED);
            }
            int x = b[pos[0]++] & 0xFF;
            long slice = x & 0x7F;
            if (shift >= 64 || (shift == 63 && slice > 1)) {
                throw new BadNameStrings(start, Kind.MALFORMED,
                        IndexedFormat.MALFORMED + ": uleb128 too big for uint64");
            }
            value |= slice << shift;
            shift += 7;
            if ((x & 0x80) == 0) {
                return value;
            }
        }
    }

    /** zlib {@code uncompress} semantics: the stream must end, and produce at most {@code limit} bytes. */
    private static byte[] inflate(byte[] b, int off, int len, long limit) throws BadNameStrings {
        Inflater inf = new Inflater();
        try {
            inf.setInput(b, off, len);
            ByteArrayOutputStream out = new ByteArrayOutputStream((int) Math.min(len * 4L + 16, 1 << 16));
            byte[] buf = new byte[8192];
            while (!inf.finished()) {
                int n = inf.inflate(buf);
                if (n == 0 && (inf.needsInput() || inf.needsDictionary())) {
                    throw new BadNameStrings(off, Kind.UNCOMPRESS_FAILED, IndexedFormat.UNCOMPRESS_FAILED);
                }
                if (Long.compareUnsigned(out.size() + (long) n, limit) > 0) {
                    throw new BadNameStrings(off, Kind.UNCOMPRESS_FAILED, IndexedFormat.UNCOMPRESS_FAILED);
                }
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        } catch (DataFormatException e) {
            throw new BadNameStrings(off, Kind.UNCOMPRESS_FAILED, IndexedFormat.UNCOMPRESS_FAILED);
        } finally {
            inf.end();
        }
    }

    /** One chunk holding all {@code names}, zlib level 9 as LLVM writes it; empty for no names. */
    static byte[] encode(List<String> names) {
        if (names.isEmpty()) {
            return new byte[0];
        }
        ByteArrayOutputStream joined = new ByteArrayOutputStream();
        for (int i = 0; i < names.size(); i++) {
            if (i > 0) {
                joined.write(SEPARATOR);
            }
            byte[] n = names.get(i).getBytes(StandardCharsets.ISO_8859_1);
            joined.write(n, 0, n.length);
        }
        byte[] raw = joined.toByteArray();
        byte[] compressed = deflate(raw);
        ByteArrayOutputStream out = new ByteArrayOutputStream(compressed.length + 20);
        writeUleb128(out, raw.length);
        writeUleb128(out, compressed.length);
        out.write(compressed, 0, compressed.length);
        return out.toByteArray();
    }

    private static byte[] deflate(byte[] raw) {
        Deflater def = new Deflater(Deflater.BEST_COMPRESSION);
        try {
            def.setInput(raw);
            def.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length / 2 + 64);
            byte[] buf = new byte[8192];
            while (!def.finished()) {
                int n = def.deflate(buf);
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        } finally {
            def.end();
        }
    }

    private static void writeUleb128(ByteArrayOutputStream out, long v) {
        do {
            int b = (int) (v & 0x7F);
            v >>>= 7;
            out.write(v != 0 ? b | 0x80 : b);
        } while (v != 0);
    }
}
