package dev.jprofdata.format.elf;

import dev.jprofdata.format.ProfileFormatException.Kind;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The entry table of a clang offload bundle file (what {@code clang --offload-device-only
 * --gpu-bundle-output} writes and HIP executables embed): the 24-byte magic
 * {@code __CLANG_OFFLOAD_BUNDLE__}, a 64-bit entry count, then per entry a 64-bit offset (from
 * the start of the bundle), a 64-bit size, a 64-bit id length and the id's bytes (not
 * NUL-terminated), all little-endian; the entries' bytes follow. Only the header is read here;
 * {@link CodeObjects} reads the chosen entry. Compressed bundles ({@code CCOB}) are not supported.
 */
public final class OffloadBundle {
    static final byte[] MAGIC = "__CLANG_OFFLOAD_BUNDLE__".getBytes(StandardCharsets.US_ASCII);
    static final byte[] COMPRESSED_MAGIC = "CCOB".getBytes(StandardCharsets.US_ASCII);
    private static final int COUNT_OFFSET = 24;
    private static final int FIRST_ENTRY = 32;
    private static final int ENTRY_FIXED_SIZE = 24;
    /** Entry ids are short target names; a longer one is damage, not a name to allocate. */
    private static final long MAX_ID_LENGTH = 4096;
    /** More entries than any real bundle has (one per target); only used to word errors. */
    private static final long MAX_PLAUSIBLE_ENTRIES = 4096;

    private final Path path;
    private final long bundleOffset;
    private final List<OffloadBundleEntry> entries;

    private OffloadBundle(Path path, long bundleOffset, List<OffloadBundleEntry> entries) {
        this.path = path;
        this.bundleOffset = bundleOffset;
        this.entries = entries;
    }

    /** Whether {@code bytes} start with the bundle magic. */
    public static boolean isBundle(FileSlice bytes) {
        return bytes.startsWith(0, MAGIC);
    }

    /** Reads the entry table of the bundle file {@code path}. */
    public static OffloadBundle read(Path path) throws IOException {
        return read(path, 0);
    }

    /**
     * Reads the entry table of the bundle that starts at {@code bundleOffset} in {@code path} (a
     * bundle embedded in a larger file). Entry offsets are relative to the bundle's start.
     */
    public static OffloadBundle read(Path path, long bundleOffset) throws IOException {
        String name = path.toString();
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            long fileSize = channel.size();
            if (bundleOffset < 0 || bundleOffset > fileSize) {
                throw new CodeObjectException(name, bundleOffset, Kind.TOO_LARGE,
                        "offload bundle offset " + bundleOffset + " is outside the file of " + fileSize + " bytes");
            }
            long bundleSize = fileSize - bundleOffset;
            byte[] magic = readAt(channel, name, bundleOffset, Math.min(MAGIC.length, bundleSize));
            if (magic.length >= COMPRESSED_MAGIC.length && startsWith(magic, COMPRESSED_MAGIC)) {
                throw new CodeObjectException(name, bundleOffset, Kind.UNSUPPORTED_VERSION,
                        "compressed offload bundle (CCOB) is not supported; decompress it with"
                                + " clang-offload-bundler -unbundle first");
            }
            if (magic.length < MAGIC.length || !startsWith(magic, MAGIC)) {
                throw new CodeObjectException(name, bundleOffset, Kind.BAD_MAGIC,
                        "not a clang offload bundle (no __CLANG_OFFLOAD_BUNDLE__ magic)");
            }
            if (bundleSize < FIRST_ENTRY) {
                throw new CodeObjectException(name, bundleOffset + COUNT_OFFSET, Kind.TRUNCATED,
                        "truncated offload bundle header");
            }
            long count = le(readAt(channel, name, bundleOffset + COUNT_OFFSET, 8), 0);
            // Each entry takes at least its three 8-byte fields, so the file bounds the count. A count
            // that a cut file cannot hold but a whole one could is left to the entry loop, which
            // reports where the entries stop.
            if (Long.compareUnsigned(count, (bundleSize - FIRST_ENTRY) / ENTRY_FIXED_SIZE) > 0
                    && Long.compareUnsigned(count, MAX_PLAUSIBLE_ENTRIES) > 0) {
                throw new CodeObjectException(name, bundleOffset + COUNT_OFFSET, Kind.CORRUPT_HEADER,
                        "offload bundle entry count " + Long.toUnsignedString(count)
                                + " does not fit in the file");
            }
            List<OffloadBundleEntry> entries = new ArrayList<>((int) Math.min(count, MAX_PLAUSIBLE_ENTRIES));
            long pos = FIRST_ENTRY;
            for (long i = 0; i < count; i++) {
                if (bundleSize - pos < ENTRY_FIXED_SIZE) {
                    throw new CodeObjectException(name, bundleOffset + pos, Kind.TRUNCATED,
                            "truncated offload bundle entry " + i);
                }
                byte[] fixed = readAt(channel, name, bundleOffset + pos, ENTRY_FIXED_SIZE);
                long offset = le(fixed, 0);
                long size = le(fixed, 8);
                long idLength = le(fixed, 16);
                if (Long.compareUnsigned(idLength, bundleSize - pos - ENTRY_FIXED_SIZE) > 0) {
                    throw new CodeObjectException(name, bundleOffset + pos + 16, Kind.TRUNCATED,
                            "offload bundle entry " + i + " id of " + Long.toUnsignedString(idLength)
                                    + " bytes runs past the end of the file");
                }
                if (idLength > MAX_ID_LENGTH) {
                    throw new CodeObjectException(name, bundleOffset + pos + 16, Kind.MALFORMED,
                            "offload bundle entry " + i + " id length " + idLength + " is over " + MAX_ID_LENGTH);
                }
                String id = new String(readAt(channel, name, bundleOffset + pos + ENTRY_FIXED_SIZE, idLength),
                        StandardCharsets.UTF_8);
                if (offset < 0 || size < 0 || offset > bundleSize || size > bundleSize - offset) {
                    throw new CodeObjectException(name, bundleOffset + pos, Kind.TOO_LARGE,
                            "offload bundle entry " + id + " (" + Long.toUnsignedString(size) + " bytes at offset "
                                    + Long.toUnsignedString(offset) + ") runs past the end of the "
                                    + bundleSize + "-byte bundle");
                }
                entries.add(new OffloadBundleEntry(id, offset, size));
                pos += ENTRY_FIXED_SIZE + idLength;
            }
            return new OffloadBundle(path, bundleOffset, Collections.unmodifiableList(entries));
        } catch (NoSuchFileException e) {
            throw new CodeObjectException(name, -1, Kind.NOT_FOUND, "No such file or directory", e);
        }
    }

    private static byte[] readAt(FileChannel channel, String name, long offset, long size) throws IOException {
        byte[] out = new byte[(int) size];
        ByteBuffer buffer = ByteBuffer.wrap(out);
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, offset + buffer.position()) < 0) {
                throw new CodeObjectException(name, offset + buffer.position(), Kind.TRUNCATED_WHILE_READING,
                        "file was truncated while being read");
            }
        }
        return out;
    }

    private static boolean startsWith(byte[] bytes, byte[] prefix) {
        for (int i = 0; i < prefix.length; i++) {
            if (bytes[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static long le(byte[] bytes, int at) {
        return ByteBuffer.wrap(bytes, at, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }

    public Path path() {
        return path;
    }

    /** Where the bundle starts in its file; entry offsets are relative to it. */
    public long bundleOffset() {
        return bundleOffset;
    }

    /** Every entry, in table order (the host entry included). */
    public List<OffloadBundleEntry> entries() {
        return entries;
    }

    /** The entries that carry device code: not the host entry, not empty. */
    public List<OffloadBundleEntry> deviceEntries() {
        List<OffloadBundleEntry> out = new ArrayList<>();
        for (OffloadBundleEntry e : entries) {
            if (!e.isHost() && e.size() > 0) {
                out.add(e);
            }
        }
        return out;
    }

    /**
     * The device entry for {@code target}: an entry whose id equals it, or whose target id equals it
     * or is it with feature settings ({@code gfx942} matches {@code gfx942:xnack-}). None, or more
     * than one, is an error that lists the bundle's entries.
     */
    public OffloadBundleEntry entry(String target) throws CodeObjectException {
        List<OffloadBundleEntry> matches = new ArrayList<>();
        for (OffloadBundleEntry e : deviceEntries()) {
            String t = e.targetId();
            if (e.id().equals(target) || t.equals(target) || t.startsWith(target + ":")) {
                matches.add(e);
            }
        }
        if (matches.size() != 1) {
            throw new CodeObjectException(path.toString(), bundleOffset, Kind.MALFORMED, (matches.isEmpty()
                    ? "offload bundle has no code object for " : "offload bundle has several code objects for ")
                    + target + " (entries: " + ids() + ")");
        }
        return matches.get(0);
    }

    /** The entry ids, comma-separated, for messages. */
    public String ids() {
        List<String> ids = new ArrayList<>();
        for (OffloadBundleEntry e : entries) {
            ids.add(e.id());
        }
        return String.join(", ", ids);
    }
}
