package dev.jprofdata.merge.state;

import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;

/**
 * A function's MC/DC bitmap and value sites, for inputs that agree on the number of bitmap bytes
 * (LLVM merges neither bitmap nor values of an input whose bitmap size differs).
 */
final class Payload extends Variants.Variant<Payload> {
    private final byte[] bitmap;
    @SuppressWarnings("unchecked")
    private final Variants<KindValues>[] kinds = new Variants[ValueKind.COUNT];

    Payload(ProfileRecord record, long weight, long position, long countSum) {
        super(position, countSum);
        this.bitmap = record.bitmap().clone();
        for (ValueKind k : ValueKind.values()) {
            kinds[k.number()] = new Variants<>(KindValues.of(record.sites(k), weight, position, countSum));
        }
    }

    /**
     * {@code absorb(new Payload(record, weight, position, countSum))} for a record with this
     * payload's bitmap size, without building the one-input payload.
     */
    void addInPlace(ProfileRecord record, long weight, long position, long countSum) {
        byte[] incoming = record.bitmap();
        for (int i = 0; i < bitmap.length; i++) {
            bitmap[i] |= incoming[i];
        }
        for (ValueKind k : KINDS) {
            ValueSite[] sites = record.sites(k);
            Variants<KindValues> variants = kinds[k.number()];
            if (variants.winner().key() == sites.length) {
                variants.winner().addInPlace(sites, weight, position, countSum);
            } else {
                variants.absorb(KindValues.of(sites, weight, position, countSum));
            }
        }
        addContribution(position, countSum);
    }

    private static final ValueKind[] KINDS = ValueKind.values();

    @Override
    long key() {
        return bitmap.length;
    }

    @Override
    void absorbData(Payload other) {
        for (int i = 0; i < bitmap.length; i++) {
            bitmap[i] |= other.bitmap[i];
        }
        for (int k = 0; k < ValueKind.COUNT; k++) {
            kinds[k].absorbAll(other.kinds[k]);
        }
    }

    /** Replaces this bulk payload's (empty) value sites by the summed {@code values}. */
    void useBulkValues(BulkValues values, Contributors many) {
        for (int k = 0; k < ValueKind.COUNT; k++) {
            KindValues bulk = KindValues.ofSummed(values.sites(k), many.position(0));
            bulk.replaceContributors(many.copy());
            kinds[k] = new Variants<>(bulk);
        }
    }

    /** Makes this single-input payload stand for the bulk contribution {@code many}. */
    void replaceContributorsEverywhere(Contributors many) {
        replaceContributors(many.copy());
        for (Variants<KindValues> k : kinds) {
            k.winner().replaceContributors(many.copy());
        }
    }

    byte[] bitmap() {
        return bitmap.clone();
    }

    Variants<KindValues> kind(int k) {
        return kinds[k];
    }

    ValueSite[][] finishSites(int limit) {
        ValueSite[][] out = new ValueSite[ValueKind.COUNT][];
        for (int k = 0; k < ValueKind.COUNT; k++) {
            out[k] = kinds[k].winner().finish(limit);
        }
        return out;
    }
}
