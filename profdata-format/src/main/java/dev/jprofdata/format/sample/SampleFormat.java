package dev.jprofdata.format.sample;

/** The encodings of a sample profile that llvm-profdata 22 reads. */
public enum SampleFormat {
    /** The text format ({@code --text}). */
    TEXT,
    /** The original binary format ({@code --binary}, magic ending in 0xFF). */
    BINARY,
    /** The extensible binary format with a section table ({@code --extbinary}, the default output). */
    EXTBINARY,
    /** GCC's AutoFDO gcov format ({@code --gcc}); read only. */
    GCC
}
