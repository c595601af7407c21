package dev.jprofdata.format.sample.binary;

import dev.jprofdata.format.sample.FunctionId;
import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.SampleContext;
import dev.jprofdata.format.sample.SampleErrors;
import dev.jprofdata.format.sample.SampleFormat;
import dev.jprofdata.format.sample.SampleLayout;
import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.format.sample.SampleProfileException;
import dev.jprofdata.format.sample.SampleProfileFlags;
import dev.jprofdata.format.sample.SampleReadOptions;
import dev.jprofdata.format.summary.ProfileSummary;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * Reads LLVM's raw binary sample profile ({@code --binary}): magic and version, the summary, a
 * name table of NUL-terminated strings, then function records to the end of the file. The file is
 * mapped, not copied. The profile is flow-sensitive only when the options say so; the format
 * cannot hold contexts, checksums, MD5 names or a symbol list.
 */
public final class SampleBinaryReader {
    private SampleBinaryReader() {
    }

    public static SampleProfile read(Path path, String displayName, SampleReadOptions options) throws IOException {
        return SampleBytes.guard(displayName, () -> read(SampleBytes.mapFile(path, displayName), options));
    }

    /** Reads a raw binary profile held in {@code data} (for example read from stdin). */
    public static SampleProfile read(java.nio.ByteBuffer data, String displayName, SampleReadOptions options)
            throws IOException {
        return read(SampleBytes.slice(data, 0, data.limit(), displayName), options);
    }

    /** Checks the magic and version at the cursor (shared with the ext-binary reader). */
    public static void readMagic(SampleBytes in, long expectedMagic) throws SampleProfileException {
        int at = in.position();
        long magic = in.uleb();
        if (magic != expectedMagic) {
            throw in.errorAt(at, SampleErrors.BAD_MAGIC);
        }
        at = in.position();
        if (in.uleb() != SampleLayout.VERSION) {
            throw in.errorAt(at, SampleErrors.UNSUPPORTED_VERSION);
        }
    }

    /** A name table of {@code ULEB count} NUL-terminated strings. */
    public static List<FunctionId> readStringTable(SampleBytes in) throws SampleProfileException {
        long count = in.uleb();
        // Every name takes at least its NUL byte: a larger count cannot be true.
        if (Long.compareUnsigned(count, in.remaining()) > 0) {
            throw in.error(SampleErrors.TRUNCATED);
        }
        List<FunctionId> names = new ArrayList<>((int) count);
        for (long i = 0; i < count; i++) {
            names.add(FunctionId.of(in.cString()));
        }
        return names;
    }

    private static SampleProfile read(SampleBytes in, SampleReadOptions options) throws SampleProfileException {
        readMagic(in, SampleLayout.MAGIC_BINARY);
        ProfileSummary summary = SampleSummaryCodec.read(in);
        List<FunctionId> names = readStringTable(in);
        boolean fs = options.profileIsFs();
        SampleRecordDecoder decoder = new SampleRecordDecoder(names, options.discriminatorMask(fs), false);
        LinkedHashMap<SampleContext, FunctionSamples> profiles = new LinkedHashMap<>();
        SampleRecordDecoder.ContextTable byName = b -> SampleContext.of(SampleRecordDecoder.name(b, names));
        while (in.hasRemaining()) {
            decoder.readFunction(in, byName, profiles);
        }
        SampleProfileFlags flags = new SampleProfileFlags(false, false, false, fs, false, false, false);
        return new SampleProfile(SampleFormat.BINARY, profiles, flags, null, summary);
    }
}
