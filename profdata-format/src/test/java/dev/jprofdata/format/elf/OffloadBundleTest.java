package dev.jprofdata.format.elf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.ProfileFormatException.Kind;
import dev.jprofdata.format.dwarf.CodeObjectFixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clang offload bundles and rocprofv3 code-object URIs on the real bundle fixture, against
 * clang-offload-bundler-22's listing and the SHA-256 of each entry it unbundles.
 */
class OffloadBundleTest {
    private static final Path BUNDLE = CodeObjectFixtures.codeObjects().resolve("kernels.gfx942-gfx950.bundle");

    @Test
    void entriesMatchTheBundler() throws IOException, NoSuchAlgorithmException {
        OffloadBundle bundle = OffloadBundle.read(BUNDLE);
        List<String> actual = new ArrayList<>();
        for (OffloadBundleEntry e : bundle.entries()) {
            byte[] bytes = FileSlice.read(BUNDLE, e.offset(), e.size()).copy(0, (int) e.size(), "entry");
            actual.add(e.id() + " " + e.size() + " "
                    + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)));
        }
        List<String> expected = Files.readAllLines(
                CodeObjectFixtures.golden().resolve("kernels.gfx942-gfx950.bundle.entries"));
        assertThat(actual).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(bundle.deviceEntries()).extracting(OffloadBundleEntry::targetId)
                .containsExactlyInAnyOrder("gfx942", "gfx950");
    }

    @Test
    void aTargetPicksItsEntry() throws IOException {
        ElfFile elf = CodeObjects.open(BUNDLE, "gfx950");
        assertThat(elf.header().machine()).isEqualTo(ElfHeader.EM_AMDGPU);
        assertThat(elf.bytes().fileOffset()).isEqualTo(OffloadBundle.read(BUNDLE).entry("gfx950").offset());
        assertThatThrownBy(() -> CodeObjects.open(BUNDLE, "gfx90a")).isInstanceOf(CodeObjectException.class)
                .hasMessageContaining("no code object for gfx90a").hasMessageContaining("gfx942");
        // Two device entries: the bundle alone does not say which one.
        assertThatThrownBy(() -> CodeObjects.open(BUNDLE)).isInstanceOf(CodeObjectException.class)
                .hasMessageContaining("holds 2 device code objects");
    }

    @Test
    void aFileUriNamesARangeOfTheFile() throws IOException {
        OffloadBundleEntry e = OffloadBundle.read(BUNDLE).entry("gfx942");
        String uri = "file://" + BUNDLE + "#offset=" + e.offset() + "&size=" + e.size();
        ElfFile elf = CodeObjects.openUri(uri);
        assertThat(elf.bytes().fileOffset()).isEqualTo(e.offset());
        assertThat(elf.bytes().size()).isEqualTo(e.size());
        // Hexadecimal numbers and '?' as ROCm's loader may write them.
        ElfFile hex = CodeObjects.openUri("file://" + BUNDLE + "?offset=0x" + Long.toHexString(e.offset())
                + "&size=0x" + Long.toHexString(e.size()));
        assertThat(hex.bytes().fileOffset()).isEqualTo(e.offset());
        // A whole code-object file.
        Path co = CodeObjectFixtures.codeObjects().resolve("kernels.gfx942.O2.dwarf5.co");
        assertThat(CodeObjects.openUri("file://" + co).bytes().size()).isEqualTo(Files.size(co));
    }

    @Test
    void theUriPathIsPercentDecoded(@TempDir Path dir) throws IOException {
        Path odd = Files.createDirectories(dir.resolve("a dir")).resolve("k%\u00e9.bundle");
        Files.copy(BUNDLE, odd);
        OffloadBundleEntry e = OffloadBundle.read(odd).entry("gfx942");
        String encoded = odd.toString().replace("%", "%25").replace(" ", "%20").replace("\u00e9", "%C3%A9");
        ElfFile elf = CodeObjects.openUri("file://" + encoded + "#offset=" + e.offset() + "&size=" + e.size());
        assertThat(elf.file()).isEqualTo(odd.toString());
    }

    @Test
    void aRealRocprofv3UriParses() throws IOException {
        CodeObjectUri uri = CodeObjectUri.parse("file:///app/projects/rocprofiler-compute/tests/vcopy#offset=12288&size=8064");
        assertThat(uri.path()).isEqualTo(Path.of("/app/projects/rocprofiler-compute/tests/vcopy"));
        assertThat(uri.offset()).isEqualTo(12288);
        assertThat(uri.size()).isEqualTo(8064);
    }

    @Test
    void memoryUrisAreNotAvailable() {
        assertThatThrownBy(() -> CodeObjects.openUri("memory://281643#offset=0x563c46cf5a40&size=32968"))
                .isInstanceOfSatisfying(CodeObjectException.class, ex -> {
                    assertThat(ex.kind()).isEqualTo(Kind.NOT_FOUND);
                    assertThat(ex.getMessage()).contains("memory://281643").contains("not available");
                });
    }

    @Test
    void wrongUrisSayWhatIsWrong() throws IOException {
        OffloadBundleEntry e = OffloadBundle.read(BUNDLE).entry("gfx942");
        long size = Files.size(BUNDLE);
        // An offset that misses the code object: no ELF magic there, reported at that offset.
        assertThatThrownBy(() -> CodeObjects.openUri("file://" + BUNDLE + "#offset=" + (e.offset() + 8) + "&size=64"))
                .isInstanceOfSatisfying(CodeObjectException.class, ex -> {
                    assertThat(ex.kind()).isEqualTo(Kind.BAD_MAGIC);
                    assertThat(ex.offset()).isEqualTo(e.offset() + 8);
                    assertThat(ex.file()).isEqualTo(BUNDLE.toString());
                });
        assertThatThrownBy(() -> CodeObjects.openUri("file://" + BUNDLE + "#offset=" + e.offset() + "&size=" + size))
                .isInstanceOfSatisfying(CodeObjectException.class, ex -> {
                    assertThat(ex.kind()).isEqualTo(Kind.TOO_LARGE);
                    assertThat(ex.offset()).isEqualTo(e.offset());
                });
        assertThatThrownBy(() -> CodeObjects.openUri("file://" + BUNDLE + "#offset=" + (size + 1) + "&size=1"))
                .isInstanceOfSatisfying(CodeObjectException.class, ex -> assertThat(ex.kind()).isEqualTo(Kind.TOO_LARGE));
        assertThatThrownBy(() -> CodeObjects.openUri("file:///no/such/file#offset=0&size=4"))
                .isInstanceOfSatisfying(CodeObjectException.class, ex -> assertThat(ex.kind()).isEqualTo(Kind.NOT_FOUND));
        for (String bad : List.of("file://" + BUNDLE + "#offset=12", "file://" + BUNDLE + "#offset=x&size=3",
                "file://" + BUNDLE + "#offset=1&size=2&pid=3", "http://host/x", "file://#offset=1&size=2",
                "file://" + BUNDLE + "#offset=1&size=0")) {
            assertThatThrownBy(() -> CodeObjectUri.parse(bad)).as(bad)
                    .isInstanceOfSatisfying(CodeObjectException.class, ex -> assertThat(ex.kind()).isEqualTo(Kind.MALFORMED));
        }
    }
}
