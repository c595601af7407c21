package dev.jprofdata.merge.state;

import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;

/**
 * The value sites of one function summed over many inputs ({@link SummedRecords#values}).
 * Each value remembers the position and counts of its first occurrence, as the merge state does, so
 * the result is the one per-input adds give.
 */
public final class BulkValues {
    private final SiteValues[][] kinds = new SiteValues[ValueKind.COUNT][];

    /**
     * Sites of {@code sitesPerKind[kind]} sites per value kind, each empty: what a record brings
     * whose inputs' values were added to another record's sites of the same function (the binary
     * groups' shared sites), so that the state sees the record's shape and adds nothing twice.
     */
    public static BulkValues emptySites(int[] sitesPerKind) {
        BulkValues out = new BulkValues();
        for (int k = 0; k < ValueKind.COUNT; k++) {
            if (sitesPerKind[k] > 0) {
                SiteValues[] sites = new SiteValues[sitesPerKind[k]];
                for (int i = 0; i < sites.length; i++) {
                    sites[i] = SiteValues.empty(0);
                }
                out.kinds[k] = sites;
            }
        }
        return out;
    }

    /**
     * Adds one input's sites ({@code sites[kind][site]}), its counts times {@code weight}, at
     * {@code position} (that input's record position). Every call must bring the same number of
     * sites per kind.
     */
    public void add(ValueSite[][] sites, long weight, long position) {
        for (int k = 0; k < ValueKind.COUNT; k++) {
            ValueSite[] incoming = sites[k];
            SiteValues[] mine = kinds[k];
            if (mine == null) {
                mine = new SiteValues[incoming.length];
                for (int i = 0; i < incoming.length; i++) {
                    mine[i] = SiteValues.of(incoming[i], weight, position);
                }
                kinds[k] = mine;
            } else {
                if (mine.length != incoming.length) {
                    throw new IllegalArgumentException("site count changed: " + mine.length + " vs " + incoming.length);
                }
                for (int i = 0; i < incoming.length; i++) {
                    mine[i].add(incoming[i], weight, position);
                }
            }
        }
    }

    /**
     * Adds one input's site {@code site} of value kind {@code kind} (of {@code sitesOfKind} sites):
     * the {@code n} entries of {@code values} and {@code counts} from {@code from}, counts times
     * {@code weight}, at {@code position}. Every input must bring every site; the arrays may be
     * reused by the caller afterwards.
     */
    public void addSite(int kind, int site, int sitesOfKind, long[] values, long[] counts, int from, int n,
            long weight, long position) {
        SiteValues[] mine = kinds[kind];
        if (mine == null) {
            mine = new SiteValues[sitesOfKind];
            kinds[kind] = mine;
        }
        SiteValues s = mine[site];
        if (s == null) {
            s = SiteValues.empty(n);
            mine[site] = s;
        }
        s.add(values, counts, from, n, weight, position);
    }

    /**
     * Adds {@code other}'s sites, summed from other inputs than these (another slice of the same
     * merge), as if its inputs had been added here; {@code other} must not be used afterwards.
     */
    public void absorb(BulkValues other) {
        for (int k = 0; k < ValueKind.COUNT; k++) {
            SiteValues[] theirs = other.kinds[k];
            if (theirs == null) {
                continue;
            }
            SiteValues[] mine = kinds[k];
            if (mine == null) {
                kinds[k] = theirs;
                continue;
            }
            if (mine.length != theirs.length) {
                throw new IllegalArgumentException("site count changed: " + mine.length + " vs " + theirs.length);
            }
            for (int i = 0; i < mine.length; i++) {
                if (mine[i] == null) {
                    mine[i] = theirs[i];
                } else if (theirs[i] != null) {
                    mine[i].absorb(theirs[i]);
                }
            }
        }
    }

    /** The summed sites of every kind, {@code [kind][site]} (empty kinds as empty arrays). */
    SiteValues[][] allSites() {
        SiteValues[][] out = new SiteValues[ValueKind.COUNT][];
        for (int k = 0; k < ValueKind.COUNT; k++) {
            out[k] = sites(k);
        }
        return out;
    }

    /** The summed sites of kind {@code k} (empty when none were added). */
    SiteValues[] sites(int k) {
        return kinds[k] == null ? new SiteValues[0] : kinds[k];
    }
}
