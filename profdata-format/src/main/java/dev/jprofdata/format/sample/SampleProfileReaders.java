package dev.jprofdata.format.sample;

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
            case EXTBINARY:
            case GCC:
                throw new SampleProfileException(displayName, -1, dev.jprofdata.format.ProfileFormatException.Kind.MALFORMED,
                        "reading " + format + " sample profiles is not implemented yet");
            case TEXT:
            default:
                return SampleTextReader.read(file, displayName, options);
        }
    }

    /**
     * Reads only the top-level profiles of the functions in {@code wanted} (matched by function,
     * so every context of a wanted function in a CS profile). An ext-binary file with a function
     * offset table, not context-sensitive, has only those functions decoded; other files are read
     * whole and filtered.
     */
    public static SampleProfile readFunctions(Path file, String displayName, SampleReadOptions options,
            Set<FunctionId> wanted) throws IOException {
        return keepOnly(read(file, displayName, options), wanted);
    }

    /** {@code profile} with only the top-level profiles whose function is in {@code wanted}. */
    public static SampleProfile keepOnly(SampleProfile profile, Set<FunctionId> wanted) {
        LinkedHashMap<SampleContext, FunctionSamples> kept = new LinkedHashMap<>();
        for (Map.Entry<SampleContext, FunctionSamples> e : profile.profiles().entrySet()) {
            if (wanted.contains(e.getKey().function())) {
                kept.put(e.getKey(), e.getValue());
            }
        }
        return new SampleProfile(profile.format(), kept, profile.flags(),
                profile.symbolList() == null ? null : new java.util.TreeSet<>(profile.symbolList()),
                profile.storedSummary());
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
