package dev.jprofdata.format.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one test of the names of jprofdata's temporary output files (a merge skips them as inputs). */
class TemporaryNamesTest {
    @Test
    void ourTemporaryNames() {
        assertThat(AtomicOutput.isTemporaryName(".out.profdata.8234761230.tmp")).isTrue();
        assertThat(AtomicOutput.isTemporaryName(".report.txt.5f3a9c.tmp")).isTrue();
        for (String other : new String[] {"out.profdata.123.tmp", ".out.tmp", ".123.tmp", ".out.profdata.12x.tmp",
                ".out.profdata.123.tmpx", ".hidden.profraw", ".out.profdata..tmp"}) {
            assertThat(AtomicOutput.isTemporaryName(other)).as(other).isFalse();
        }
    }

    /** What {@link AtomicOutput#write} really leaves behind while it writes. */
    @Test
    void theTemporaryFileOfAWriteIsRecognised(@TempDir Path tmp) throws Exception {
        String[] seen = new String[1];
        AtomicOutput.write(tmp.resolve("out.profdata"), temporary -> {
            seen[0] = temporary.getFileName().toString();
            Files.writeString(temporary, "x");
        });
        assertThat(AtomicOutput.isTemporaryName(seen[0])).as(seen[0]).isTrue();
    }
}
