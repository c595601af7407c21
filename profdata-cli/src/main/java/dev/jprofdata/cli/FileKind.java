package dev.jprofdata.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * What a name on the command line is, after symbolic links: one {@code stat}. Profiles are read
 * from regular files; a named pipe (also {@code <(...)} in a shell, which passes {@code /dev/fd/N})
 * can be read only once, and a device is no profile at all.
 */
enum FileKind {
    MISSING,
    REGULAR,
    DIRECTORY,
    PIPE,
    CHARACTER_DEVICE,
    BLOCK_DEVICE,
    SOCKET,
    /** Not a regular file or directory, on a system that does not say which kind (read like a pipe). */
    OTHER;

    /** The file type bits of a Unix mode ({@code S_IFMT}) and the types among them. */
    private static final int TYPE_MASK = 0170000;
    private static final int FIFO = 0010000;
    private static final int CHAR = 0020000;
    private static final int BLOCK = 0060000;
    private static final int SOCK = 0140000;

    /** The kind of {@code path}; {@link #MISSING} also when it cannot be looked at (reading it will say why). */
    static FileKind of(Path path) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (IOException | RuntimeException e) {
            return MISSING;
        }
        if (attributes.isRegularFile()) {
            return REGULAR;
        }
        if (attributes.isDirectory()) {
            return DIRECTORY;
        }
        try {
            int type = (Integer) Files.getAttribute(path, "unix:mode") & TYPE_MASK;
            return switch (type) {
                case FIFO -> PIPE;
                case CHAR -> CHARACTER_DEVICE;
                case BLOCK -> BLOCK_DEVICE;
                case SOCK -> SOCKET;
                default -> OTHER;
            };
        } catch (IOException | RuntimeException e) {
            return OTHER;
        }
    }

    /** What an error message calls a kind that cannot be a profile; null for the others. */
    String notAProfile() {
        return switch (this) {
            case CHARACTER_DEVICE -> "is a character device, not a profile file";
            case BLOCK_DEVICE -> "is a block device, not a profile file";
            case SOCKET -> "is a socket, not a profile file";
            default -> null;
        };
    }
}
