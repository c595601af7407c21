package dev.jprofdata.merge.state;

import dev.jprofdata.format.ProfileRecord;

/**
 * A function's counters for inputs that agree on the number of counters, on the number of GPU wave
 * counters and on whether they carry pseudo counts (LLVM drops a later input's record entirely when
 * either differs; the offload fork does the same for a different number of wave counters).
 */
final class CountersVersion extends Variants.Variant<CountersVersion> {
    private final long[] counts;
    /** The offload fork's wave counters (raw v12, indexed v15), merged like counts; empty when none. */
    private final long[] waves;
    private final boolean pseudo;
    /**
     * Null while every contribution had no bitmap bytes and no value sites (and the counts are not
     * pseudo): the one payload version would then have exactly this shape's contributions and
     * earliest position, so it is made from them when first needed ({@link #payloads()}). Most
     * functions carry counters only, and a payload with its bookkeeping costs about 200 bytes.
     */
    private Variants<BitmapValuesVersion> payloads;
    /** Set when saturation or the counter cap was hit: position of the record that hit it. */
    private long overflowPos;

    private CountersVersion(long[] counts, long[] waves, boolean pseudo, long overflowPos, long position, long countSum,
            BitmapValuesVersion payload) {
        super(position, countSum);
        this.counts = counts;
        this.waves = waves;
        this.pseudo = pseudo;
        this.overflowPos = overflowPos;
        this.payloads = payload == null ? null : new Variants<>(payload);
    }

    /** One input record, its counters multiplied by the input's weight. */
    static CountersVersion of(ProfileRecord record, long weight, long position, SiteKeeping keeping) {
        // Pseudo counts are never scaled. (LLVM scales the record that creates a function, which
        // would clamp a weighted pseudo count into an ordinary capped count; we keep it pseudo:
        // see spec/merge.md.)
        boolean pseudo = record.isPseudo();
        long[] src = record.counts();
        long[] srcWaves = record.waveCounts() == null ? NO_WAVES : record.waveCounts();
        long[] counts = new long[src.length];
        long[] waves = srcWaves.length == 0 ? NO_WAVES : new long[srcWaves.length]; // empty: shared, never written
        boolean overflow = false;
        if (pseudo) {
            System.arraycopy(src, 0, counts, 0, src.length);
            System.arraycopy(srcWaves, 0, waves, 0, srcWaves.length);
        } else {
            overflow = scale(srcWaves, weight, waves) | scale(src, weight, counts);
        }
        long sum = 0;
        if (!pseudo) {
            for (long c : counts) {
                sum = Saturating.add(sum, c);
            }
        }
        long overflowPos = overflow ? position : -1;
        BitmapValuesVersion payload = pseudo || carriesPayload(record) ? new BitmapValuesVersion(record, weight, position, sum, keeping) : null;
        return new CountersVersion(counts, waves, pseudo, overflowPos, position, sum, payload);
    }

    private static final long[] NO_WAVES = new long[0];

    /** Whether a record brings anything a payload holds besides its contribution. */
    private static boolean carriesPayload(ProfileRecord record) {
        return record.bitmap().length != 0 || record.hasValueSites();
    }

    /** {@code out[i] = min(src[i] × weight, cap)}; whether any value was saturated or capped. */
    private static boolean scale(long[] src, long weight, long[] out) {
        boolean capped = false;
        for (int i = 0; i < src.length; i++) {
            long scaled = Saturating.multiply(src[i], weight);
            out[i] = Saturating.capCounter(scaled);
            capped |= out[i] != scaled;
        }
        return capped;
    }

    /**
     * Adds one input's record in place when it has this shape's key and no pseudo counts or wave
     * counters: the same as absorbing {@code CountersVersion.of(record, weight, position, keeping)}, without
     * building it. Returns false, changing nothing, when the record needs the general path.
     */
    boolean addInPlace(ProfileRecord record, long weight, long position, SiteKeeping keeping) {
        long[] src = record.counts();
        if (pseudo || waves.length != 0 || record.waveCounts() != null || src.length != counts.length
                || record.isPseudo()) {
            return false;
        }
        boolean incomingCapped = false;
        boolean overflow = false;
        long sum = 0;
        for (int i = 0; i < src.length; i++) {
            long scaled = weight == 1 ? src[i] : Saturating.multiply(src[i], weight);
            long capped = Saturating.capCounter(scaled);
            incomingCapped |= capped != scaled;
            sum = Saturating.add(sum, capped);
            long total = Saturating.add(counts[i], capped);
            long kept = Saturating.capCounter(total);
            overflow |= kept != total;
            counts[i] = kept;
        }
        if (overflow) {
            overflowPos = Math.max(overflowPos, Math.max(minPos(), position));
        }
        if (incomingCapped) {
            overflowPos = Math.max(overflowPos, position);
        }
        if (payloads != null || carriesPayload(record)) {
            // Made explicit (if still implicit) before this record's contribution is added below.
            Variants<BitmapValuesVersion> variants = payloads();
            BitmapValuesVersion payload = variants.winner();
            if (payload.key() == record.bitmap().length) {
                payload.addInPlace(record, weight, position, sum, keeping);
            } else {
                variants.absorb(new BitmapValuesVersion(record, weight, position, sum, keeping.ofLaterRecord()));
            }
        }
        addContribution(position, sum);
        return true;
    }

    @Override
    long key() {
        // Both lengths are below 2^31: counters in the low 32 bits (shifted for the pseudo flag),
        // wave counters above.
        return ((long) waves.length << 33) | (counts.length * 2L + (pseudo ? 1 : 0));
    }

    @Override
    void absorbData(CountersVersion other) {
        if (pseudo) {
            // Two pseudo-count records: hot wins over warm; nothing else is merged (as in LLVM).
            if (other.counts[0] == ProfileRecord.PSEUDO_HOT) {
                counts[0] = ProfileRecord.PSEUDO_HOT;
            }
            if (other.minPos() < minPos()) {
                System.arraycopy(other.counts, 1, counts, 1, counts.length - 1);
                System.arraycopy(other.waves, 0, waves, 0, waves.length);
                payloads = other.payloads;
            }
        } else {
            boolean overflow = false;
            for (int i = 0; i < counts.length; i++) {
                long sum = Saturating.add(counts[i], other.counts[i]);
                long capped = Saturating.capCounter(sum);
                overflow |= capped != sum;
                counts[i] = capped;
            }
            for (int i = 0; i < waves.length; i++) {
                long sum = Saturating.add(waves[i], other.waves[i]);
                long capped = Saturating.capCounter(sum);
                overflow |= capped != sum;
                waves[i] = capped;
            }
            if (overflow) {
                overflowPos = Math.max(overflowPos, Math.max(minPos(), other.minPos()));
            }
            if (payloads != null || other.payloads != null) {
                // Both made explicit before the shapes' own contributions are combined.
                payloads().absorbAll(other.payloads());
            }
        }
        if (other.overflowPos >= 0) {
            overflowPos = Math.max(overflowPos, other.overflowPos);
        }
    }

    long[] counts() {
        return counts.clone();
    }

    /** The merged wave counters, or null when the function has none. */
    long[] waves() {
        return waves.length == 0 ? null : waves.clone();
    }

    /**
     * A shape for {@code summed}, a record whose counters are already the weighted sums of many
     * inputs, contributed as {@code many} (see {@link BulkContribution}).
     */
    static CountersVersion ofBulk(ProfileRecord summed, Contributors many, BulkValues values) {
        CountersVersion s = of(summed, 1, many.position(0), SiteKeeping.EXACT); // no value sites: see below
        s.replaceContributors(many.copy());
        if (s.payloads != null) {
            s.payloads.winner().replaceContributorsEverywhere(many);
        }
        if (values != null) {
            // An implicit payload now mirrors {@code many}, as an explicit one would hold it.
            s.payloads().winner().useBulkValues(values, many);
        }
        return s;
    }

    /**
     * The shape of a function held in {@link FunctionColumns}: {@code counts} (already weighted,
     * summed and capped), one version of everything, every part contributed to by {@code who};
     * {@code sites} per kind, or null when the function has no value sites.
     */
    static CountersVersion ofColumns(long[] counts, byte[] bitmap, SiteValues[][] sites, Contributors who, long overflowPos) {
        long first = who.position(0);
        BitmapValuesVersion payload = bitmap.length != 0 || sites != null ? BitmapValuesVersion.ofColumns(bitmap, sites, first, who) : null;
        CountersVersion s = new CountersVersion(counts, NO_WAVES, false, overflowPos, first, 0, payload);
        s.replaceContributors(who.copy());
        return s;
    }

    /** The payload versions, made from this shape's contributions if still implicit. */
    Variants<BitmapValuesVersion> payloads() {
        if (payloads == null) {
            payloads = new Variants<>(BitmapValuesVersion.mirror(minPos(), contributors().copy()));
        }
        return payloads;
    }

    /** Whether the payload is still implicit: no bitmap, no value sites, nothing dropped. */
    boolean payloadImplicit() {
        return payloads == null;
    }

    long overflowPos() {
        return overflowPos;
    }

    boolean isPseudo() {
        return pseudo;
    }

    /** The payload versions as held: null while implicit ({@link #payloadImplicit}). */
    Variants<BitmapValuesVersion> heldPayloads() {
        return payloads;
    }

    /** A shape as a decoded state held it ({@link MergeStateCodec}); {@code payloads} null: implicit. */
    static CountersVersion restore(long[] counts, long[] waves, boolean pseudo, long overflowPos, long minPos,
            Contributors contributors, Variants<BitmapValuesVersion> payloads) {
        CountersVersion s = new CountersVersion(counts, waves.length == 0 ? NO_WAVES : waves, pseudo, overflowPos, minPos, 0, null);
        s.restore(minPos, contributors);
        s.payloads = payloads;
        return s;
    }
}
