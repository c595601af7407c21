package dev.jprofdata.format.sample.binary;

import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.SampleLayout;
import dev.jprofdata.format.sample.SampleProfileOrder;
import dev.jprofdata.format.sample.SampleSummaries;
import java.util.Collection;

/**
 * Writes the raw binary sample-profile format ({@code --binary}): magic, version, the summary, the
 * name table (NUL-terminated names in {@code FunctionId} order), then one record per function,
 * hottest first. The format has no place for contexts, checksums, attributes, MD5 names, symbol
 * lists or vtable types; callers refuse context-sensitive and probe-based profiles before this.
 */
public final class SampleBinaryWriter {
    private SampleBinaryWriter() {
    }

    /** The bytes of a raw binary profile of {@code profiles}. */
    public static byte[] write(Collection<FunctionSamples> profiles, boolean contextSensitive) {
        SampleBinaryOutput out = new SampleBinaryOutput();
        out.uleb(SampleLayout.MAGIC_BINARY);
        out.uleb(SampleLayout.VERSION);
        FunctionRecordEncoder.writeSummary(SampleSummaries.compute(profiles, contextSensitive, false), out);
        SampleNameTable names = SampleNameTable.of(profiles, false);
        out.uleb(names.size());
        names.names().forEach(n -> out.cString(n.bytes()));
        FunctionRecordEncoder encoder = new FunctionRecordEncoder(names, f -> names.indexOf(f.function()), false);
        for (FunctionSamples f : SampleProfileOrder.sorted(profiles)) {
            encoder.writeRecord(f, out);
        }
        return out.toByteArray();
    }
}
