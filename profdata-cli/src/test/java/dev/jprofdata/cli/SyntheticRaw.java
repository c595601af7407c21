package dev.jprofdata.cli;

import dev.jprofdata.format.Names;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.zip.Deflater;

/**
 * Writes raw v10 profiles (64-bit little-endian, IR) that are true but huge, for the resource-limit
 * tests: functions of many counters whose counters are a hole of a sparse file (only the first of
 * each is 1), and names sections padded with zlib chunks of well-compressed names. The layout is the
 * one spec/raw-format.md describes.
 */
final class SyntheticRaw {
    private static final int HEADER = 128;
    private static final int RECORD = 64;
    private static final long COUNTERS_DELTA = 0x100000;

    private SyntheticRaw() {
    }

    /**
     * {@code functions} functions {@code f0, f1, ...} of {@code counters} counters each; then
     * {@code extraChunks} zlib chunks of names, each inflating to {@code chunkText} bytes of 255-byte
     * names.
     */
    static void write(Path target, int functions, long counters, int extraChunks, int chunkText) throws IOException {
        ByteArrayOutputStream names = new ByteArrayOutputStream();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < functions; i++) {
            text.append(i == 0 ? "" : "\u0001").append('f').append(i);
        }
        byte[] plain = text.toString().getBytes(StandardCharsets.ISO_8859_1);
        uleb(names, plain.length);
        uleb(names, 0);
        names.write(plain);
        if (extraChunks > 0) {
            byte[] chunk = namesChunk(chunkText);
            for (int i = 0; i < extraChunks; i++) {
                names.write(chunk);
            }
        }
        byte[] namesBytes = names.toByteArray();
        long countersTotal = functions * counters;
        ByteBuffer head = ByteBuffer.allocate(HEADER + functions * RECORD).order(ByteOrder.LITTLE_ENDIAN);
        head.putLong(0xff6c70726f667281L).putLong((1L << 56) | 10).putLong(0).putLong(functions).putLong(0)
                .putLong(countersTotal).putLong(0).putLong(0).putLong(0).putLong(namesBytes.length)
                .putLong(COUNTERS_DELTA).putLong(0).putLong(0).putLong(0).putLong(0).putLong(2);
        for (int i = 0; i < functions; i++) {
            long offset = i * counters * 8;
            head.putLong(Names.md5("f" + i)).putLong(0x1234).putLong(offset + COUNTERS_DELTA - (long) i * RECORD)
                    .putLong(0).putLong(0).putLong(0).putInt((int) counters).putShort((short) 0).putShort((short) 0)
                    .putShort((short) 0).putShort((short) 0).putInt(0);
        }
        try (RandomAccessFile f = new RandomAccessFile(target.toFile(), "rw")) {
            f.write(head.array());
            long start = f.getFilePointer();
            byte[] one = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(1).array();
            for (int i = 0; i < functions; i++) {
                f.seek(start + i * counters * 8);
                f.write(one);
            }
            f.seek(start + countersTotal * 8);
            f.write(namesBytes);
            f.write(new byte[(8 - namesBytes.length % 8) % 8]);
        }
    }

    /** One zlib names chunk: {@code size} bytes of 255-byte names (about 250 times its own size). */
    private static byte[] namesChunk(int size) {
        byte[] unit = new byte[1 << 16];
        for (int i = 0; i < unit.length; i++) {
            unit[i] = (byte) (i % 256 == 255 ? 1 : 'x');
        }
        Deflater deflater = new Deflater(9);
        ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        byte[] buffer = new byte[1 << 16];
        int written = 0;
        while (written < size) {
            int n = Math.min(unit.length, size - written);
            if (written + n == size) {
                unit[n - 1] = 'y'; // the text ends with a name, not a separator
            }
            deflater.setInput(unit, 0, n);
            written += n;
            while (!deflater.needsInput()) {
                compressed.write(buffer, 0, deflater.deflate(buffer));
            }
        }
        deflater.finish();
        while (!deflater.finished()) {
            compressed.write(buffer, 0, deflater.deflate(buffer));
        }
        deflater.end();
        ByteArrayOutputStream chunk = new ByteArrayOutputStream();
        uleb(chunk, size);
        uleb(chunk, compressed.size());
        chunk.writeBytes(compressed.toByteArray());
        return chunk.toByteArray();
    }

    private static void uleb(ByteArrayOutputStream out, long value) {
        long v = value;
        do {
            int b = (int) (v & 0x7f);
            v >>>= 7;
            out.write(v != 0 ? b | 0x80 : b);
        } while (v != 0);
    }
}
