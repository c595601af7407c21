package dev.jprofdata.merge.state;

import dev.jprofdata.merge.MergeStateFormatException;

import dev.jprofdata.format.TemporalTrace;
import dev.jprofdata.format.TemporalTraces;
import dev.jprofdata.format.ValueKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads what {@link StateEncoder} wrote back into a merge state. Besides the lengths (which
 * {@link StateBytesIn} checks) it checks what the state's code relies on without checking: every
 * version lists at least one contributor, in ascending positions; a pseudo shape has counters; a
 * kind has as many sites as its key says; uniformity evidence fits its function's counters.
 */
final class StateDecoder {
    private static final int MAX_CONTRIBUTORS = Contributors.LIMIT;

    private final StateBytesIn in;

    StateDecoder(StateBytesIn in) {
        this.in = in;
    }

    void state(MergeState state) throws MergeStateFormatException {
        int ids = in.length(1, "number of binary IDs");
        List<byte[]> binaryIds = new ArrayList<>(ids);
        for (int i = 0; i < ids; i++) {
            binaryIds.add(in.rawBytes("binary ID length"));
        }
        state.addBinaryIds(binaryIds);
        int traced = in.length(3, "number of inputs with traces");
        for (int i = 0; i < traced; i++) {
            int input = in.small(Integer.MAX_VALUE, "input index");
            long streamSize = in.number();
            int n = in.length(9, "number of traces");
            List<TemporalTrace> traces = new ArrayList<>(n);
            for (int t = 0; t < n; t++) {
                long weight = in.word();
                traces.add(new TemporalTrace(weight, words("trace length")));
            }
            state.traceSources().put(input, new TemporalTraces(traces, streamSize));
        }
        int withVTables = in.length(2, "number of inputs with vtable names");
        for (int i = 0; i < withVTables; i++) {
            int input = in.small(Integer.MAX_VALUE, "input index");
            int n = in.length(1, "number of vtable names");
            List<String> names = new ArrayList<>(n);
            for (int k = 0; k < n; k++) {
                names.add(in.text("vtable name length"));
            }
            state.vtableNames().put(input, List.copyOf(names));
        }
        int blocks = in.length(1, "number of flat blocks");
        for (int b = 0; b < blocks; b++) {
            state.add(flat());
        }
        int names = in.length(2, "number of function names");
        for (int i = 0; i < names; i++) {
            int at = in.offset();
            String name = in.text("name length");
            int n = in.length(20, "number of hashes");
            if (n == 0) {
                throw in.problem(at, "function " + name + " has no records");
            }
            NameEntry entry = null;
            java.util.Set<Long> hashes = new java.util.HashSet<>();
            for (int k = 0; k < n; k++) {
                RecordAggregate a = aggregate();
                if (!hashes.add(a.hash)) {
                    throw in.problem(at, "function " + name + " lists hash " + Long.toHexString(a.hash) + " twice");
                }
                if (entry == null) {
                    entry = new NameEntry(a);
                } else {
                    entry.append(a);
                }
            }
            if (!state.putDecoded(name, entry)) {
                throw in.problem(at, "function " + name + " is listed twice");
            }
        }
    }

    private DecodedSummedRecords flat() throws MergeStateFormatException {
        int n = in.length(12, "number of flat records");
        DecodedSummedRecords f = new DecodedSummedRecords(n);
        for (int r = 0; r < n; r++) {
            String name = in.text("name length");
            long hash = in.word();
            long[] counts = in.numbers("number of counters");
            int at = in.offset();
            int kept = in.small(MAX_CONTRIBUTORS, "number of listed contributions");
            long[] positions = new long[kept];
            long[] sums = new long[kept];
            for (int i = 0; i < kept; i++) {
                positions[i] = in.number();
                sums[i] = in.number();
            }
            long total = in.number();
            long totalCountSum = in.number();
            try {
                f.add(name, hash, counts, new BulkContribution(positions, sums, total, totalCountSum));
            } catch (IllegalArgumentException e) {
                throw in.problem(at, "flat record " + name + ": " + e.getMessage());
            }
        }
        return f;
    }

    private RecordAggregate aggregate() throws MergeStateFormatException {
        long hash = in.word();
        UniformityState uniformity = null;
        if (in.flag()) {
            uniformity = new UniformityState();
            int n = in.length(3, "number of uniformity lengths");
            for (int i = 0; i < n; i++) {
                int at = in.offset();
                long key = in.number();
                int counters = (int) (key & 0xFFFF_FFFFL);
                long[] totals = null;
                long[] uniform = null;
                if (in.flag()) {
                    totals = in.numbers("number of uniformity totals");
                    uniform = in.numbers("number of uniform counts");
                    if (totals.length != counters || uniform.length != counters) {
                        throw in.problem(at, "uniformity counts do not fit " + counters + " counters");
                    }
                }
                byte[] bits = null;
                if (in.flag()) {
                    bits = in.rawBytes("uniformity bits length");
                    if (bits.length != (counters + 7) / 8) {
                        throw in.problem(at, "uniformity bits do not fit " + counters + " counters");
                    }
                }
                uniformity.restore(key, totals, uniform, bits);
            }
        }
        int at = in.offset();
        int n = in.length(8, "number of counter versions");
        if (n == 0) {
            throw in.problem(at, "a function without counter versions");
        }
        CountersVersion winner = shape();
        List<CountersVersion> others = new ArrayList<>(n - 1);
        for (int i = 1; i < n; i++) {
            others.add(shape());
        }
        return new RecordAggregate(hash, new Variants<>(winner, others), uniformity);
    }

    private CountersVersion shape() throws MergeStateFormatException {
        int at = in.offset();
        long[] counts = in.numbers("number of counters");
        long[] waves = in.numbers("number of wave counters");
        boolean pseudo = in.flag();
        if (pseudo && counts.length == 0) {
            throw in.problem(at, "pseudo counts without counters");
        }
        long overflowPos = in.positionOrNone();
        long minPos = in.number();
        Contributors who = contributors();
        Variants<BitmapValuesVersion> payloads = null;
        if (in.flag()) {
            int n = versions("number of bitmap versions");
            BitmapValuesVersion winner = payload();
            List<BitmapValuesVersion> others = new ArrayList<>(n - 1);
            for (int i = 1; i < n; i++) {
                others.add(payload());
            }
            payloads = new Variants<>(winner, others);
        }
        return CountersVersion.restore(counts, waves, pseudo, overflowPos, minPos, who, payloads);
    }

    private BitmapValuesVersion payload() throws MergeStateFormatException {
        byte[] bitmap = in.rawBytes("bitmap length");
        long minPos = in.number();
        Contributors who = contributors();
        @SuppressWarnings("unchecked")
        Variants<KindValues>[] kinds = new Variants[ValueKind.COUNT];
        for (int k = 0; k < ValueKind.COUNT; k++) {
            if (in.flag()) {
                int n = versions("number of value-site versions");
                KindValues winner = kindValues();
                List<KindValues> others = new ArrayList<>(n - 1);
                for (int i = 1; i < n; i++) {
                    others.add(kindValues());
                }
                kinds[k] = new Variants<>(winner, others);
            }
        }
        return BitmapValuesVersion.restore(bitmap, minPos, who, kinds);
    }

    private KindValues kindValues() throws MergeStateFormatException {
        long minPos = in.number();
        Contributors who = contributors();
        int n = in.length(2, "number of value sites");
        MergedSite[] sites = new MergedSite[n];
        for (int i = 0; i < n; i++) {
            int at = in.offset();
            int size = in.length(10, "number of values");
            long[] values = new long[size];
            long[] sums = new long[size];
            long[] firsts = new long[size];
            for (int v = 0; v < size; v++) {
                values[v] = in.word();
                sums[v] = in.number();
                firsts[v] = in.number();
            }
            long[] weighted = null;
            long[] raw = null;
            if (in.flag()) {
                weighted = new long[size];
                raw = new long[size];
                for (int v = 0; v < size; v++) {
                    weighted[v] = in.number();
                    raw[v] = in.number();
                }
            }
            sites[i] = SiteValues.restore(values, sums, firsts, weighted, raw);
            if (sites[i] == null) {
                throw in.problem(at, "a value site lists a value twice");
            }
        }
        return KindValues.restore(sites, minPos, who);
    }

    /** A number of versions, at least one. */
    private int versions(String what) throws MergeStateFormatException {
        int at = in.offset();
        int n = in.length(3, what);
        if (n == 0) {
            throw in.problem(at, what + " is 0");
        }
        return n;
    }

    private Contributors contributors() throws MergeStateFormatException {
        int at = in.offset();
        int kept = in.small(MAX_CONTRIBUTORS, "number of listed contributions");
        if (kept == 0) {
            throw in.problem(at, "a version without contributions");
        }
        long[] positions = new long[kept];
        long[] sums = new long[kept];
        for (int i = 0; i < kept; i++) {
            positions[i] = in.number();
            sums[i] = in.number();
            if (i > 0 && positions[i] < positions[i - 1]) {
                throw in.problem(at, "contributions out of position order");
            }
        }
        long total = in.number();
        long totalCountSum = in.number();
        if (total < kept) {
            throw in.problem(at, "fewer contributions (" + total + ") than listed (" + kept + ")");
        }
        return Contributors.of(positions, sums, kept, total, totalCountSum);
    }

    private long[] words(String what) throws MergeStateFormatException {
        int n = in.length(8, what);
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = in.word();
        }
        return out;
    }
}
