package dev.jprofdata.format.sample;

import dev.jprofdata.format.sample.binary.SampleBinaryReader;
import dev.jprofdata.format.sample.extbinary.ExtBinarySection;
import dev.jprofdata.format.sample.extbinary.SampleExtBinaryReader;
import dev.jprofdata.format.sample.gcc.SampleGccReader;
import dev.jprofdata.format.sample.text.SampleTextReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Reads a sample profile of any format llvm-profdata 22 reads, recognised from its bytes in LLVM's
 * order: the raw binary magic, the ext-binary magic, GCC's AutoFDO prefix, then a text header;
 * anything else is LLVM's {@code Unrecognized sample profile encoding format}.
 */
public final class SampleProfileReaders {
    private SampleProfileReaders() {
    }

    /** Reads {@code file}; errors name it {@code displayName}. */
    public static SampleProfile read(Path file, String displayName, SampleReadOptions options) throws IOException {
        SampleFormat format = detect(file, displayName);
        switch (format) {
            case BINARY:
                return SampleBinaryReader.read(file, displayName, options);
            case EXTBINARY:
                return SampleExtBinaryReader.read(file, displayName, options);
            case GCC:
                return SampleGccReader.read(file, displayName, options);
            case TEXT:
            default:
                return SampleTextReader.read(file, displayName, options);
        }
    }

    /**
     * Opens {@code file} for visiting its top-level profiles one at a time
     * ({@link SampleProfileIndex}): an ext-binary file is checked whole now and its profiles are
     * decoded when asked for, so that a command visiting each once holds little at a time; other
     * formats are read whole. Errors are those of {@link #read}, raised here.
     */
    public static SampleProfileIndex open(Path file, String displayName, SampleReadOptions options)
            throws IOException {
        if (detect(file, displayName) == SampleFormat.EXTBINARY) {
            return SampleExtBinaryReader.index(file, displayName, options);
        }
        return SampleProfileIndex.of(read(file, displayName, options));
    }

    /** As {@link #open(Path, String, SampleReadOptions)}, for a file held in {@code data}. */
    public static SampleProfileIndex open(java.nio.ByteBuffer data, String displayName, SampleReadOptions options)
            throws IOException {
        if (detect(data, displayName) == SampleFormat.EXTBINARY) {
            return SampleExtBinaryReader.index(data, displayName, options);
        }
        return SampleProfileIndex.of(read(data, displayName, options));
    }

    /**
     * Reads only the top-level profiles of the functions in {@code wanted} (matched by function,
     * so every context of a wanted function in a CS profile). An ext-binary file with a function
     * offset table, not context-sensitive, has only those functions decoded; other files are read
     * whole and filtered.
     */
    public static SampleProfile readFunctions(Path file, String displayName, SampleReadOptions options,
            Set<FunctionId> wanted) throws IOException {
        if (detect(file, displayName) == SampleFormat.EXTBINARY) {
            return SampleExtBinaryReader.readFunctions(file, displayName, options, wanted);
        }
        return keepOnly(read(file, displayName, options), wanted);
    }

    /** The section table of an ext-binary file (what {@code show --show-sec-info-only} prints). */
    public static java.util.List<ExtBinarySection> sections(Path file, String displayName) throws IOException {
        return SampleExtBinaryReader.sections(file, displayName);
    }

    /**
     * {@code profile} with only the top-level profiles whose function is in {@code wanted}, matched
     * by GUID as LLVM looks functions up (a name finds its MD5 hash in an MD5 profile).
     */
    public static SampleProfile keepOnly(SampleProfile profile, Set<FunctionId> wanted) {
        java.util.Set<Long> guids = new java.util.HashSet<>();
        for (FunctionId f : wanted) {
            guids.add(f.guid());
        }
        LinkedHashMap<SampleContext, FunctionSamples> kept = new LinkedHashMap<>();
        for (Map.Entry<SampleContext, FunctionSamples> e : profile.profiles().entrySet()) {
            if (guids.contains(e.getKey().function().guid())) {
                kept.put(e.getKey(), e.getValue());
            }
        }
        return new SampleProfile(profile.format(), kept, profile.flags(),
                profile.symbolList() == null ? null : new java.util.TreeSet<>(profile.symbolList()),
                profile.storedSummary());
    }

    /**
     * Reads a whole file held in {@code data} (for example stdin, which LLVM reads for {@code -}),
     * recognised from its bytes; positions 0 to the buffer's limit.
     */
    public static SampleProfile read(java.nio.ByteBuffer data, String displayName, SampleReadOptions options)
            throws IOException {
        switch (detect(data, displayName)) {
            case BINARY:
                return SampleBinaryReader.read(data, displayName, options);
            case EXTBINARY:
                return SampleExtBinaryReader.read(data, displayName, options);
            case GCC:
                return SampleGccReader.read(data, displayName, options);
            case TEXT:
            default:
                return SampleTextReader.read(new BufferStream(data), displayName, options);
        }
    }

    /** As {@link #readFunctions(Path, String, SampleReadOptions, Set)}, for a file held in {@code data}. */
    public static SampleProfile readFunctions(java.nio.ByteBuffer data, String displayName, SampleReadOptions options,
            Set<FunctionId> wanted) throws IOException {
        if (detect(data, displayName) == SampleFormat.EXTBINARY) {
            return SampleExtBinaryReader.readFunctions(data, displayName, options, wanted);
        }
        return keepOnly(read(data, displayName, options), wanted);
    }

    /** The format of a file held in {@code data}, recognised as LLVM does. */
    public static SampleFormat detect(java.nio.ByteBuffer data, String displayName) throws IOException {
        byte[] head = new byte[16];
        int n = Math.min(head.length, data.limit());
        data.duplicate().position(0).get(head, 0, n);
        SampleFormat f = binaryFormat(head, n);
        if (f != null) {
            return f;
        }
        if (SampleTextReader.hasFormat(new BufferStream(data), displayName)) {
            return SampleFormat.TEXT;
        }
        throw SampleErrors.at(displayName, -1, SampleErrors.UNRECOGNIZED_FORMAT);
    }

    /** The bytes 0 to limit of a buffer as a stream (the buffer is not moved). */
    private static final class BufferStream extends InputStream {
        private final java.nio.ByteBuffer b;

        BufferStream(java.nio.ByteBuffer data) {
            b = data.duplicate();
            b.position(0);
        }

        @Override
        public int read() {
            return b.hasRemaining() ? b.get() & 0xFF : -1;
        }

        @Override
        public int read(byte[] dst, int off, int len) {
            if (len == 0) {
                return 0;
            }
            if (!b.hasRemaining()) {
                return -1;
            }
            int n = Math.min(len, b.remaining());
            b.get(dst, off, n);
            return n;
        }
    }

    private static SampleFormat binaryFormat(byte[] head, int n) {
        long magic = magicOf(head, n);
        if (magic == SampleLayout.MAGIC_BINARY) {
            return SampleFormat.BINARY;
        }
        if (magic == SampleLayout.MAGIC_EXTBINARY) {
            return SampleFormat.EXTBINARY;
        }
        if (isGcc(head, n)) {
            return SampleFormat.GCC;
        }
        return null;
    }

    /** The format of {@code file}, recognised as LLVM does. */
    public static SampleFormat detect(Path file) throws IOException {
        return detect(file, file.toString());
    }

    /**
     * The format of {@code file}, recognised as LLVM does; a file of no known format (an empty one
     * included) fails with {@code Unrecognized sample profile encoding format}.
     */
    public static SampleFormat detect(Path file, String displayName) throws IOException {
        byte[] head = new byte[16];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, head.length);
        } catch (NoSuchFileException e) {
            throw SampleErrors.at(displayName, -1, SampleErrors.NOT_FOUND);
        }
        SampleFormat f = binaryFormat(head, n);
        if (f != null) {
            return f;
        }
        try (InputStream in = Files.newInputStream(file)) {
            if (SampleTextReader.hasFormat(in, displayName)) {
                return SampleFormat.TEXT;
            }
        }
        throw SampleErrors.at(displayName, -1, SampleErrors.UNRECOGNIZED_FORMAT);
    }

    /**
     * The ULEB128 value the file starts with, read as LLVM reads it (its buffers end in a NUL, so a
     * value running off the end stops there); 0 when it is too long for 64 bits.
     */
    static long magicOf(byte[] head, int n) {
        long value = 0;
        for (int i = 0, shift = 0; ; i++, shift += 7) {
            int b = i < n ? head[i] & 0xFF : 0;
            long slice = b & 0x7F;
            if (shift >= 64 && slice != 0 || shift == 63 && slice > 1) {
                return 0;
            }
            if (shift < 64) {
                value |= slice << shift;
            }
            if ((b & 0x80) == 0 || i >= n) {
                return value;
            }
        }
    }

    /** GCC's AutoFDO files start with the C string {@code adcg*704}. */
    static boolean isGcc(byte[] head, int n) {
        byte[] p = SampleLayout.GCC_PREFIX;
        if (n < p.length - 1 || !Arrays.equals(head, 0, p.length - 1, p, 0, p.length - 1)) {
            return false;
        }
        return n == p.length - 1 || head[p.length - 1] == 0;
    }
}
