package dev.jprofdata.merge.state;

import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.ValueSite;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * All hashes merged for one function name. Different hashes (a changed control flow, or a
 * context-sensitive and a plain record) are kept side by side, as LLVM does.
 *
 * <p>A name met once is kept as the record itself (with its weight and position) and becomes a
 * {@link RecordAggregate} only when something is merged into it or it is finished: the aggregate's
 * order-free bookkeeping (contributors, variants, value-site tables) costs several times the
 * record, and in merges of indexed or text profiles most names are met once. The aggregate made
 * later is the one {@link #add} would have made at once (records never change).
 *
 * <p>The methods that may build an aggregate take the {@link SiteKeeping} of the state the entry
 * belongs to (kept by the state rather than by each of its many entries).
 */
final class NameEntry {
    private ProfileRecord solo;
    private long soloWeight;
    private long soloPosition;
    private RecordAggregate first;
    private List<RecordAggregate> more;

    NameEntry(RecordAggregate first) {
        this.first = first;
    }

    /** An entry holding only {@code record}, as read. */
    static NameEntry ofRecord(ProfileRecord record, long weight, long position) {
        NameEntry e = new NameEntry(null);
        e.solo = record;
        e.soloWeight = weight;
        e.soloPosition = position;
        return e;
    }

    /**
     * The record itself, when this entry is a name met once and finishing it would give it back
     * unchanged: weight 1, no GPU data or pseudo counts, no counter above the cap, and value sites
     * already as LLVM leaves them (counts not increasing, no repeated value, at most
     * {@code maxValues} each). Null otherwise. Saves building and finishing an aggregate for
     * every function of a merge of one indexed or text profile.
     */
    ProfileRecord verbatimSolo(int maxValues) {
        return solo != null && soloWeight == 1 && keptAsIs(solo, maxValues, false) ? solo : null;
    }

    /**
     * Whether {@code record}, merged on its own with weight 1, comes out of the merge as it is: no
     * GPU data or pseudo counts, no counter above the cap, value sites already as LLVM leaves them.
     * {@code repeatsKept}: a value repeated in a site stays so (LLVM's value merge), rather than
     * being added up (the exact one).
     */
    static boolean keptAsIs(ProfileRecord record, int maxValues, boolean repeatsKept) {
        if (record.offload() != null || record.isPseudo()) {
            return false;
        }
        for (long c : record.counts()) {
            if (Long.compareUnsigned(c, Saturating.COUNTER_CAP) > 0) {
                return false;
            }
        }
        for (ValueSite[] sites : record.valueSites()) {
            for (ValueSite site : sites) {
                if (!inFinishedOrder(site, maxValues, repeatsKept)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean inFinishedOrder(ValueSite site, int maxValues, boolean repeatsKept) {
        int n = site.size();
        if (n > maxValues) {
            return false;
        }
        for (int i = 1; i < n; i++) {
            if (Long.compareUnsigned(site.count(i), site.count(i - 1)) > 0) {
                return false;
            }
        }
        if (repeatsKept) {
            return true;
        }
        long[] values = site.values().clone();
        Arrays.sort(values);
        for (int i = 1; i < n; i++) {
            if (values[i] == values[i - 1]) {
                return false;
            }
        }
        return true;
    }

    /** Position of the solo record (see {@link #verbatimSolo}). */
    long soloPosition() {
        return soloPosition;
    }

    /** The first aggregate, made from the solo record on first need. */
    private RecordAggregate first(SiteKeeping keeping) {
        if (solo != null) {
            first = new RecordAggregate(solo, soloWeight, soloPosition, keeping);
            solo = null;
        }
        return first;
    }

    void add(ProfileRecord record, long weight, long position, SiteKeeping keeping) {
        RecordAggregate existing = find(record.hash(), keeping);
        if (existing != null) {
            existing.add(record, weight, position, keeping);
        } else {
            append(new RecordAggregate(record, weight, position, keeping));
        }
    }

    void addShape(long hash, CountersVersion bulk, SiteKeeping keeping) {
        RecordAggregate existing = find(hash, keeping);
        if (existing != null) {
            existing.addShape(bulk);
        } else {
            append(new RecordAggregate(hash, bulk));
        }
    }

    /** Adds {@code other}, an entry of a state that keeps sites as {@code otherKeeping}. */
    void absorb(NameEntry other, SiteKeeping keeping, SiteKeeping otherKeeping) {
        absorbOne(other.first(otherKeeping), keeping);
        if (other.more != null) {
            for (RecordAggregate r : other.more) {
                absorbOne(r, keeping);
            }
        }
    }

    private void absorbOne(RecordAggregate incoming, SiteKeeping keeping) {
        RecordAggregate existing = find(incoming.hash, keeping);
        if (existing != null) {
            existing.absorb(incoming);
        } else {
            append(incoming);
        }
    }

    private RecordAggregate find(long hash, SiteKeeping keeping) {
        if (first(keeping).hash == hash) {
            return first;
        }
        if (more != null) {
            for (RecordAggregate r : more) {
                if (r.hash == hash) {
                    return r;
                }
            }
        }
        return null;
    }

    /** The hashes held (of records or aggregates). */
    long[] hashes() {
        int n = 1 + (more == null ? 0 : more.size());
        long[] out = new long[n];
        out[0] = solo != null ? solo.hash() : first.hash;
        for (int i = 1; i < n; i++) {
            out[i] = more.get(i - 1).hash;
        }
        return out;
    }

    /** Adds an aggregate for a hash this entry does not hold yet. */
    void append(RecordAggregate r) {
        if (more == null) {
            more = new ArrayList<>(2);
        }
        more.add(r);
    }

    /** Every aggregate, in the order held (the solo record made one first). */
    List<RecordAggregate> aggregates(SiteKeeping keeping) {
        List<RecordAggregate> all = new ArrayList<>(1 + (more == null ? 0 : more.size()));
        all.add(first(keeping));
        if (more != null) {
            all.addAll(more);
        }
        return all;
    }

    /** The records in the order their hashes were first seen in a sequential merge. */
    List<RecordAggregate> inCreationOrder(SiteKeeping keeping) {
        List<RecordAggregate> all = new ArrayList<>(1 + (more == null ? 0 : more.size()));
        all.add(first(keeping));
        if (more != null) {
            all.addAll(more);
            all.sort((a, b) -> Long.compare(a.creatorPos(), b.creatorPos()));
        }
        return all;
    }
}
