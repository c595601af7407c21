package dev.jprofdata.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The check that walks sites on its own pass ({@link ValueProfData#check(ValueProfData.Bytes, long,
 * long, ValueProfData.EntryObserver, ValueProfData.SiteVisitor, ValueProfData.Checked)}) against the
 * check and the walk done apart: on seeded random blocks, sound and damaged, it returns what the
 * plain check returns, visits a sound block's sites exactly as {@link ValueProfData#walk} does, and
 * never hands out a site that runs past the block or the bytes available.
 */
class ValueProfDataTest {
    /** Little-endian bytes; reads past the end fail as the readers' byte views do. */
    private record Bytes(byte[] b) implements ValueProfData.Bytes {
        @Override
        public int unsigned8(long at) throws ProfileFormatException {
            inside(at, 1);
            return b[(int) at] & 0xFF;
        }

        @Override
        public long unsigned32(long at) throws ProfileFormatException {
            inside(at, 4);
            return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt((int) at) & 0xFFFF_FFFFL;
        }

        @Override
        public long word64(long at) throws ProfileFormatException {
            inside(at, 8);
            return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getLong((int) at);
        }

        private void inside(long at, int n) throws ProfileFormatException {
            if (at < 0 || at + n > b.length) {
                throw new ProfileFormatException("test", at, "read past the end");
            }
        }
    }

    /** A sound block: up to one entry per value kind, of random kinds, and sites of up to 4 values. */
    private static byte[] block(Random random) {
        ByteBuffer out = ByteBuffer.allocate(1 << 14).order(ByteOrder.LITTLE_ENDIAN);
        int entries = random.nextInt(ValueKind.COUNT + 1);
        out.putInt(0).putInt(entries);
        for (int e = 0; e < entries; e++) {
            int sites = random.nextInt(6);
            int[] n = new int[sites];
            out.putInt(random.nextInt(ValueKind.COUNT)).putInt(sites);
            for (int s = 0; s < sites; s++) {
                n[s] = random.nextInt(5);
                out.put((byte) n[s]);
            }
            while (out.position() % 8 != 0) {
                out.put((byte) 0);
            }
            for (int s = 0; s < sites; s++) {
                for (int v = 0; v < n[s]; v++) {
                    out.putLong(random.nextLong()).putLong(random.nextInt(1000));
                }
            }
        }
        int size = out.position();
        out.putInt(0, size);
        byte[] bytes = new byte[size];
        out.get(0, bytes);
        return bytes;
    }

    /** Records every entry and site as text, and whether every site lies within {@code end}. */
    private static final class Recorder implements ValueProfData.SiteVisitor {
        final List<String> seen = new ArrayList<>();
        final long end;
        boolean inside = true;

        Recorder(long end) {
            this.end = end;
        }

        @Override
        public void entry(int kind, int numSites, long numValues) {
            seen.add("entry " + kind + " " + numSites + " " + numValues);
        }

        @Override
        public void site(int kind, int n, long valueAt) {
            seen.add("site " + kind + " " + n + " @" + valueAt);
            inside &= valueAt + 16L * n <= end;
        }
    }

    private static String describe(ValueProfData.Checked c) {
        return c.ok() ? "ok " + c.totalSize() + " " + c.sites() + " " + c.values() : c.problem() + " @" + c.problemAt();
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void walkingOnTheCheckPassChangesNothing(long seed) throws ProfileFormatException {
        Random random = new Random(seed);
        for (int round = 0; round < 300; round++) {
            byte[] sound = block(random);
            byte[] bytes = sound.clone();
            boolean damaged = round % 2 == 1;
            if (damaged) {
                for (int d = 1 + random.nextInt(3); d > 0; d--) {
                    bytes[random.nextInt(Math.min(bytes.length, 48))] ^= (byte) (1 << random.nextInt(8));
                }
                if (random.nextBoolean()) {
                    bytes = java.util.Arrays.copyOf(bytes, random.nextInt(bytes.length + 1));
                }
            }
            Bytes in = new Bytes(bytes);
            ValueProfData.Checked alone = ValueProfData.check(in, 0, bytes.length);
            Recorder onPass = new Recorder(bytes.length);
            ValueProfData.Checked withWalk = ValueProfData.check(in, 0, bytes.length, null, onPass,
                    new ValueProfData.Checked());
            assertThat(describe(withWalk)).isEqualTo(describe(alone));
            assertThat(onPass.inside).as("round %d: a site past the block", round).isTrue();
            if (alone.ok()) {
                assertThat(alone.totalSize()).isLessThanOrEqualTo(bytes.length);
                Recorder walked = new Recorder(bytes.length);
                ValueProfData.walk(in, 0, walked);
                assertThat(onPass.seen).isEqualTo(walked.seen);
            } else {
                assertThat(damaged).as("round %d: a sound block failed: %s", round, describe(alone)).isTrue();
            }
        }
    }
}
