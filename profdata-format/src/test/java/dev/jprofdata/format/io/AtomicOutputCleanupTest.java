package dev.jprofdata.format.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Temporary files: their names, and the removal of those a killed write left behind, which must
 * never touch a file another writer is still busy with (issue 18, item 11).
 */
class AtomicOutputCleanupTest {
    /** Above every process id Linux (2^22) and macOS (99999) hand out: never alive. */
    private static final long DEAD = 999_999_999L;
    private static final long SELF = ProcessHandle.current().pid();
    private static final long YEAR = 365L * 24 * 3_600_000;

    @TempDir
    Path dir;

    private Path file(String name, long ageMillis) throws IOException {
        Path p = Files.writeString(dir.resolve(name), name);
        Files.setLastModifiedTime(p, FileTime.fromMillis(System.currentTimeMillis() - ageMillis));
        return p;
    }

    private static String temporary(String output, long pid) {
        return "." + output + "." + pid + "-0123456789abcdef.tmp";
    }

    private List<String> names() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).toList();
        }
    }

    @Test
    void removesOnlyOldTemporariesOfTheSameOutputWhoseWriterIsGone() throws IOException {
        file(temporary("out.profdata", DEAD), 3_600_000); // writer gone, old: removed
        file(temporary("out.profdata", SELF), 3_600_000); // writer alive (this process): kept
        file(".out.profdata." + DEAD + "-fedcba9876543210.tmp", 0); // newer than the cut-off: kept
        file(".out.profdata.123456789.tmp", 3_600_000); // an earlier version's name, no writer id: kept
        file(".out.profdata.abc.tmp", 3_600_000); // an earlier version's hex name: kept
        file(temporary("other.profdata", DEAD), 3_600_000); // another output's: kept
        file("out.profdata." + DEAD + "-0123456789abcdef.tmp", 3_600_000); // not hidden: kept
        file("out.profdata", 3_600_000);
        int removed = AtomicOutput.removeStaleTemporaries(dir, "out.profdata", System.currentTimeMillis() - 60_000);
        assertThat(removed).isEqualTo(1);
        assertThat(names()).containsExactlyInAnyOrder(temporary("out.profdata", SELF),
                ".out.profdata." + DEAD + "-fedcba9876543210.tmp", ".out.profdata.123456789.tmp",
                ".out.profdata.abc.tmp", temporary("other.profdata", DEAD),
                "out.profdata." + DEAD + "-0123456789abcdef.tmp", "out.profdata");
    }

    @Test
    void writeCleansUpTheTemporaryOfAKilledRun() throws IOException {
        Path stale = file(temporary("out.profdata", DEAD), YEAR);
        AtomicOutput.write(dir.resolve("out.profdata"), tmp -> Files.writeString(tmp, "new"));
        assertThat(stale).doesNotExist();
        assertThat(Files.readString(dir.resolve("out.profdata"))).isEqualTo("new");
        assertThat(names()).containsExactly("out.profdata");
    }

    /**
     * Two writes of one output at once: the first has been busy for a long time (its temporary
     * file is old), the second must not take it for a leftover and delete it.
     */
    @Test
    void aLiveWritersTemporaryIsKeptHoweverOld() throws IOException {
        Path out = dir.resolve("out.profdata");
        try (PendingOutput first = AtomicOutput.begin(out)) {
            Files.writeString(first.temporary(), "first");
            Files.setLastModifiedTime(first.temporary(), FileTime.fromMillis(System.currentTimeMillis() - YEAR));

            AtomicOutput.write(out, tmp -> Files.writeString(tmp, "second"));

            assertThat(first.temporary()).exists();
            first.commit();
        }
        assertThat(Files.readString(out)).isEqualTo("first");
        assertThat(names()).containsExactly("out.profdata");
    }

    @Test
    void aFailedWriteLeavesTheTargetAndNoTemporaryAndNamesTheTarget() throws IOException {
        Path out = Files.writeString(dir.resolve("out.profdata"), "old");
        assertThatThrownBy(() -> AtomicOutput.write(out, tmp -> {
            Files.writeString(tmp, "half");
            throw new IOException("No space left on device");
        })).isInstanceOfSatisfying(OutputFailedException.class, e -> {
            assertThat(e.target()).isEqualTo(out);
            assertThat(e.reason()).isEqualTo("No space left on device");
            assertThat(e.targetIncomplete()).isFalse();
            assertThat(e).hasMessage(out + ": No space left on device");
        });
        assertThat(Files.readString(out)).isEqualTo("old");
        assertThat(names()).containsExactly("out.profdata");
    }

    /** A writer refusing the content is no failure of the output: its own exception passes unchanged. */
    @Test
    void aProducersOwnRefusalPassesUnchanged() throws IOException {
        Path out = Files.writeString(dir.resolve("out.proftext"), "old");
        IOException refusal = new dev.jprofdata.format.text.WaveCountsInTextException(1);
        assertThatThrownBy(() -> AtomicOutput.write(out, tmp -> {
            throw refusal;
        })).isSameAs(refusal);
        assertThatThrownBy(() -> AtomicOutput.writeThrough(java.io.OutputStream.nullOutputStream(), tmp -> {
            throw refusal;
        })).isSameAs(refusal);
        assertThat(Files.readString(out)).isEqualTo("old");
        assertThat(names()).containsExactly("out.proftext");
    }

    @Test
    void temporaryNamesAreRecognised() {
        String made = TemporaryFiles.nameFor("app.profdata");
        assertThat(made).startsWith(".app.profdata." + SELF + "-").endsWith(".tmp");
        assertThat(AtomicOutput.isTemporaryName(made)).isTrue();
        assertThat(AtomicOutput.isTemporaryName(".app.profdata.8349872349872.tmp")).isTrue(); // merge before
        assertThat(AtomicOutput.isTemporaryName(".app.profdata.1f3a9c.tmp")).isTrue(); // show before
        assertThat(AtomicOutput.isTemporaryName("app.profdata")).isFalse();
        assertThat(AtomicOutput.isTemporaryName("app.profraw.tmp")).isFalse();
        assertThat(AtomicOutput.isTemporaryName(".app.profdata")).isFalse();
        assertThat(AtomicOutput.isTemporaryName(".app.profdata.tmp")).isFalse();
    }

    /**
     * Output names of 230 to 255 bytes: ".NAME.PID-RANDOM.tmp" would pass the 255-byte limit of a
     * directory entry, so the temporary name keeps a head of NAME and a checksum of it.
     */
    @Test
    void outputNamesUpToTheLimitCanBeWritten() throws IOException {
        List<String> names = new java.util.ArrayList<>(List.of("a".repeat(246) + ".profdata", "b".repeat(230) + ".profdata"));
        if (java.nio.charset.Charset.forName(System.getProperty("sun.jnu.encoding", "UTF-8")).newEncoder().canEncode('é')) {
            names.add("é".repeat(116) + ".profdata"); // two bytes a character: cut between characters
        }
        for (String name : names) {
            assertThat(name.getBytes(StandardCharsets.UTF_8).length).isBetween(230, 255);
            String temporary = TemporaryFiles.nameFor(name);
            assertThat(temporary.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(255);
            assertThat(temporary).startsWith("." + name.substring(0, 100));
            assertThat(AtomicOutput.isTemporaryName(temporary)).isTrue();

            Path out = dir.resolve(name);
            AtomicOutput.write(out, tmp -> Files.writeString(tmp, name));
            assertThat(Files.readString(out)).isEqualTo(name);
        }
        assertThat(names()).hasSize(names.size());
    }

    @Test
    void stemsOfDifferentLongNamesDiffer() {
        String a = "x".repeat(240) + ".a.profdata";
        String b = "x".repeat(240) + ".b.profdata";
        assertThat(TemporaryFiles.stem(a)).isNotEqualTo(TemporaryFiles.stem(b));
        assertThat(TemporaryFiles.stem("short.profdata")).isEqualTo("short.profdata");
    }

    @Test
    void theLeftoverOfAKilledWriteOfALongNameIsRemovedToo() throws IOException {
        String name = "c".repeat(240) + ".profdata";
        Path stale = file("." + TemporaryFiles.stem(name) + "." + DEAD + "-0123456789abcdef.tmp", YEAR);
        AtomicOutput.write(dir.resolve(name), tmp -> Files.writeString(tmp, "new"));
        assertThat(stale).doesNotExist();
        assertThat(names()).containsExactly(name);
    }
}
