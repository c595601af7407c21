package dev.jprofdata.format.raw;

import dev.jprofdata.format.ValueKind;

/**
 * Turns the runtime addresses a raw profile stores as value-profile values into MD5 name hashes,
 * the way LLVM's reader does: an indirect-call target must equal some record's
 * {@code FunctionPointer}; a vtable address must fall into some vtable's {@code [start, start+size)}.
 * Anything else becomes 0 ("external symbol"). Memop sizes pass unchanged.
 *
 * <p>Both tables are per profile: each module of a multi-profile file has its own addresses.
 */
final class AddressResolver {
    /** Function addresses, ascending (unsigned), with their name hashes; ties by hash ascending. */
    private final long[] functionAddresses;
    private final long[] functionHashes;
    /** VTable ranges sorted by start (unsigned). */
    private final long[] vtableStarts;
    private final long[] vtableEnds;
    private final long[] vtableHashes;
    /** Subtracted from every address first: another run of the same binary, loaded elsewhere. */
    private final long slide;

    AddressResolver(long[] functionAddresses, long[] functionHashes, long[] vtableStarts, long[] vtableEnds,
            long[] vtableHashes) {
        sortPairs(functionAddresses, functionHashes, null);
        sortPairs(vtableStarts, vtableHashes, vtableEnds);
        this.functionAddresses = functionAddresses;
        this.functionHashes = functionHashes;
        this.vtableStarts = vtableStarts;
        this.vtableEnds = vtableEnds;
        this.vtableHashes = vtableHashes;
        this.slide = 0;
    }

    private AddressResolver(AddressResolver base, long slide) {
        this.functionAddresses = base.functionAddresses;
        this.functionHashes = base.functionHashes;
        this.vtableStarts = base.vtableStarts;
        this.vtableEnds = base.vtableEnds;
        this.vtableHashes = base.vtableHashes;
        this.slide = base.slide + slide;
    }

    /** This resolver for a run whose addresses are all {@code slide} above this one's. */
    AddressResolver shifted(long slide) {
        return slide == 0 ? this : new AddressResolver(this, slide);
    }

    long resolve(ValueKind kind, long value) {
        return switch (kind) {
            case INDIRECT_CALL_TARGET -> functionHash(value - slide);
            case VTABLE_TARGET -> vtableHash(value - slide);
            case MEMOP_SIZE -> value;
        };
    }

    private long functionHash(long address) {
        int i = lowerBound(functionAddresses, address);
        return i < functionAddresses.length && functionAddresses[i] == address ? functionHashes[i] : 0;
    }

    private long vtableHash(long address) {
        // The last range starting at or before the address is the only candidate.
        int i = lowerBound(vtableStarts, address);
        if (i < vtableStarts.length && vtableStarts[i] == address) {
            return vtableHashes[i];
        }
        i--;
        if (i >= 0 && Long.compareUnsigned(address, vtableEnds[i]) < 0) {
            return vtableHashes[i];
        }
        return 0;
    }

    /** First index whose key is not below {@code key} (unsigned). */
    private static int lowerBound(long[] keys, long key) {
        int lo = 0;
        int hi = keys.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(keys[mid], key) < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * Heap-sorts parallel arrays by (keys, values) unsigned, carrying {@code extra} along. Primitive
     * arrays keep large profiles (millions of functions) cheap.
     */
    private static void sortPairs(long[] keys, long[] values, long[] extra) {
        int n = keys.length;
        if (isSorted(keys, values)) {
            return; // the usual case: records in the order of their addresses
        }
        for (int i = n / 2 - 1; i >= 0; i--) {
            siftDown(keys, values, extra, i, n);
        }
        for (int end = n - 1; end > 0; end--) {
            swap(keys, values, extra, 0, end);
            siftDown(keys, values, extra, 0, end);
        }
    }

    private static boolean isSorted(long[] keys, long[] values) {
        for (int i = 1; i < keys.length; i++) {
            if (less(keys, values, i, i - 1)) {
                return false;
            }
        }
        return true;
    }

    private static void siftDown(long[] keys, long[] values, long[] extra, int i, int n) {
        while (true) {
            int child = 2 * i + 1;
            if (child >= n) {
                return;
            }
            if (child + 1 < n && less(keys, values, child, child + 1)) {
                child++;
            }
            if (!less(keys, values, i, child)) {
                return;
            }
            swap(keys, values, extra, i, child);
            i = child;
        }
    }

    private static boolean less(long[] keys, long[] values, int a, int b) {
        int c = Long.compareUnsigned(keys[a], keys[b]);
        return c != 0 ? c < 0 : Long.compareUnsigned(values[a], values[b]) < 0;
    }

    private static void swap(long[] keys, long[] values, long[] extra, int a, int b) {
        long t = keys[a];
        keys[a] = keys[b];
        keys[b] = t;
        t = values[a];
        values[a] = values[b];
        values[b] = t;
        if (extra != null) {
            t = extra[a];
            extra[a] = extra[b];
            extra[b] = t;
        }
    }
}
