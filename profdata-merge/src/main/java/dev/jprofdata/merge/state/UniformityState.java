package dev.jprofdata.merge.state;

import dev.jprofdata.format.OffloadData;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.offload.UniformityBits;
import dev.jprofdata.format.offload.UniformityRule;
import java.util.HashMap;
import java.util.Map;

/**
 * The uniformity evidence merged so far for one (name, hash), kept per number of counters and of
 * wave counters (only the version of the function that wins is written, see {@link CountersVersion}).
 *
 * <p>An associative, commutative combine, like the rest of the state: per counter index, inputs
 * with raw uniform counts add their weighted totals and weighted uniform counts (saturating);
 * inputs that carry only bits (indexed v14) AND them; inputs without uniformity data add nothing.
 * The threshold rule is applied once, in {@link #finish}, to the summed counts, and the result is
 * AND-ed with the bits.
 */
final class UniformityState {
    private final Map<Long, Evidence> byLength = new HashMap<>(2);

    /** Evidence for functions with a given number of counters. */
    private static final class Evidence {
        long[] totals;
        long[] uniform;
        byte[] bits;

        void absorb(Evidence o) {
            if (o.totals != null) {
                if (totals == null) {
                    totals = o.totals.clone();
                    uniform = o.uniform.clone();
                } else {
                    for (int i = 0; i < totals.length; i++) {
                        totals[i] = Saturating.add(totals[i], o.totals[i]);
                        uniform[i] = Saturating.add(uniform[i], o.uniform[i]);
                    }
                }
            }
            if (o.bits != null) {
                andBits(o.bits);
            }
        }

        void andBits(byte[] other) {
            if (bits == null) {
                bits = other.clone();
            } else {
                for (int i = 0; i < bits.length; i++) {
                    bits[i] &= other[i];
                }
            }
        }
    }

    /** Whether a record brings anything this state keeps. */
    static boolean carries(ProfileRecord r) {
        OffloadData d = r.offload();
        return d != null && (d.hasUniformCounts() || d.hasBits()) && !r.isPseudo();
    }

    void add(ProfileRecord r, long weight) {
        OffloadData d = r.offload();
        int n = r.counts().length;
        Evidence e = new Evidence();
        if (d.hasUniformCounts() && d.uniformCounts().length == n) {
            e.totals = new long[n];
            e.uniform = new long[n];
            for (int i = 0; i < n; i++) {
                e.totals[i] = Saturating.multiply(r.counts()[i], weight);
                e.uniform[i] = Saturating.multiply(d.uniformCounts()[i], weight);
            }
        }
        // Bits of another length belong to another build of the function: ignored.
        if (d.hasBits() && d.uniformityBits().length == (n + 7) / 8) {
            e.bits = d.uniformityBits().clone();
        }
        if (e.totals != null || e.bits != null) {
            byLength.merge(key(n, d.waveCounts() == null ? 0 : d.waveCounts().length), e, (a, b) -> {
                a.absorb(b);
                return a;
            });
        }
    }

    void absorb(UniformityState other) {
        other.byLength.forEach((n, e) -> byLength.merge(n, e, (a, b) -> {
            a.absorb(b);
            return a;
        }));
    }

    /** What {@link #visit} hands over for each kept length, in ascending key order. */
    interface EvidenceVisitor {
        void evidence(long key, long[] totals, long[] uniform, byte[] bits);
    }

    /** Hands every piece of evidence to {@code visitor}, by ascending key (for the codec). */
    void visit(EvidenceVisitor visitor) {
        new java.util.TreeMap<>(byLength).forEach((key, e) -> visitor.evidence(key, e.totals, e.uniform, e.bits));
    }

    /**
     * Adds evidence as a decoded state held it ({@link MergeStateCodec}); {@code totals} and
     * {@code uniform} both null or of one length, {@code bits} may be null.
     */
    void restore(long key, long[] totals, long[] uniform, byte[] bits) {
        Evidence e = new Evidence();
        e.totals = totals;
        e.uniform = uniform;
        e.bits = bits;
        byLength.put(key, e);
    }

    /** Evidence is kept apart for records that {@link CountersVersion} keeps apart. */
    private static long key(int counters, int waves) {
        return ((long) waves << 32) | counters;
    }

    /**
     * The bits for the written version with {@code n} counters and {@code waves} wave counters, or
     * null when no input had any.
     */
    byte[] finish(int n, int waves, UniformityRule rule) {
        Evidence e = byLength.get(key(n, waves));
        if (e == null) {
            return null;
        }
        byte[] bits = e.totals != null ? rule.bits(e.totals, e.uniform) : UniformityBits.allUniform(n);
        if (e.bits != null) {
            for (int i = 0; i < bits.length; i++) {
                bits[i] &= e.bits[i];
            }
        }
        UniformityBits.fillUnused(bits, n);
        return bits;
    }
}
