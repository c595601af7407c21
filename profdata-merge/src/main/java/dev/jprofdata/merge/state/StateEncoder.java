package dev.jprofdata.merge.state;

import dev.jprofdata.format.TemporalTrace;
import dev.jprofdata.format.TemporalTraces;
import dev.jprofdata.format.ValueKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes the parts of a merge state in the layout of spec/spark.md, "Partial states". Functions
 * held column by column are written as the aggregates they become when demoted, which finish to the
 * same records; names are written in sorted order, so a state encodes to the same bytes however
 * its hash map happens to be laid out.
 */
final class StateEncoder {
    private final StateBytesOut out;
    private final SiteKeeping keeping;

    StateEncoder(StateBytesOut out, SiteKeeping keeping) {
        this.out = out;
        this.keeping = keeping;
    }

    void state(MergeState state) {
        List<byte[]> ids = state.binaryIds();
        out.number(ids.size());
        for (byte[] id : ids) {
            out.rawBytes(id);
        }
        out.number(state.traceSources().size());
        for (Map.Entry<Integer, TemporalTraces> e : state.traceSources().entrySet()) {
            out.number(e.getKey());
            out.number(e.getValue().streamSize());
            out.number(e.getValue().traces().size());
            for (TemporalTrace t : e.getValue().traces()) {
                out.word(t.weight());
                words(t.functionHashes());
            }
        }
        out.number(state.vtableNames().size());
        for (Map.Entry<Integer, List<String>> e : state.vtableNames().entrySet()) {
            out.number(e.getKey());
            out.number(e.getValue().size());
            for (String name : e.getValue()) {
                out.text(name);
            }
        }
        // Blocks of one binary's runs are added up first, as finishing would add them up (a
        // combined part would otherwise carry every part's block, and grow with the tree).
        List<SummedRecords> blocks = StateFinisher.addedUp(state.flat());
        state.flat().clear();
        state.flat().addAll(blocks);
        out.number(blocks.size());
        for (SummedRecords f : blocks) {
            flat(f);
        }
        state.demoteAll();
        List<String> names = new ArrayList<>(state.names().keySet());
        names.sort(null);
        out.number(names.size());
        for (String name : names) {
            out.text(name);
            List<RecordAggregate> aggregates = state.names().get(name).aggregates(keeping);
            out.number(aggregates.size());
            for (RecordAggregate a : aggregates) {
                aggregate(a);
            }
        }
    }

    private void flat(SummedRecords f) {
        int n = 0;
        for (int r = 0; r < f.size(); r++) {
            n += f.isFlat(r) ? 1 : 0;
        }
        out.number(n);
        for (int r = 0; r < f.size(); r++) {
            if (!f.isFlat(r)) {
                continue;
            }
            out.text(f.name(r));
            out.word(f.hash(r));
            out.numbers(f.counts(r));
            BulkContribution c = f.contribution(r);
            out.number(c.positions().length);
            for (int i = 0; i < c.positions().length; i++) {
                out.number(c.positions()[i]);
                out.number(c.countSums()[i]);
            }
            out.number(c.total());
            out.number(c.totalCountSum());
        }
    }

    private void aggregate(RecordAggregate a) {
        out.word(a.hash);
        UniformityState u = a.uniformity();
        out.flag(u != null);
        if (u != null) {
            List<Runnable> writes = new ArrayList<>();
            u.visit((key, totals, uniform, bits) -> writes.add(() -> {
                out.number(key);
                out.flag(totals != null);
                if (totals != null) {
                    out.numbers(totals);
                    out.numbers(uniform);
                }
                out.flag(bits != null);
                if (bits != null) {
                    out.rawBytes(bits);
                }
            }));
            out.number(writes.size());
            writes.forEach(Runnable::run);
        }
        Variants<CountersVersion> shapes = a.shapes();
        out.number(1 + shapes.losers().size());
        shape(shapes.winner());
        for (CountersVersion s : shapes.losers()) {
            shape(s);
        }
    }

    private void shape(CountersVersion s) {
        out.numbers(s.counts());
        long[] waves = s.waves();
        out.numbers(waves == null ? new long[0] : waves);
        out.flag(s.isPseudo());
        out.positionOrNone(s.overflowPos());
        variant(s);
        Variants<BitmapValuesVersion> payloads = s.heldPayloads();
        out.flag(payloads != null);
        if (payloads != null) {
            out.number(1 + payloads.losers().size());
            payload(payloads.winner());
            for (BitmapValuesVersion p : payloads.losers()) {
                payload(p);
            }
        }
    }

    private void payload(BitmapValuesVersion p) {
        out.rawBytes(p.bitmap());
        variant(p);
        for (int k = 0; k < ValueKind.COUNT; k++) {
            Variants<KindValues> kind = p.heldKind(k);
            out.flag(kind != null);
            if (kind != null) {
                out.number(1 + kind.losers().size());
                kindValues(kind.winner());
                for (KindValues v : kind.losers()) {
                    kindValues(v);
                }
            }
        }
    }

    private void kindValues(KindValues k) {
        variant(k);
        MergedSite[] sites = k.heldSites();
        out.number(sites.length);
        for (MergedSite site : sites) {
            if (!(site instanceof SiteValues s)) {
                throw new IllegalArgumentException("a state of LLVM's value merge cannot be encoded");
            }
            int n = s.size();
            out.number(n);
            for (int i = 0; i < n; i++) {
                out.word(s.value(i));
                out.number(s.sum(i));
                out.number(s.firstPos(i));
            }
            out.flag(s.hasWeightedFirsts());
            if (s.hasWeightedFirsts()) {
                for (int i = 0; i < n; i++) {
                    out.number(s.weightedFirstAt(i));
                    out.number(s.rawFirstAt(i));
                }
            }
        }
    }

    /** A version's earliest position and contributors. */
    private void variant(Variants.Variant<?> v) {
        out.number(v.minPos());
        Contributors c = v.contributors();
        out.number(c.kept());
        for (int i = 0; i < c.kept(); i++) {
            out.number(c.position(i));
            out.number(c.countSum(i));
        }
        out.number(c.total());
        out.number(c.totalCountSum());
    }

    private void words(long[] values) {
        out.number(values.length);
        for (long v : values) {
            out.word(v);
        }
    }
}
