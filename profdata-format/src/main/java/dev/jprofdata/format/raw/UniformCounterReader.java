package dev.jprofdata.format.raw;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileFormatException.Kind;

/**
 * Reads a record's embedded uniform counters (raw v11/v12, the GPU offload design): u64 counts, one
 * per block, of the executions by full waves. They live in their own section after the bitmap
 * bytes and are found like counters: {@code UniformCounterPtr} minus the header's
 * {@code UniformCountersDelta}, the delta shrinking by one record size per record.
 */
final class UniformCounterReader {
    private final RawBytes bytes;
    private final RawSections sections;
    private final String file;

    UniformCounterReader(RawBytes bytes, RawSections sections, String file) {
        this.bytes = bytes;
        this.sections = sections;
        this.file = file;
    }

    /** Whether the profile has a uniform-counters section at all (host profiles do not). */
    boolean present() {
        return sections.uniformEnd() > sections.uniformOffset();
    }

    /**
     * The {@code count} uniform counters of {@code r}, with LLVM's checks (texts of the offload
     * fork's reader) against the section's bounds before anything is allocated.
     */
    long[] read(DataRecord r, long count, long uniformDelta) throws ProfileFormatException {
        long offset = r.uniformCounterPtr() - uniformDelta;
        if (offset < 0) {
            throw malformed(r, "uniform counter offset " + offset + " is negative");
        }
        long sectionBytes = sections.uniformEnd() - sections.uniformOffset();
        if (offset >= sectionBytes) {
            throw malformed(r, "uniform counter offset " + offset
                    + " is greater than the maximum uniform counter offset " + (sectionBytes - 1));
        }
        long max = (sectionBytes - offset) / 8;
        if (count > max) {
            throw malformed(r, "number of uniform counters " + count
                    + " is greater than the maximum number of uniform counters " + max);
        }
        // count <= max < section bytes / 8, and the section lies inside the file: an int suffices
        // unless the file is over 16 GiB of uniform counters, which no array could hold anyway.
        if (count > Integer.MAX_VALUE - 8) {
            throw malformed(r, "number of uniform counters " + count + " is too large");
        }
        long[] out = new long[(int) count];
        long base = sections.uniformOffset() + offset;
        for (int i = 0; i < out.length; i++) {
            out[i] = bytes.u64(base + 8L * i);
        }
        return out;
    }

    private ProfileFormatException malformed(DataRecord r, String detail) {
        return new ProfileFormatException(file, r.offset(), Kind.MALFORMED, RawErrors.malformed(detail));
    }
}
