package dev.jprofdata.format.elf;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.dwarf.CodeObjectFixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The ELF reader on the real fixture objects, against llvm-readelf-22's symbol listing. */
class ElfFileTest {
    static Stream<String> objects() throws IOException {
        return CodeObjectFixtures.elfFiles().stream().map(p -> p.getFileName().toString());
    }

    @ParameterizedTest
    @MethodSource("objects")
    void functionSymbolsMatchReadelf(String object) throws IOException {
        ElfFile elf = CodeObjects.open(CodeObjectFixtures.codeObjects().resolve(object));
        List<String> expected = new ArrayList<>();
        boolean inSymtab = false;
        for (String line : Files.readAllLines(CodeObjectFixtures.golden().resolve(object + ".symbols.txt"))) {
            if (line.startsWith("Symbol table")) {
                inSymtab = line.contains("'.symtab'");
                continue;
            }
            String[] f = line.trim().split("\\s+");
            if (inSymtab && f.length == 8 && f[3].equals("FUNC")) {
                expected.add(Long.parseLong(f[1], 16) + " " + Long.parseLong(f[2]) + " " + f[7]);
            }
        }
        List<String> actual = new ArrayList<>();
        for (ElfSymbol s : elf.functionSymbols()) {
            actual.add(s.value() + " " + s.size() + " " + s.name());
        }
        assertThat(expected).isNotEmpty();
        assertThat(actual).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void headerAndSectionsOfAnAmdgpuCodeObject() throws IOException {
        ElfFile elf = CodeObjects.open(CodeObjectFixtures.codeObjects().resolve("kernels.gfx942.O2.dwarf5.co"));
        assertThat(elf.header().machine()).isEqualTo(ElfHeader.EM_AMDGPU);
        assertThat(elf.header().type()).isEqualTo(ElfHeader.ET_DYN);
        assertThat(elf.section(".text")).isPresent();
        assertThat(elf.section(".debug_line_str")).isPresent();
        assertThat(elf.section(".no_such_section")).isEmpty();
        // The kernel row_sums holds its inlined code: an address inside it finds its symbol.
        ElfSymbol kernel = elf.functionSymbols().stream().filter(s -> s.name().equals("_Z8row_sumsPKfPfiif"))
                .findFirst().orElseThrow();
        assertThat(elf.functionAt(kernel.value() + 8)).contains(kernel);
        assertThat(elf.functionAt(kernel.value() + kernel.size())).isNotEqualTo(java.util.Optional.of(kernel));
        Path host = CodeObjectFixtures.codeObjects().resolve("host_contrast.x86_64.so");
        assertThat(CodeObjects.open(host).header().machine()).isEqualTo(ElfHeader.EM_X86_64);
    }
}
