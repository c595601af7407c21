package dev.jprofdata.merge.state;

import dev.jprofdata.format.ProfileRecord;

/**
 * A function's counters for inputs that agree on the number of counters and on whether they carry
 * pseudo counts (LLVM drops a later input's record entirely when either differs).
 */
final class Shape implements Variants.Variant<Shape> {
    private long minPos;
    private final long[] counts;
    private final boolean pseudo;
    private Variants<Payload> payloads;
    private final Contributors contributors;
    /** Set when saturation or the counter cap was hit: position of the record that hit it. */
    private long overflowPos = -1;

    Shape(ProfileRecord record, long weight, long position) {
        this.minPos = position;
        // Pseudo counts are never scaled. (LLVM scales the record that creates a function, which
        // would clamp a weighted pseudo count into an ordinary capped count; we keep it pseudo:
        // see spec/merge.md.)
        this.pseudo = record.isPseudo();
        long[] src = record.counts();
        this.counts = new long[src.length];
        long sum = 0;
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
        this.contributors = new Contributors(position, sum);
        this.payloads = new Variants<>(new Payload(record, weight, position, sum));
    }

    @Override
    public long key() {
        return counts.length * 2L + (pseudo ? 1 : 0);
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
    public void absorb(Shape other) {
        if (pseudo) {
            // Two pseudo-count records: hot wins over warm; nothing else is merged (as in LLVM).
            if (other.counts[0] == ProfileRecord.PSEUDO_HOT) {
                counts[0] = ProfileRecord.PSEUDO_HOT;
            }
            if (other.minPos < minPos) {
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
                overflowPos = Math.max(overflowPos, Math.max(minPos, other.minPos));
            }
            payloads.absorbAll(other.payloads);
        }
        if (other.overflowPos >= 0) {
            overflowPos = Math.max(overflowPos, other.overflowPos);
        }
        contributors.absorb(other.contributors);
        minPos = Math.min(minPos, other.minPos);
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

    boolean isAllZero(byte[] bitmap) {
        for (long c : counts) {
            if (c != 0) {
                return false;
            }
        }
        for (byte b : bitmap) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }
}
