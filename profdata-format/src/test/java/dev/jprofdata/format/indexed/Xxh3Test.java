package dev.jprofdata.format.indexed;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/** XXH3-64 against vectors produced by python3-xxhash (the C reference library) for every code path. */
class Xxh3Test {

    @Test
    void matchesReferenceVectorsForAllLengthClasses() throws Exception {
        List<String> lines = Files.readAllLines(TestFiles.file("xxh3-vectors.txt"));
        int checked = 0;
        for (String line : lines) {
            if (line.startsWith("#")) {
                continue;
            }
            String[] parts = line.split(" ");
            int len = Integer.parseInt(parts[0]);
            byte[] input = new byte[len];
            for (int i = 0; i < len; i++) {
                input[i] = (byte) (i * 31 + len);
            }
            assertThat(Long.toHexString(Xxh3.hash64(input)))
                    .as("length %d", len)
                    .isEqualTo(Long.toHexString(Long.parseUnsignedLong(parts[1], 16)));
            checked++;
        }
        assertThat(checked).isGreaterThan(270);
    }

    @Test
    void knownShortStrings() {
        // python3 -c "import xxhash; print(hex(xxhash.xxh3_64_intdigest(b'')), hex(xxhash.xxh3_64_intdigest(b'a')))"
        assertThat(Xxh3.hash64(new byte[0])).isEqualTo(0x2d06800538d394c2L);
        assertThat(Xxh3.hash64("a".getBytes(StandardCharsets.ISO_8859_1))).isEqualTo(0xe6c632b61e964e1fL);
    }
}
