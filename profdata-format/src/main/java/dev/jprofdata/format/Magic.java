package dev.jprofdata.format;

/** The magic numbers that open profile files, as 64-bit values in the writer's byte order. */
public final class Magic {
    private Magic() {
    }

    /** Indexed profiles: bytes {@code ff 6c 70 72 6f 66 69 81} ("\xfflprofi\x81"), always little-endian. */
    public static final long INDEXED = 0x8169666f72706cffL;
    /** Raw profiles of 64-bit programs ("lprofr"), in the program's byte order. */
    public static final long RAW64 = 0xff6c70726f667281L;
    /** Raw profiles of 32-bit programs ("lprofR"), in the program's byte order. */
    public static final long RAW32 = 0xff6c70726f665281L;

    /**
     * The binary format a file whose first 8 bytes, read little-endian, are {@code firstWord}
     * starts like: {@link ProfileFormat#INDEXED}, {@link ProfileFormat#RAW} (either pointer width,
     * either byte order), or {@code null} for neither.
     */
    public static ProfileFormat binaryFormatOf(long firstWord) {
        if (firstWord == INDEXED) {
            return ProfileFormat.INDEXED;
        }
        return isRawInReaderOrder(firstWord) || isRawInReaderOrder(Long.reverseBytes(firstWord))
                ? ProfileFormat.RAW : null;
    }

    /** Whether {@code firstWord} (read little-endian) is a raw magic written in little-endian order. */
    public static boolean isRawInReaderOrder(long firstWord) {
        return firstWord == RAW64 || firstWord == RAW32;
    }
}
