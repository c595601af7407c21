package dev.jprofdata.format.dwarf;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.jprofdata.format.elf.CodeObjectException;
import dev.jprofdata.format.elf.ElfFile;
import dev.jprofdata.format.elf.ElfSection;
import dev.jprofdata.format.elf.FileSlice;
import java.util.Optional;

/**
 * Fuzz target for the ELF reader and the DWARF symbolizer: any bytes either read (and every
 * .text address, up to 4096 of them, symbolizes) or fail with a one-line
 * {@link CodeObjectException}. The kept corpus starts from a real gfx942 code object.
 */
class CodeObjectFuzzTest {
    @FuzzTest(maxDuration = "2h", maxExecutions = 10_000_000)
    void symbolizer(byte[] data) {
        try {
            ElfFile elf = ElfFile.read(FileSlice.of("fuzz.co", data));
            CodeObjectSymbolizer s = CodeObjectSymbolizer.of(elf);
            s.functions();
            elf.functionSymbols();
            Optional<ElfSection> text = elf.section(".text");
            long start = text.map(ElfSection::address).orElse(0L);
            long size = Math.min(text.map(ElfSection::size).orElse(64L), 4 * 4096L);
            for (long a = start; a - start < size; a += 4) {
                s.symbolize(a);
            }
        } catch (CodeObjectException e) {
            if (e.getMessage().indexOf('\n') >= 0 || e.file() == null) {
                throw new AssertionError("not a one-line error naming the file: " + e.getMessage());
            }
        }
    }
}
