package dev.jprofdata.merge.state;

import dev.jprofdata.format.ValueSite;

/**
 * The merged sites of one value kind for one function, for inputs that agree on the number of
 * sites (LLVM skips a kind whose site count differs from the record's first input).
 */
final class KindValues extends Variants.Variant<KindValues> {
    private final MergedSite[] sites;

    private KindValues(long position, MergedSite[] sites, long countSum) {
        super(position, countSum);
        this.sites = sites;
    }

    /** Sites already summed over many inputs (their contributors are set by the caller). */
    static KindValues ofSummed(SiteValues[] sites, long position) {
        return new KindValues(position, sites, 0);
    }

    static KindValues of(ValueSite[] sites, long weight, long position, long countSum, SiteKeeping keeping) {
        MergedSite[] s = new MergedSite[sites.length];
        for (int i = 0; i < sites.length; i++) {
            s[i] = keeping.site(sites[i], weight, position);
        }
        return new KindValues(position, s, countSum);
    }

    /** {@code absorb(of(sites, weight, position, countSum))} for sites of this variant's count. */
    void addInPlace(ValueSite[] incoming, long weight, long position, long countSum) {
        for (int i = 0; i < sites.length; i++) {
            sites[i].add(incoming[i], weight, position);
        }
        addContribution(position, countSum);
    }

    /** The sites as held (the codec reads them). */
    MergedSite[] heldSites() {
        return sites;
    }

    /** A kind's sites as a decoded state held them ({@link MergeStateCodec}). */
    static KindValues restore(MergedSite[] sites, long minPos, Contributors contributors) {
        KindValues k = new KindValues(minPos, sites, 0);
        k.restore(minPos, contributors);
        return k;
    }

    @Override
    long key() {
        return sites.length;
    }

    @Override
    void absorbData(KindValues other) {
        for (int i = 0; i < sites.length; i++) {
            sites[i].absorb(other.sites[i]);
        }
    }

    /** The sites as LLVM stores them, at most {@code limit} values each. */
    ValueSite[] finish(int limit) {
        boolean merged = contributors().total() > 1;
        ValueSite[] out = new ValueSite[sites.length];
        for (int i = 0; i < sites.length; i++) {
            out[i] = sites[i].finish(minPos(), merged, limit);
        }
        return out;
    }
}
