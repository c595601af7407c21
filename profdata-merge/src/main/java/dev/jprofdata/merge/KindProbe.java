package dev.jprofdata.merge;

import dev.jprofdata.format.Magic;
import dev.jprofdata.format.ProfileFormat;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Finds an input's profile kind from its first bytes without decoding the rest, so that the
 * kind-compatibility decisions LLVM takes in input order can be taken before inputs are read in
 * parallel; notes its size on the way (the merge balances its slices by size).
 */
final class KindProbe {
    private KindProbe() {
    }

    /** An input's kind and size in bytes (as stored, before any decompression). */
    record Head(ProfileKind kind, long size) {
    }

    static Head probe(Path path, String displayName) throws IOException {
        // The usual input, a raw or indexed profile, needs one open: its magic and version word
        // are its first 16 bytes. Anything else (text, compressed, short, missing) goes the long way.
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = ch.size();
            ByteBuffer head = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
            while (head.hasRemaining() && ch.read(head) >= 0) {
                // read until 16 bytes or the end
            }
            if (!head.hasRemaining()) {
                long magic = head.getLong(0);
                long version = head.getLong(8);
                if (magic == Magic.INDEXED || magic == Magic.RAW64 || magic == Magic.RAW32) {
                    return new Head(ProfileKind.fromVersionWord(version), size);
                }
                long swapped = Long.reverseBytes(magic);
                if (swapped == Magic.RAW64 || swapped == Magic.RAW32) {
                    return new Head(ProfileKind.fromVersionWord(Long.reverseBytes(version)), size);
                }
            }
            return new Head(kindOfOther(path, displayName), size);
        } catch (NoSuchFileException e) {
            // Reported as the format detection reports it.
            return new Head(kindOfOther(path, displayName), 0);
        }
    }

    /** The kind of a text or compressed input, or of one too short to hold a version word. */
    private static ProfileKind kindOfOther(Path path, String displayName) throws IOException {
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
