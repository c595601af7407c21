package dev.jprofdata.cli;

import dev.jprofdata.format.OffloadData;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.offload.UniformityBits;
import dev.jprofdata.format.offload.UniformityRule;
import java.io.IOException;
import java.io.Writer;

/**
 * {@code show --uniformity}: one line per GPU device function, {@code <name>: k/n blocks uniform
 * [U, D, ...]}, then a total line. Host functions are not listed.
 */
final class UniformityShow {
    private final ProfileReader reader;
    private final Writer out;

    UniformityShow(ProfileReader reader, Writer out) {
        this.reader = reader;
        this.out = out;
    }

    /**
     * The bits of a record: stored bits (indexed v14, merge result) or, for a raw device record with
     * side-file data, the bits the default rule gives; null for host records and records without data.
     */
    static byte[] bitsOf(ProfileRecord r) {
        OffloadData d = r.offload();
        if (d == null) {
            return null;
        }
        if (d.hasBits()) {
            return d.uniformityBits();
        }
        if (d.hasUniformCounts()) {
            return UniformityRule.DEFAULT.bits(r.counts(), d.uniformCounts());
        }
        return null;
    }

    void run() throws IOException {
        long functions = 0;
        long uniformBlocks = 0;
        long blocks = 0;
        long withoutData = 0;
        ProfileRecord r;
        while ((r = reader.next()) != null) {
            if (r.offload() == null) {
                continue;
            }
            functions++;
            byte[] bits = bitsOf(r);
            int n = r.counts().length;
            if (bits == null) {
                withoutData++;
                out.write(r.name() + ": no uniformity data (" + n + " blocks)\n");
                continue;
            }
            int k = UniformityBits.countUniform(bits, n);
            uniformBlocks += k;
            blocks += n;
            out.write(r.name() + ": " + k + "/" + n + " blocks uniform " + UniformityBits.pattern(bits, 0, n) + "\n");
        }
        out.write("Total: " + uniformBlocks + "/" + blocks + " blocks uniform in " + functions
                + " device function" + (functions == 1 ? "" : "s")
                + (withoutData > 0 ? " (" + withoutData + " without uniformity data)" : "") + "\n");
    }
}
