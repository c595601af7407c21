package dev.jprofdata.format.elf;

/**
 * One entry of an ELF symbol table: name, value (an address in a linked code object), size, type
 * ({@code STT_*}), binding ({@code STB_*}) and the index of the section it is defined in.
 */
public record ElfSymbol(String name, long value, long size, int type, int binding, int sectionIndex) {
    // The byte layout of an Elf64_Sym (24 bytes).
    static final int SIZE = 24;
    static final int ST_NAME = 0;
    static final int ST_INFO = 4;
    static final int ST_SHNDX = 6;
    static final int ST_VALUE = 8;
    static final int ST_SIZE = 16;

    public static final int STT_FUNC = 2;
    public static final int STB_LOCAL = 0;
    public static final int STB_GLOBAL = 1;
    public static final int STB_WEAK = 2;

    public boolean isFunction() {
        return type == STT_FUNC;
    }

    /** Whether {@code address} lies in {@code [value, value + size)}. */
    public boolean contains(long address) {
        return Long.compareUnsigned(address, value) >= 0 && Long.compareUnsigned(address - value, size) < 0;
    }
}
