package dev.jprofdata.merge.order;

import java.util.function.Predicate;

/**
 * libstdc++'s {@code std::partition} for bidirectional (and random-access) iterators: a Hoare-style
 * sweep from both ends that swaps misplaced pairs. It is not stable, and the order it leaves
 * decides later steps of balanced partitioning, so it is copied exactly.
 */
final class Partition {
    private Partition() {
    }

    /** Moves the elements of {@code [first, last)} that match to the front; returns their end. */
    static <T> int hoare(T[] a, int first, int last, Predicate<? super T> pred) {
        while (true) {
            while (true) {
                if (first == last) {
                    return first;
                } else if (pred.test(a[first])) {
                    first++;
                } else {
                    break;
                }
            }
            last--;
            while (true) {
                if (first == last) {
                    return first;
                } else if (!pred.test(a[last])) {
                    last--;
                } else {
                    break;
                }
            }
            T t = a[first];
            a[first] = a[last];
            a[last] = t;
            first++;
        }
    }
}
