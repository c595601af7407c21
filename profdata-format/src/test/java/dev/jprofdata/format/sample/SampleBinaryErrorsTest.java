package dev.jprofdata.format.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.ProfileFormatException.Kind;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged binary sample profiles fail with LLVM's words (each crafted file was checked with
 * llvm-profdata-22 {@code show --sample}) and a byte offset, as one {@link SampleProfileException}.
 */
class SampleBinaryErrorsTest {
    @TempDir
    Path dir;

    private static byte[] fixture(String name) throws IOException {
        return Files.readAllBytes(SampleDump.sampleDir().resolve(name));
    }

    private SampleProfileException failure(byte[] bytes) throws IOException {
        Path f = dir.resolve("bad.sprof");
        Files.write(f, bytes);
        Throwable t = org.assertj.core.api.Assertions.catchThrowable(
                () -> SampleProfileReaders.read(f, "bad.sprof", SampleReadOptions.DEFAULTS));
        assertThat(t).isInstanceOf(SampleProfileException.class);
        return (SampleProfileException) t;
    }

    private static long[][] table(byte[] b) {
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        int n = (int) bb.getLong(10);
        long[][] t = new long[n][4];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < 4; j++) {
                t[i][j] = bb.getLong(18 + 32 * i + 8 * j);
            }
        }
        return t;
    }

    private static byte[] withTable(byte[] b, long[][] t) {
        byte[] c = b.clone();
        ByteBuffer bb = ByteBuffer.wrap(c).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < t.length; i++) {
            for (int j = 0; j < 4; j++) {
                bb.putLong(18 + 32 * i + 8 * j, t[i][j]);
            }
        }
        return c;
    }

    private static long[] section(long[][] t, int type) {
        for (long[] e : t) {
            if (e[0] == type) {
                return e;
            }
        }
        throw new AssertionError("no section " + type);
    }

    @Test
    void wrongVersion() throws IOException {
        for (String name : new String[] {"plain.extbinary.sprof", "plain.binary.sprof"}) {
            byte[] b = fixture(name);
            b[9] = 0x66;
            SampleProfileException e = failure(b);
            assertThat(e.reason()).isEqualTo("Unsupported sample profile format version");
            assertThat(e.kind()).isEqualTo(Kind.UNSUPPORTED_VERSION);
            assertThat(e.offset()).isEqualTo(9);
            assertThat(e.getMessage()).isEqualTo("bad.sprof: Unsupported sample profile format version (at byte 9)");
        }
    }

    @Test
    void truncated() throws IOException {
        byte[] b = fixture("plain.binary.sprof");
        assertThat(failure(Arrays.copyOf(b, b.length - 5)).reason()).isEqualTo("Truncated profile data");
        SampleProfileException e = failure(Arrays.copyOf(b, 9));
        assertThat(e.reason()).isEqualTo("Truncated profile data");
        assertThat(e.kind()).isEqualTo(Kind.TRUNCATED);
        assertThat(e.offset()).isEqualTo(9);
    }

    @Test
    void sectionNotConsumedWhole() throws IOException {
        byte[] b = fixture("plain.extbinary.sprof");
        long[][] t = table(b);
        section(t, 2)[3] += 1;
        assertThat(failure(withTable(b, t)).reason()).isEqualTo("Malformed sample profile data");
    }

    @Test
    void sectionPastTheEndOfTheFile() throws IOException {
        // LLVM reads past its buffer here; we stop at the section.
        byte[] b = fixture("plain.extbinary.sprof");
        long[][] t = table(b);
        section(t, 32)[3] += 1000;
        SampleProfileException e = failure(withTable(b, t));
        assertThat(e.reason()).isEqualTo("Truncated profile data");
        assertThat(e.offset()).isEqualTo(section(t, 32)[2]);
    }

    @Test
    void damagedZlibStream() throws IOException {
        byte[] b = fixture("plain.z.sprof");
        long[] lbr = section(table(b), 32);
        b[(int) (lbr[2] + lbr[3] - 3)] ^= (byte) 0xFF;
        SampleProfileException e = failure(b);
        assertThat(e.reason()).isEqualTo("Uncompress failure");
        assertThat(e.kind()).isEqualTo(Kind.UNCOMPRESS_FAILED);
    }

    @Test
    void symbolListWithoutItsLastNul() throws IOException {
        byte[] b = fixture("plain.psl.sprof");
        long[][] t = table(b);
        section(t, 3)[3] -= 1;
        assertThat(failure(withTable(b, t)).reason()).isEqualTo("Malformed sample profile data");
    }

    @Test
    void unknownSectionsAreSkipped() throws IOException {
        byte[] b = fixture("plain.extbinary.sprof");
        long[][] t = table(b);
        section(t, 4)[0] = 99;
        Path f = dir.resolve("unknown.sprof");
        Files.write(f, withTable(b, t));
        SampleProfile p = SampleProfileReaders.read(f, "u", SampleReadOptions.DEFAULTS);
        assertThat(SampleDump.of(p)).isEqualTo(SampleDump.of(SampleProfileReaders.read(
                SampleDump.sampleDir().resolve("plain.extbinary.sprof"), "p", SampleReadOptions.DEFAULTS)));
        assertThat(SampleProfileReaders.sections(f, "u").get(3).name()).isEqualTo("UnknownSection");
    }

    private static int afterMain(byte[] b) {
        byte[] main = "main\0".getBytes(StandardCharsets.ISO_8859_1);
        for (int i = 0; i + main.length <= b.length; i++) {
            if (Arrays.equals(b, i, i + main.length, main, 0, main.length)) {
                return i + main.length;
            }
        }
        throw new AssertionError();
    }

    @Test
    void nameIndexOutsideTheTable() throws IOException {
        byte[] b = fixture("plain.binary.sprof");
        int record = afterMain(b);
        b[record + 1] = 0x7F;
        SampleProfileException e = failure(b);
        assertThat(e.reason()).isEqualTo("Truncated function name table");
        assertThat(e.offset()).isEqualTo(record + 1);
    }

    @Test
    void bodyLineOffsetOver16Bits() throws IOException {
        byte[] b = fixture("plain.binary.sprof");
        int line = afterMain(b) + 6;
        byte[] c = new byte[b.length + 2];
        System.arraycopy(b, 0, c, 0, line);
        c[line] = (byte) 0x80;
        c[line + 1] = (byte) 0x80;
        c[line + 2] = 0x04;
        System.arraycopy(b, line + 1, c, line + 3, b.length - line - 1);
        SampleProfileException e = failure(c);
        assertThat(e.reason()).isEqualTo("Illegal line offset in sample profile data");
        assertThat(e.offset()).isEqualTo(line);
    }

    @Test
    void hugeCountsAreBoundedByTheBytesLeft() throws IOException {
        // A name table claiming 2^62 names must not allocate for them.
        byte[] b = fixture("plain.binary.sprof");
        int table = afterMain(b);
        byte[] head = Arrays.copyOf(b, 10 + 104 - 0);
        ByteBuffer out = ByteBuffer.allocate(b.length + 16);
        // magic, version and the summary up to the name count are the same; replace the count.
        int countAt = indexOfNameCount(b);
        out.put(b, 0, countAt);
        out.put(new byte[] {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80,
            (byte) 0x80, 0x40});
        out.put(b, countAt + 1, b.length - countAt - 1);
        assertThat(failure(Arrays.copyOf(out.array(), out.position())).reason()).isEqualTo("Truncated profile data");
        assertThat(head).isNotEmpty();
        assertThat(table).isPositive();
    }

    /** The offset of the name count: the byte before the first name ("_Z3bari"). */
    private static int indexOfNameCount(byte[] b) {
        byte[] first = "_Z3bari".getBytes(StandardCharsets.ISO_8859_1);
        for (int i = 0; i + first.length <= b.length; i++) {
            if (Arrays.equals(b, i, i + first.length, first, 0, first.length)) {
                return i - 1;
            }
        }
        throw new AssertionError();
    }

    @Test
    void emptyAndUnknownFilesAreUnrecognized() throws IOException {
        SampleProfileException e = failure(new byte[0]);
        assertThat(e.reason()).isEqualTo("Unrecognized sample profile encoding format");
        assertThat(e.kind()).isEqualTo(Kind.UNRECOGNIZED_FORMAT);
        assertThat(failure(new byte[] {1, 2, 3, 4}).reason()).isEqualTo("Unrecognized sample profile encoding format");
    }

    @Test
    void missingFile() {
        assertThatThrownBy(() -> SampleProfileReaders.read(dir.resolve("none"), "none", SampleReadOptions.DEFAULTS))
                .isInstanceOf(SampleProfileException.class).hasMessage("none: No such file or directory");
    }

    @Test
    void gccHistogramOfAnotherKind() throws IOException {
        byte[] b = fixture("small.afdo");
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 12; i + 4 <= b.length; i += 4) {
            if (bb.getInt(i) == 7) {
                bb.putInt(i, 6);
                assertThat(failure(b).reason()).isEqualTo("Malformed sample profile data");
                return;
            }
        }
        throw new AssertionError("small.afdo has no call-target histogram");
    }
}
