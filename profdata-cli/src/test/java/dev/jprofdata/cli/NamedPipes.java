package dev.jprofdata.cli;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;

/** Named pipes (FIFOs) for tests; Java cannot make one, so {@code mkfifo} does. */
final class NamedPipes {
    private NamedPipes() {
    }

    /** Makes a FIFO at {@code path}; skips the test where {@code mkfifo} is not available. */
    static Path create(Path path) throws InterruptedException {
        int rc;
        try {
            rc = new ProcessBuilder("mkfifo", path.toString()).inheritIO().start().waitFor();
        } catch (IOException e) {
            rc = -1;
        }
        assumeTrue(rc == 0, "mkfifo is not available");
        return path;
    }

    /** Reads the pipe to its end on another thread (opening it blocks until a writer opens it). */
    static Future<byte[]> readAllLater(Path fifo) {
        CompletableFuture<byte[]> result = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (InputStream in = Files.newInputStream(fifo)) {
                result.complete(in.readAllBytes());
            } catch (IOException | RuntimeException e) {
                result.completeExceptionally(e);
            }
        }, "fifo-reader");
        reader.setDaemon(true);
        reader.start();
        return result;
    }

    /**
     * Writes {@code data} into the pipe once, on another thread (opening it blocks until a reader
     * opens it), as {@code cat file > fifo} would: a second reader finds no writer.
     */
    static void writeOnceLater(Path fifo, byte[] data) {
        Thread writer = new Thread(() -> {
            try (java.io.OutputStream out = Files.newOutputStream(fifo)) {
                out.write(data);
            } catch (IOException | RuntimeException e) {
                // The reader went away early: what it read is what the test checks.
            }
        }, "fifo-writer");
        writer.setDaemon(true);
        writer.start();
    }
}
