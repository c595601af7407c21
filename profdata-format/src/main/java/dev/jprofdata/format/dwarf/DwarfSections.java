package dev.jprofdata.format.dwarf;

import dev.jprofdata.format.elf.CodeObjectException;
import dev.jprofdata.format.elf.ElfFile;
import dev.jprofdata.format.elf.ElfSection;
import dev.jprofdata.format.elf.FileSlice;
import java.util.Optional;

/** The DWARF sections of one ELF file that symbolisation reads; a missing section is empty. */
record DwarfSections(FileSlice info, FileSlice abbrev, FileSlice str, FileSlice lineStr, FileSlice strOffsets,
        FileSlice addr, FileSlice line, FileSlice ranges, FileSlice rnglists) {

    static DwarfSections of(ElfFile elf) throws CodeObjectException {
        return new DwarfSections(section(elf, ".debug_info"), section(elf, ".debug_abbrev"),
                section(elf, ".debug_str"), section(elf, ".debug_line_str"), section(elf, ".debug_str_offsets"),
                section(elf, ".debug_addr"), section(elf, ".debug_line"), section(elf, ".debug_ranges"),
                section(elf, ".debug_rnglists"));
    }

    private static FileSlice section(ElfFile elf, String name) throws CodeObjectException {
        Optional<ElfSection> s = elf.section(name);
        if (s.isEmpty()) {
            return elf.bytes().slice(0, 0, name);
        }
        return elf.bytes(s.get());
    }
}
