package dev.jprofdata.merge;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.ValueSite;
import dev.jprofdata.format.offload.DeviceProfiles;
import dev.jprofdata.format.raw.RawCounterLayout;
import dev.jprofdata.merge.state.BulkContribution;
import dev.jprofdata.merge.state.BulkValues;
import dev.jprofdata.merge.state.MergeState;
import dev.jprofdata.merge.state.Saturating;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The fast path for many runs of one binary (spec/performance.md, "binary groups").
 *
 * <p>The first plain raw file of a binary is read the ordinary way and becomes a group's reference
 * ({@link RawCounterLayout#probe} also checks, with the ordinary reader, that every record is where
 * the layout says). A later file whose bytes equal the reference's before the value data, apart
 * from the counters and the run-time address fields, and whose functions all moved by one slide,
 * joins the group: its counters are added, weighted, into one accumulator straight from the file
 * and its value blobs decoded against the reference's address table, with no names or record
 * objects per file. At the end of the slice each group's sums enter the merge state as one bulk
 * record per function ({@link MergeState#addBulk}), which gives the state per-input adds would
 * give.
 *
 * <p>Anything unusual leaves a file to the ordinary reader: counters of 2^56 or more (the reader
 * warns about them), weights above 255, damaged value data, and sums that overflow (the whole group
 * is then read again file by file, so overflow reports name the right input).
 */
final class BinaryGroups {
    /** Groups kept per slice; more distinct binaries than this are merged the ordinary way. */
    static final int MAX_GROUPS = 64;
    /** With counters below 2^56, a weight up to 255 cannot overflow the weighted value. */
    private static final long MAX_WEIGHT = 255;
    private static final long LARGE_COUNTER_BITS = 0xFF00_0000_0000_0000L;

    private final List<Group> groups = new ArrayList<>();
    /**
     * Joining files are read into this reused buffer rather than mapped: mappings of thousands of
     * inputs would stay resident until collected and inflate the process's memory.
     */
    private ByteBuffer scratch = ByteBuffer.allocateDirect(0);

    /** Whether the options leave the per-file reading unobservable (no renaming, budget or details). */
    static boolean applies(MergeOptions options) {
        return options.groupRawInputs() && options.remapper() == null && !options.verbose()
                && options.memoryBudget() == 0;
    }

    /** After {@code input} was read the ordinary way: a clean plain raw file starts a group. */
    void offerReference(MergeInput input, InputLoader.Loaded loaded) {
        if (groups.size() >= MAX_GROUPS || loaded.failure() != null || !loaded.notices().isEmpty()
                || !loaded.deviceWarnings().isEmpty() || !loaded.details().isEmpty()
                || DeviceProfiles.isDeviceName(input.path())) {
            return;
        }
        ByteBuffer map = mapWhole(input.path());
        RawCounterLayout layout = map == null ? null : RawCounterLayout.probe(map);
        if (layout == null || loaded.recordsRead() != layout.numRecords()) {
            return;
        }
        for (Group g : groups) {
            if (g.sameBytesOutsideCounters(map)) {
                return; // a file of an existing group that could not join (large counters, weight)
            }
        }
        groups.add(new Group(input, loaded.kind(), map, layout));
    }

    /**
     * Adds {@code input}'s counters to the group of its binary, if it has one; returns what loading
     * it gave, or {@code null} when the input must be read the ordinary way.
     */
    InputLoader.Loaded tryJoin(int inputIndex, MergeInput input) {
        if (groups.isEmpty() || DeviceProfiles.isDeviceName(input.path())) {
            return null;
        }
        long size;
        try {
            size = Files.size(input.path());
        } catch (IOException | RuntimeException e) {
            return null;
        }
        ByteBuffer map = null;
        for (Group g : groups) {
            // Files with value data differ in size; the rest must be exactly as long.
            boolean candidate = g.layout.hasValueData() ? size >= g.layout.valueDataOffset() : g.size == size;
            if (!candidate) {
                continue;
            }
            if (map == null) {
                map = readWhole(input.path(), size);
                if (map == null) {
                    return null;
                }
            }
            if (g.sameBytesOutsideCounters(map)) {
                return g.join(inputIndex, input, map);
            }
        }
        return null;
    }

    /**
     * Puts every group's sums into {@code state}; returns the inputs of groups that could not be
     * emitted, which the caller reads the ordinary way instead.
     */
    List<Integer> emit(MergeState state) {
        List<Integer> fallback = new ArrayList<>();
        for (Group g : groups) {
            if (!g.members.isEmpty() && !g.emit(state)) {
                for (Member m : g.members) {
                    fallback.add(m.inputIndex);
                }
            }
        }
        groups.clear();
        return fallback;
    }

    /** The whole file in {@link #scratch}, or null when it cannot be read or changed size. */
    private ByteBuffer readWhole(Path path, long size) {
        if (scratch.capacity() < size) {
            scratch = ByteBuffer.allocateDirect((int) size);
        }
        ByteBuffer buffer = scratch.clear().limit((int) size).slice().order(ByteOrder.LITTLE_ENDIAN);
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            while (buffer.hasRemaining()) {
                if (ch.read(buffer) < 0) {
                    return null;
                }
            }
            if (ch.size() != size) {
                return null;
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return buffer.clear();
    }

    private static ByteBuffer mapWhole(Path path) {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size == 0 || size > Integer.MAX_VALUE) {
                return null;
            }
            return ch.map(FileChannel.MapMode.READ_ONLY, 0, size).order(ByteOrder.LITTLE_ENDIAN);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** One joined input: its position in the merge and, for the first few, per-record count sums. */
    private record Member(int inputIndex, long[] recordSums) {
    }

    /** The files of one binary: the reference read the ordinary way, and the members added here. */
    private static final class Group {
        final MergeInput reference;
        final ProfileKind kind;
        final ByteBuffer referenceMap;
        final RawCounterLayout layout;
        final long size;
        final List<Member> members = new ArrayList<>();
        long[] sums;
        /** Per record with value data, its members' summed sites; null without value data. */
        BulkValues[] values;
        boolean overflowed;

        Group(MergeInput reference, ProfileKind kind, ByteBuffer referenceMap, RawCounterLayout layout) {
            this.reference = reference;
            this.kind = kind;
            this.referenceMap = referenceMap;
            this.layout = layout;
            this.size = referenceMap.capacity();
        }

        boolean sameBytesOutsideCounters(ByteBuffer map) {
            return layout.sameApartFromCounters(referenceMap, map);
        }

        InputLoader.Loaded join(int inputIndex, MergeInput input, ByteBuffer map) {
            long weight = input.weight();
            if (weight < 1 || weight > MAX_WEIGHT) {
                return null;
            }
            ValueSite[][][] sites = null;
            if (layout.hasValueData()) {
                // Value data is decoded first: a damaged blob leaves the file to the ordinary reader.
                Long slide = layout.slide(referenceMap, map);
                try {
                    sites = slide == null ? null : layout.values(map, slide, input.displayName());
                } catch (ProfileFormatException e) {
                    sites = null;
                }
                if (sites == null) {
                    return null;
                }
            }
            int base = (int) layout.countersOffset();
            int n = layout.numCounters();
            if (sums == null) {
                sums = new long[n];
            }
            // One pass: add the weighted counters, and note the reader's warning case (counters of
            // 2^56 and more), the input's own sum and any carry out of 64 bits.
            long seen = 0;
            long total = 0;
            long totalCarry = 0;
            long sumCarry = 0;
            for (int i = 0; i < n; i++) {
                long y = map.getLong(base + 8 * i);
                seen |= y;
                long t = total + y;
                totalCarry |= (total & y) | ((total | y) & ~t);
                total = t;
                long wy = weight * y;
                long a = sums[i];
                long s = a + wy;
                sumCarry |= (a & wy) | ((a | wy) & ~s);
                sums[i] = s;
            }
            if ((seen & LARGE_COUNTER_BITS) != 0 || totalCarry < 0) {
                // Leave this input to the ordinary reader; subtracting undoes the additions exactly
                // (arithmetic modulo 2^64), so the group's sums are as before.
                for (int i = 0; i < n; i++) {
                    sums[i] -= weight * map.getLong(base + 8 * i);
                }
                return null;
            }
            overflowed |= sumCarry < 0;
            if (sites != null) {
                if (values == null) {
                    values = new BulkValues[layout.numRecords()];
                }
                for (int r = 0; r < sites.length; r++) {
                    if (sites[r] != null) {
                        if (values[r] == null) {
                            values[r] = new BulkValues();
                        }
                        values[r].add(sites[r], weight, MergeState.position(inputIndex, r));
                    }
                }
            }
            long[] recordSums = members.size() < BulkContribution.KEPT ? recordSums(map, weight) : null;
            members.add(new Member(inputIndex, recordSums));
            return new InputLoader.Loaded(kind, null, List.of(), List.of(), List.of(), layout.numRecords(),
                    Saturating.multiply(total, weight));
        }

        private long[] recordSums(ByteBuffer map, long weight) {
            int base = (int) layout.countersOffset();
            long[] out = new long[layout.numRecords()];
            for (int r = 0; r < out.length; r++) {
                long start = layout.counterStart(r);
                long sum = 0;
                for (int k = 0; k < layout.counterCount(r); k++) {
                    sum = Saturating.add(sum, weight * map.getLong(base + (int) (8 * (start + k))));
                }
                out[r] = sum;
            }
            return out;
        }

        /** Adds one bulk record per function to {@code state}; false when its files must be read one by one. */
        boolean emit(MergeState state) {
            if (overflowed) {
                return false;
            }
            for (long s : sums) {
                if (Long.compareUnsigned(s, Saturating.COUNTER_CAP) > 0) {
                    return false;
                }
            }
            int listed = Math.min(BulkContribution.KEPT, members.size());
            for (int r = 0; r < layout.numRecords(); r++) {
                int start = (int) layout.counterStart(r);
                long[] summed = Arrays.copyOfRange(sums, start, start + layout.counterCount(r));
                long totalCountSum = 0;
                for (long c : summed) {
                    totalCountSum = Saturating.add(totalCountSum, c);
                }
                long[] positions = new long[listed];
                long[] countSums = new long[listed];
                for (int m = 0; m < listed; m++) {
                    positions[m] = MergeState.position(members.get(m).inputIndex, r);
                    countSums[m] = members.get(m).recordSums[r];
                }
                state.addBulk(new ProfileRecord(layout.name(r), layout.hash(r), summed, new byte[0],
                        ProfileRecord.noValueSites(), null),
                        new BulkContribution(positions, countSums, members.size(), totalCountSum),
                        values == null ? null : values[r]);
            }
            return true;
        }
    }
}
