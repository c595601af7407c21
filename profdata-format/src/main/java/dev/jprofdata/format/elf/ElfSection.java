package dev.jprofdata.format.elf;

/**
 * One section header of an ELF64 file: its name (resolved from the section-name table) and the
 * fields this reader uses. {@code offset} and {@code size} are as the header says; they are
 * checked against the file when the section's bytes are taken ({@link ElfFile#bytes}).
 */
public record ElfSection(int index, String name, long type, long flags, long address, long offset, long size,
        long link, long info, long entrySize) {
    public static final long SHT_NULL = 0;
    public static final long SHT_SYMTAB = 2;
    public static final long SHT_STRTAB = 3;
    public static final long SHT_NOBITS = 8;
    public static final long SHT_DYNSYM = 11;

    // The byte layout of an Elf64_Shdr (64 bytes).
    static final int SH_NAME = 0;
    static final int SH_TYPE = 4;
    static final int SH_FLAGS = 8;
    static final int SH_ADDR = 16;
    static final int SH_OFFSET = 24;
    static final int SH_SIZE = 32;
    static final int SH_LINK = 40;
    static final int SH_INFO = 44;
    static final int SH_ENTSIZE = 56;

    /** The section's data is compressed (an Elf64_Chdr precedes it). */
    public static final long SHF_COMPRESSED = 0x800;

    public boolean isCompressed() {
        return (flags & SHF_COMPRESSED) != 0;
    }
}
