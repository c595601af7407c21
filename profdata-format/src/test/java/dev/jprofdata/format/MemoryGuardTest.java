package dev.jprofdata.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.raw.NameTableCache;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every reader asks its {@link MemoryGuard} before it builds what grows with the input, and lets
 * the guard's refusal through untouched (merge's --memory-budget depends on both).
 */
class MemoryGuardTest {
    @TempDir
    Path dir;

    /** The guard's own refusal. */
    private static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(MemoryGuardTest.class.getResource("/" + name).toURI());
    }

    /** Reads every record of {@code path} under {@code guard}. */
    private static int readAll(Path path, MemoryGuard guard) throws IOException {
        int n = 0;
        try (ProfileReader reader = ProfileReaders.open(path, "input", new NameTableCache(), guard)) {
            while (reader.next() != null) {
                n++;
            }
        }
        return n;
    }

    private static List<Long> asked(Path path) throws IOException {
        List<Long> asked = new ArrayList<>();
        readAll(path, (bytes, file) -> {
            assertThat(file).isEqualTo("input");
            asked.add(bytes);
        });
        return asked;
    }

    @Test
    void rawReaderAsksForNamesCountersAndValueSites() throws Exception {
        Path raw = resource("raw/examples/ir_vp_le64_v10.profraw");
        List<Long> asked = asked(raw);
        // The names (at least one request), then counters and value sites for each record.
        assertThat(asked.size()).isGreaterThan(readAll(raw, MemoryGuard.NONE));
        assertThat(asked).allMatch(b -> b >= 0);
        assertThatThrownBy(() -> readAll(raw, (bytes, file) -> {
            throw new Refused();
        })).isInstanceOf(Refused.class);
    }

    /** Library users pass a guard without the merge's (internal) names cache. */
    @Test
    void theApiOverloadTakesAGuard() throws Exception {
        Path raw = resource("raw/examples/ir_vp_le64_v10.profraw");
        assertThatThrownBy(() -> {
            try (ProfileReader reader = ProfileReaders.open(raw, "input", (bytes, file) -> {
                throw new Refused();
            })) {
                reader.next();
            }
        }).isInstanceOf(Refused.class);
    }

    @Test
    void indexedReaderAsksForEachRecordsCounters() throws Exception {
        Path indexed = resource("indexed/profdata/fe.profdata");
        assertThat(asked(indexed)).hasSizeGreaterThanOrEqualTo(readAll(indexed, MemoryGuard.NONE));
        assertThatThrownBy(() -> readAll(indexed, (bytes, file) -> {
            throw new Refused();
        })).isInstanceOf(Refused.class);
    }

    @Test
    void textReaderAsksBeforeCountersGrow() throws Exception {
        StringBuilder text = new StringBuilder(":ir\nbig\n1\n1000\n");
        for (int i = 0; i < 1000; i++) {
            text.append(i).append('\n');
        }
        Path p = dir.resolve("big.proftext");
        Files.writeString(p, text, StandardCharsets.US_ASCII);
        assertThat(asked(p)).isNotEmpty().allMatch(b -> b <= 8 * 2 * 1000 + 1024);
        assertThatThrownBy(() -> readAll(p, (bytes, file) -> {
            if (bytes > 4096) {
                throw new Refused();
            }
        })).isInstanceOf(Refused.class);
    }
}
