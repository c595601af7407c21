package dev.jprofdata.format.offload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Audit finding (issue 6): a side file over 2 GiB whose header is consistent passed the count
 * check but overflowed the {@code int} byte size of the buffer. A sparse file makes it cheap.
 */
class UnifcntsSizeLimitTest {
    @TempDir
    Path tmp;

    @Test
    void sideFileTooBigForOneArrayIsAProblemNotAnException() throws IOException {
        long numCounters = 1L << 28; // 2 GiB of counters
        Path f = tmp.resolve("huge.unifcnts");
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            ByteBuffer h = ByteBuffer.allocate(UnifcntsFile.HEADER_SIZE).order(ByteOrder.LITTLE_ENDIAN);
            h.putLong(UnifcntsFile.MAGIC).putLong(UnifcntsFile.VERSION).putLong(numCounters).putLong(numCounters * 8);
            raf.write(h.array());
            raf.setLength(UnifcntsFile.HEADER_SIZE + numCounters * 8); // sparse: no disk used
        }
        UnifcntsFile.Result r = UnifcntsFile.read(f);
        assertThat(r.found()).isFalse();
        assertThat(r.problem()).isEqualTo("too many counters (268435456)");
    }
}
