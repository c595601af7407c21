package dev.jprofdata.merge.state;

import dev.jprofdata.format.ValueSite;

/**
 * The merged sites of one value kind for one function, for inputs that agree on the number of
 * sites (LLVM skips a kind whose site count differs from the record's first input).
 */
final class KindValues implements Variants.Variant<KindValues> {
    private long minPos;
    private final SiteValues[] sites;
    private final Contributors contributors;

    private KindValues(long position, SiteValues[] sites, Contributors contributors) {
        this.minPos = position;
        this.sites = sites;
        this.contributors = contributors;
    }

    static KindValues of(ValueSite[] sites, long weight, long position, long countSum) {
        SiteValues[] s = new SiteValues[sites.length];
        for (int i = 0; i < sites.length; i++) {
            s[i] = SiteValues.of(sites[i], weight, position);
        }
        return new KindValues(position, s, new Contributors(position, countSum));
    }

    @Override
    public long key() {
        return sites.length;
    }

    @Override
    public long minPos() {
        return minPos;
    }

    @Override
    public Contributors contributors() {
        return contributors;
    }

    @Override
    public void absorb(KindValues other) {
        for (int i = 0; i < sites.length; i++) {
            sites[i].absorb(other.sites[i]);
        }
        contributors.absorb(other.contributors);
        minPos = Math.min(minPos, other.minPos);
    }

    /** The sites as LLVM stores them, at most {@code limit} values each. */
    ValueSite[] finish(int limit) {
        boolean merged = contributors.total() > 1;
        ValueSite[] out = new ValueSite[sites.length];
        for (int i = 0; i < sites.length; i++) {
            out[i] = sites[i].finish(minPos, merged, limit);
        }
        return out;
    }
}
