package dev.jprofdata.merge.state;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.ProfileContents.NameGroup;
import dev.jprofdata.format.ProfileRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Flat records ({@link SummedRecords#isFlat}, kept as they are) must finish exactly as the same
 * records added up one by one ({@link MergeState#addSummed}): alone, sharing names with ordinary records, with other flat blocks
 * (some of which absorb each other), across partial states combined in any order, and with the
 * name filter and {@code --sparse}.
 */
class FlatRecordsTest {

    static LongStream seeds() {
        return LongStream.range(0, 200).map(i -> 0xF1A7_0000L + i);
    }

    /** A block of flat records over names f0..f(n-1); blocks with equal {@code binary} absorb each other. */
    static final class Block implements SummedRecords {
        final int binary;
        final String[] names;
        final long[] hashes;
        long[][] counts;
        final List<long[]> members = new ArrayList<>(); // {input index, count sum per slot...}
        final boolean[] flat;

        Block(int binary, String[] names, long[] hashes, boolean[] flat) {
            this.binary = binary;
            this.names = names;
            this.hashes = hashes;
            this.flat = flat;
            this.counts = new long[names.length][];
        }

        @Override
        public int size() {
            return names.length;
        }

        @Override
        public boolean isFlat(int r) {
            return flat[r];
        }

        @Override
        public BulkValues values(int r) {
            return null;
        }

        @Override
        public String name(int r) {
            return names[r];
        }

        @Override
        public long hash(int r) {
            return hashes[r];
        }

        @Override
        public long[] counts(int r) {
            return counts[r].clone();
        }

        @Override
        public long firstPosition(int r) {
            return MergeState.position((int) members.get(0)[0], r);
        }

        @Override
        public BulkContribution contribution(int r) {
            int listed = Math.min(BulkContribution.KEPT, members.size());
            long[] positions = new long[listed];
            long[] sums = new long[listed];
            for (int m = 0; m < listed; m++) {
                positions[m] = MergeState.position((int) members.get(m)[0], r);
                sums[m] = members.get(m)[1 + r];
            }
            long total = 0;
            for (long c : counts[r]) {
                total = Saturating.add(total, c);
            }
            return new BulkContribution(positions, sums, members.size(), total);
        }

        @Override
        public boolean absorb(SummedRecords other) {
            if (!(other instanceof Block b) || b.binary != binary) {
                return false;
            }
            for (int r = 0; r < counts.length; r++) {
                for (int k = 0; k < counts[r].length; k++) {
                    counts[r][k] += b.counts[r][k];
                }
            }
            members.addAll(b.members);
            members.sort((x, y) -> Long.compare(x[0], y[0]));
            return true;
        }

        /** Adds one input's counters (weight 1), as the merge's binary groups do. */
        void addInput(int inputIndex, long[][] input) {
            long[] sums = new long[1 + names.length];
            sums[0] = inputIndex;
            for (int r = 0; r < names.length; r++) {
                if (counts[r] == null) {
                    counts[r] = new long[input[r].length];
                }
                for (int k = 0; k < input[r].length; k++) {
                    counts[r][k] += input[r][k];
                    sums[1 + r] += input[r][k];
                }
            }
            members.add(sums);
        }
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void flatRecordsFinishAsBulkRecordsWould(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int binaries = 1 + rnd.nextInt(3);
        // Each binary: its functions (names overlap across binaries) and shapes.
        String[][] names = new String[binaries][];
        long[][] hashes = new long[binaries][];
        int[][] lengths = new int[binaries][];
        for (int b = 0; b < binaries; b++) {
            int n = 1 + rnd.nextInt(6);
            names[b] = new String[n];
            hashes[b] = new long[n];
            lengths[b] = new int[n];
            for (int r = 0; r < n; r++) {
                names[b][r] = "f" + rnd.nextInt(8);
                hashes[b][r] = rnd.nextInt(3) == 0 ? 7 : 100 + rnd.nextInt(2);
                lengths[b][r] = 1 + rnd.nextInt(3);
            }
            // Names inside one binary are unique, as binary groups require.
            java.util.Set<String> seen = new java.util.HashSet<>();
            for (int r = 0; r < n; r++) {
                while (!seen.add(names[b][r])) {
                    names[b][r] = names[b][r] + "x";
                }
            }
        }
        int inputs = 2 + rnd.nextInt(10);
        int slices = 1 + rnd.nextInt(3);
        List<MergeState> flatStates = new ArrayList<>();
        List<MergeState> bulkStates = new ArrayList<>();
        for (int s = 0; s < slices; s++) {
            // The flat side holds functions column by column, the bulk side as objects: both
            // must finish alike.
            flatStates.add(new MergeState(dev.jprofdata.merge.ValueMerge.EXACT, false, true));
            bulkStates.add(new MergeState(dev.jprofdata.merge.ValueMerge.EXACT, false, false));
        }
        List<List<Block>> blocksBySlice = new ArrayList<>();
        for (int s = 0; s < slices; s++) {
            blocksBySlice.add(new ArrayList<>());
        }
        for (int i = 0; i < inputs; i++) {
            int slice = (int) ((long) i * slices / inputs); // contiguous slices, as the merger cuts them
            MergeState flatState = flatStates.get(slice);
            MergeState bulkState = bulkStates.get(slice);
            if (rnd.nextInt(4) == 0) {
                // An ordinary input with some of the same names.
                ProfileRecord r = new ProfileRecord("f" + rnd.nextInt(8), 100, new long[] {rnd.nextInt(50)},
                        new byte[0], ProfileRecord.noValueSites(), null);
                flatState.add(r, 1, MergeState.position(i, 0));
                bulkState.add(r, 1, MergeState.position(i, 0));
                continue;
            }
            int b = rnd.nextInt(binaries);
            long[][] input = new long[names[b].length][];
            for (int r = 0; r < input.length; r++) {
                input[r] = new long[lengths[b][r]];
                for (int k = 0; k < input[r].length; k++) {
                    input[r][k] = rnd.nextInt(1000);
                }
            }
            Block block = null;
            for (Block x : blocksBySlice.get(slice)) {
                if (x.binary == b) {
                    block = x;
                }
            }
            if (block == null) {
                boolean[] flat = new boolean[names[b].length];
                java.util.Arrays.fill(flat, true);
                block = new Block(b, names[b], hashes[b], flat);
                blocksBySlice.get(slice).add(block);
            }
            block.addInput(i, input);
        }
        for (int s = 0; s < slices; s++) {
            for (Block block : blocksBySlice.get(s)) {
                flatStates.get(s).add(block);
                for (int r = 0; r < block.size(); r++) {
                    bulkStates.get(s).addSummed(block.name(r), block.hash(r), block.counts(r), block.contribution(r),
                            null);
                }
            }
        }
        java.util.Collections.shuffle(flatStates, new java.util.Random(seed));
        MergeState flat = flatStates.get(0);
        MergeState bulk = bulkStates.get(0);
        for (int s = 1; s < slices; s++) {
            flat.combine(flatStates.get(s));
            bulk.combine(bulkStates.get(s));
        }
        boolean sparse = rnd.nextBoolean();
        String excluded = rnd.nextBoolean() ? "f" + rnd.nextInt(8) : null;
        java.util.function.Predicate<String> filter = excluded == null ? null : n -> !n.equals(excluded);
        StateFinisher.Finished a = StateFinisher.finish(flat, filter, sparse);
        StateFinisher.Finished e = StateFinisher.finish(bulk, filter, sparse);
        assertThat(render(a.groups())).isEqualTo(render(e.groups()));
        assertThat(a.problems()).isEqualTo(e.problems());
        assertThat(a.functionsBeforeFilter()).isEqualTo(e.functionsBeforeFilter());
        assertThat(a.functionsRemovedByFilter()).isEqualTo(e.functionsRemovedByFilter());
        assertThat(a.droppedCount()).isEqualTo(e.droppedCount());
    }

    private static List<String> render(List<NameGroup> groups) {
        List<String> out = new ArrayList<>();
        for (NameGroup g : groups) {
            StringBuilder sb = new StringBuilder(g.name()).append(" @").append(g.firstSeen());
            for (ProfileRecord r : g.records()) {
                sb.append(" [").append(r.hash()).append(':').append(java.util.Arrays.toString(r.counts())).append(']');
            }
            out.add(sb.toString());
        }
        return out;
    }
}
