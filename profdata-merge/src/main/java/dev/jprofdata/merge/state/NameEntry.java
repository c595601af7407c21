package dev.jprofdata.merge.state;

import dev.jprofdata.format.ProfileRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * All hashes merged for one function name. Different hashes (a changed control flow, or a
 * context-sensitive and a plain record) are kept side by side, as LLVM does.
 */
final class NameEntry {
    private RecordAggregate first;
    private List<RecordAggregate> more;

    NameEntry(RecordAggregate first) {
        this.first = first;
    }

    void add(ProfileRecord record, long weight, long position) {
        RecordAggregate existing = find(record.hash());
        if (existing != null) {
            existing.add(record, weight, position);
        } else {
            append(new RecordAggregate(record, weight, position));
        }
    }

    void addShape(long hash, Shape bulk) {
        RecordAggregate existing = find(hash);
        if (existing != null) {
            existing.addShape(bulk);
        } else {
            append(new RecordAggregate(hash, bulk));
        }
    }

    void absorb(NameEntry other) {
        absorbOne(other.first);
        if (other.more != null) {
            for (RecordAggregate r : other.more) {
                absorbOne(r);
            }
        }
    }

    private void absorbOne(RecordAggregate incoming) {
        RecordAggregate existing = find(incoming.hash);
        if (existing != null) {
            existing.absorb(incoming);
        } else {
            append(incoming);
        }
    }

    private RecordAggregate find(long hash) {
        if (first.hash == hash) {
            return first;
        }
        if (more != null) {
            for (RecordAggregate r : more) {
                if (r.hash == hash) {
                    return r;
                }
            }
        }
        return null;
    }

    private void append(RecordAggregate r) {
        if (more == null) {
            more = new ArrayList<>(2);
        }
        more.add(r);
    }

    /** The records in the order their hashes were first seen in a sequential merge. */
    List<RecordAggregate> inCreationOrder() {
        List<RecordAggregate> all = new ArrayList<>(1 + (more == null ? 0 : more.size()));
        all.add(first);
        if (more != null) {
            all.addAll(more);
            all.sort((a, b) -> Long.compare(a.creatorPos(), b.creatorPos()));
        }
        return all;
    }
}
