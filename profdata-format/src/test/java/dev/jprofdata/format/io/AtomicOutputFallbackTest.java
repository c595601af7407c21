package dev.jprofdata.format.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a temporary file and a rename cannot work, outputs are written in place, as a plain write
 * would (issue 18, item 10); links are followed as open(2) follows them (item 14); outputs that
 * belong together change together (item 8).
 */
class AtomicOutputFallbackTest {
    @TempDir
    Path dir;

    /** A directory that takes no new file, as an unwritable one does for a user other than root. */
    private static final FileOperations NO_NEW_FILES = new FileOperations() {
        @Override
        public void createNew(Path file) throws IOException {
            throw new AccessDeniedException(file.toString());
        }

        @Override
        public void rename(Path from, Path to) throws IOException {
            throw new AssertionError("nothing to rename");
        }
    };

    /** Renames refused as for a bind-mounted output file. */
    private static final FileOperations BUSY = new FileOperations() {
        @Override
        public void createNew(Path file) throws IOException {
            FileOperations.SYSTEM.createNew(file);
        }

        @Override
        public void rename(Path from, Path to) throws IOException {
            throw new FileSystemException(from.toString(), to.toString(), "Device or resource busy");
        }
    };

    private static Object inode(Path p) throws IOException {
        return Files.readAttributes(p, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
    }

    private List<String> names(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aFileWithOtherHardLinksIsRewrittenSoEveryLinkSeesTheNewContent() throws IOException {
        Path a = Files.writeString(dir.resolve("a.profdata"), "old");
        Path b = Files.createLink(dir.resolve("b.profdata"), a);
        AtomicOutput.write(a, tmp -> Files.writeString(tmp, "new content"));
        assertThat(Files.readString(b)).isEqualTo("new content");
        assertThat(Files.isSameFile(a, b)).isTrue();
        assertThat(names(dir)).containsExactly("a.profdata", "b.profdata");
    }

    @Test
    void aDirectoryThatTakesNoNewFileGetsTheExistingFileRewritten() throws IOException {
        Path out = Files.writeString(dir.resolve("out.profdata"), "old");
        Object before = inode(out);
        try (PendingOutput pending = PendingOutput.begin(out, NO_NEW_FILES)) {
            assertThat(pending.mode()).isEqualTo(PendingOutput.Mode.IN_PLACE);
            assertThat(pending.temporary().getParent()).isNotEqualTo(dir);
        }
        AtomicOutput.write(out, tmp -> Files.writeString(tmp, "new"), NO_NEW_FILES);
        assertThat(Files.readString(out)).isEqualTo("new");
        assertThat(inode(out)).isEqualTo(before);
        assertThat(names(dir)).containsExactly("out.profdata");
    }

    @Test
    void aFailedProducerLeavesTheFileUntouchedWhenItWouldHaveBeenWrittenInPlace() throws IOException {
        Path out = Files.writeString(dir.resolve("out.profdata"), "old");
        Path[] temporary = new Path[1];
        assertThatThrownBy(() -> AtomicOutput.write(out, tmp -> {
            temporary[0] = tmp;
            Files.writeString(tmp, "half");
            throw new IOException("No space left on device");
        }, NO_NEW_FILES)).isInstanceOfSatisfying(OutputFailedException.class, e -> {
            assertThat(e.target()).isEqualTo(out);
            assertThat(e.reason()).startsWith("No space left on device (writing the temporary copy in ");
            assertThat(e.targetIncomplete()).isFalse();
        });
        assertThat(Files.readString(out)).isEqualTo("old");
        assertThat(temporary[0]).doesNotExist();
    }

    @Test
    void aNewFileInADirectoryThatTakesNoNewFileFailsNamingTheOutput() {
        Path out = dir.resolve("new.profdata");
        assertThatThrownBy(() -> AtomicOutput.write(out, tmp -> Files.writeString(tmp, "x"), NO_NEW_FILES))
                .isInstanceOf(OutputFailedException.class)
                .hasMessage(out + ": Permission denied");
        assertThat(out).doesNotExist();
    }

    @Test
    void aRefusedRenameWritesTheFileInPlace() throws IOException {
        Path out = Files.writeString(dir.resolve("out.profdata"), "old content, longer than the new");
        Object before = inode(out);
        AtomicOutput.write(out, tmp -> Files.writeString(tmp, "new"), BUSY);
        assertThat(Files.readString(out)).isEqualTo("new");
        assertThat(inode(out)).isEqualTo(before);
        assertThat(names(dir)).containsExactly("out.profdata");
    }

    @Test
    void aRefusedRenameOfANewFileIsAnErrorWithTheSystemsReason() {
        Path out = dir.resolve("new.profdata");
        assertThatThrownBy(() -> AtomicOutput.write(out, tmp -> Files.writeString(tmp, "x"), BUSY))
                .isInstanceOf(OutputFailedException.class)
                .hasMessage(out + ": Device or resource busy");
        assertThat(out).doesNotExist();
    }

    /** For real: an immutable directory takes no new file, even from root; its files stay writable. */
    @Test
    void anImmutableDirectory() throws Exception {
        Path locked = Files.createDirectory(dir.resolve("locked"));
        Path out = Files.writeString(locked.resolve("out.profdata"), "old");
        assumeTrue(chattr("+i", locked), "chattr +i is not available here");
        try {
            AtomicOutput.write(out, tmp -> Files.writeString(tmp, "new"));
            assertThat(Files.readString(out)).isEqualTo("new");
            assertThatThrownBy(() -> AtomicOutput.write(locked.resolve("new.profdata"),
                    tmp -> Files.writeString(tmp, "x")))
                    .isInstanceOf(OutputFailedException.class)
                    .hasMessage(locked.resolve("new.profdata") + ": Operation not permitted");
            assertThat(names(locked)).containsExactly("out.profdata");
        } finally {
            chattr("-i", locked);
        }
    }

    private static boolean chattr(String change, Path p) throws InterruptedException {
        try {
            Process process = new ProcessBuilder("chattr", change, p.toString()).redirectErrorStream(true).start();
            process.getInputStream().readAllBytes();
            return process.waitFor() == 0;
        } catch (IOException e) {
            return false;
        }
    }

    @Test
    void aDanglingSymbolicLinkGetsTheFileItNamesCreated() throws IOException {
        Files.createDirectory(dir.resolve("real"));
        Path link = Files.createSymbolicLink(dir.resolve("link.profdata"), Path.of("real/out.profdata"));
        AtomicOutput.write(link, tmp -> Files.writeString(tmp, "new"));
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readString(dir.resolve("real/out.profdata"))).isEqualTo("new");
        assertThat(names(dir.resolve("real"))).containsExactly("out.profdata");
    }

    @Test
    void aLinkToAMissingDirectoryIsNoSuchFile() throws IOException {
        Path link = Files.createSymbolicLink(dir.resolve("link.profdata"), Path.of("nodir/out.profdata"));
        assertThatThrownBy(() -> AtomicOutput.write(link, tmp -> Files.writeString(tmp, "new")))
                .isInstanceOf(OutputFailedException.class)
                .hasMessage(link + ": No such file or directory");
        assertThat(Files.isSymbolicLink(link)).isTrue();
    }

    @Test
    void aDirectoryIsNoOutput() throws IOException {
        Path sub = Files.createDirectory(dir.resolve("sub"));
        assertThatThrownBy(() -> AtomicOutput.write(sub, tmp -> Files.writeString(tmp, "new")))
                .isInstanceOf(OutputFailedException.class)
                .hasMessage(sub + ": Is a directory");
    }

    @Test
    void aFullDeviceIsNamedInTheError() {
        Path full = Path.of("/dev/full");
        assumeTrue(Files.exists(full), "no /dev/full here");
        assertThatThrownBy(() -> AtomicOutput.write(full, tmp -> Files.writeString(tmp, "content")))
                .isInstanceOf(OutputFailedException.class)
                .hasMessage("/dev/full: No space left on device");
    }

    /** A host and device profile pair: when the second cannot be written, the first must not change. */
    @Test
    void outputsWrittenTogetherChangeTogether() throws IOException {
        Path host = Files.writeString(dir.resolve("app.profdata"), "old host");
        Path device = Files.createDirectory(dir.resolve("app.amdgcn-amd-amdhsa.profdata"));
        Object before = inode(host);
        assertThatThrownBy(() -> AtomicOutput.writeAll(List.of(
                new AtomicOutput.Target(host, tmp -> Files.writeString(tmp, "new host")),
                new AtomicOutput.Target(device, tmp -> Files.writeString(tmp, "new device")))))
                .isInstanceOfSatisfying(OutputFailedException.class, e -> assertThat(e.target()).isEqualTo(device));
        assertThat(Files.readString(host)).isEqualTo("old host");
        assertThat(inode(host)).isEqualTo(before);

        Files.delete(device);
        Files.writeString(device, "old device");
        assertThatThrownBy(() -> AtomicOutput.writeAll(List.of(
                new AtomicOutput.Target(host, tmp -> Files.writeString(tmp, "new host")),
                new AtomicOutput.Target(device, tmp -> {
                    throw new IOException("No space left on device");
                })))).isInstanceOf(OutputFailedException.class);
        assertThat(Files.readString(host)).isEqualTo("old host");
        assertThat(Files.readString(device)).isEqualTo("old device");
        assertThat(names(dir)).containsExactly("app.amdgcn-amd-amdhsa.profdata", "app.profdata");

        AtomicOutput.writeAll(List.of(
                new AtomicOutput.Target(host, tmp -> Files.writeString(tmp, "new host")),
                new AtomicOutput.Target(device, tmp -> Files.writeString(tmp, "new device"))));
        assertThat(Files.readString(host)).isEqualTo("new host");
        assertThat(Files.readString(device)).isEqualTo("new device");
        assertThat(names(dir)).containsExactly("app.amdgcn-amd-amdhsa.profdata", "app.profdata");
    }
}
