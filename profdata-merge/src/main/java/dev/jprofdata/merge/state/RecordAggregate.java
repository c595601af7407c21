package dev.jprofdata.merge.state;

import dev.jprofdata.format.ProfileRecord;

/** Everything merged so far for one (function name, function hash) pair. */
final class RecordAggregate {
    final long hash;
    private final Variants<Shape> shapes;

    RecordAggregate(ProfileRecord record, long weight, long position) {
        this.hash = record.hash();
        this.shapes = new Variants<>(Shape.of(record, weight, position));
    }

    void add(ProfileRecord record, long weight, long position) {
        shapes.absorb(Shape.of(record, weight, position));
    }

    void absorb(RecordAggregate other) {
        shapes.absorbAll(other.shapes);
    }

    /** Position of the input record that created this pair in a sequential merge. */
    long creatorPos() {
        return shapes.winner().minPos();
    }

    Variants<Shape> shapes() {
        return shapes;
    }
}
