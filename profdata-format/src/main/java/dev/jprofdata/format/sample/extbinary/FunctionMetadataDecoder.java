package dev.jprofdata.format.sample.extbinary;

import dev.jprofdata.format.sample.FunctionId;
import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.LineLocation;
import dev.jprofdata.format.sample.SampleErrors;
import dev.jprofdata.format.sample.SampleProfileException;
import dev.jprofdata.format.sample.binary.SampleBytes;
import dev.jprofdata.format.sample.binary.SampleRecordDecoder;
import java.util.List;

/**
 * Decodes the entries of one function metadata section: after an entry's context, the pseudo-probe
 * checksum (when the section's flag says the profile is probe-based), the context attributes (when
 * its flag says so), and, in a profile without contexts, the same for each inlinee by location and
 * callee, recursively. What the section holds is fixed by the state of the read when the section
 * is met (its flags, the name table then in force, whether the profile is context-sensitive), so
 * one decoder serves the section for a full read and for later reads on demand.
 */
final class FunctionMetadataDecoder {
    private final List<FunctionId> names;
    private final boolean probeBased;
    private final boolean attributes;
    private final boolean contextSensitive;

    FunctionMetadataDecoder(List<FunctionId> names, boolean probeBased, boolean attributes, boolean contextSensitive) {
        this.names = names;
        this.probeBased = probeBased;
        this.attributes = attributes;
        this.contextSensitive = contextSensitive;
    }

    /**
     * The rest of one entry (its context already read) applied to {@code f} and its inlinees (which
     * it creates when missing, as LLVM does); with {@code f} null, checked and skipped.
     */
    void readEntry(SampleBytes in, FunctionSamples f) throws SampleProfileException {
        readEntry(in, f, 0);
    }

    private void readEntry(SampleBytes in, FunctionSamples f, int depth) throws SampleProfileException {
        if (!in.hasRemaining()) {
            return;
        }
        if (depth > SampleRecordDecoder.MAX_DEPTH) {
            throw in.error(SampleErrors.MALFORMED);
        }
        if (probeBased) {
            long checksum = in.uleb();
            if (f != null) {
                f.setFunctionHash(checksum);
            }
        }
        if (attributes) {
            long attrs = in.uleb32();
            if (f != null) {
                f.setAttributes((int) attrs);
            }
        }
        if (!contextSensitive) {
            long callsites = in.uleb32();
            for (long j = 0; j < callsites; j++) {
                long line = in.uleb();
                long disc = in.uleb();
                FunctionId callee = SampleRecordDecoder.name(in, names);
                FunctionSamples c = f == null ? null : f.inlinee(new LineLocation((int) line, (int) disc), callee);
                readEntry(in, c, depth + 1);
            }
        }
    }
}
