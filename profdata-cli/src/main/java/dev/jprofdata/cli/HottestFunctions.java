package dev.jprofdata.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The functions with the largest counters, for {@code --topn} and {@code --hot-func-list}: in
 * descending order of their largest counter, ties in reading order (llvm-profdata sorts all of them
 * with a stable sort).
 *
 * <p>When only the top N are wanted, only N entries are kept; the hot list needs every function,
 * because its threshold is known only once the whole profile has been read.
 */
final class HottestFunctions {
    /** A function and its largest counter (unsigned); {@code seq} is its reading position. */
    record Entry(String name, long max, long seq) {
    }

    /** Larger counter first, then earlier function first. */
    private static final Comparator<Entry> HOTTEST_FIRST =
            Comparator.<Entry>comparingLong(e -> e.max() ^ Long.MIN_VALUE).reversed()
                    .thenComparingLong(Entry::seq);

    private final long limit;
    private final boolean keepAll;
    private final List<Entry> all = new ArrayList<>();
    /** The kept top entries, the least hot at the head. */
    private final PriorityQueue<Entry> top = new PriorityQueue<>(HOTTEST_FIRST.reversed());
    private long seq;

    /**
     * @param limit how many the top-N list needs (unsigned 32-bit; 0 for none)
     * @param keepAll whether every function is needed (hot list)
     */
    HottestFunctions(long limit, boolean keepAll) {
        this.limit = limit;
        this.keepAll = keepAll;
    }

    boolean wanted() {
        return keepAll || limit > 0;
    }

    void add(String name, long max) {
        Entry e = new Entry(name, max, seq++);
        if (keepAll) {
            all.add(e);
            return;
        }
        if (top.size() < limit) {
            top.add(e);
        } else if (HOTTEST_FIRST.compare(e, top.peek()) < 0) {
            top.poll();
            top.add(e);
        }
    }

    /** All kept entries, hottest first. */
    List<Entry> sorted() {
        List<Entry> list = new ArrayList<>(keepAll ? all : top);
        list.sort(HOTTEST_FIRST);
        return list;
    }
}
