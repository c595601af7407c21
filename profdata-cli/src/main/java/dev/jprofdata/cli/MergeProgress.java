package dev.jprofdata.cli;

import dev.jprofdata.merge.MergeInput;
import dev.jprofdata.merge.MergeListener;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The progress line of a long merge on a terminal (issue 5): files done of total, MB done of total,
 * MB/s and the estimated time left, redrawn in place with {@code \r} on stderr and erased when the
 * merge ends. It appears only once the merge has run for about a second, so short merges print
 * nothing, and only when stderr is a terminal (which the launcher tells us, since Java 17 cannot
 * find out), never with {@code --quiet}. The figures come from the merge engine's
 * {@link MergeListener} callbacks; the library itself never prints.
 */
final class MergeProgress implements MergeListener, AutoCloseable {
    /** Set to 1 by the {@code jprofdata} launcher when stderr is a terminal. */
    static final String TTY_PROPERTY = "jprofdata.stderr.tty";
    /** {@code always} or {@code never} overrides the terminal check (for scripts and tests). */
    static final String ENV = "JPROFDATA_PROGRESS";
    /** Hidden: milliseconds before the first progress line (tests set 0). */
    static final String DELAY_PROPERTY = "jprofdata.progress.delay.ms";

    static final long DEFAULT_DELAY_NANOS = TimeUnit.SECONDS.toNanos(1);
    static final long REDRAW_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

    private static final MergeProgress OFF = new MergeProgress(null, System::nanoTime, 0, 0, 0);

    private final PrintStream err;
    private final LongSupplier clock;
    private final int totalFiles;
    private final long totalBytes;
    private final long delayNanos;
    private final long start;
    private int filesDone;
    private long bytesDone;
    private long lastDraw = Long.MIN_VALUE;
    private int drawnWidth;
    private boolean closed;
    private ScheduledExecutorService ticker;

    /** A progress line on {@code err} (null: none); {@code clock} gives nanoseconds. */
    MergeProgress(PrintStream err, LongSupplier clock, int totalFiles, long totalBytes, long delayNanos) {
        this.err = err;
        this.clock = clock;
        this.totalFiles = totalFiles;
        this.totalBytes = totalBytes;
        this.delayNanos = delayNanos;
        this.start = clock.getAsLong();
    }

    /**
     * Progress for a merge command: off with {@code --quiet}, else as {@code JPROFDATA_PROGRESS}
     * says, else on only when the launcher said stderr is a terminal. When on, a daemon thread
     * redraws the line while one big input is being read.
     */
    static MergeProgress forMerge(PrintStream err, List<MergeInput> inputs, boolean quiet) {
        if (!enabled(quiet, System.getenv(ENV), System.getProperty(TTY_PROPERTY))) {
            return OFF;
        }
        long bytes = 0;
        for (MergeInput in : inputs) {
            try {
                bytes += Files.size(in.path());
            } catch (IOException | RuntimeException e) {
                // Unreadable inputs count as empty; the merge reports them.
            }
        }
        long delay = Long.getLong(DELAY_PROPERTY, TimeUnit.NANOSECONDS.toMillis(DEFAULT_DELAY_NANOS));
        MergeProgress progress = new MergeProgress(err, System::nanoTime, inputs.size(), bytes,
                TimeUnit.MILLISECONDS.toNanos(Math.max(0, delay)));
        progress.startTicker();
        return progress;
    }

    static boolean enabled(boolean quiet, String env, String ttyProperty) {
        if (quiet) {
            return false;
        }
        if ("always".equals(env)) {
            return true;
        }
        if ("never".equals(env)) {
            return false;
        }
        return "1".equals(ttyProperty); // unset or any other value: on a terminal only
    }

    private void startTicker() {
        ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "jprofdata-progress");
            t.setDaemon(true);
            return t;
        });
        ticker.scheduleAtFixedRate(this::tick, REDRAW_NANOS, REDRAW_NANOS, TimeUnit.NANOSECONDS);
    }

    @Override
    public void inputFinished(int index, MergeInput input, long bytes) {
        if (err == null) {
            return;
        }
        synchronized (this) {
            filesDone++;
            bytesDone += bytes;
        }
        tick();
    }

    /** Redraws the line when the delay has passed and the last redraw is old enough. */
    synchronized void tick() {
        if (err == null || closed) {
            return; // a redraw that was waiting while close() ran must not draw again
        }
        long now = clock.getAsLong();
        if (now - start < delayNanos || (lastDraw != Long.MIN_VALUE && now - lastDraw < REDRAW_NANOS)) {
            return;
        }
        lastDraw = now;
        String line = line(now);
        // Pad over the rest of a longer previous line.
        err.print("\r" + line + " ".repeat(Math.max(0, drawnWidth - line.length())));
        err.flush();
        drawnWidth = line.length();
    }

    /** Stops redrawing and erases the line, so what follows on stderr starts on a clean line. */
    @Override
    public synchronized void close() {
        closed = true;
        if (ticker != null) {
            ticker.shutdownNow();
            ticker = null;
        }
        if (err != null && drawnWidth > 0) {
            err.print("\r" + " ".repeat(drawnWidth) + "\r");
            err.flush();
            drawnWidth = 0;
        }
    }

    /** {@code merging: 120/10000 files, 48.0/4000.0 MB, 96.0 MB/s, ETA 0:41}. */
    synchronized String line(long now) {
        double seconds = Math.max(1e-9, (now - start) / 1e9);
        double rate = bytesDone / 1e6 / seconds;
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "merging: %d/%d files, %.1f/%.1f MB, %.1f MB/s", filesDone, totalFiles,
                bytesDone / 1e6, totalBytes / 1e6, rate));
        if (bytesDone > 0 && totalBytes > bytesDone) {
            long eta = (long) Math.ceil((totalBytes - bytesDone) / 1e6 / rate);
            b.append(String.format(Locale.ROOT, ", ETA %d:%02d", eta / 60, eta % 60));
        }
        return b.toString();
    }
}
