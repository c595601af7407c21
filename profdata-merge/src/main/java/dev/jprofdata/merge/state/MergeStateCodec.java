package dev.jprofdata.merge.state;

import dev.jprofdata.merge.MergeStateFormatException;

import dev.jprofdata.merge.ValueMerge;
import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * A compact, versioned binary encoding of a {@link MergeState} (spec/spark.md, "Partial states"):
 * what a machine that merged some inputs sends to the one that combines them. Decoding gives a
 * state that combines and finishes exactly as the encoded one would have, so partial states merged
 * on many machines reach the bytes of a single-machine merge.
 *
 * <p>Only states of the exact value merge ({@link ValueMerge#EXACT}) can be encoded: LLVM's
 * value merge applies records in input order, which a tree of partial states cannot follow.
 */
public final class MergeStateCodec {
    /** The first bytes of every encoding: "JPMS". */
    static final int MAGIC = 0x4A504D53;
    /** Version of the layout; a decoder refuses any other. */
    public static final int VERSION = 1;
    /** Largest encoding {@link #read} takes (2 GB less a little: one Java array). */
    public static final int MAX_BYTES = Integer.MAX_VALUE - 8;
    private static final int READ_CHUNK = 1 << 20;

    private MergeStateCodec() {
    }

    /**
     * Appends {@code state}'s encoding to {@code out}. Functions the state holds column by column
     * are moved into its object graph on the way, which changes none of its results.
     */
    public static void encode(MergeState state, StateBytesOut out) {
        if (state.valueMerge() != ValueMerge.EXACT) {
            throw new IllegalArgumentException("only states of the exact value merge can be encoded");
        }
        out.word(((long) VERSION << 32) | MAGIC);
        new StateEncoder(out, state.keeping()).state(state);
    }

    public static byte[] encode(MergeState state) {
        StateBytesOut out = new StateBytesOut();
        encode(state, out);
        return out.toByteArray();
    }

    /** Reads one state from {@code in}, where {@link #encode(MergeState, StateBytesOut)} wrote it. */
    public static MergeState decode(StateBytesIn in) throws MergeStateFormatException {
        int at = in.offset();
        long head = in.word();
        if ((int) head != MAGIC) {
            throw in.problem(at, "not an encoded merge state (no JPMS magic)");
        }
        int version = (int) (head >>> 32);
        if (version != VERSION) {
            throw in.problem(at + 4, "encoded merge state version " + version + " (this jprofdata reads "
                    + VERSION + ")");
        }
        MergeState state = new MergeState(ValueMerge.EXACT, false);
        new StateDecoder(in).state(state);
        return state;
    }

    /** Decodes {@code bytes}, which must hold one state and nothing else; {@code source} names them in errors. */
    public static MergeState decode(byte[] bytes, String source) throws MergeStateFormatException {
        StateBytesIn in = new StateBytesIn(bytes, source);
        MergeState state = decode(in);
        if (!in.atEnd()) {
            throw in.problem(in.offset(), "bytes after the end of the merge state");
        }
        return state;
    }

    /** Writes {@code encoded} (an encoding) to {@code out} after its length. */
    public static void writeFramed(byte[] encoded, DataOutput out) throws IOException {
        out.writeInt(encoded.length);
        out.write(encoded);
    }

    /**
     * Reads what {@link #writeFramed} wrote. The length is checked, and the bytes are read in
     * pieces, so a damaged length cannot make it allocate more than the stream really holds
     * (plus one piece).
     */
    public static byte[] readFramed(DataInput in, String source) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > MAX_BYTES) {
            throw new MergeStateFormatException(source, 0, "encoded merge state length " + length + " is out of range");
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(Math.min(length, READ_CHUNK));
        byte[] chunk = new byte[Math.min(length, READ_CHUNK)];
        int left = length;
        while (left > 0) {
            int n = Math.min(left, chunk.length);
            in.readFully(chunk, 0, n);
            bytes.write(chunk, 0, n);
            left -= n;
        }
        return bytes.toByteArray();
    }
}
