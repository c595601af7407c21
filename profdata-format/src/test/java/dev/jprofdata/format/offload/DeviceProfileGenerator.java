package dev.jprofdata.format.offload;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.Names;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.raw.RawProfileReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes GPU device profiles the way the offload fork's HIP runtime does (stage B of
 * {@code offload-fork.md}): a raw v10 {@code .profraw} whose data records carry
 * {@code NumOffloadProfilingThreads} = K − 1 at byte 58 (64-bit) or 42 (32-bit) and whose counters
 * occupy B×K slots (index {@code block·K + slot}), plus the {@code .unifcnts} side file with the
 * uniform slots in the same layout, concatenated over device records in data-record order.
 *
 * <p>Independent of the reader under test: the layout is spelled out here field by field.
 */
public final class DeviceProfileGenerator {
    static final long RAW64 = 0xFF6C70726F667281L;
    static final long RAW32 = 0xFF6C70726F665281L;
    static final long IR_FLAG = 1L << 56;

    /** One function: its slots and uniform slots, each B×K long (K from the generator). */
    public record Kernel(String name, long hash, int blocks, long[] slots, long[] uniformSlots) {
    }

    /** How a slot (b, s) gets its value. */
    public interface SlotFunction {
        long at(int block, int slot);
    }

    private final int k;
    private final List<Kernel> kernels = new ArrayList<>();
    private final List<Kernel> hostFunctions = new ArrayList<>();
    private int pointerWidth = 8;
    private ByteOrder order = ByteOrder.LITTLE_ENDIAN;
    private boolean preExpanded;

    public DeviceProfileGenerator(int k) {
        this.k = k;
    }

    public int k() {
        return k;
    }

    /** The device kernels, in record order (for {@link EmbeddedProfileGenerator#from}). */
    public List<Kernel> kernels() {
        return List.copyOf(kernels);
    }

    public DeviceProfileGenerator pointerWidth(int width) {
        this.pointerWidth = width;
        return this;
    }

    public DeviceProfileGenerator order(ByteOrder byteOrder) {
        this.order = byteOrder;
        return this;
    }

    /** The fork's earlier layout: {@code NumCounters} already holds B×K. */
    public DeviceProfileGenerator preExpanded(boolean yes) {
        this.preExpanded = yes;
        return this;
    }

    public DeviceProfileGenerator kernel(String name, long hash, int blocks, SlotFunction count, SlotFunction uniform) {
        long[] slots = new long[blocks * k];
        long[] uniformSlots = new long[blocks * k];
        for (int b = 0; b < blocks; b++) {
            for (int s = 0; s < k; s++) {
                slots[b * k + s] = count.at(b, s);
                uniformSlots[b * k + s] = uniform.at(b, s);
            }
        }
        kernels.add(new Kernel(name, hash, blocks, slots, uniformSlots));
        return this;
    }

    /** A host record (T = 0) in the same file, with plain counters. */
    public DeviceProfileGenerator hostFunction(String name, long hash, long... counts) {
        hostFunctions.add(new Kernel(name, hash, counts.length, counts, null));
        return this;
    }

    /** The {@code .profraw} bytes: device kernels first, then host functions. */
    public byte[] profraw() {
        List<Kernel> all = new ArrayList<>(kernels);
        all.addAll(hostFunctions);
        int recordSize = pointerWidth == 8 ? 64 : 48;
        long dataSize = (long) recordSize * all.size();
        long numCounters = 0;
        for (Kernel f : all) {
            numCounters += f.slots().length;
        }
        byte[] names = namesSection(all);
        int namesPad = (int) ((8 - names.length % 8) % 8);
        long countersDelta = dataSize; // no binary IDs, no padding before the counters
        long bitmapDelta = countersDelta + 8 * numCounters;
        ByteBuffer b = ByteBuffer.allocate((int) (128 + dataSize + 8 * numCounters + names.length + namesPad))
                .order(order);
        b.putLong(pointerWidth == 8 ? RAW64 : RAW32);
        b.putLong(10 | IR_FLAG);
        b.putLong(0); // BinaryIdsSize
        b.putLong(all.size()); // NumData
        b.putLong(0); // PaddingBytesBeforeCounters
        b.putLong(numCounters);
        b.putLong(0); // PaddingBytesAfterCounters
        b.putLong(0); // NumBitmapBytes
        b.putLong(0); // PaddingBytesAfterBitmapBytes
        b.putLong(names.length);
        b.putLong(countersDelta);
        b.putLong(bitmapDelta);
        b.putLong(bitmapDelta); // NamesDelta
        b.putLong(0); // NumVTables
        b.putLong(0); // VNamesSize
        b.putLong(0); // ValueKindLast: the fork's hand-written header has 0
        long counterOffset = 0;
        for (int i = 0; i < all.size(); i++) {
            Kernel f = all.get(i);
            boolean device = f.uniformSlots() != null;
            int start = b.position();
            b.putLong(Names.md5(f.name()));
            b.putLong(f.hash());
            // CounterPtr is relative to the record: counters start minus this record's start.
            long counterPtr = countersDelta - (long) i * recordSize + counterOffset;
            putPointer(b, counterPtr);
            putPointer(b, 0); // BitmapPtr
            putPointer(b, 0); // FunctionPointer
            putPointer(b, 0); // Values
            int numCounters32 = device && !preExpanded ? f.blocks() : f.slots().length;
            b.putInt(numCounters32);
            b.putShort((short) 0).putShort((short) 0).putShort((short) 0); // NumValueSites[3]
            b.putShort((short) (device ? k - 1 : 0)); // NumOffloadProfilingThreads
            b.putInt(0); // NumBitmapBytes
            if (b.position() - start != recordSize) {
                throw new IllegalStateException("record layout");
            }
            counterOffset += 8L * f.slots().length;
        }
        for (Kernel f : all) {
            for (long c : f.slots()) {
                b.putLong(c);
            }
        }
        b.put(names);
        b.put(new byte[namesPad]);
        return b.array();
    }

    /** The {@code .unifcnts} bytes: header, then every kernel's uniform slots in record order (LE). */
    public byte[] unifcnts() {
        int n = 0;
        for (Kernel f : kernels) {
            n += f.uniformSlots().length;
        }
        ByteBuffer b = ByteBuffer.allocate(32 + 8 * n).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(0x55434E5450524F46L).putLong(1).putLong(n).putLong(8L * n);
        for (Kernel f : kernels) {
            for (long u : f.uniformSlots()) {
                b.putLong(u);
            }
        }
        return b.array();
    }

    /** Writes {@code profraw} and, next to it, its {@code .unifcnts}; returns the profraw path. */
    public Path write(Path profraw) throws IOException {
        Files.write(profraw, profraw());
        String name = profraw.getFileName().toString();
        Files.write(profraw.resolveSibling(name.substring(0, name.lastIndexOf('.')) + ".unifcnts"), unifcnts());
        return profraw;
    }

    /** Writes only the {@code .profraw} (a missing side file). */
    public Path writeWithoutSideFile(Path profraw) throws IOException {
        Files.write(profraw, profraw());
        return profraw;
    }

    /**
     * Writes the profile to {@code profraw} (with its side file when {@code withSide}) and reads its
     * records back, the side file attached the way {@code merge} attaches it.
     */
    public List<ProfileRecord> writeAndRead(Path profraw, boolean withSide) throws IOException {
        if (withSide) {
            write(profraw);
        } else {
            writeWithoutSideFile(profraw);
        }
        List<ProfileRecord> out = new ArrayList<>();
        String name = profraw.getFileName().toString();
        try (ProfileReader r = ProfileReaders.open(profraw, name)) {
            if (withSide) {
                assertThat(((RawProfileReader) r).attachUniformCounters(
                        UnifcntsFile.read(UnifcntsFile.sidePathFor(profraw)).counters())).isNull();
            }
            for (ProfileRecord rec; (rec = r.next()) != null;) {
                out.add(rec);
            }
        }
        return out;
    }

    private void putPointer(ByteBuffer b, long value) {
        if (pointerWidth == 8) {
            b.putLong(value);
        } else {
            b.putInt((int) value);
        }
    }

    /** Uncompressed names: ULEB128 length, ULEB128 0, names joined by 0x01. */
    static byte[] namesSection(List<Kernel> all) {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        for (int i = 0; i < all.size(); i++) {
            if (i > 0) {
                text.write(1);
            }
            text.writeBytes(all.get(i).name().getBytes(StandardCharsets.ISO_8859_1));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        uleb(out, text.size());
        uleb(out, 0);
        out.writeBytes(text.toByteArray());
        return out.toByteArray();
    }

    private static void uleb(ByteArrayOutputStream out, long v) {
        do {
            int b = (int) (v & 0x7F);
            v >>>= 7;
            out.write(v != 0 ? b | 0x80 : b);
        } while (v != 0);
    }

    // ---- The RFC's microbenchmarks (K = 256, 5 blocks, 1280 slots -> 5 counters) ----

    /** Waves that ran block b in slot s: 1 + (s % 4), times 64 lanes, times a per-block factor. */
    static long rfcCount(int block, int slot, long perBlock) {
        return (1 + slot % 4) * perBlock;
    }

    /**
     * "uniform v3" ({@code i % 10000}): every block entered by full waves only, so uniform = count.
     * Block b's slot s holds {@code (1 + s % 4) × 64 × (b + 1)}; per block that sums to
     * {@code 640 × 64 × (b + 1) = 40960 × (b + 1)}.
     */
    public static DeviceProfileGenerator uniformV3(String name) {
        return new DeviceProfileGenerator(256).kernel(name, 0x1111, 5,
                (b, s) -> rfcCount(b, s, 64L * (b + 1)), (b, s) -> rfcCount(b, s, 64L * (b + 1)));
    }

    /**
     * "divergent v3" ({@code (gid+i) % 10000}): blocks 0 and 1 half divergent (uniform = count / 2),
     * blocks 2..4 uniform: [D, D, U, U, U].
     */
    public static DeviceProfileGenerator divergentV3(String name) {
        return new DeviceProfileGenerator(256).kernel(name, 0x2222, 5,
                (b, s) -> rfcCount(b, s, 64L * (b + 1)),
                (b, s) -> b < 2 ? rfcCount(b, s, 32L * (b + 1)) : rfcCount(b, s, 64L * (b + 1)));
    }

    /**
     * "divergent HOT v3" ({@code (gid+i) % 100}): the divergent path is hot. Blocks 0 and 1 reach
     * only 85 % uniform (just below 0.9), block 2 exactly 90 % (uniform), blocks 3, 4 full:
     * [D, D, U, U, U]. Slot s holds {@code 100 × (b + 1)} executions (K = 256: 25600 × (b + 1) per block).
     */
    public static DeviceProfileGenerator divergentHotV3(String name) {
        return new DeviceProfileGenerator(256).kernel(name, 0x3333, 5,
                (b, s) -> 100L * (b + 1),
                (b, s) -> b < 2 ? 85L * (b + 1) : b == 2 ? 90L * (b + 1) : 100L * (b + 1));
    }
}
