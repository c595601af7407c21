package dev.jprofdata.format.indexed;

import java.util.Arrays;

/**
 * Where LLVM's {@code OnDiskChainedHashTableGenerator} puts each key: the final bucket count and,
 * per bucket, its chain from head to tail (which is also the order the items are written and read
 * back in).
 *
 * <p>The generator starts with 64 buckets. Each insert first counts the new entry and doubles the
 * table if {@code 4*entries >= 3*buckets}; the key is then pushed onto the head of bucket
 * {@code hash & (buckets-1)}. A resize walks the old buckets in index order, each chain from its
 * head, and pushes every item onto the head of its new chain (reversing items that stay together).
 * Before emitting, the table is resized to 1 bucket for up to 2 entries, otherwise to
 * {@code bit_ceil(entries*4/3 + 1)}, if that differs.
 */
final class ChainedHashTableLayout {
    private static final int INITIAL_BUCKETS = 64;

    private final int numBuckets;
    /** Items of bucket {@code b} are {@code items[start[b]] .. items[start[b+1]-1]}. */
    private final int[] start;
    private final int[] items;

    private ChainedHashTableLayout(int numBuckets, int[] start, int[] items) {
        this.numBuckets = numBuckets;
        this.start = start;
        this.items = items;
    }

    /** Lays out keys with the given hashes, inserted in array order; items are array indices. */
    static ChainedHashTableLayout of(long[] hashes) {
        int n = hashes.length;
        if (n > (1 << 28)) {
            throw new IllegalArgumentException("too many names for one indexed profile: " + n);
        }
        int[] next = new int[n];
        int[] head = emptyBuckets(INITIAL_BUCKETS);
        int entries = 0;
        for (int i = 0; i < n; i++) {
            entries++;
            if (4L * entries >= 3L * head.length) {
                head = resize(head, next, hashes, head.length * 2);
            }
            push(head, next, hashes, i);
        }
        int target = entries <= 2 ? 1 : bitCeil(entries * 4L / 3 + 1);
        if (target != head.length) {
            head = resize(head, next, hashes, target);
        }
        int[] start = new int[head.length + 1];
        int[] items = new int[n];
        int k = 0;
        for (int b = 0; b < head.length; b++) {
            start[b] = k;
            for (int e = head[b]; e >= 0; e = next[e]) {
                items[k++] = e;
            }
        }
        start[head.length] = k;
        return new ChainedHashTableLayout(head.length, start, items);
    }

    /** Every item, bucket after bucket: the order the table's keys are written in (not to be changed). */
    int[] itemsInOrder() {
        return items;
    }

    private static int[] emptyBuckets(int count) {
        int[] b = new int[count];
        Arrays.fill(b, -1);
        return b;
    }

    private static void push(int[] head, int[] next, long[] hashes, int item) {
        int b = (int) (hashes[item] & (head.length - 1));
        next[item] = head[b];
        head[b] = item;
    }

    private static int[] resize(int[] head, int[] next, long[] hashes, int newSize) {
        int[] fresh = emptyBuckets(newSize);
        for (int b = 0; b < head.length; b++) {
            for (int e = head[b]; e >= 0;) {
                int following = next[e];
                push(fresh, next, hashes, e);
                e = following;
            }
        }
        return fresh;
    }

    private static int bitCeil(long v) {
        long p = Long.highestOneBit(v);
        return (int) (p == v ? p : p << 1);
    }

    int numBuckets() {
        return numBuckets;
    }

    /** Number of items in bucket {@code b}. */
    int bucketSize(int b) {
        return start[b + 1] - start[b];
    }

    /** The {@code i}-th item (head first) of bucket {@code b}. */
    int item(int b, int i) {
        return items[start[b] + i];
    }
}
