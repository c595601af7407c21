package dev.jprofdata.format.elf;

import dev.jprofdata.format.ProfileFormatException.Kind;

/**
 * The fields of an ELF64 little-endian file header that locate its sections. The byte layout of
 * the header (the System V gABI's Elf64_Ehdr) is declared here and only here.
 */
public record ElfHeader(int type, int machine, long entry, long sectionHeaderOffset, int sectionHeaderSize,
        long sectionCount, long sectionNameIndex, int abiVersion, int osAbi, long flags) {
    public static final int EM_X86_64 = 62;
    public static final int EM_AMDGPU = 224;
    public static final int ET_REL = 1;
    public static final int ET_EXEC = 2;
    public static final int ET_DYN = 3;

    static final int SIZE = 64;
    static final int SECTION_HEADER_SIZE = 64;
    private static final byte[] MAGIC = {0x7f, 'E', 'L', 'F'};
    private static final int EI_CLASS = 4;
    private static final int EI_DATA = 5;
    private static final int EI_VERSION = 6;
    private static final int EI_OSABI = 7;
    private static final int EI_ABIVERSION = 8;
    private static final int ELFCLASS64 = 2;
    private static final int ELFDATA2LSB = 1;
    private static final int E_TYPE = 16;
    private static final int E_MACHINE = 18;
    private static final int E_ENTRY = 24;
    private static final int E_SHOFF = 40;
    private static final int E_FLAGS = 48;
    private static final int E_SHENTSIZE = 58;
    private static final int E_SHNUM = 60;
    private static final int E_SHSTRNDX = 62;

    /** Whether {@code bytes} begins with the ELF magic. */
    public static boolean isElf(FileSlice bytes) {
        return bytes.startsWith(0, MAGIC);
    }

    /**
     * The header at the start of {@code bytes}. The section count and the section-name index may
     * be escaped into section 0 (e_shnum 0, e_shstrndx SHN_XINDEX); {@link ElfFile} resolves that.
     */
    static ElfHeader parse(FileSlice bytes) throws CodeObjectException {
        if (bytes.size() < 4 || !isElf(bytes)) {
            throw bytes.error(0, Kind.BAD_MAGIC, "not an ELF file (bad magic)");
        }
        bytes.require(0, SIZE, "ELF header");
        if (bytes.u8(EI_CLASS, "ELF class") != ELFCLASS64) {
            throw bytes.error(EI_CLASS, Kind.UNSUPPORTED_VERSION,
                    "ELF class " + bytes.u8(EI_CLASS, "ELF class") + " is not supported (only 64-bit ELF)");
        }
        if (bytes.u8(EI_DATA, "ELF data encoding") != ELFDATA2LSB) {
            throw bytes.error(EI_DATA, Kind.UNSUPPORTED_VERSION, "big-endian ELF is not supported");
        }
        if (bytes.u8(EI_VERSION, "ELF version") != 1) {
            throw bytes.error(EI_VERSION, Kind.UNSUPPORTED_VERSION,
                    "ELF version " + bytes.u8(EI_VERSION, "ELF version") + " is not supported");
        }
        int shentsize = bytes.u16(E_SHENTSIZE, "e_shentsize");
        long shoff = bytes.u64(E_SHOFF, "e_shoff");
        int shnum = bytes.u16(E_SHNUM, "e_shnum");
        if (shoff != 0 && shentsize != SECTION_HEADER_SIZE) {
            throw bytes.error(E_SHENTSIZE, Kind.CORRUPT_HEADER,
                    "section header size " + shentsize + " is not " + SECTION_HEADER_SIZE);
        }
        return new ElfHeader(bytes.u16(E_TYPE, "e_type"), bytes.u16(E_MACHINE, "e_machine"),
                bytes.u64(E_ENTRY, "e_entry"), shoff, shentsize, shnum, bytes.u16(E_SHSTRNDX, "e_shstrndx"),
                bytes.u8(EI_ABIVERSION, "ABI version"), bytes.u8(EI_OSABI, "OS ABI"), bytes.u32(E_FLAGS, "e_flags"));
    }

    /** The file offset of the e_shoff field, for errors about the section header table. */
    static long sectionHeaderOffsetField() {
        return E_SHOFF;
    }
}
