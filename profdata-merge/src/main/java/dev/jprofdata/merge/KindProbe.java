package dev.jprofdata.merge;

import dev.jprofdata.format.Magic;
import dev.jprofdata.format.ProfileFormat;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.io.FileNames;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds an input's profile kind from its first bytes without decoding the rest, so that the
 * kind-compatibility decisions LLVM takes in input order can be taken before inputs are read in
 * parallel; notes its size on the way (the merge balances its slices by size).
 */
final class KindProbe {
    private KindProbe() {
    }

    /**
     * An input's kind and size in bytes (as stored, before any decompression); {@code rawFile}: an
     * uncompressed raw profile (a run the binary groups may take, which is not read in batches).
     */
    record Head(ProfileKind kind, long size, boolean rawFile) {
        Head(ProfileKind kind, long size) {
            this(kind, size, false);
        }
    }

    static Head probe(Path path, String displayName) throws IOException {
        // The usual input, a raw or indexed profile, needs one open: its magic and version word
        // are its first 16 bytes. Anything else (text, compressed, short, missing) goes the long
        // way. A RandomAccessFile, not a FileChannel: the first thousand opens of a merge run in
        // the interpreter, where a channel's opening and closing cost three times as much. A File
        // is made from the path's text, which is the file's name only when it is ASCII (FileNames).
        if (path.getFileSystem() != FileSystems.getDefault() || !FileNames.isAscii(path.toString())) {
            return new Head(kindOfOther(path, displayName), Files.size(path));
        }
        try (RandomAccessFile file = new RandomAccessFile(path.toFile(), "r")) {
            long size = file.length();
            byte[] head = new byte[16];
            int n = 0;
            for (int r; n < 16 && (r = file.read(head, n, 16 - n)) >= 0; ) {
                n += r;
            }
            ProfileFormat format = n == 16 ? Magic.binaryFormatOf(littleEndian(head).getLong(0)) : null;
            if (format != null) {
                return new Head(kindOf(format, head), size, format == ProfileFormat.RAW);
            }
            return new Head(kindOfOther(path, displayName), size);
        } catch (FileNotFoundException e) {
            // Missing, a directory or unreadable: reported as the format detection reports it.
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
        return kindOf(format, head);
    }

    /** The kind in the version word of {@code head}, the first 16 bytes of a binary profile of {@code format}. */
    private static ProfileKind kindOf(ProfileFormat format, byte[] head) {
        long version = littleEndian(head).getLong(8);
        if (format == ProfileFormat.RAW && !Magic.isRawInReaderOrder(littleEndian(head).getLong(0))) {
            version = Long.reverseBytes(version); // written by a big-endian program
        }
        return ProfileKind.fromVersionWord(version);
    }

    private static ByteBuffer littleEndian(byte[] head) {
        return ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN);
    }
}
