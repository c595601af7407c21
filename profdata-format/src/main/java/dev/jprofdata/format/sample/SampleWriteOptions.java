package dev.jprofdata.format.sample;

/**
 * How to write a sample profile: llvm-profdata's writer options.
 *
 * @param format              the encoding ({@link SampleFormat#GCC} is refused, as LLVM refuses it)
 * @param compressAllSections ext-binary: zlib-compress every section ({@code --compress-all-sections})
 * @param useMd5              ext-binary: write names as MD5 hashes ({@code --use-md5})
 * @param partialProfile      ext-binary: flag the profile as partial ({@code --gen-partial-profile})
 * @param splitLayout         ext-binary: profiles with and without inlinees in separate sections;
 *                            text: mark the ones without with {@code !Flat} ({@code --split-layout})
 * @param writeVtableTypes    ext-binary: write LLVM 22's vtable type counts
 *                            ({@code --extbinary-write-vtable-type-prof})
 * @param outputSizeLimit     drop the coldest functions until the output has at most this many
 *                            bytes ({@code --output-size-limit}); 0 means no limit
 * @param perContextSummary   the written summary counts every CSSPGO context as a function
 *                            instead of merging contexts by function first (LLVM does so only when
 *                            {@code --profile-summary-contextless=false} is given explicitly)
 */
public record SampleWriteOptions(
        SampleFormat format,
        boolean compressAllSections,
        boolean useMd5,
        boolean partialProfile,
        boolean splitLayout,
        boolean writeVtableTypes,
        long outputSizeLimit,
        boolean perContextSummary) {

    /** The options without {@code perContextSummary} (LLVM's default summary). */
    public SampleWriteOptions(SampleFormat format, boolean compressAllSections, boolean useMd5,
            boolean partialProfile, boolean splitLayout, boolean writeVtableTypes, long outputSizeLimit) {
        this(format, compressAllSections, useMd5, partialProfile, splitLayout, writeVtableTypes, outputSizeLimit,
                false);
    }

    public SampleWriteOptions {
        if (format == null) {
            throw new NullPointerException("format");
        }
        if (outputSizeLimit < 0) {
            throw new IllegalArgumentException("outputSizeLimit must not be negative: " + outputSizeLimit);
        }
    }

    /** {@code format} with every option off, as llvm-profdata writes it by default. */
    public static SampleWriteOptions defaults(SampleFormat format) {
        return new SampleWriteOptions(format, false, false, false, false, false, 0);
    }

    public SampleWriteOptions withCompressAllSections(boolean value) {
        return new SampleWriteOptions(format, value, useMd5, partialProfile, splitLayout, writeVtableTypes,
                outputSizeLimit, perContextSummary);
    }

    public SampleWriteOptions withUseMd5(boolean value) {
        return new SampleWriteOptions(format, compressAllSections, value, partialProfile, splitLayout,
                writeVtableTypes, outputSizeLimit, perContextSummary);
    }

    public SampleWriteOptions withPartialProfile(boolean value) {
        return new SampleWriteOptions(format, compressAllSections, useMd5, value, splitLayout, writeVtableTypes,
                outputSizeLimit, perContextSummary);
    }

    public SampleWriteOptions withSplitLayout(boolean value) {
        return new SampleWriteOptions(format, compressAllSections, useMd5, partialProfile, value, writeVtableTypes,
                outputSizeLimit, perContextSummary);
    }

    public SampleWriteOptions withWriteVtableTypes(boolean value) {
        return new SampleWriteOptions(format, compressAllSections, useMd5, partialProfile, splitLayout, value,
                outputSizeLimit, perContextSummary);
    }

    public SampleWriteOptions withPerContextSummary(boolean value) {
        return new SampleWriteOptions(format, compressAllSections, useMd5, partialProfile, splitLayout,
                writeVtableTypes, outputSizeLimit, value);
    }

    public SampleWriteOptions withOutputSizeLimit(long value) {
        return new SampleWriteOptions(format, compressAllSections, useMd5, partialProfile, splitLayout,
                writeVtableTypes, value, perContextSummary);
    }
}
