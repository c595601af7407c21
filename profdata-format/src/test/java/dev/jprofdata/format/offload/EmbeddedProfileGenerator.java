package dev.jprofdata.format.offload;

import dev.jprofdata.format.Names;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes GPU device profiles in the layouts with embedded uniform counters ({@code offload-fork.md}
 * stages C and D): raw v11 (152-byte header with {@code NumUniformCounters},
 * {@code PaddingBytesAfterUniformCounters} and {@code UniformCountersDelta} after the bitmap
 * paddings; 72/56-byte records with {@code UniformCounterPtr} after {@code CounterPtr} and a u16
 * {@code OffloadDeviceWaveSize} after {@code NumValueSites}) and raw v12 (same header; records add a
 * u32 {@code NumWaveCounters}, 80/56 bytes, whose counters end with that many wave counters).
 *
 * <p>One counter per block; the uniform section holds one u64 per block counter. Like the runtime,
 * which copies the uniform section in linker order, this writes the functions' uniform arrays in
 * <em>reverse</em> record order, so a reader that took them in record order instead of following
 * {@code UniformCounterPtr} would fail the tests. Independent of the reader: every field is spelled
 * out here.
 */
public final class EmbeddedProfileGenerator {
    static final long IR_FLAG = 1L << 56;

    /** One function: block counts, uniform counts (one per block, or null), wave counts (maybe empty). */
    public record Function(String name, long hash, long[] counts, long[] uniform, long[] waves, int waveSize) {
    }

    private final int version;
    private final List<Function> functions = new ArrayList<>();
    private int pointerWidth = 8;
    private ByteOrder order = ByteOrder.LITTLE_ENDIAN;
    private int uniformPadding;

    public EmbeddedProfileGenerator(int version) {
        if (version != 11 && version != 12) {
            throw new IllegalArgumentException("raw version 11 or 12");
        }
        this.version = version;
    }

    public EmbeddedProfileGenerator pointerWidth(int width) {
        this.pointerWidth = width;
        return this;
    }

    public EmbeddedProfileGenerator order(ByteOrder byteOrder) {
        this.order = byteOrder;
        return this;
    }

    /** Zero bytes between the uniform counters and the names ({@code PaddingBytesAfterUniformCounters}). */
    public EmbeddedProfileGenerator uniformPadding(int bytes) {
        this.uniformPadding = bytes;
        return this;
    }

    /** A wave-64 GPU function; {@code waves} must be empty for v11. */
    public EmbeddedProfileGenerator function(String name, long hash, long[] counts, long[] uniform, long... waves) {
        if (version == 11 && waves.length > 0) {
            throw new IllegalArgumentException("raw v11 has no wave counters");
        }
        functions.add(new Function(name, hash, counts.clone(), uniform == null ? null : uniform.clone(),
                waves.clone(), 64));
        return this;
    }

    /** A host function (wave size 0, no uniform or wave counters). */
    public EmbeddedProfileGenerator hostFunction(String name, long hash, long... counts) {
        functions.add(new Function(name, hash, counts.clone(), null, new long[0], 0));
        return this;
    }

    public List<Function> functions() {
        return List.copyOf(functions);
    }

    /**
     * The same kernels as a stage-B (raw v10 + {@code .unifcnts}) generator: each block's counts and
     * uniform counts are the sums of its K slots, as a stage-C wave-aggregated counter would hold. For
     * v12, each block also gets a wave counter, the waves of 64 lanes needed for its count.
     */
    public static EmbeddedProfileGenerator from(DeviceProfileGenerator stageB, int version, boolean withUniform) {
        EmbeddedProfileGenerator g = new EmbeddedProfileGenerator(version);
        int k = stageB.k();
        for (DeviceProfileGenerator.Kernel kernel : stageB.kernels()) {
            long[] counts = reduce(kernel.slots(), kernel.blocks(), k);
            long[] uniform = reduce(kernel.uniformSlots(), kernel.blocks(), k);
            long[] waves = new long[version == 12 ? kernel.blocks() : 0];
            for (int b = 0; b < waves.length; b++) {
                waves[b] = Long.divideUnsigned(counts[b], 64) + (Long.remainderUnsigned(counts[b], 64) == 0 ? 0 : 1);
            }
            g.function(kernel.name(), kernel.hash(), counts, withUniform ? uniform : null, waves);
        }
        return g;
    }

    /** Per block, the unsigned sum of its K slots, sticking at 2^64 - 3 (the largest count). */
    static long[] reduce(long[] slots, int blocks, int k) {
        long[] out = new long[blocks];
        for (int b = 0; b < blocks; b++) {
            long sum = 0;
            for (int s = 0; s < k; s++) {
                long next = sum + slots[b * k + s];
                sum = Long.compareUnsigned(next, sum) < 0 || Long.compareUnsigned(next, -3L) > 0 ? -3L : next;
            }
            out[b] = sum;
        }
        return out;
    }

    public int recordSize() {
        int p = pointerWidth;
        // NameRef, FuncHash, 5 pointers, NumCounters, NumValueSites[3], WaveSize, NumBitmapBytes
        int size = 16 + 5 * p + 4 + 6 + 2 + 4 + (version == 12 ? 4 : 0);
        return (size + 7) & ~7;
    }

    public int headerSize() {
        return 19 * 8;
    }

    /** The {@code .profraw} bytes. */
    public byte[] profraw() {
        int recordSize = recordSize();
        long dataSize = (long) recordSize * functions.size();
        long numCounters = 0;
        long numUniform = 0;
        boolean anyUniform = functions.stream().anyMatch(f -> f.uniform() != null);
        for (Function f : functions) {
            numCounters += f.counts().length + f.waves().length;
            if (anyUniform && f.uniform() == null) {
                throw new IllegalStateException("with a uniform section every record needs uniform counters");
            }
            numUniform += anyUniform ? f.uniform().length : 0;
        }
        List<DeviceProfileGenerator.Kernel> named = new ArrayList<>();
        for (Function f : functions) {
            named.add(new DeviceProfileGenerator.Kernel(f.name(), f.hash(), 0, null, null));
        }
        byte[] names = DeviceProfileGenerator.namesSection(named);
        int namesPad = (8 - names.length % 8) % 8;
        long countersDelta = dataSize; // no binary IDs, no padding before the counters
        long bitmapDelta = countersDelta + 8 * numCounters;
        long uniformDelta = anyUniform ? bitmapDelta : 0; // no bitmap bytes
        long namesDelta = bitmapDelta + 8 * numUniform + (anyUniform ? uniformPadding : 0);
        ByteBuffer b = ByteBuffer.allocate((int) (headerSize() + dataSize + 8 * numCounters + 8 * numUniform
                + (anyUniform ? uniformPadding : 0) + names.length + namesPad)).order(order);
        b.putLong(pointerWidth == 8 ? DeviceProfileGenerator.RAW64 : DeviceProfileGenerator.RAW32);
        b.putLong(version | IR_FLAG);
        b.putLong(0); // BinaryIdsSize
        b.putLong(functions.size()); // NumData
        b.putLong(0); // PaddingBytesBeforeCounters
        b.putLong(numCounters);
        b.putLong(0); // PaddingBytesAfterCounters
        b.putLong(0); // NumBitmapBytes
        b.putLong(0); // PaddingBytesAfterBitmapBytes
        b.putLong(numUniform); // NumUniformCounters
        b.putLong(anyUniform ? uniformPadding : 0); // PaddingBytesAfterUniformCounters
        b.putLong(uniformDelta); // UniformCountersDelta
        b.putLong(names.length); // NamesSize
        b.putLong(countersDelta);
        b.putLong(bitmapDelta);
        b.putLong(namesDelta);
        b.putLong(0); // NumVTables
        b.putLong(0); // VNamesSize
        b.putLong(2); // ValueKindLast
        // Uniform arrays in reverse record order: record i's offset inside the section.
        long[] uniformOffset = new long[functions.size()];
        long at = 0;
        for (int i = functions.size() - 1; i >= 0; i--) {
            uniformOffset[i] = at;
            at += anyUniform ? 8L * functions.get(i).uniform().length : 0;
        }
        long counterOffset = 0;
        for (int i = 0; i < functions.size(); i++) {
            Function f = functions.get(i);
            int start = b.position();
            b.putLong(Names.md5(f.name()));
            b.putLong(f.hash());
            // Pointers are relative to the record: section start minus this record's start, plus offset.
            putPointer(b, countersDelta - (long) i * recordSize + counterOffset);
            putPointer(b, anyUniform ? uniformDelta - (long) i * recordSize + uniformOffset[i] : 0);
            putPointer(b, 0); // BitmapPtr
            putPointer(b, 0); // FunctionPointer
            putPointer(b, 0); // Values
            b.putInt(f.counts().length + f.waves().length); // NumCounters: blocks, then waves
            b.putShort((short) 0).putShort((short) 0).putShort((short) 0); // NumValueSites[3]
            b.putShort((short) f.waveSize()); // OffloadDeviceWaveSize
            b.putInt(0); // NumBitmapBytes
            if (version == 12) {
                b.putInt(f.waves().length); // NumWaveCounters
            }
            b.position(start + recordSize);
            counterOffset += 8L * (f.counts().length + f.waves().length);
        }
        for (Function f : functions) {
            for (long c : f.counts()) {
                b.putLong(c);
            }
            for (long w : f.waves()) {
                b.putLong(w);
            }
        }
        if (anyUniform) {
            for (int i = functions.size() - 1; i >= 0; i--) {
                for (long u : functions.get(i).uniform()) {
                    b.putLong(u);
                }
            }
            b.put(new byte[uniformPadding]);
        }
        b.put(names);
        b.put(new byte[namesPad]);
        if (b.hasRemaining()) {
            throw new IllegalStateException("layout");
        }
        return b.array();
    }

    private void putPointer(ByteBuffer b, long value) {
        if (pointerWidth == 8) {
            b.putLong(value);
        } else {
            b.putInt((int) value);
        }
    }
}
