package dev.jprofdata.format.indexed;

import dev.jprofdata.format.ProfileContents.NameGroup;
import dev.jprofdata.format.util.Failures;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Gets the groups of a list in a given order on a thread of its own, a few chunks ahead of the
 * writer, so that building each group (a merge's groups are built when asked for, from its
 * columns) and encoding the one before run at the same time. The writer gets the groups the list
 * gives, in the same order; an error, after the groups before it.
 *
 * <p>The list must allow {@code get} from another thread while nobody changes it (a merge's
 * finished groups and every immutable list do). {@link #CHUNKS} chunks circulate between the two
 * threads and are reused, so what is held at once stays bounded.
 */
final class GroupsAhead implements AutoCloseable {
    static final int CHUNKS = 4;
    static final int CHUNK = 256;
    private static final long POLL_MILLIS = 50;

    /** What the building thread hands over: a filled chunk, or the error that stopped it. */
    private record Item(NameGroup[] chunk, int size, Throwable failure) {
    }

    private final List<NameGroup> groups;
    private final int[] order;
    private final BlockingQueue<NameGroup[]> empty = new ArrayBlockingQueue<>(CHUNKS);
    private final BlockingQueue<Item> filled = new ArrayBlockingQueue<>(CHUNKS + 1);
    private final Thread building;
    private volatile boolean stopped;
    private Item current;
    private int at;

    /** Starts getting {@code groups.get(order[0])}, {@code groups.get(order[1])}, ... */
    GroupsAhead(List<NameGroup> groups, int[] order) {
        this.groups = groups;
        this.order = order;
        for (int i = 0; i < CHUNKS; i++) {
            empty.add(new NameGroup[CHUNK]);
        }
        building = new Thread(this::buildAll, "jprofdata-write-ahead");
        building.setDaemon(true);
        building.start();
    }

    /** The next group in the order; call it {@code order.length} times. */
    NameGroup next() throws IOException {
        if (current == null || at == current.size()) {
            if (current != null) {
                java.util.Arrays.fill(current.chunk(), null); // the writer is done with them
                empty.add(current.chunk());
            }
            try {
                current = filled.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while writing");
            }
            at = 0;
            if (current.failure() != null) {
                throw Failures.propagate(current.failure());
            }
        }
        return current.chunk()[at++];
    }

    private void buildAll() {
        try {
            int i = 0;
            while (i < order.length && !stopped) {
                NameGroup[] chunk = empty.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
                if (chunk == null) {
                    continue;
                }
                int n = Math.min(CHUNK, order.length - i);
                for (int j = 0; j < n; j++) {
                    chunk[j] = groups.get(order[i + j]);
                }
                i += n;
                filled.put(new Item(chunk, n, null));
            }
        } catch (RuntimeException | Error e) {
            // Room is certain: at most CHUNKS chunks are out, and the queue holds one more.
            filled.add(new Item(null, 0, e));
        } catch (InterruptedException e) {
            filled.add(new Item(null, 0, new InterruptedIOException("building groups was interrupted")));
        }
    }

    /** Stops the building thread and waits for it. */
    @Override
    public void close() {
        stopped = true;
        try {
            building.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
