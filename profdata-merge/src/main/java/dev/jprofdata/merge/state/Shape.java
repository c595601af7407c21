package dev.jprofdata.merge.state;

import dev.jprofdata.format.ProfileRecord;

/**
 * A function's counters for inputs that agree on the number of counters and on whether they carry
 * pseudo counts (LLVM drops a later input's record entirely when either differs).
 */
final class Shape extends Variants.Variant<Shape> {
    private final long[] counts;
    private final boolean pseudo;
    private Variants<Payload> payloads;
    /** Set when saturation or the counter cap was hit: position of the record that hit it. */
    private long overflowPos;

    private Shape(long[] counts, boolean pseudo, long overflowPos, long position, long countSum, Payload payload) {
        super(position, countSum);
        this.counts = counts;
        this.pseudo = pseudo;
        this.overflowPos = overflowPos;
        this.payloads = new Variants<>(payload);
    }

    /** One input record, its counters multiplied by the input's weight. */
    static Shape of(ProfileRecord record, long weight, long position) {
        // Pseudo counts are never scaled. (LLVM scales the record that creates a function, which
        // would clamp a weighted pseudo count into an ordinary capped count; we keep it pseudo:
        // see spec/merge.md.)
        boolean pseudo = record.isPseudo();
        long[] src = record.counts();
        long[] counts = new long[src.length];
        long sum = 0;
        long overflowPos = -1;
        if (pseudo) {
            System.arraycopy(src, 0, counts, 0, src.length);
        } else {
            for (int i = 0; i < src.length; i++) {
                long scaled = Saturating.multiply(src[i], weight);
                long capped = Saturating.capCounter(scaled);
                if (capped != scaled) {
                    overflowPos = position;
                }
                counts[i] = capped;
                sum = Saturating.add(sum, capped);
            }
        }
        return new Shape(counts, pseudo, overflowPos, position, sum, new Payload(record, weight, position, sum));
    }

    @Override
    long key() {
        return counts.length * 2L + (pseudo ? 1 : 0);
    }

    @Override
    void absorbData(Shape other) {
        if (pseudo) {
            // Two pseudo-count records: hot wins over warm; nothing else is merged (as in LLVM).
            if (other.counts[0] == ProfileRecord.PSEUDO_HOT) {
                counts[0] = ProfileRecord.PSEUDO_HOT;
            }
            if (other.minPos() < minPos()) {
                System.arraycopy(other.counts, 1, counts, 1, counts.length - 1);
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
            if (overflow) {
                overflowPos = Math.max(overflowPos, Math.max(minPos(), other.minPos()));
            }
            payloads.absorbAll(other.payloads);
        }
        if (other.overflowPos >= 0) {
            overflowPos = Math.max(overflowPos, other.overflowPos);
        }
    }

    long[] counts() {
        return counts.clone();
    }

    Variants<Payload> payloads() {
        return payloads;
    }

    long overflowPos() {
        return overflowPos;
    }
}
