package dev.jprofdata.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Md5} gives the JDK's MD5 (first 8 bytes, little-endian) for names of every length around
 * the block and padding boundaries (55, 56, 63, 64 bytes, ...), every byte value, from strings and
 * from byte ranges; and LLVM's known hash of a name.
 */
class Md5Test {

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void equalsTheJdksDigest(long seed) {
        Random random = new Random(seed);
        for (int length = 0; length <= 200; length++) {
            byte[] bytes = new byte[length];
            random.nextBytes(bytes);
            long expected = Names.viaDigest(bytes);
            String name = new String(bytes, StandardCharsets.ISO_8859_1);
            assertThat(Md5.first8(name)).as("length %d", length).isEqualTo(expected);
            assertThat(Names.md5(name)).isEqualTo(expected);
            byte[] padded = new byte[length + 7];
            System.arraycopy(bytes, 0, padded, 3, length);
            assertThat(Md5.first8(padded, 3, length)).as("length %d at 3", length).isEqualTo(expected);
            assertThat(Names.md5(bytes)).isEqualTo(expected);
        }
    }

    @Test
    void knownHashes() {
        // RFC 1321's test suite: MD5("") = d41d8cd98f00b204..., MD5("abc") = 900150983cd24fb0...
        assertThat(Names.md5("")).isEqualTo(0x04b2008fd98c1dd4L);
        assertThat(Names.md5("abc")).isEqualTo(0xb04fd23c98500190L);
    }

    @Test
    void textThatIsNoByteStringHashesItsIso88591Encoding() {
        String typed = "f\u00e9\u4e2d";
        assertThat(Names.md5(typed)).isEqualTo(Names.viaDigest(typed.getBytes(StandardCharsets.ISO_8859_1)));
    }
}
