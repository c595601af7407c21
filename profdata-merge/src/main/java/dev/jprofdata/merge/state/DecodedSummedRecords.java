package dev.jprofdata.merge.state;

import java.util.ArrayList;
import java.util.List;

/**
 * Summed records read back from an encoded merge state ({@link MergeStateCodec}): every slot is flat.
 * Two blocks holding the same functions in the same slots (partial merges of runs of one binary,
 * decoded on one machine) add up into one, as the binary groups' own blocks do, so the finisher
 * never builds per-function bookkeeping for them.
 */
final class DecodedSummedRecords implements SummedRecords {
    private final List<String> names;
    private final List<Long> hashes;
    private final List<long[]> counts;
    private final List<BulkContribution> contributions;

    DecodedSummedRecords(int capacity) {
        names = new ArrayList<>(capacity);
        hashes = new ArrayList<>(capacity);
        counts = new ArrayList<>(capacity);
        contributions = new ArrayList<>(capacity);
    }

    void add(String name, long hash, long[] summed, BulkContribution contribution) {
        names.add(name);
        hashes.add(hash);
        counts.add(summed);
        contributions.add(contribution);
    }

    @Override
    public int size() {
        return names.size();
    }

    @Override
    public boolean isFlat(int r) {
        return true;
    }

    @Override
    public BulkValues values(int r) {
        return null;
    }

    @Override
    public String name(int r) {
        return names.get(r);
    }

    @Override
    public long hash(int r) {
        return hashes.get(r);
    }

    @Override
    public long[] counts(int r) {
        return counts.get(r).clone();
    }

    @Override
    public long firstPosition(int r) {
        return contributions.get(r).positions()[0];
    }

    @Override
    public BulkContribution contribution(int r) {
        return contributions.get(r);
    }

    @Override
    public boolean absorb(SummedRecords other) {
        if (!(other instanceof DecodedSummedRecords o) || o.size() != size()) {
            return false;
        }
        for (int r = 0; r < size(); r++) {
            if (!names.get(r).equals(o.names.get(r)) || hashes.get(r).longValue() != o.hashes.get(r)
                    || counts.get(r).length != o.counts.get(r).length) {
                return false;
            }
            long[] mine = counts.get(r);
            long[] theirs = o.counts.get(r);
            for (int i = 0; i < mine.length; i++) {
                long t = mine[i] + theirs[i];
                if (Long.compareUnsigned(t, mine[i]) < 0 || Long.compareUnsigned(t, Saturating.COUNTER_CAP) > 0) {
                    return false; // the state's ordinary combine reports the overflow
                }
            }
        }
        for (int r = 0; r < size(); r++) {
            long[] mine = counts.get(r);
            long[] theirs = o.counts.get(r);
            for (int i = 0; i < mine.length; i++) {
                mine[i] += theirs[i];
            }
            contributions.set(r, contributions.get(r).plus(o.contributions.get(r)));
        }
        return true;
    }
}
