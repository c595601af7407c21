package dev.jprofdata.merge.groups;

import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.raw.RawCounterLayout;
import dev.jprofdata.merge.state.BulkValues;
import java.util.ArrayList;
import java.util.List;

/**
 * Value sites shared by the binary groups of one slice: the runs of different programs that link
 * the same functions (a test suite's programs and their common library) add those functions' value
 * sites into one {@link BulkValues} each, instead of one per program (spec/performance.md, "Many
 * programs": the sites were most of the live heap of such merges, and every collection of the old
 * generation walked all of them).
 *
 * <p>A record of a new group <em>borrows</em> the sites of an earlier group's record with the same
 * name reference, function hash, profile kind, number of counters and number of sites of every
 * value kind: its runs' sites are added there, and it enters the merge state with empty sites of
 * that shape (or not at all, when its counters go into the owner's record as well: see
 * {@code BinaryGroups.addSharedFunctions}).
 * Every value therefore still counts once, with the position of the input that brought it, and the
 * merge state adds the owner's sites and the borrower's empty ones to what per-program sites would
 * have given: adding sites is associative and commutative. Groups that share sites are linked
 * ({@link Component}); if one of them cannot be emitted, the inputs of all of them are read the
 * ordinary way, so that no group's sites are lost or counted twice.
 *
 * <p>Records are matched by name reference (the MD5 the file gives), so that no program's names
 * need decoding before its runs are read (the decoded names of ten programs stayed live through
 * every collection). Equal references do not prove equal names: once the names are decoded, every
 * borrowing record's name is compared with its owner's ({@link #disagreeing}), and groups whose
 * names differ are read the ordinary way too.
 */
final class SharedValueSites {
    /** A record that borrowed, and the record whose sites it borrowed; to compare their names. */
    record Loan(Component borrower, RawCounterLayout layout, int record, Owner owner) {
    }

    /** Where a function's shared sites live: the record that owns them and its layout. */
    private record Owner(Component component, RawCounterLayout layout, int record, BulkValues sites) {
    }

    /**
     * A set of groups linked by sharing sites (union-find): each group has one, and sets join when
     * a record borrows and when a later slice's group is added to an earlier one.
     */
    static final class Component {
        private Component parent = this;

        Component root() {
            Component c = this;
            while (c.parent != c) {
                c.parent = c.parent.parent;
                c = c.parent;
            }
            return c;
        }

        void join(Component other) {
            Component a = root();
            Component b = other.root();
            if (a != b) {
                b.parent = a;
            }
        }
    }

    /**
     * The registered records, by name reference and function hash: open addressing over
     * {@link #refs}, {@link #hashes} and {@link #owners} (no key object per record).
     */
    private long[] refs = new long[1024];
    private long[] hashes = new long[1024];
    private Owner[] owners = new Owner[1024];
    private int registered;
    private final List<Loan> loans = new ArrayList<>();

    /**
     * Makes the records of a group ({@code layout}, its {@code sites} by record, of set
     * {@code component}) that own their sites available to later groups; a record already known
     * (its function registered by another group) is skipped.
     */
    void register(Component component, RawCounterLayout layout, BulkValues[] sites, boolean[] borrowed) {
        if (sites == null) {
            return;
        }
        for (int r = 0; r < sites.length; r++) {
            if (sites[r] != null && (borrowed == null || !borrowed[r])) {
                int slot = slot(layout.nameRef(r), layout.hash(r));
                if (owners[slot] == null) {
                    refs[slot] = layout.nameRef(r);
                    hashes[slot] = layout.hash(r);
                    owners[slot] = new Owner(component, layout, r, sites[r]);
                    if (++registered * 2 > owners.length) {
                        grow();
                    }
                }
            }
        }
    }

    /**
     * Points each record of a new group ({@code layout}, set {@code component}) whose function a
     * registered record of the same shape owns sites for at those sites: sets {@code sites[r]} and
     * {@code borrowed[r]}. Returns the loans, which take effect ({@link #commit}) once the group has
     * taken its first run: a run that cannot join leaves the group unused, and nothing borrowed.
     */
    List<Loan> borrow(Component component, RawCounterLayout layout, BulkValues[] sites, boolean[] borrowed) {
        if (registered == 0) {
            return List.of();
        }
        List<Loan> made = new ArrayList<>();
        for (int r = 0; r < sites.length; r++) {
            if (!hasSites(layout, r)) {
                continue;
            }
            Owner owner = owners[slot(layout.nameRef(r), layout.hash(r))];
            if (owner != null && sameShape(owner.layout, owner.record, layout, r)) {
                sites[r] = owner.sites;
                borrowed[r] = true;
                made.add(new Loan(component, layout, r, owner));
            }
        }
        return made;
    }

    /** Makes {@code made} ({@link #borrow}'s) count: the borrower's set joins each owner's. */
    void commit(List<Loan> made) {
        for (Loan loan : made) {
            loan.borrower.join(loan.owner.component);
        }
        loans.addAll(made);
    }

    /** Takes over the loans of {@code later}, another slice's, whose groups this slice's have absorbed. */
    void absorb(SharedValueSites later) {
        loans.addAll(later.loans);
        later.loans.clear();
    }

    /**
     * Adds to {@code failing} the set of every borrowing record whose name, once decoded, differs
     * from its owner's (or whose names do not decode): those records' runs were added to another
     * function's sites.
     */
    void disagreeing(java.util.Set<Component> failing) {
        for (Loan loan : loans) {
            Owner owner = loan.owner;
            if (!loan.layout.namesDecoded() || !owner.layout.namesDecoded()
                    || !loan.layout.name(loan.record).equals(owner.layout.name(owner.record))) {
                failing.add(loan.borrower.root());
            }
        }
    }

    /** The slot of ({@code ref}, {@code hash}): where it is registered, or the empty slot it would take. */
    private int slot(long ref, long hash) {
        int mask = owners.length - 1;
        long mixed = (ref ^ Long.rotateLeft(hash, 29)) * 0x9E37_79B9_7F4A_7C15L;
        for (int i = (int) (mixed >>> 40) & mask; ; i = (i + 1) & mask) {
            if (owners[i] == null || refs[i] == ref && hashes[i] == hash) {
                return i;
            }
        }
    }

    private void grow() {
        long[] oldRefs = refs;
        long[] oldHashes = hashes;
        Owner[] oldOwners = owners;
        refs = new long[2 * oldOwners.length];
        hashes = new long[2 * oldOwners.length];
        owners = new Owner[2 * oldOwners.length];
        for (int i = 0; i < oldOwners.length; i++) {
            if (oldOwners[i] != null) {
                int slot = slot(oldRefs[i], oldHashes[i]);
                refs[slot] = oldRefs[i];
                hashes[slot] = oldHashes[i];
                owners[slot] = oldOwners[i];
            }
        }
    }

    private static boolean hasSites(RawCounterLayout layout, int r) {
        for (int k = 0; k < ValueKind.COUNT; k++) {
            if (layout.siteCount(r, ValueKind.of(k)) > 0) {
                return true;
            }
        }
        return false;
    }

    private static boolean sameShape(RawCounterLayout a, int ra, RawCounterLayout b, int rb) {
        if (!a.kind().equals(b.kind()) || a.counterCount(ra) != b.counterCount(rb)) {
            return false;
        }
        for (int k = 0; k < ValueKind.COUNT; k++) {
            if (a.siteCount(ra, ValueKind.of(k)) != b.siteCount(rb, ValueKind.of(k))) {
                return false;
            }
        }
        return true;
    }
}
