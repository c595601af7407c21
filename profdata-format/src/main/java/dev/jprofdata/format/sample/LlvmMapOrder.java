package dev.jprofdata.format.sample;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * The iteration order of LLVM's profile map, a libstdc++ {@code std::unordered_map} keyed by a
 * 64-bit hash of each profile's context. LLVM writes the ext-binary FunctionMetadata section in
 * this order (and breaks some ties of {@code show} and {@code overlap} with it), so byte-identical
 * output needs a faithful model of the container, not just of the hash.
 *
 * <p>The model follows libstdc++'s observable behaviour: the hash of a 64-bit key is the key
 * itself; a key goes to bucket {@code key mod bucketCount}; all nodes are on one singly linked
 * list, each bucket's nodes together; a new node goes to the front of its bucket's run, or to the
 * front of the whole list when its bucket is empty; the table grows (before an insertion) with the
 * prime rehash policy, maximum load factor 1, starting at 13 buckets and at least doubling; a
 * rehash walks the old list and relinks each node into the new buckets the same way.
 */
public final class LlvmMapOrder {
    private LlvmMapOrder() {
    }

    /** Bucket counts libstdc++ uses for small requests (its {@code __fast_bkt} table). */
    private static final long[] FAST_BUCKETS = {2, 2, 2, 3, 5, 5, 7, 7, 11, 11, 11, 11, 13, 13};

    /**
     * libstdc++'s {@code __prime_list} for 64-bit {@code size_t} (dumped from libstdc++.so.6), the
     * candidate bucket counts; the last entry is 2^64 - 59.
     */
    private static final long[] PRIMES = {
            2L, 3L, 5L, 7L, 11L, 13L,
            17L, 19L, 23L, 29L, 31L, 37L,
            41L, 43L, 47L, 53L, 59L, 61L,
            67L, 71L, 73L, 79L, 83L, 89L,
            97L, 103L, 109L, 113L, 127L, 137L,
            139L, 149L, 157L, 167L, 179L, 193L,
            199L, 211L, 227L, 241L, 257L, 277L,
            293L, 313L, 337L, 359L, 383L, 409L,
            439L, 467L, 503L, 541L, 577L, 619L,
            661L, 709L, 761L, 823L, 887L, 953L,
            1031L, 1109L, 1193L, 1289L, 1381L, 1493L,
            1613L, 1741L, 1879L, 2029L, 2179L, 2357L,
            2549L, 2753L, 2971L, 3209L, 3469L, 3739L,
            4027L, 4349L, 4703L, 5087L, 5503L, 5953L,
            6427L, 6949L, 7517L, 8123L, 8783L, 9497L,
            10273L, 11113L, 12011L, 12983L, 14033L, 15173L,
            16411L, 17749L, 19183L, 20753L, 22447L, 24281L,
            26267L, 28411L, 30727L, 33223L, 35933L, 38873L,
            42043L, 45481L, 49201L, 53201L, 57557L, 62233L,
            67307L, 72817L, 78779L, 85229L, 92203L, 99733L,
            107897L, 116731L, 126271L, 136607L, 147793L, 159871L,
            172933L, 187091L, 202409L, 218971L, 236897L, 256279L,
            277261L, 299951L, 324503L, 351061L, 379787L, 410857L,
            444487L, 480881L, 520241L, 562841L, 608903L, 658753L,
            712697L, 771049L, 834181L, 902483L, 976369L, 1056323L,
            1142821L, 1236397L, 1337629L, 1447153L, 1565659L, 1693859L,
            1832561L, 1982627L, 2144977L, 2320627L, 2510653L, 2716249L,
            2938679L, 3179303L, 3439651L, 3721303L, 4026031L, 4355707L,
            4712381L, 5098259L, 5515729L, 5967347L, 6456007L, 6984629L,
            7556579L, 8175383L, 8844859L, 9569143L, 10352717L, 11200489L,
            12117689L, 13109983L, 14183539L, 15345007L, 16601593L, 17961079L,
            19431899L, 21023161L, 22744717L, 24607243L, 26622317L, 28802401L,
            31160981L, 33712729L, 36473443L, 39460231L, 42691603L, 46187573L,
            49969847L, 54061849L, 58488943L, 63278561L, 68460391L, 74066549L,
            80131819L, 86693767L, 93793069L, 101473717L, 109783337L, 118773397L,
            128499677L, 139022417L, 150406843L, 162723577L, 176048909L, 190465427L,
            206062531L, 222936881L, 241193053L, 260944219L, 282312799L, 305431229L,
            330442829L, 357502601L, 386778277L, 418451333L, 452718089L, 489790921L,
            529899637L, 573292817L, 620239453L, 671030513L, 725980837L, 785430967L,
            849749479L, 919334987L, 994618837L, 1076067617L, 1164186217L, 1259520799L,
            1362662261L, 1474249943L, 1594975441L, 1725587117L, 1866894511L, 2019773507L,
            2185171673L, 2364114217L, 2557710269L, 2767159799L, 2993761039L, 3238918481L,
            3504151727L, 3791104843L, 4101556399L, 4294967291L, 6442450933L, 8589934583L,
            12884901857L, 17179869143L, 25769803693L, 34359738337L, 51539607367L, 68719476731L,
            103079215087L, 137438953447L, 206158430123L, 274877906899L, 412316860387L, 549755813881L,
            824633720731L, 1099511627689L, 1649267441579L, 2199023255531L, 3298534883309L, 4398046511093L,
            6597069766607L, 8796093022151L, 13194139533241L, 17592186044399L, 26388279066581L, 35184372088777L,
            52776558133177L, 70368744177643L, 105553116266399L, 140737488355213L, 211106232532861L, 281474976710597L,
            562949953421231L, 1125899906842597L, 2251799813685119L, 4503599627370449L, 9007199254740881L, 18014398509481951L,
            36028797018963913L, 72057594037927931L, 144115188075855859L, 288230376151711717L, 576460752303423433L, 1152921504606846883L,
            2305843009213693951L, 4611686018427387847L, 9223372036854775783L, 0xffffffffffffffc5L,    };

    /** The key LLVM's profile map uses for {@code context}. */
    public static long mapKey(SampleContext context) {
        if (!context.isContextSensitive()) {
            return context.function().guid();
        }
        List<ContextFrame> frames = context.frames();
        long[] values = new long[frames.size()];
        for (int i = 0; i < values.length; i++) {
            ContextFrame f = frames.get(i);
            long loc = f.callsite().packed();
            values[i] = f.function().guid() + (loc << 5) + loc;
        }
        return LlvmHashCombine.hashValues(values);
    }

    /**
     * The order in which LLVM's map iterates elements inserted in {@code insertionOrder} (each
     * with a distinct key given by {@code key}).
     */
    public static <T> List<T> iterationOrder(List<T> insertionOrder, Function<T, Long> key) {
        int n = insertionOrder.size();
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = key.apply(insertionOrder.get(i));
        }
        int[] next = new Table(keys).insertAll();
        List<T> out = new ArrayList<>(n);
        for (int p = next[n]; p != -1; p = next[p]) {
            out.add(insertionOrder.get(p));
        }
        return out;
    }

    /**
     * The keys left in LLVM's map after a history of insertions and erasures, in its iteration
     * order. Erasing never shrinks the table, so a map that once held more elements iterates its
     * survivors differently from one that only ever held them: steps that remove profiles (cold
     * context trimming, CS nesting, filters) need the whole history.
     *
     * @param keys the key of each operation, in order
     * @param erase whether each operation erases its key; otherwise it inserts it. Inserting a key
     *     already present, or erasing one absent, changes nothing (as {@code operator[]},
     *     {@code try_emplace} and {@code erase(key)} do)
     */
    public static long[] iterationOrderAfter(long[] keys, boolean[] erase) {
        Table t = new Table(keys);
        java.util.HashMap<Long, Integer> live = new java.util.HashMap<>();
        for (int i = 0; i < keys.length; i++) {
            Long k = keys[i];
            if (erase[i]) {
                Integer node = live.remove(k);
                if (node != null) {
                    t.erase(node);
                }
            } else if (!live.containsKey(k)) {
                t.insert(i);
                live.put(k, i);
            }
        }
        long[] out = new long[live.size()];
        int n = 0;
        for (int p = t.next[t.head]; p != -1; p = t.next[p]) {
            out[n++] = keys[p];
        }
        return out;
    }

    /** The bucket count libstdc++ picks for a request of {@code n} buckets, and its next resize point. */
    private static long[] nextBucketCount(long n) {
        if (n < FAST_BUCKETS.length) {
            long b = FAST_BUCKETS[(int) n];
            return new long[] {b, b};
        }
        // lower_bound over the primes from 17 on, the last prime excluded from the search.
        int lo = 6;
        int hi = PRIMES.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(PRIMES[mid], n) < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        long b = PRIMES[lo];
        return new long[] {b, lo == PRIMES.length - 1 ? -1L : b};
    }

    /** Nodes 0..n-1 on one list; index n is the list head ("before begin"); -1 is null. */
    private static final class Table {
        final long[] keys;
        final int[] next;
        final int head;
        int[] buckets = {-1};
        long bucketCount = 1;
        long nextResize = 0;
        int size = 0;

        Table(long[] keys) {
            this.keys = keys;
            this.head = keys.length;
            this.next = new int[keys.length + 1];
            Arrays.fill(next, -1);
        }

        int[] insertAll() {
            for (int i = 0; i < keys.length; i++) {
                growIfNeeded();
                link(i, bucketOf(i, bucketCount), buckets);
                size++;
            }
            return next;
        }

        void insert(int node) {
            growIfNeeded();
            link(node, bucketOf(node, bucketCount), buckets);
            size++;
        }

        /** Unlinks {@code node} as libstdc++'s {@code _M_erase} does, keeping every bucket's before-node right. */
        void erase(int node) {
            int b = bucketOf(node, bucketCount);
            int prev = buckets[b];
            while (next[prev] != node) {
                prev = next[prev];
            }
            int after = next[node];
            if (prev == buckets[b]) {
                // node was its bucket's first: the bucket may now be empty.
                if (after == -1 || bucketOf(after, bucketCount) != b) {
                    if (after != -1) {
                        buckets[bucketOf(after, bucketCount)] = buckets[b];
                    }
                    buckets[b] = -1;
                }
            } else if (after != -1) {
                int nb = bucketOf(after, bucketCount);
                if (nb != b) {
                    buckets[nb] = prev;
                }
            }
            next[prev] = after;
            next[node] = -1;
            size--;
        }

        int bucketOf(int node, long count) {
            return (int) Long.remainderUnsigned(keys[node], count);
        }

        /** Puts {@code node} at the front of its bucket's run, or of the whole list if the bucket is empty. */
        void link(int node, int bucket, int[] table) {
            int before = table[bucket];
            if (before != -1) {
                next[node] = next[before];
                next[before] = node;
                return;
            }
            next[node] = next[head];
            next[head] = node;
            if (next[node] != -1) {
                table[bucketOf(next[node], table.length)] = node;
            }
            table[bucket] = head;
        }

        /** The prime rehash policy's check before inserting one element. */
        void growIfNeeded() {
            long wanted = size + 1L;
            if (Long.compareUnsigned(wanted, nextResize) <= 0) {
                return;
            }
            double minBuckets = Math.max(wanted, nextResize == 0 ? 11 : 0);
            if (minBuckets >= bucketCount) {
                long request = Math.max((long) Math.floor(minBuckets) + 1, bucketCount * 2);
                long[] chosen = nextBucketCount(request);
                nextResize = chosen[1];
                rehash(chosen[0]);
            } else {
                nextResize = bucketCount;
            }
        }

        /** Relinks every node, in list order, into a table of {@code count} buckets. */
        void rehash(long count) {
            int[] table = new int[Math.toIntExact(count)];
            Arrays.fill(table, -1);
            int p = next[head];
            next[head] = -1;
            int firstBucket = 0;
            while (p != -1) {
                int after = next[p];
                int b = bucketOf(p, count);
                if (table[b] == -1) {
                    next[p] = next[head];
                    next[head] = p;
                    table[b] = head;
                    if (next[p] != -1) {
                        table[firstBucket] = p;
                    }
                    firstBucket = b;
                } else {
                    next[p] = next[table[b]];
                    next[table[b]] = p;
                }
                p = after;
            }
            buckets = table;
            bucketCount = count;
        }
    }
}
