package dev.jprofdata.merge;

import dev.jprofdata.format.Magic;
import dev.jprofdata.format.ProfileFormat;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * Finds an input's profile kind from its first bytes without decoding the rest, so that the
 * kind-compatibility decisions LLVM takes in input order can be taken before inputs are read in
 * parallel.
 */
final class KindProbe {
    private KindProbe() {
    }

    static ProfileKind probe(Path path, String displayName) throws IOException {
        ProfileFormat format = ProfileReaders.detect(path, displayName);
        if (format == ProfileFormat.TEXT) {
            try (ProfileReader reader = ProfileReaders.open(path, displayName)) {
                return reader.kind();
            }
        }
        byte[] head = new byte[16];
        int n;
        // Compressed inputs are probed on their decompressed bytes.
        try (InputStream in = ProfileReaders.openDecompressed(path, displayName)) {
            n = in.readNBytes(head, 0, 16);
        }
        if (n < 16) {
            // Too short to hold a version: let the real reader report the problem.
            return ProfileKind.UNKNOWN;
        }
        long magic = littleEndian(head, 0);
        long version = littleEndian(head, 8);
        if (format == ProfileFormat.RAW && magic != Magic.RAW64 && magic != Magic.RAW32) {
            version = Long.reverseBytes(version);
        }
        return ProfileKind.fromVersionWord(version);
    }

    private static long littleEndian(byte[] b, int off) {
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (b[off + i] & 0xFF);
        }
        return v;
    }
}
