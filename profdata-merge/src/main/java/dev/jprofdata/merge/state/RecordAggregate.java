package dev.jprofdata.merge.state;

import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.offload.UniformityRule;

/** Everything merged so far for one (function name, function hash) pair. */
final class RecordAggregate {
    final long hash;
    private final Variants<CountersVersion> shapes;
    /** GPU uniformity evidence; null until a record brings some (host functions never do). */
    private UniformityState uniformity;

    RecordAggregate(ProfileRecord record, long weight, long position, SiteKeeping keeping) {
        this.hash = record.hash();
        this.shapes = new Variants<>(CountersVersion.of(record, weight, position, keeping));
        addUniformity(record, weight);
    }

    private void addUniformity(ProfileRecord record, long weight) {
        if (UniformityState.carries(record)) {
            if (uniformity == null) {
                uniformity = new UniformityState();
            }
            uniformity.add(record, weight);
        }
    }

    /** Uniformity bits for the written version with {@code numCounters} counters and {@code numWaves} wave counters, or null. */
    byte[] uniformityBits(int numCounters, int numWaves, UniformityRule rule) {
        return uniformity == null ? null : uniformity.finish(numCounters, numWaves, rule);
    }

    RecordAggregate(long hash, CountersVersion bulk) {
        this.hash = hash;
        this.shapes = new Variants<>(bulk);
    }

    /** A pair as a decoded state held it ({@link MergeStateCodec}); {@code uniformity} may be null. */
    RecordAggregate(long hash, Variants<CountersVersion> shapes, UniformityState uniformity) {
        this.hash = hash;
        this.shapes = shapes;
        this.uniformity = uniformity;
    }

    /** The GPU uniformity evidence, or null. */
    UniformityState uniformity() {
        return uniformity;
    }

    void addShape(CountersVersion bulk) {
        shapes.absorb(bulk);
    }

    void add(ProfileRecord record, long weight, long position, SiteKeeping keeping) {
        // Almost always the record has the shape merged so far: add it in place. Only a record whose
        // key matches the winner goes there in Variants.absorb too, so this is the same.
        CountersVersion winner = shapes.winner();
        if (!winner.addInPlace(record, weight, position, keeping)) {
            shapes.absorb(CountersVersion.of(record, weight, position, keeping.ofLaterRecord()));
        }
        addUniformity(record, weight);
    }

    void absorb(RecordAggregate other) {
        shapes.absorbAll(other.shapes);
        if (other.uniformity != null) {
            if (uniformity == null) {
                uniformity = other.uniformity;
            } else {
                uniformity.absorb(other.uniformity);
            }
        }
    }

    /** Position of the input record that created this pair in a sequential merge. */
    long creatorPos() {
        return shapes.winner().minPos();
    }

    Variants<CountersVersion> shapes() {
        return shapes;
    }
}
