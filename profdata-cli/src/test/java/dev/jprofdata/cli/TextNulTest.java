package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18, item 7: llvm-profdata stops reading a text profile at a NUL byte. At a record boundary
 * that silently drops every later record (the rest still reads as a complete profile), so jprofdata
 * fails there when data follows, and reads on as before when only NULs follow (zero padding).
 */
class TextNulTest {
    @TempDir
    Path tmp;

    private byte[] fixture() throws IOException {
        return Files.readAllBytes(CliRun.fixtures().resolve("profiles/ir.proftext"));
    }

    /** The offset of the empty line after the first record: a record boundary. */
    private static int firstRecordBoundary(byte[] text) {
        String s = new String(text, StandardCharsets.ISO_8859_1);
        return s.indexOf("\n\n") + 1;
    }

    @Test
    void aNulAtARecordBoundaryWithDataAfterItFailsEveryMode() throws IOException {
        byte[] text = fixture();
        int boundary = firstRecordBoundary(text);
        text[boundary] = 0;
        Files.write(tmp.resolve("nul.proftext"), text);
        for (String mode : new String[] {"any", "all", "warn"}) {
            Files.deleteIfExists(tmp.resolve("out.profdata"));
            CliRun run = CliRun.run(tmp, "merge", "--failure-mode=" + mode, "--max-dropped-fraction=0", "-o",
                    "out.profdata", "nul.proftext");
            assertThat(run.exitCode()).as(mode + ": " + run.stderr()).isEqualTo(1);
            assertThat(run.stderr()).contains("nul.proftext: malformed instrumentation profile data: a NUL byte,"
                    + " where llvm-profdata stops reading although data follows (at byte " + (boundary + 1)
                    + "); the file is damaged (at byte " + boundary + ")");
            assertThat(tmp.resolve("out.profdata")).doesNotExist();
        }
        CliRun show = CliRun.run(tmp, "show", "nul.proftext");
        assertThat(show.exitCode()).isEqualTo(1);
        assertThat(show.stderr()).contains("a NUL byte");
    }

    @Test
    void trailingZeroPaddingReadsLikeTheFileWithoutIt() throws IOException {
        byte[] text = fixture();
        Files.write(tmp.resolve("plain.proftext"), text);
        Files.write(tmp.resolve("padded.proftext"), Arrays.copyOf(text, text.length + 4096));
        CliRun plain = CliRun.run(tmp, "merge", "-o", "plain.profdata", "plain.proftext");
        CliRun padded = CliRun.run(tmp, "merge", "-o", "padded.profdata", "padded.proftext");
        assertThat(plain.exitCode()).isZero();
        assertThat(padded.exitCode()).as(padded.stderr()).isZero();
        assertThat(Files.readAllBytes(tmp.resolve("padded.profdata")))
                .isEqualTo(Files.readAllBytes(tmp.resolve("plain.profdata")));
    }
}
