package dev.jprofdata.format.elf;

import dev.jprofdata.format.ProfileFormatException.Kind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * An ELF64 little-endian file (an AMDGPU code object, or any other ELF64 object) read from a
 * {@link FileSlice}: its header, its section headers with their names, the bytes of a section and
 * its symbol table. Every offset and size taken from the file is checked against the slice before
 * it is used; nothing is allocated from a count the file has not been shown to hold.
 */
public final class ElfFile {
    private static final long SHN_XINDEX = 0xffff;

    private final FileSlice bytes;
    private final ElfHeader header;
    private final List<ElfSection> sections;
    private List<ElfSymbol> functions;

    private ElfFile(FileSlice bytes, ElfHeader header, List<ElfSection> sections) {
        this.bytes = bytes;
        this.header = header;
        this.sections = sections;
    }

    /** Reads the header and the section headers of the ELF file in {@code bytes}. */
    public static ElfFile read(FileSlice bytes) throws CodeObjectException {
        ElfHeader header = ElfHeader.parse(bytes);
        return new ElfFile(bytes, header, readSections(bytes, header));
    }

    private static List<ElfSection> readSections(FileSlice bytes, ElfHeader header) throws CodeObjectException {
        long shoff = header.sectionHeaderOffset();
        if (shoff == 0) {
            return List.of();
        }
        long fieldPos = ElfHeader.sectionHeaderOffsetField();
        if (shoff < 0 || shoff > bytes.size() || bytes.size() - shoff < ElfHeader.SECTION_HEADER_SIZE) {
            throw bytes.error(fieldPos, Kind.CORRUPT_HEADER,
                    "section header table offset " + Long.toUnsignedString(shoff) + " is outside the "
                            + bytes.size() + "-byte file");
        }
        long count = header.sectionCount();
        long nameIndex = header.sectionNameIndex();
        if (count == 0) {
            // More sections than e_shnum holds: the count is section 0's sh_size.
            count = bytes.u64(shoff + ElfSection.SH_SIZE, "section 0 size");
        }
        if (nameIndex == SHN_XINDEX) {
            nameIndex = bytes.u32(shoff + ElfSection.SH_LINK, "section 0 link");
        }
        if (Long.compareUnsigned(count, (bytes.size() - shoff) / ElfHeader.SECTION_HEADER_SIZE) > 0) {
            throw bytes.error(fieldPos, Kind.CORRUPT_HEADER, "section header table of "
                    + Long.toUnsignedString(count) + " entries at offset " + shoff + " runs past the end of the "
                    + bytes.size() + "-byte file");
        }
        if (nameIndex >= count) {
            throw bytes.error(fieldPos, Kind.CORRUPT_HEADER,
                    "section name table index " + nameIndex + " is not below the section count " + count);
        }
        long[][] raw = new long[(int) count][];
        for (int i = 0; i < count; i++) {
            long p = shoff + (long) i * ElfHeader.SECTION_HEADER_SIZE;
            raw[i] = new long[] {bytes.u32(p + ElfSection.SH_NAME, "sh_name"),
                bytes.u32(p + ElfSection.SH_TYPE, "sh_type"), bytes.u64(p + ElfSection.SH_FLAGS, "sh_flags"),
                bytes.u64(p + ElfSection.SH_ADDR, "sh_addr"), bytes.u64(p + ElfSection.SH_OFFSET, "sh_offset"),
                bytes.u64(p + ElfSection.SH_SIZE, "sh_size"), bytes.u32(p + ElfSection.SH_LINK, "sh_link"),
                bytes.u32(p + ElfSection.SH_INFO, "sh_info"), bytes.u64(p + ElfSection.SH_ENTSIZE, "sh_entsize")};
        }
        long[] names = raw[(int) nameIndex];
        FileSlice nameTable = sectionBytes(bytes, shoff, (int) nameIndex, names[1], names[2], names[4], names[5]);
        List<ElfSection> sections = new ArrayList<>((int) count);
        for (int i = 0; i < count; i++) {
            long[] s = raw[i];
            String name;
            if (s[0] >= nameTable.size()) {
                throw bytes.error(shoff + (long) i * ElfHeader.SECTION_HEADER_SIZE, Kind.MALFORMED,
                        "section " + i + " name offset " + s[0] + " is outside the " + nameTable.size()
                                + "-byte section name table");
            }
            name = nameTable.cString(s[0], "section name");
            sections.add(new ElfSection(i, name, s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8]));
        }
        return Collections.unmodifiableList(sections);
    }

    private static FileSlice sectionBytes(FileSlice bytes, long shoff, int index, long type, long flags, long offset,
            long size) throws CodeObjectException {
        if (type == ElfSection.SHT_NOBITS || type == ElfSection.SHT_NULL) {
            return bytes.slice(0, 0, "empty section");
        }
        if (offset < 0 || size < 0 || offset > bytes.size() || size > bytes.size() - offset) {
            throw bytes.error(shoff + (long) index * ElfHeader.SECTION_HEADER_SIZE + ElfSection.SH_OFFSET,
                    Kind.CORRUPT_HEADER,
                    "section " + index + " (" + Long.toUnsignedString(size) + " bytes at offset "
                            + Long.toUnsignedString(offset) + ") runs past the end of the " + bytes.size()
                            + "-byte file");
        }
        return bytes.slice(offset, size, "section " + index);
    }

    public ElfHeader header() {
        return header;
    }

    /** The file (or slice of a file) this ELF file was read from. */
    public FileSlice bytes() {
        return bytes;
    }

    public String file() {
        return bytes.file();
    }

    public List<ElfSection> sections() {
        return sections;
    }

    /** The first section named {@code name}. */
    public Optional<ElfSection> section(String name) {
        for (ElfSection s : sections) {
            if (s.name().equals(name)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /**
     * The bytes of {@code section}, checked to lie inside the file; a section without bytes in the
     * file (SHT_NOBITS) is empty. Compressed sections are not supported and give an error.
     */
    public FileSlice bytes(ElfSection section) throws CodeObjectException {
        long headerPos = header.sectionHeaderOffset() + (long) section.index() * ElfHeader.SECTION_HEADER_SIZE;
        if (section.isCompressed()) {
            throw bytes.error(headerPos + ElfSection.SH_FLAGS, Kind.UNSUPPORTED_VERSION, "section " + section.name()
                    + " is compressed (SHF_COMPRESSED), which is not supported; relink without"
                    + " --compress-debug-sections");
        }
        return sectionBytes(bytes, header.sectionHeaderOffset(), section.index(), section.type(), section.flags(),
                section.offset(), section.size());
    }

    /**
     * The function symbols (STT_FUNC) of {@code .symtab}, or of {@code .dynsym} when there is no
     * {@code .symtab}, by address (then name); empty when the file has neither.
     */
    public List<ElfSymbol> functionSymbols() throws CodeObjectException {
        if (functions == null) {
            List<ElfSymbol> list = new ArrayList<>();
            for (ElfSymbol s : symbols()) {
                if (s.isFunction()) {
                    list.add(s);
                }
            }
            list.sort(Comparator.comparing(ElfSymbol::value, Long::compareUnsigned).thenComparing(ElfSymbol::name));
            functions = Collections.unmodifiableList(list);
        }
        return functions;
    }

    /** The function symbol whose {@code [value, value + size)} holds {@code address}, if any. */
    public Optional<ElfSymbol> functionAt(long address) throws CodeObjectException {
        ElfSymbol best = null;
        for (ElfSymbol s : functionSymbols()) {
            if (Long.compareUnsigned(s.value(), address) > 0) {
                break;
            }
            if (s.contains(address)) {
                best = s;
            }
        }
        return Optional.ofNullable(best);
    }

    /** Every entry of {@code .symtab} (or {@code .dynsym}), in table order. */
    public List<ElfSymbol> symbols() throws CodeObjectException {
        ElfSection table = null;
        for (ElfSection s : sections) {
            if (s.type() == ElfSection.SHT_SYMTAB) {
                table = s;
                break;
            }
        }
        if (table == null) {
            for (ElfSection s : sections) {
                if (s.type() == ElfSection.SHT_DYNSYM) {
                    table = s;
                    break;
                }
            }
        }
        if (table == null) {
            return List.of();
        }
        long headerPos = header.sectionHeaderOffset() + (long) table.index() * ElfHeader.SECTION_HEADER_SIZE;
        if (table.entrySize() != ElfSymbol.SIZE) {
            throw bytes.error(headerPos + ElfSection.SH_ENTSIZE, Kind.MALFORMED,
                    "symbol table entry size " + table.entrySize() + " is not " + ElfSymbol.SIZE);
        }
        if (table.link() >= sections.size()) {
            throw bytes.error(headerPos + ElfSection.SH_LINK, Kind.MALFORMED,
                    "symbol table's string table index " + table.link() + " is not a section");
        }
        FileSlice entries = bytes(table);
        FileSlice names = bytes(sections.get((int) table.link()));
        long count = entries.size() / ElfSymbol.SIZE;
        List<ElfSymbol> symbols = new ArrayList<>((int) Math.min(count, 1 << 16));
        for (long i = 0; i < count; i++) {
            long p = i * ElfSymbol.SIZE;
            long nameOffset = entries.u32(p + ElfSymbol.ST_NAME, "st_name");
            int info = entries.u8(p + ElfSymbol.ST_INFO, "st_info");
            String name = nameOffset == 0 ? "" : names.cString(nameOffset, "symbol name");
            symbols.add(new ElfSymbol(name, entries.u64(p + ElfSymbol.ST_VALUE, "st_value"),
                    entries.u64(p + ElfSymbol.ST_SIZE, "st_size"), info & 0xf, info >>> 4,
                    entries.u16(p + ElfSymbol.ST_SHNDX, "st_shndx")));
        }
        return symbols;
    }
}
