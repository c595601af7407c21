package dev.jprofdata.format.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/**
 * The temporary files outputs are produced into: how they are named, which ones this process is
 * still writing (a shutdown hook deletes those when the process is stopped by SIGINT or SIGTERM),
 * and which leftovers of killed processes may be deleted.
 *
 * <p>A temporary file next to the output {@code NAME} is called {@code .NAME.PID-RANDOM.tmp}: hidden,
 * with the writing process's id and 16 random hex digits. A name too long for a directory entry
 * (255 bytes) keeps a shorter head of {@code NAME} and a checksum of the whole name instead:
 * {@code .HEAD~CRC32.PID-RANDOM.tmp}. The id lets another run tell a live writer's file (never
 * touched) from a killed one's (deleted when it is also older than that run).
 */
final class TemporaryFiles {
    private TemporaryFiles() {
    }

    /** The longest file name most file systems take, in bytes (NAME_MAX on Linux). */
    static final int NAME_MAX = 255;

    /** Bytes a temporary name adds to its stem, at most: "." + "." + 19-digit id + "-" + 16 hex + ".tmp". */
    private static final int ADDED = 1 + 1 + 19 + 1 + 16 + 4;

    /** Every temporary name this class makes: group 1 the stem, group 2 the writer's process id. */
    private static final Pattern NAME = Pattern.compile("\\.(.+)\\.([0-9]{1,19})-[0-9a-f]{16}\\.tmp");

    /**
     * The names versions before 2026-11-28 gave their temporaries: {@code .NAME.<decimal>.tmp}
     * (merge) and {@code .NAME.<hex>.tmp} (show, overlap, order). They carry no process id, so they
     * are recognised (not read as inputs) but never deleted.
     */
    private static final Pattern OLD_NAME = Pattern.compile("\\..+\\.([0-9]{1,20}|[0-9a-f]{1,16})\\.tmp");

    private static final long PID = currentPid();

    /**
     * When this class was first used: every temporary file this process writes is created after
     * that, so a killed writer's file last modified before it cannot be one a writer of another
     * pid namespace (another container sharing the directory) is still busy with.
     */
    static final long RUN_START = System.currentTimeMillis();

    private static final Set<Path> LIVE = ConcurrentHashMap.newKeySet();
    private static volatile boolean hooked;

    /** True for a name {@link #nameFor} makes, or an earlier version made. */
    static boolean isTemporaryName(String fileName) {
        return NAME.matcher(fileName).matches() || OLD_NAME.matcher(fileName).matches();
    }

    /** A fresh temporary name for the output {@code outputName}: at most {@link #NAME_MAX} bytes. */
    static String nameFor(String outputName) {
        String random = Long.toHexString(ThreadLocalRandom.current().nextLong());
        return "." + stem(outputName) + "." + PID + "-" + "0".repeat(16 - random.length()) + random + ".tmp";
    }

    /**
     * What the temporary names of {@code outputName} start with after the dot: the name itself, or
     * when that would make them too long, its head (whole characters) and the CRC-32 of the whole.
     */
    static String stem(String outputName) {
        byte[] bytes = outputName.getBytes(StandardCharsets.UTF_8);
        if (bytes.length + ADDED <= NAME_MAX) {
            return outputName;
        }
        CRC32 crc = new CRC32();
        crc.update(bytes);
        String tail = "~" + String.format("%08x", crc.getValue());
        int budget = NAME_MAX - ADDED - tail.length();
        StringBuilder head = new StringBuilder();
        int used = 0;
        for (int i = 0; i < outputName.length(); ) {
            int cp = outputName.codePointAt(i);
            int size = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
            if (used + size > budget) {
                break;
            }
            head.appendCodePoint(cp);
            used += size;
            i += Character.charCount(cp);
        }
        return head + tail;
    }

    /**
     * Deletes leftovers for {@code outputName} in {@code dir}: files named like this class names
     * them, regular files (not links), whose writer process no longer exists and that were last
     * modified before {@code olderThanMillis}. A file whose writer is alive is never touched,
     * however old: it may be a second run writing the same output right now. Returns how many were
     * deleted; problems are ignored (cleanup is best effort).
     */
    static int removeStale(Path dir, String outputName, long olderThanMillis) {
        String stem = stem(outputName);
        Pattern ours = Pattern.compile("\\." + Pattern.quote(stem) + "\\.([0-9]{1,19})-[0-9a-f]{16}\\.tmp");
        int removed = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, "." + globSafe(stem) + ".*.tmp")) {
            for (Path p : entries) {
                Matcher m = ours.matcher(p.getFileName().toString());
                if (!m.matches() || writerMayBeAlive(m.group(1))) {
                    continue;
                }
                try {
                    if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)
                            && Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS).toMillis() < olderThanMillis) {
                        Files.deleteIfExists(p);
                        removed++;
                    }
                } catch (IOException e) {
                    // Someone else's file or already gone: leave it.
                }
            }
        } catch (IOException | RuntimeException e) {
            // Unlistable directory: the write itself will report real problems.
        }
        return removed;
    }

    /**
     * This process's id. {@code /proc/self} names it on Linux; {@code ProcessHandle.current()}
     * costs tens of milliseconds of class loading at the first call (its process reaper), which
     * every write would pay, so it is only the fallback elsewhere.
     */
    private static long currentPid() {
        try {
            return Long.parseLong(Files.readSymbolicLink(Path.of("/proc/self")).toString());
        } catch (IOException | RuntimeException e) {
            return ProcessHandle.current().pid();
        }
    }

    /** This process, or any process with that id (it may have been reused: then keep the file too). */
    private static boolean writerMayBeAlive(String pid) {
        try {
            long id = Long.parseLong(pid);
            return id == PID || ProcessHandle.of(id).isPresent();
        } catch (NumberFormatException | UnsupportedOperationException | SecurityException e) {
            return true;
        }
    }

    /** Glob metacharacters in a file name replaced by '?', so the glob only narrows the listing. */
    private static String globSafe(String name) {
        return name.replaceAll("[*?\\[\\]{}\\\\]", "?");
    }

    /** Remembers {@code file} as being written, to be deleted if the process is stopped. */
    static void track(Path file) {
        if (!hooked) {
            hook();
        }
        LIVE.add(file);
    }

    /** Forgets {@code file}: renamed into place, or deleted. */
    static void untrack(Path file) {
        LIVE.remove(file);
    }

    /** Deletes {@code file} if it is there and forgets it; problems are ignored. */
    static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // Nothing better to do: the name says what it is, and the next run removes it.
        }
        untrack(file);
    }

    private static synchronized void hook() {
        if (hooked) {
            return;
        }
        try {
            Runtime.getRuntime().addShutdownHook(new Thread(TemporaryFiles::deleteLive, "jprofdata-temporaries"));
        } catch (IllegalStateException | SecurityException e) {
            // Already shutting down: the file is deleted by the writer's own clean-up, if it runs.
        }
        hooked = true;
    }

    /**
     * Runs when the JVM shuts down: a command stopped by SIGINT or SIGTERM leaves no temporary file.
     * A file renamed into place a moment before is no longer under its temporary name, so this
     * never deletes an output.
     */
    private static void deleteLive() {
        for (Path p : LIVE) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException | RuntimeException e) {
                // Best effort at exit.
            }
        }
    }
}
