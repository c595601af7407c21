package dev.jprofdata.format.sample;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The base discriminator of encoded discriminators. The encoded values and the (base, duplication
 * factor, copy id) they were made from are the pairs LLVM's own unit test
 * (DILocationTest.discriminatorEncoding) checks its encoder against, so the expected base is known
 * independently of this decoder; the pseudo-probe rows follow the probe layout of
 * PseudoProbe.h (probe index in bits 3-18, DWARF base in bits 16-18 flagged by bit 28).
 */
class BaseDiscriminatorTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            // encoded, base  (LLVM's encodeDiscriminator(base, factor, copy) = encoded)
            "0x0, 0",          // (0, 0, 0)
            "0x2, 1",          // (1, 0, 0)
            "0x5, 0",          // (0, 1, 0)
            "0xb, 0",          // (0, 0, 1)
            "0xfffb, 0",       // (0, 0, 0xfff)
            "0x102, 1",        // (1, 1, 0)
            "0x13e, 31",       // (0x1f, 1, 0)
            "0x87fe, 511",     // (0x1ff, 1, 0)
            "0x1f3e, 31",      // (0x1f, 0x1f, 0)
            "0x3ff3e, 31",     // (0x1f, 0x1ff, 0)
            "0x1ff87fe, 511",  // (0x1ff, 0x1ff, 0)
            "0xfff9f3e, 31",   // (0x1f, 0x1f, 0xfff)
            "0xffc3ff3e, 31",  // (0x1f, 0x1ff, 0x1ff)
            "0xffcf87fe, 511", // (0x1ff, 0x1f, 0x1ff)
            "0xe1ff87fe, 511", // (0x1ff, 0x1ff, 7)
            // clang's -fdebug-info-for-profiling discriminators in the fixtures' code objects
            "0x4, 2",
            "0x6, 3",
            // pseudo probes: index 5 with DWARF base 3 packed, then index 5 alone
            "0x1003002f, 3",
            "0x2f, 5",
            // three low bits set but nothing above them: an ordinary (empty) discriminator
            "0x7, 0",
    })
    void baseIsTheFirstComponent(String encoded, int base) {
        assertThat(BaseDiscriminator.of(Long.decode(encoded))).isEqualTo(base);
    }
}
