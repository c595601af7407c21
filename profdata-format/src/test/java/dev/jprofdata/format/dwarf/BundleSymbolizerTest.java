package dev.jprofdata.format.dwarf;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.elf.CodeObjects;
import dev.jprofdata.format.elf.OffloadBundle;
import dev.jprofdata.format.elf.OffloadBundleEntry;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Symbolising a code object read out of an offload bundle, directly and through a code-object
 * URI, against llvm-symbolizer-22 on the entry clang-offload-bundler-22 extracts: the slice's
 * file offsets must not leak into the DWARF's section offsets.
 */
class BundleSymbolizerTest {
    private static final Path BUNDLE = CodeObjectFixtures.codeObjects().resolve("kernels.gfx942-gfx950.bundle");

    @ParameterizedTest
    @ValueSource(strings = {"gfx942", "gfx950"})
    void bundleEntriesSymbolizeAsTheirExtractedCopies(String target) throws IOException {
        Path golden = CodeObjectFixtures.golden().resolve("kernels.gfx942-gfx950.bundle." + target + ".linkage.jsonl");
        SymbolizerGoldens.Comparison direct = SymbolizerGoldens.compare(
                CodeObjectSymbolizer.of(CodeObjects.open(BUNDLE, target)), golden, true);
        assertThat(direct.mismatches()).isEmpty();
        assertThat(direct.inlinedAddresses()).isGreaterThan(10);

        OffloadBundleEntry e = OffloadBundle.read(BUNDLE).entry(target);
        String uri = "file://" + BUNDLE + "#offset=" + e.offset() + "&size=" + e.size();
        SymbolizerGoldens.Comparison viaUri = SymbolizerGoldens.compare(
                CodeObjectSymbolizer.of(CodeObjects.openUri(uri)), golden, true);
        assertThat(viaUri.mismatches()).isEmpty();
        assertThat(viaUri.addresses()).isEqualTo(direct.addresses());
    }
}
