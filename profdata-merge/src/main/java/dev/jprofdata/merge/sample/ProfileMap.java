package dev.jprofdata.merge.sample;

import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.LlvmMapOrder;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The merged profiles by LLVM's map key, with the history of every insertion and erasure, so that
 * llvm-profdata's hash-map iteration order can be reproduced exactly ({@link #llvmOrder}). That
 * order decides, after merging, which cold context merges first, the order in which flattening
 * creates profiles, and the order of the ext-binary FunctionMetadata section.
 */
final class ProfileMap {
    private final LinkedHashMap<Long, FunctionSamples> map = new LinkedHashMap<>();
    private long[] historyKeys = new long[16];
    private boolean[] historyErase = new boolean[16];
    private int historySize;

    FunctionSamples get(long key) {
        return map.get(key);
    }

    boolean containsKey(long key) {
        return map.containsKey(key);
    }

    int size() {
        return map.size();
    }

    /** The profile at {@code key}, inserted from {@code fresh} when absent (LLVM's {@code operator[]}). */
    FunctionSamples getOrCreate(long key, Supplier<FunctionSamples> fresh) {
        FunctionSamples f = map.get(key);
        if (f == null) {
            f = fresh.get();
            map.put(key, f);
            log(key, false);
        }
        return f;
    }

    void remove(long key) {
        if (map.remove(key) != null) {
            log(key, true);
        }
    }

    /** Removes the profiles {@code drop} accepts; how many. */
    int removeIf(Predicate<FunctionSamples> drop) {
        List<Long> gone = new ArrayList<>();
        map.forEach((k, v) -> {
            if (drop.test(v)) {
                gone.add(k);
            }
        });
        gone.forEach(this::remove);
        return gone.size();
    }

    /** Every profile with its key, in insertion order. */
    void forEach(java.util.function.BiConsumer<Long, FunctionSamples> action) {
        map.forEach(action);
    }

    /** Puts {@code samples} at {@code key}, which is present, keeping its place. */
    void replace(long key, FunctionSamples samples) {
        if (map.replace(key, samples) == null) {
            throw new IllegalStateException("no profile at key " + key);
        }
    }

    /**
     * Inserts the profiles again in {@code order} (all keys, each once), as if they had been
     * inserted in that order; only before anything was removed.
     */
    void reorder(List<Long> order) {
        if (hadErasures() || order.size() != map.size()) {
            throw new IllegalStateException("reorder needs every key once and no removals");
        }
        LinkedHashMap<Long, FunctionSamples> old = new LinkedHashMap<>(map);
        map.clear();
        historySize = 0;
        for (Long k : order) {
            map.put(k, old.get(k));
            log(k, false);
        }
    }

    Collection<FunctionSamples> values() {
        return map.values();
    }

    /** The profiles in llvm-profdata's iteration order of the same map. */
    List<FunctionSamples> llvmOrder() {
        long[] order = LlvmMapOrder.iterationOrderAfter(java.util.Arrays.copyOf(historyKeys, historySize),
                java.util.Arrays.copyOf(historyErase, historySize));
        List<FunctionSamples> out = new ArrayList<>(order.length);
        for (long k : order) {
            out.add(map.get(k));
        }
        return out;
    }

    /** Keys of the profiles in llvm-profdata's iteration order. */
    List<Long> llvmKeyOrder() {
        long[] order = LlvmMapOrder.iterationOrderAfter(java.util.Arrays.copyOf(historyKeys, historySize),
                java.util.Arrays.copyOf(historyErase, historySize));
        List<Long> out = new ArrayList<>(order.length);
        for (long k : order) {
            out.add(k);
        }
        return out;
    }

    /** Replaces everything with {@code other} and its history (LLVM moves a new map in). */
    void replaceWith(ProfileMap other) {
        map.clear();
        map.putAll(other.map);
        historyKeys = other.historyKeys;
        historyErase = other.historyErase;
        historySize = other.historySize;
    }

    /** Whether any profile was ever removed (only then does the order need more than insertion order). */
    boolean hadErasures() {
        for (int i = 0; i < historySize; i++) {
            if (historyErase[i]) {
                return true;
            }
        }
        return false;
    }

    private void log(long key, boolean erase) {
        if (historySize == historyKeys.length) {
            historyKeys = java.util.Arrays.copyOf(historyKeys, historySize * 2);
            historyErase = java.util.Arrays.copyOf(historyErase, historySize * 2);
        }
        historyKeys[historySize] = key;
        historyErase[historySize] = erase;
        historySize++;
    }
}
