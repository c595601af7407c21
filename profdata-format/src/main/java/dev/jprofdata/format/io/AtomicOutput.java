package dev.jprofdata.format.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes outputs so that a failed run leaves them as they were, and so that readers only ever see
 * the old content or the complete new one wherever the file system allows it. This class holds
 * the whole policy; {@link PendingOutput} carries it out for one output.
 *
 * <ul>
 *   <li><b>A regular file, or a new one:</b> the content goes to a hidden temporary file next to it
 *       (named as {@link #isTemporaryName} recognises), is forced to disk, and is renamed over the
 *       output; then the directory is synced. A replaced file keeps its permissions.
 *   <li><b>Symbolic links</b> are written through: the file a link names is replaced or, when the
 *       link dangles, created (as {@code open(O_CREAT)} does for llvm-profdata); the link stays.
 *   <li><b>In place.</b> Where a rename would be wrong or cannot work, the complete content is
 *       copied into the existing file instead (truncated first, then written and forced), as a plain
 *       write would do: a file with other hard links (they all see the new content, as with
 *       llvm-profdata); a directory that takes no new file while the file itself is writable (the
 *       content is then produced in the temporary directory); a rename that fails while the output
 *       is a regular file (a bind-mounted file: EBUSY; EXDEV; a sticky directory: EPERM). Until the
 *       content is complete the file is not touched; a failure while copying leaves it incomplete,
 *       and the error says so ({@link OutputFailedException#targetIncomplete()}).
 *   <li><b>Devices and pipes</b> ({@code /dev/null}, {@code /dev/stdout}, a FIFO) get the complete
 *       content copied in once it is produced (in the temporary directory): a rename would replace
 *       the device node itself, and a failed producer sends them nothing.
 *   <li><b>Temporaries.</b> A process stopped by SIGINT or SIGTERM deletes the temporary files it
 *       was writing (a shutdown hook). Those of a killed process (SIGKILL, power loss) are deleted
 *       by the next write of the same output, but only when no process with the writer's id is
 *       alive and the file is older than that run: a second run writing the same output at the
 *       same moment keeps its file.
 * </ul>
 *
 * <p>Every failure to write is an {@link OutputFailedException} that names the output as the
 * caller gave it, never the temporary file. A producer's own refusal of the content (an exception
 * type of jprofdata's, such as a writer's) passes unchanged.
 */
public final class AtomicOutput {
    private AtomicOutput() {
    }

    /** Produces the content into the given temporary path. */
    @FunctionalInterface
    public interface Producer {
        void writeTo(Path temporary) throws IOException;
    }

    /** One output of {@link #writeAll}: where it goes and what produces it. */
    public record Target(Path path, Producer producer) {
    }

    /** Writes {@code target} from what {@code producer} puts into a temporary file (see the class comment). */
    public static void write(Path target, Producer producer) throws IOException {
        write(target, producer, FileOperations.SYSTEM);
    }

    static void write(Path target, Producer producer, FileOperations ops) throws IOException {
        try (PendingOutput out = PendingOutput.begin(target, ops)) {
            out.produce(producer);
            out.commit();
        }
    }

    /**
     * Writes several outputs that belong together (a host profile and its device profile): every
     * one is produced into its temporary file first, and only when all are complete are they put
     * in place, the last first and the first last. So when producing any of them fails, none
     * changes, and the first output, which a build tracks, changes only once the others are in
     * place. (A failure while putting them in place, which needs a rename or copy to fail after
     * every temporary file was written, can still leave the later ones new and the earlier ones old.)
     */
    public static void writeAll(List<Target> targets) throws IOException {
        writeAll(targets, FileOperations.SYSTEM);
    }

    static void writeAll(List<Target> targets, FileOperations ops) throws IOException {
        List<PendingOutput> pending = new ArrayList<>();
        try {
            for (Target t : targets) {
                pending.add(PendingOutput.begin(t.path(), ops));
            }
            for (int i = 0; i < targets.size(); i++) {
                pending.get(i).produce(targets.get(i).producer());
            }
            for (int i = pending.size() - 1; i >= 0; i--) {
                pending.get(i).commit();
            }
        } finally {
            for (PendingOutput p : pending) {
                p.close();
            }
        }
    }

    /**
     * Starts writing {@code target}, for callers that write the content as they go: write
     * {@link PendingOutput#temporary()}, then {@link PendingOutput#commit()}; closing without a
     * commit leaves the output as it was. Fails at once when the output cannot be written at all
     * (a directory, a missing directory, no permission).
     */
    public static PendingOutput begin(Path target) throws OutputFailedException {
        return PendingOutput.begin(target, FileOperations.SYSTEM);
    }

    /**
     * True when {@code target} exists, after links, as something other than a regular file or a
     * directory: a device or a pipe, which is written into rather than replaced.
     */
    public static boolean isDevice(Path target) {
        return Files.exists(target) && !Files.isRegularFile(target) && !Files.isDirectory(target);
    }

    /**
     * True for the name of a temporary file an output is written through, by this version or an
     * earlier one ({@code .NAME.PID-RANDOM.tmp}, {@code .NAME.DIGITS.tmp}). Readers of directories
     * skip such files: a killed run may have left one half-written.
     */
    public static boolean isTemporaryName(String fileName) {
        return TemporaryFiles.isTemporaryName(fileName);
    }

    /**
     * Produces into a private temporary file, then copies the whole of it to {@code out} (which
     * stays open): for streams such as standard output, which can neither be renamed over nor
     * written at an offset, and which get nothing when the producer fails.
     */
    public static void writeThrough(OutputStream out, Producer producer) throws IOException {
        Path tmp = Files.createTempFile("jprofdata-", ".tmp");
        TemporaryFiles.track(tmp);
        try {
            try {
                producer.writeTo(tmp);
            } catch (IOException e) {
                throw PendingOutput.isContentError(e) ? e : OutputFailedException.of(tmp, e, false);
            }
            Files.copy(tmp, out);
            out.flush();
        } finally {
            TemporaryFiles.delete(tmp);
        }
    }

    /**
     * Deletes the leftovers of killed writes of {@code name} in {@code dir} that were last modified
     * before {@code olderThanMillis} (see the class comment); returns how many.
     */
    static int removeStaleTemporaries(Path dir, String name, long olderThanMillis) {
        return TemporaryFiles.removeStale(dir, name, olderThanMillis);
    }
}
