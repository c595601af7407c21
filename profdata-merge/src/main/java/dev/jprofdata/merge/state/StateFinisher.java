package dev.jprofdata.merge.state;

import dev.jprofdata.format.ProfileContents.NameGroup;
import dev.jprofdata.format.OffloadData;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.offload.UniformityRule;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;
import dev.jprofdata.merge.MergeProblem;
import dev.jprofdata.merge.ValueMerge;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Turns a merge state into the records to write: picks, for every function, the versions LLVM
 * would have kept, finishes value sites, applies the name filter and {@code --sparse}, and lists
 * what was dropped.
 */
public final class StateFinisher {
    private StateFinisher() {
    }

    /** At most this many values per site survive, as in LLVM. */
    public static final int MAX_VALUES_PER_SITE = 255;

    /** The records to write and the problems met. */
    public record Finished(
            List<NameGroup> groups,
            List<RecordProblem> problems,
            long functionsBeforeFilter,
            long functionsRemovedByFilter,
            long droppedCount) {
    }

    /**
     * Whether {@code record}, the only one of its name and hash in a merge and of weight 1, comes
     * out of the merge unchanged (what {@link #finish} then does without building anything).
     */
    public static boolean keptAsIs(ProfileRecord record) {
        return NameEntry.keptAsIs(record, MAX_VALUES_PER_SITE, false);
    }

    /**
     * {@link #keptAsIs(ProfileRecord)} for a merge with {@code valueMerge}: {@link ValueMerge#LLVM}
     * leaves a value repeated in a site as it is, where the exact merge adds the copies up.
     */
    public static boolean keptAsIs(ProfileRecord record, ValueMerge valueMerge) {
        return NameEntry.keptAsIs(record, MAX_VALUES_PER_SITE, valueMerge == ValueMerge.LLVM);
    }

    public static Finished finish(MergeState state, Predicate<String> nameFilter, boolean sparse) {
        return finish(state, nameFilter, sparse, UniformityRule.DEFAULT);
    }

    /**
     * As {@link #finish(MergeState, Predicate, boolean)}, deciding GPU block uniformity with {@code rule}.
     * The state's records are consumed (its flat records resolved into it, each function taken out
     * as it is finished): afterwards only its binary IDs, traces and vtable names may be used.
     */
    public static Finished finish(MergeState state, Predicate<String> nameFilter, boolean sparse,
            UniformityRule rule) {
        Map<String, Direct> direct = resolveFlat(state);
        FunctionColumns columns = state.columns();
        // Every name once, with the column slot that alone holds it where there is one (the
        // common case, finished without looking the name up again), else -1.
        int capacity = state.names().size() + direct.size() + (columns == null ? 0 : columns.live());
        String[] all = new String[capacity];
        int[] onlySlot = new int[capacity];
        int count = 0;
        for (String name : state.names().keySet()) {
            all[count] = name;
            onlySlot[count++] = -1;
        }
        if (columns != null) {
            for (int s = 0; s < columns.size(); s++) {
                String name = columns.name(s);
                if (columns.isFirstOfName(s) && !state.names().containsKey(name)
                        && (!columns.isDemoted(s) || columns.holdsName(name))) {
                    all[count] = name;
                    onlySlot[count++] = columns.isOnlyOfName(s) ? s : -1;
                }
            }
        }
        for (String name : direct.keySet()) {
            all[count] = name;
            onlySlot[count++] = -1;
        }
        String[] names = java.util.Arrays.copyOf(all, count);
        int[] order = NameOrder.order(names);
        FinishedGroups groups = new FinishedGroups(columns, count);
        Map<Long, RecordProblem> problems = new HashMap<>();
        long[] dropped = new long[1];
        long removed = 0;
        for (int index : order) {
            String name = names[index];
            int only = onlySlot[index];
            if (only >= 0) {
                // Built when the output is written (FinishedGroups): never all held as objects.
                if (columns.overflowPos(only) >= 0) {
                    keepFirst(problems, new RecordProblem(columns.overflowPos(only), name,
                            MergeProblem.Kind.COUNTER_OVERFLOW, 0));
                }
                columns.finishSites(only, MAX_VALUES_PER_SITE);
                if (nameFilter != null && !nameFilter.test(name)) {
                    removed++;
                } else if (!sparse || !columns.isAllZero(only)) {
                    groups.addSlot(name, only, columns.creatorPos(only));
                }
                continue;
            }
            Direct flat = direct.get(name);
            int[] columnSlots = columns == null || flat != null ? NO_SLOTS : columns.slotsOf(name);
            List<ProfileRecord> records;
            long firstSeen;
            if (flat != null) {
                records = List.of(flat.record());
                firstSeen = flat.records().firstPosition(flat.slot());
            } else if (columnSlots.length > 0) {
                NameEntry entry = state.names().remove(name);
                List<Created> created = new ArrayList<>(columnSlots.length);
                for (int slot : columnSlots) {
                    if (columns.overflowPos(slot) >= 0) {
                        keepFirst(problems, new RecordProblem(columns.overflowPos(slot), name,
                                MergeProblem.Kind.COUNTER_OVERFLOW, 0));
                    }
                    created.add(new Created(columns.creatorPos(slot), columns.finish(slot, MAX_VALUES_PER_SITE)));
                }
                if (entry != null) {
                    for (RecordAggregate a : entry.inCreationOrder(state.keeping())) {
                        created.add(new Created(a.creatorPos(), finishRecord(name, a, problems, dropped, rule)));
                    }
                }
                created.sort(Comparator.comparingLong(Created::position));
                if (created.size() == 1) {
                    records = List.of(created.get(0).record()); // NameGroup would copy a list of another kind
                } else {
                    records = new ArrayList<>(created.size());
                    for (Created c : created) {
                        records.add(c.record());
                    }
                }
                firstSeen = created.get(0).position();
            } else {
                // Taken out of the state as it is finished: the merged value sites of a function
                // can be collected while later ones are finished, so the state and the finished
                // records are not both held whole at the peak.
                NameEntry entry = state.names().remove(name);
                ProfileRecord verbatim = entry.verbatimSolo(MAX_VALUES_PER_SITE);
                if (verbatim != null) {
                    records = List.of(verbatim);
                    firstSeen = entry.soloPosition();
                } else {
                    List<RecordAggregate> aggregates = entry.inCreationOrder(state.keeping());
                    records = new ArrayList<>(aggregates.size());
                    for (RecordAggregate a : aggregates) {
                        records.add(finishRecord(name, a, problems, dropped, rule));
                    }
                    firstSeen = aggregates.get(0).creatorPos();
                }
            }
            if (nameFilter != null && !nameFilter.test(name)) {
                removed++;
                continue;
            }
            if (sparse && records.stream().allMatch(ProfileRecord::isAllZero)) {
                continue;
            }
            groups.addGroup(new NameGroup(name, records, firstSeen));
        }
        if (columns != null) {
            columns.releaseMergingColumns();
        }
        List<RecordProblem> ordered = new ArrayList<>(problems.values());
        ordered.sort(Comparator.comparingLong(RecordProblem::position));
        return new Finished(groups, ordered, count, removed, dropped[0]);
    }

    private static final int[] NO_SLOTS = new int[0];

    /** A finished record of one name, with the position of the input record that created it. */
    private record Created(long position, ProfileRecord record) {
    }

    /** A flat record that becomes an output record as it is: slot {@code slot} of {@code records}. */
    private record Direct(SummedRecords records, int slot) {
        ProfileRecord record() {
            return new ProfileRecord(records.name(slot), records.hash(slot), records.counts(slot), new byte[0],
                    ProfileRecord.noValueSites(), null);
        }
    }

    /**
     * {@code flat} with the blocks of one binary's runs added up into the first of them (where
     * {@link SummedRecords#absorb} takes them), in their order.
     */
    static List<SummedRecords> addedUp(List<SummedRecords> flat) {
        List<SummedRecords> blocks = new ArrayList<>();
        for (SummedRecords f : flat) {
            boolean absorbed = false;
            for (int i = 0; i < blocks.size() && !absorbed; i++) {
                absorbed = blocks.get(i).absorb(f);
            }
            if (!absorbed) {
                blocks.add(f);
            }
        }
        return blocks;
    }

    /**
     * Adds up with the rest of the state every flat record whose name the state or another flat
     * record also holds; returns the others by name.
     */
    private static Map<String, Direct> resolveFlat(MergeState state) {
        Map<String, Direct> direct = new HashMap<>();
        Map<String, NameEntry> names = state.names();
        FunctionColumns columns = state.columns();
        List<Direct> shared = new ArrayList<>();
        List<SummedRecords> blocks = addedUp(state.flat());
        for (SummedRecords f : blocks) {
            for (int r = 0; r < f.size(); r++) {
                if (!f.isFlat(r)) {
                    continue;
                }
                String name = f.name(r);
                Direct d = new Direct(f, r);
                if (names.containsKey(name) || (columns != null && columns.holdsName(name))) {
                    shared.add(d);
                } else {
                    Direct earlier = direct.putIfAbsent(name, d);
                    if (earlier != null) {
                        shared.add(d);
                    }
                }
            }
        }
        for (Direct d : shared) {
            Direct earlier = direct.remove(d.records().name(d.slot()));
            if (earlier != null) {
                addUp(state, earlier);
            }
            addUp(state, d);
        }
        state.flat().clear();
        return direct;
    }

    private static void addUp(MergeState state, Direct d) {
        SummedRecords f = d.records();
        state.addSummed(f.name(d.slot()), f.hash(d.slot()), f.counts(d.slot()), f.contribution(d.slot()), null);
    }

    private static ProfileRecord finishRecord(
            String name, RecordAggregate aggregate, Map<Long, RecordProblem> problems, long[] dropped,
            UniformityRule rule) {
        Variants<CountersVersion> shapes = aggregate.shapes();
        for (CountersVersion lost : shapes.losers()) {
            report(name, lost.contributors(), MergeProblem.Kind.COUNT_MISMATCH, problems, dropped);
        }
        CountersVersion shape = shapes.winner();
        if (shape.overflowPos() >= 0) {
            keepFirst(problems, new RecordProblem(shape.overflowPos(), name, MergeProblem.Kind.COUNTER_OVERFLOW, 0));
        }
        byte[] bitmap = new byte[0];
        ValueSite[][] sites = ProfileRecord.noValueSites();
        if (!shape.payloadImplicit()) { // an implicit payload has no bitmap, no sites, no losers
            Variants<BitmapValuesVersion> payloads = shape.payloads();
            for (BitmapValuesVersion lost : payloads.losers()) {
                report(name, lost.contributors(), MergeProblem.Kind.BITMAP_MISMATCH, problems, null);
            }
            BitmapValuesVersion payload = payloads.winner();
            for (int k = 0; k < ValueKind.COUNT; k++) {
                for (KindValues lost : payload.kindLosers(k)) {
                    report(name, lost.contributors(), MergeProblem.Kind.VALUE_SITE_MISMATCH, problems, null);
                }
            }
            bitmap = payload.bitmap();
            sites = payload.finishSites(MAX_VALUES_PER_SITE);
        }
        long[] counts = shape.counts();
        long[] waves = shape.waves();
        byte[] bits = aggregate.uniformityBits(counts.length, waves == null ? 0 : waves.length, rule);
        OffloadData offload = bits == null && waves == null ? null : new OffloadData(0, null, bits, waves);
        return new ProfileRecord(name, aggregate.hash, counts, bitmap, sites, offload);
    }

    /**
     * Lists the records of a dropped version. Only counter mismatches lose counts; bitmap and
     * value-site mismatches keep the counters and lose bitmap bytes or value data.
     */
    private static void report(String name, Contributors lost, MergeProblem.Kind kind,
            Map<Long, RecordProblem> problems, long[] dropped) {
        for (int i = 0; i < lost.kept(); i++) {
            long pos = lost.position(i);
            long count = dropped == null ? 0 : lost.countSum(i);
            keepFirst(problems, new RecordProblem(pos, name, kind, count));
        }
        if (dropped != null) {
            dropped[0] = Saturating.add(dropped[0], lost.totalCountSum());
        }
    }

    /** LLVM reports only the first problem of each record, in the order of {@link MergeProblem.Kind}. */
    private static void keepFirst(Map<Long, RecordProblem> problems, RecordProblem p) {
        problems.merge(p.position(), p, (a, b) -> a.kind().ordinal() <= b.kind().ordinal() ? a : b);
    }
}
