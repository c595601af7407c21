package dev.jprofdata.cli;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

/**
 * {@code java -jar jprofdata.jar} on big inputs: the run is restarted in a JVM with the options of
 * its case ({@link JvmTuning}), which the JVM cannot change once started.
 *
 * <p>A JVM started by the {@code jprofdata} launcher carries the marker property
 * ({@code -Djprofdata.jvm=CASE}, from the argument file) and is never restarted; neither is one
 * started with that property set by hand ({@code java -Djprofdata.jvm=own -jar ...}), nor a small
 * run, for which a second JVM start would cost more than any option saves. The new JVM gets the
 * case's options, then every option this one was started with (so the user's own win, and a
 * collector or heap size of their own replaces the table's as in the launcher), the same class
 * path, standard streams, working directory and environment; this JVM waits for it and exits with
 * its exit code. Asked to stop (Ctrl-C reaches both; a {@code kill} only this one), it stops the
 * new JVM and waits for it to clean up.
 */
final class Relaunch {
    private Relaunch() {
    }

    /**
     * Inputs smaller than this in total run in the JVM {@code java -jar} started. A restart costs
     * one more JVM start, about 0.1 s of CPU; the case's options save more than that from about
     * here on (a merge of 150 MB of raw files: 1.59 -> 0.74 s of CPU and 84 -> 59 MB of peak RSS;
     * spec/performance.md, "java -jar").
     */
    static final long MIN_INPUT_BYTES = 64L << 20;

    /** How long a stopped run's new JVM is given to clean up (its temporary files) before this one exits. */
    private static final long STOP_WAIT_SECONDS = 10;

    /**
     * Runs {@code args} in a new JVM with the tuned options when this JVM was not started with
     * them and the run is big enough; returns its exit code, or empty when this JVM should run the
     * command itself.
     */
    static OptionalInt ifWorthIt(String[] args) {
        if (System.getProperty(JvmTuning.MARKER) != null) {
            return OptionalInt.empty();
        }
        Process child;
        try {
            Path cwd = Path.of("").toAbsolutePath();
            List<String> list = List.of(args);
            JvmTuning.Case c = JvmTuning.choose(list, cwd);
            if (!c.restartPays || inputBytes(list, cwd, MIN_INPUT_BYTES) < MIN_INPUT_BYTES) {
                return OptionalInt.empty();
            }
            child = new ProcessBuilder(command(c, ManagementFactory.getRuntimeMXBean().getInputArguments(), args))
                    .inheritIO().start();
        } catch (IOException | RuntimeException e) {
            // Not restarted (no java executable, no process support): this JVM runs it as started.
            return OptionalInt.empty();
        }
        return OptionalInt.of(waitFor(child));
    }

    /** The new JVM's command line: the case's options, this JVM's own, the class path, then {@code args}. */
    static List<String> command(JvmTuning.Case c, List<String> ownOptions, String[] args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(c.jvmOptions(JvmTuning.variantFor(ownOptions)));
        command.addAll(ownOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Main.class.getName());
        command.addAll(List.of(args));
        return command;
    }

    /** The exit code of {@code child}; stopping this JVM stops it first. */
    private static int waitFor(Process child) {
        Thread stop = new Thread(() -> {
            if (child.isAlive()) {
                child.destroy();
                try {
                    child.waitFor(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }, "jprofdata-stop-relaunched");
        Runtime.getRuntime().addShutdownHook(stop);
        while (true) {
            try {
                return child.waitFor();
            } catch (InterruptedException e) {
                // Nothing interrupts this thread but a shutdown, which the hook handles; keep waiting.
            }
        }
    }

    /** At most this many directory entries are looked at for {@link #inputBytes}. */
    private static final int MAX_ENTRIES = 100_000;

    /**
     * The size of the files the command line names, directories walked (links to directories not
     * followed), counted until {@code enough} is reached (outputs, list files and standard input are
     * not counted).
     */
    static long inputBytes(List<String> args, Path cwd, long enough) {
        long total = 0;
        int entriesSeen = 0;
        Deque<Path> dirs = new ArrayDeque<>();
        String prev = "";
        for (String a : args.subList(Math.min(1, args.size()), args.size())) {
            boolean isValue = JvmTuning.FILE_VALUED.contains(prev);
            prev = isValue ? "" : a;
            if (isValue) {
                continue; // an output, list or remapping file
            }
            String name = a.startsWith("--weighted-input=") && a.indexOf(',') > 0 ? a.substring(a.indexOf(',') + 1) : a;
            Path file = JvmTuning.regularFile(cwd, name);
            if (file != null) {
                total += size(file);
            } else if (!name.startsWith("-") && !name.isEmpty()) {
                try {
                    Path dir = cwd.resolve(name);
                    if (Files.isDirectory(dir)) {
                        dirs.add(dir);
                    }
                } catch (RuntimeException e) {
                    // not a path: not counted
                }
            }
        }
        while (total < enough && !dirs.isEmpty() && entriesSeen < MAX_ENTRIES) {
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(dirs.poll())) {
                for (Path p : entries) {
                    if (++entriesSeen > MAX_ENTRIES) {
                        break;
                    }
                    if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                        dirs.add(p);
                    } else if (Files.isRegularFile(p)) {
                        total += size(p);
                    }
                }
            } catch (IOException | RuntimeException e) {
                // an unreadable directory: not counted (the merge reports it)
            }
        }
        return total;
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
