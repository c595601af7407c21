package dev.jprofdata.format.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stale temporaries of a killed write are removed by the next write; nothing else is touched. */
class AtomicOutputCleanupTest {
    @TempDir
    Path dir;

    private Path file(String name, long ageMillis) throws IOException {
        Path p = Files.writeString(dir.resolve(name), name);
        Files.setLastModifiedTime(p, FileTime.fromMillis(System.currentTimeMillis() - ageMillis));
        return p;
    }

    @Test
    void removesOnlyOldTemporariesOfTheSameOutput() throws IOException {
        file(".out.profdata.123456789.tmp", 3_600_000); // ours, stale: removed
        file(".out.profdata.987654321.tmp", 0); // ours but newer than the cut-off: kept
        file(".out.profdata.abc.tmp", 3_600_000); // not a name we create: kept
        file(".other.profdata.123.tmp", 3_600_000); // another output's: kept
        file("out.profdata.123.tmp", 3_600_000); // not hidden: kept
        file("out.profdata", 3_600_000);
        int removed = AtomicOutput.removeStaleTemporaries(dir, "out.profdata", System.currentTimeMillis() - 60_000);
        assertThat(removed).isEqualTo(1);
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder(
                    ".out.profdata.987654321.tmp", ".out.profdata.abc.tmp", ".other.profdata.123.tmp",
                    "out.profdata.123.tmp", "out.profdata");
        }
    }

    @Test
    void writeCleansUpAStaleTemporaryFromBeforeThisRun() throws IOException {
        Path stale = file(".out.profdata.42.tmp", 365L * 24 * 3_600_000);
        AtomicOutput.write(dir.resolve("out.profdata"), tmp -> Files.writeString(tmp, "new"));
        assertThat(stale).doesNotExist();
        assertThat(Files.readString(dir.resolve("out.profdata"))).isEqualTo("new");
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("out.profdata");
        }
    }

    @Test
    void aFailedWriteLeavesTheTargetAndNoTemporary() throws IOException {
        Path out = Files.writeString(dir.resolve("out.profdata"), "old");
        try {
            AtomicOutput.write(out, tmp -> {
                Files.writeString(tmp, "half");
                throw new IOException("disk full");
            });
        } catch (IOException expected) {
            assertThat(expected).hasMessage("disk full");
        }
        assertThat(Files.readString(out)).isEqualTo("old");
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("out.profdata");
        }
    }
}
