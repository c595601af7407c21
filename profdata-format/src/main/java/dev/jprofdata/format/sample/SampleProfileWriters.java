package dev.jprofdata.format.sample;

import dev.jprofdata.format.sample.binary.SampleBinaryWriter;
import dev.jprofdata.format.sample.extbinary.ExtBinaryWriter;
import dev.jprofdata.format.sample.text.SampleTextWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Writes a {@link SampleProfile} in any format llvm-profdata 22 writes, byte for byte as it does.
 *
 * <p>The profile's {@link SampleProfile#profiles()} order is taken as the order LLVM inserted the
 * profiles into its map; the one place the output depends on it (the ext-binary FunctionMetadata
 * section) uses the map's iteration order from {@link LlvmMapOrder}. Binary outputs carry a
 * summary computed here from the profiles written, never the stored one.
 *
 * <p>With an output size limit, the coldest functions (last in writing order) are dropped until
 * the output fits, as LLVM's default pruning strategy does: each round keeps
 * {@code round(n * (limit/size)^2)} of the {@code n} functions left (dropping at least one).
 */
public final class SampleProfileWriters {
    private SampleProfileWriters() {
    }

    /** Writes {@code profile} to {@code out}; nothing is written when the profile cannot be written. */
    public static void write(SampleProfile profile, SampleWriteOptions options, OutputStream out)
            throws IOException {
        out.write(toBytes(profile, options));
    }

    /** The bytes of {@code profile} written with {@code options}. */
    public static byte[] toBytes(SampleProfile profile, SampleWriteOptions options) throws SampleWriteException {
        SampleProfileFlags flags = profile.flags();
        if (options.format() == SampleFormat.GCC || (options.format() == SampleFormat.BINARY
                && (flags.contextSensitive() || flags.probeBased()))) {
            throw new SampleWriteException(SampleWriteException.Problem.UNSUPPORTED_FORMAT);
        }
        List<FunctionSamples> mapOrder = profile.mapOrder() != null ? profile.mapOrder()
                : LlvmMapOrder.iterationOrder(new ArrayList<>(profile.profiles().values()),
                        f -> LlvmMapOrder.mapKey(f.context()));
        Function<List<FunctionSamples>, byte[]> writer = writer(profile, options);
        if (options.outputSizeLimit() == 0) {
            return writer.apply(mapOrder);
        }
        return writeWithinLimit(mapOrder, writer, options);
    }

    private static byte[] writeWithinLimit(List<FunctionSamples> mapOrder, Function<List<FunctionSamples>, byte[]> writer,
            SampleWriteOptions options) throws SampleWriteException {
        long limit = options.outputSizeLimit();
        List<FunctionSamples> coldestLast = SampleProfileOrder.sorted(mapOrder);
        Set<FunctionSamples> dropped = Collections.newSetFromMap(new IdentityHashMap<>());
        List<FunctionSamples> kept = mapOrder;
        byte[] bytes;
        do {
            bytes = writer.apply(kept);
            if (bytes.length <= limit) {
                break;
            }
            double d = (double) limit / bytes.length;
            long newSize = Math.round(kept.size() * d * d);
            long toRemove = Math.max(1, kept.size() - newSize);
            for (long i = 0; i < toRemove && !coldestLast.isEmpty(); i++) {
                dropped.add(coldestLast.remove(coldestLast.size() - 1));
            }
            List<FunctionSamples> next = new ArrayList<>(kept.size());
            for (FunctionSamples f : kept) {
                if (!dropped.contains(f)) {
                    next.add(f);
                }
            }
            kept = next;
        } while (!kept.isEmpty());
        if (kept.isEmpty()) {
            throw new SampleWriteException(SampleWriteException.Problem.TOO_LARGE);
        }
        return bytes;
    }

    /** Writes one round; the ext-binary writer is one object for all rounds, as LLVM's is. */
    private static Function<List<FunctionSamples>, byte[]> writer(SampleProfile profile, SampleWriteOptions options) {
        SampleProfileFlags flags = profile.flags();
        return switch (options.format()) {
            case TEXT -> p -> SampleTextWriter.write(p, flags, options.splitLayout());
            case BINARY -> p -> SampleBinaryWriter.write(p, flags.contextSensitive());
            case EXTBINARY -> new ExtBinaryWriter(flags, profile.symbolList(), options)::write;
            case GCC -> throw new IllegalStateException("refused above");
        };
    }
}
