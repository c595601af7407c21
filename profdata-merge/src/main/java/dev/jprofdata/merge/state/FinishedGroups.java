package dev.jprofdata.merge.state;

import dev.jprofdata.format.ProfileContents.GroupsOnDemand;
import dev.jprofdata.format.ProfileContents.NameGroup;
import dev.jprofdata.format.ProfileRecord;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;

/**
 * The finished functions of a merge, in output order: most are a column slot whose record is built
 * each time it is asked for ({@link FunctionColumns#record}), the others (functions with several
 * hashes, versions or GPU data, and flat records) groups built when the state was finished. So the
 * functions of a big merge are never all held as objects: each is built while the writer looks at
 * it and dropped after.
 */
final class FinishedGroups extends AbstractList<NameGroup> implements GroupsOnDemand {
    private final FunctionColumns columns;
    private String[] names;
    /** The column slot of each entry, or -1 for a group built already. */
    private int[] slots;
    private long[] firstSeen;
    private NameGroup[] built;
    private int size;
    private boolean hostOnly = true;

    FinishedGroups(FunctionColumns columns, int capacity) {
        this.columns = columns;
        int n = Math.max(1, capacity);
        names = new String[n];
        slots = new int[n];
        firstSeen = new long[n];
        built = new NameGroup[n];
    }

    /** Appends the function of column slot {@code slot} (its value sites finished). */
    void addSlot(String name, int slot, long first) {
        int i = next();
        names[i] = name;
        slots[i] = slot;
        firstSeen[i] = first;
    }

    /** Appends a group built already. */
    void addGroup(NameGroup group) {
        int i = next();
        names[i] = group.name();
        slots[i] = -1;
        built[i] = group;
        for (ProfileRecord r : group.records()) {
            hostOnly &= r.offload() == null;
        }
    }

    private int next() {
        if (size == names.length) {
            int n = size * 2;
            names = Arrays.copyOf(names, n);
            slots = Arrays.copyOf(slots, n);
            firstSeen = Arrays.copyOf(firstSeen, n);
            built = Arrays.copyOf(built, n);
        }
        return size++;
    }

    @Override
    public NameGroup get(int i) {
        java.util.Objects.checkIndex(i, size);
        if (slots[i] < 0) {
            return built[i];
        }
        return new NameGroup(names[i], List.of(columns.record(slots[i])), firstSeen[i]);
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public String name(int i) {
        java.util.Objects.checkIndex(i, size);
        return names[i];
    }

    @Override
    public boolean hostOnly() {
        return hostOnly;
    }
}
