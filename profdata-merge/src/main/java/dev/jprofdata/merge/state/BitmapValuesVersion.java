package dev.jprofdata.merge.state;

import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;
import java.util.List;

/**
 * A function's MC/DC bitmap and value sites, for inputs that agree on the number of bitmap bytes
 * (LLVM merges neither bitmap nor values of an input whose bitmap size differs).
 */
final class BitmapValuesVersion extends Variants.Variant<BitmapValuesVersion> {
    private final byte[] bitmap;
    @SuppressWarnings("unchecked")
    private final Variants<KindValues>[] kinds = new Variants[ValueKind.COUNT];

    /**
     * A kind whose every contribution so far had no sites is left null: its one version would have
     * exactly this payload's contributions and earliest position (each is added to both, in step),
     * so it is made from them when it is first needed ({@link #kindOf}). Most functions have no
     * value sites of most kinds, and a version costs a few hundred bytes.
     */
    BitmapValuesVersion(ProfileRecord record, long weight, long position, long countSum, SiteKeeping keeping) {
        super(position, countSum);
        this.bitmap = record.bitmap().length == 0 ? NO_BITMAP : record.bitmap().clone();
        for (int k = 0; k < ValueKind.COUNT; k++) {
            ValueSite[] sites = record.sites(ValueKind.of(k));
            if (sites.length > 0) {
                kinds[k] = new Variants<>(KindValues.of(sites, weight, position, countSum, keeping));
            }
        }
    }

    private static final byte[] NO_BITMAP = new byte[0];

    private BitmapValuesVersion(long minPos) {
        this(minPos, NO_BITMAP);
    }

    private BitmapValuesVersion(long minPos, byte[] bitmap) {
        super(minPos, 0);
        this.bitmap = bitmap.length == 0 ? NO_BITMAP : bitmap;
    }

    /** A payload without bitmap or value sites, with {@code contributors} since {@code minPos}. */
    static BitmapValuesVersion mirror(long minPos, Contributors contributors) {
        BitmapValuesVersion p = new BitmapValuesVersion(minPos);
        p.replaceContributors(contributors);
        return p;
    }

    /**
     * The payload of a function held in {@link FunctionColumns}: {@code bitmap}, and the value sites
     * of each kind that has any ({@code sites} may be null), every part contributed to by {@code who}
     * since {@code minPos}. Kinds without sites stay implicit, as a record without them leaves them.
     */
    static BitmapValuesVersion ofColumns(byte[] bitmap, SiteValues[][] sites, long minPos, Contributors who) {
        BitmapValuesVersion p = new BitmapValuesVersion(minPos, bitmap);
        p.replaceContributors(who.copy());
        for (int k = 0; sites != null && k < ValueKind.COUNT; k++) {
            if (sites[k].length > 0) {
                KindValues kind = KindValues.ofSummed(sites[k], minPos);
                kind.replaceContributors(who.copy());
                p.kinds[k] = new Variants<>(kind);
            }
        }
        return p;
    }

    /** The versions of kind {@code k}, made from this payload's contributions if still implicit. */
    private Variants<KindValues> kindOf(int k) {
        if (kinds[k] == null) {
            KindValues none = KindValues.of(new ValueSite[0], 1, minPos(), 0, SiteKeeping.EXACT);
            none.replaceContributors(contributors().copy());
            kinds[k] = new Variants<>(none);
        }
        return kinds[k];
    }

    /**
     * {@code absorb(new BitmapValuesVersion(record, weight, position, countSum, keeping))} for a record with this
     * payload's bitmap size, without building the one-input payload.
     */
    void addInPlace(ProfileRecord record, long weight, long position, long countSum, SiteKeeping keeping) {
        byte[] incoming = record.bitmap();
        for (int i = 0; i < bitmap.length; i++) {
            bitmap[i] |= incoming[i];
        }
        for (int k = 0; k < ValueKind.COUNT; k++) {
            ValueSite[] sites = record.sites(ValueKind.of(k));
            if (sites.length == 0 && kinds[k] == null) {
                continue; // still implicit: the contribution below stands for it
            }
            Variants<KindValues> variants = kindOf(k);
            if (variants.winner().key() == sites.length) {
                variants.winner().addInPlace(sites, weight, position, countSum);
            } else {
                variants.absorb(KindValues.of(sites, weight, position, countSum, keeping.ofLaterRecord()));
            }
        }
        addContribution(position, countSum);
    }

    @Override
    long key() {
        return bitmap.length;
    }

    @Override
    void absorbData(BitmapValuesVersion other) {
        for (int i = 0; i < bitmap.length; i++) {
            bitmap[i] |= other.bitmap[i];
        }
        for (int k = 0; k < ValueKind.COUNT; k++) {
            if (kinds[k] == null && other.kinds[k] == null) {
                continue; // both implicit: the payloads' own absorb covers them
            }
            // Made explicit before the payload's own contributions change (absorb adds them after).
            kindOf(k).absorbAll(other.kindOf(k));
        }
    }

    /** Replaces this bulk payload's (empty) value sites by the summed {@code values}. */
    void useBulkValues(BulkValues values, Contributors many) {
        for (int k = 0; k < ValueKind.COUNT; k++) {
            SiteValues[] sites = values.sites(k);
            if (sites.length == 0) {
                // Implicit: this payload holds {@code many} since {@code many.position(0)} too.
                kinds[k] = null;
                continue;
            }
            KindValues bulk = KindValues.ofSummed(sites, many.position(0));
            bulk.replaceContributors(many.copy());
            kinds[k] = new Variants<>(bulk);
        }
    }

    /** Makes this single-input payload stand for the bulk contribution {@code many}. */
    void replaceContributorsEverywhere(Contributors many) {
        replaceContributors(many.copy());
        for (Variants<KindValues> k : kinds) {
            if (k != null) { // implicit kinds follow the payload's contributions
                k.winner().replaceContributors(many.copy());
            }
        }
    }

    byte[] bitmap() {
        return bitmap.clone();
    }

    /** The versions of kind {@code k} as held: null while implicit. */
    Variants<KindValues> heldKind(int k) {
        return kinds[k];
    }

    /**
     * A payload as a decoded state held it ({@link MergeStateCodec}); {@code kinds} by value kind,
     * null entries implicit.
     */
    static BitmapValuesVersion restore(byte[] bitmap, long minPos, Contributors contributors, Variants<KindValues>[] kinds) {
        BitmapValuesVersion p = new BitmapValuesVersion(minPos, bitmap);
        p.restore(minPos, contributors);
        System.arraycopy(kinds, 0, p.kinds, 0, ValueKind.COUNT);
        return p;
    }

    /** The versions of kind {@code k} that LLVM drops (none while the kind is implicit). */
    List<KindValues> kindLosers(int k) {
        return kinds[k] == null ? List.of() : kinds[k].losers();
    }

    ValueSite[][] finishSites(int limit) {
        ValueSite[][] out = new ValueSite[ValueKind.COUNT][];
        for (int k = 0; k < ValueKind.COUNT; k++) {
            out[k] = kinds[k] == null ? new ValueSite[0] : kinds[k].winner().finish(limit);
        }
        return out;
    }
}
