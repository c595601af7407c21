package dev.jprofdata.format.sample.extbinary;

import java.io.ByteArrayOutputStream;
import java.util.zip.Deflater;

/** zlib at level 9, LLVM's "best size" compression of ext-binary sections. */
final class ExtBinaryCompression {
    private ExtBinaryCompression() {
    }

    static byte[] deflate(byte[] data) {
        Deflater d = new Deflater(Deflater.BEST_COMPRESSION);
        try {
            d.setInput(data);
            d.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream(data.length / 2 + 64);
            byte[] buf = new byte[8192];
            while (!d.finished()) {
                int n = d.deflate(buf);
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        } finally {
            d.end();
        }
    }
}
