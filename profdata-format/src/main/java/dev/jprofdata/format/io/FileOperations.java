package dev.jprofdata.format.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * The two file-system calls whose failure decides how an output is written: creating the
 * temporary file next to it, and renaming it into place. Tests replace them to fail the way an
 * unwritable directory or a bind-mounted file does, which a test running as root cannot arrange.
 */
interface FileOperations {
    /** Creates the empty file {@code file}; fails if it exists. */
    void createNew(Path file) throws IOException;

    /** Renames {@code from} over {@code to} in one step. */
    void rename(Path from, Path to) throws IOException;

    /** The real calls. The file gets the default permissions (0666 less the umask), as a plain write would. */
    FileOperations SYSTEM = new FileOperations() {
        @Override
        public void createNew(Path file) throws IOException {
            Files.newByteChannel(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
        }

        @Override
        public void rename(Path from, Path to) throws IOException {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        }
    };
}
