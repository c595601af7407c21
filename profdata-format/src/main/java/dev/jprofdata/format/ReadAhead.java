package dev.jprofdata.format;

import dev.jprofdata.format.util.Failures;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Reads {@linkplain BatchReader#nextBatch batches} of a reader on a thread of its own, a few
 * batches ahead of the caller, so that reading and whatever the caller does with the records
 * (printing a report) run at the same time. The caller gets the same records in the same order, and
 * an error at the same place: after the records that came before it.
 *
 * <p>Readers are not thread-safe: between the first {@link #next()} and {@link #close()} the
 * reader belongs to the reading thread and the caller must not use it. {@link #BATCHES} batches
 * circulate between the two threads and are reused, so memory stays bounded.
 */
public final class ReadAhead implements AutoCloseable {
    static final int BATCHES = 4;
    private static final long POLL_MILLIS = 50;

    /** What the reading thread hands over: a filled batch, the end, or the error that stopped it. */
    private record Item(RecordBatch batch, Throwable failure) {
    }

    private static final Item END = new Item(null, null);

    private final BatchReader source;
    private final BlockingQueue<RecordBatch> empty = new ArrayBlockingQueue<>(BATCHES);
    private final BlockingQueue<Item> filled = new ArrayBlockingQueue<>(BATCHES + 1);
    private Thread reading;
    private volatile boolean stopped;
    private RecordBatch lent;
    private boolean finished;

    /** {@code source} must {@linkplain BatchReader#readsBatches() read batches}. */
    public ReadAhead(BatchReader source) {
        this(source, false);
    }

    /** {@code withValues}: batches that hold bitmaps and value sites too ({@link RecordBatch#RecordBatch(boolean)}). */
    public ReadAhead(BatchReader source, boolean withValues) {
        if (!source.readsBatches()) {
            throw new IllegalArgumentException(source.fileName() + ": records are read one by one");
        }
        this.source = source;
        for (int i = 0; i < BATCHES; i++) {
            empty.add(new RecordBatch(withValues));
        }
    }

    /**
     * The next batch of records, or {@code null} at the end; the reader's errors, at the same
     * place. A batch stays valid until the next call.
     */
    public RecordBatch next() throws IOException {
        if (finished) {
            return null;
        }
        if (reading == null) {
            reading = new Thread(this::readAll, "jprofdata-read-ahead");
            reading.setDaemon(true);
            reading.start();
        }
        if (lent != null) {
            empty.add(lent);
            lent = null;
        }
        Item item;
        try {
            item = filled.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading " + source.fileName());
        }
        if (item.batch() == null) {
            finished = true;
            if (item.failure() != null) {
                throw Failures.propagate(item.failure());
            }
            return null;
        }
        lent = item.batch();
        return lent;
    }

    /** The reading thread: batches until the end, an error, or {@link #close()}. */
    private void readAll() {
        try {
            while (!stopped) {
                RecordBatch batch = empty.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
                if (batch == null) {
                    continue;
                }
                if (!source.nextBatch(batch)) {
                    filled.put(END);
                    return;
                }
                filled.put(new Item(batch, null));
            }
        } catch (IOException | RuntimeException | Error e) {
            // Room is certain: at most BATCHES batches are out, and the queue holds one more.
            filled.add(new Item(null, e));
        } catch (InterruptedException e) {
            // Nothing here interrupts this thread; should something, the caller must not wait forever.
            filled.add(new Item(null, new InterruptedIOException("reading " + source.fileName() + " was interrupted")));
        }
    }

    /**
     * Stops the reading thread and waits for it. The reader stays open (its owner closes it) and
     * belongs to the calling thread again.
     */
    @Override
    public void close() {
        stopped = true;
        if (reading != null) {
            try {
                reading.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
