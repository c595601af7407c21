package dev.jprofdata.format.dwarf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.jprofdata.format.ProfileFormatException.Kind;
import dev.jprofdata.format.elf.CodeObjectException;
import dev.jprofdata.format.elf.CodeObjects;
import dev.jprofdata.format.elf.ElfFile;
import dev.jprofdata.format.elf.ElfSection;
import dev.jprofdata.format.elf.FileSlice;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged code objects, bundles and DWARF: each gives a {@link CodeObjectException} of the right
 * kind naming the file and the byte offset of the damage, never another exception.
 */
class CodeObjectErrorsTest {
    private static final String NAME = "damaged.co";
    private static byte[] original;
    private static ElfFile layout;

    @BeforeAll
    static void load() throws IOException {
        Path co = CodeObjectFixtures.codeObjects().resolve("kernels.gfx942.O2.dwarf5.co");
        original = Files.readAllBytes(co);
        layout = CodeObjects.open(co);
    }

    private static CodeObjectException fails(byte[] bytes) {
        CodeObjectException e = catchThrowableOfType(CodeObjectException.class, () -> {
            CodeObjectSymbolizer s = CodeObjectSymbolizer.of(ElfFile.read(FileSlice.of(NAME, bytes)));
            s.functions();
            for (long a = 0x1900; a < 0x1c00; a += 4) {
                s.symbolize(a);
            }
        });
        assertThat(e).as("a CodeObjectException").isNotNull();
        assertThat(e.file()).isEqualTo(NAME);
        assertThat(e.getMessage()).startsWith(NAME + ": ").doesNotContain("\n");
        return e;
    }

    private static ElfSection section(String name) {
        return layout.section(name).orElseThrow();
    }

    /** The file offset of field {@code field} of section {@code name}'s header. */
    private static int headerField(String name, int field) {
        return (int) (layout.header().sectionHeaderOffset() + section(name).index() * 64L + field);
    }

    private static void put64(byte[] b, int at, long v) {
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putLong(at, v);
    }

    private static void put16(byte[] b, int at, int v) {
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putShort(at, (short) v);
    }

    @Test
    void truncatedElf() {
        assertThat(fails(new byte[0]).kind()).isEqualTo(Kind.BAD_MAGIC);
        CodeObjectException header = fails(Arrays.copyOf(original, 40));
        assertThat(header.kind()).isEqualTo(Kind.TRUNCATED);
        assertThat(header.offset()).isBetween(0L, 40L);
        // Cut before the section header table: e_shoff points past the end.
        CodeObjectException table = fails(Arrays.copyOf(original, (int) layout.header().sectionHeaderOffset() + 10));
        assertThat(table.kind()).isEqualTo(Kind.CORRUPT_HEADER);
        assertThat(table.offset()).isEqualTo(40);
    }

    @Test
    void notElf() {
        byte[] b = original.clone();
        b[1] = 'X';
        assertThat(fails(b).kind()).isEqualTo(Kind.BAD_MAGIC);
        b = original.clone();
        b[4] = 1; // 32-bit
        assertThat(fails(b).kind()).isEqualTo(Kind.UNSUPPORTED_VERSION);
    }

    @Test
    void sectionHeadersOutOfRange() {
        byte[] b = original.clone();
        put64(b, 40, 1L << 40);
        CodeObjectException e = fails(b);
        assertThat(e.kind()).isEqualTo(Kind.CORRUPT_HEADER);
        assertThat(e.offset()).isEqualTo(40);

        b = original.clone();
        put16(b, 60, 0xfff0); // e_shnum far beyond the file
        assertThat(fails(b).kind()).isEqualTo(Kind.CORRUPT_HEADER);

        b = original.clone();
        int offsetField = headerField(".debug_info", 24);
        put64(b, offsetField, original.length + 100L);
        e = fails(b);
        assertThat(e.kind()).isEqualTo(Kind.CORRUPT_HEADER);
        assertThat(e.offset()).isEqualTo(offsetField);
        assertThat(e.getMessage()).contains("runs past the end");
    }

    @Test
    void cutDebugInfo() {
        byte[] b = original.clone();
        put64(b, headerField(".debug_info", 32), section(".debug_info").size() / 2);
        CodeObjectException e = fails(b);
        assertThat(e.kind()).isIn(Kind.TOO_LARGE, Kind.TRUNCATED);
        // The first unit's length no longer fits: reported at the unit's header.
        assertThat(e.offset()).isEqualTo(section(".debug_info").offset());
        assertThat(e.getMessage()).contains(".debug_info");
    }

    @Test
    void cutDebugLine() {
        byte[] b = original.clone();
        put64(b, headerField(".debug_line", 32), 30);
        CodeObjectException e = fails(b);
        long start = section(".debug_line").offset();
        assertThat(e.offset()).isBetween(start, start + 30);
        assertThat(e.getMessage()).contains(".debug_line");
    }

    @Test
    void unsupportedDwarfVersionAndUnknownAbbreviation() {
        byte[] b = original.clone();
        int version = (int) section(".debug_info").offset() + 4;
        put16(b, version, 7);
        CodeObjectException e = fails(b);
        assertThat(e.kind()).isEqualTo(Kind.UNSUPPORTED_VERSION);
        assertThat(e.offset()).isEqualTo(version);

        b = original.clone();
        int firstDie = (int) section(".debug_info").offset() + 12; // DWARF 5 unit header is 12 bytes
        b[firstDie] = 0x7f;
        e = fails(b);
        assertThat(e.kind()).isEqualTo(Kind.MALFORMED);
        assertThat(e.offset()).isEqualTo(firstDie);
        assertThat(e.getMessage()).contains("abbreviation code 127");
    }

    @Test
    void damagedBundles(@TempDir Path dir) throws IOException {
        byte[] bundle = Files.readAllBytes(CodeObjectFixtures.codeObjects().resolve("kernels.gfx942-gfx950.bundle"));
        Path p = dir.resolve("b.bundle");

        byte[] b = bundle.clone();
        put64(b, 24, 1L << 50); // entry count
        Files.write(p, b);
        CodeObjectException e = catchThrowableOfType(CodeObjectException.class, () -> CodeObjects.open(p, "gfx942"));
        assertThat(e.kind()).isEqualTo(Kind.CORRUPT_HEADER);
        assertThat(e.offset()).isEqualTo(24);

        b = bundle.clone();
        put64(b, 32, bundle.length - 4L); // the first entry's offset, its size now runs past the end
        put64(b, 40, 64);
        Files.write(p, b);
        e = catchThrowableOfType(CodeObjectException.class, () -> CodeObjects.open(p, "gfx942"));
        assertThat(e.kind()).isEqualTo(Kind.TOO_LARGE);
        assertThat(e.offset()).isEqualTo(32);
        assertThat(e.file()).isEqualTo(p.toString());

        Files.write(p, Arrays.copyOf(bundle, 40));
        e = catchThrowableOfType(CodeObjectException.class, () -> CodeObjects.open(p, "gfx942"));
        assertThat(e.kind()).isEqualTo(Kind.TRUNCATED);

        b = bundle.clone();
        System.arraycopy("CCOB".getBytes(), 0, b, 0, 4);
        Files.write(p, b);
        e = catchThrowableOfType(CodeObjectException.class, () -> CodeObjects.open(p));
        assertThat(e.kind()).isEqualTo(Kind.UNSUPPORTED_VERSION);
        assertThat(e.getMessage()).contains("compressed offload bundle");
    }
}
