package dev.jprofdata.format.indexed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.ProfileRecord;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Broken files give LLVM's message (as printed by llvm-profdata 22 for the same bytes) and never
 * anything but {@link ProfileFormatException}.
 */
class IndexedProfileReaderErrorTest {

    /** Opens and reads everything; returns the failure, or null when the bytes read cleanly. */
    private static ProfileFormatException readAll(byte[] bytes) {
        Throwable t = catchThrowable(() -> {
            try (IndexedProfileReader r = IndexedProfileReader.open(ByteBuffer.wrap(bytes), "f")) {
                while (r.next() != null) {
                    // drain
                }
                r.symbols();
            }
        });
        if (t == null) {
            return null;
        }
        assertThat(t).isInstanceOf(ProfileFormatException.class);
        return (ProfileFormatException) t;
    }

    private static String reasonOf(String file) {
        Throwable t = catchThrowable(() -> {
            try (var r = ProfileReaders.open(TestFiles.file(file), file)) {
                while (r.next() != null) {
                    // drain
                }
            }
        });
        assertThat(t).as(file).isInstanceOf(ProfileFormatException.class);
        return ((ProfileFormatException) t).reason();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "bad/bad_magic.profdata|unrecognized instrumentation profile encoding format",
        "bad/bad_trunc.profdata|truncated profile data",
        "bad/bad_v14.profdata|unsupported instrumentation profile format version",
        "bad/idxv14.profdata|unsupported instrumentation profile format version",
        "bad/bad_hashtype.profdata|unsupported instrumentation profile hash type",
        "bad/bad_bid0.profdata|invalid instrumentation profile data (file header is corrupt)",
        "bad/bad_vt.profdata|truncated profile data",
        // LLVM 22 runs out of memory on version 0; it is refused like a too-new version.
        "bad/bad_v0.profdata|unsupported instrumentation profile format version",
    })
    void badFilesGiveLlvmMessages(String file, String reason) {
        // The first line is LLVM's; jprofdata may add help on "summary: " lines after it.
        String got = reasonOf(file);
        assertThat(got.lines().findFirst().orElse("")).isEqualTo(reason);
        assertThat(got.lines().skip(1)).allMatch(l -> l.startsWith("summary: "));
    }

    @Test
    void badMagicWhenOpenedDirectly() {
        assertThatThrownBy(() -> IndexedProfileReader.open(TestFiles.file("bad/bad_magic.profdata"), "x"))
                .isInstanceOf(ProfileFormatException.class)
                .hasMessage("x: invalid instrumentation profile data (bad magic) (at byte 0)");
    }

    @Test
    void binaryIdOffsetIntoTheTableReadsAsNoIds() throws Exception {
        // bad_bid points BinaryIdOffset at zeros inside the bucket table; LLVM shows it normally.
        try (IndexedProfileReader bad = IndexedProfileReader.open(TestFiles.file("bad/bad_bid.profdata"), "b");
                IndexedProfileReader good = IndexedProfileReader.open(TestFiles.file("profdata/ir.profdata"), "g")) {
            assertThat(bad.binaryIds()).isEmpty();
            for (ProfileRecord r; (r = good.next()) != null;) {
                assertThat(bad.next()).isEqualTo(r);
            }
            assertThat(bad.next()).isNull();
        }
    }

    private static byte[] patched(String file, int offset, long value) {
        byte[] b = TestFiles.bytes(TestFiles.file(file));
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putLong(offset, value);
        return b;
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 5, 100})
    void unsupportedMemProfVersion(long memProfVersion) {
        // mp.profdata has its MemProf section at 0x220; llvm-profdata 22 prints exactly this.
        ProfileFormatException e = readAll(patched("profdata/mp.profdata", 0x220, memProfVersion));
        assertThat(e.reason()).isEqualTo("unsupported instrumentation profile format version: MemProf version "
                + memProfVersion + " not supported; requires version between 2 and 4, inclusive");
    }

    @ParameterizedTest
    @ValueSource(longs = {0xf1, 8})
    void unusableKeyDataIsReportedAsEmpty(long dataLength) {
        // The DataLen of "main" (bucket at 0x208: u16 count, hash, key length, data length).
        ProfileFormatException e = readAll(patched("profdata/ir.profdata", 0x208 + 2 + 16, dataLength));
        assertThat(e.reason()).isEqualTo("malformed instrumentation profile data: profile data is empty");
        assertThat(e.offset()).isEqualTo(0x208 + 2 + 24 + 4);
    }

    @Test
    void errorsAreSticky() throws Exception {
        byte[] b = patched("profdata/ir.profdata", 0x208 + 2 + 16, 8);
        try (IndexedProfileReader r = IndexedProfileReader.open(ByteBuffer.wrap(b), "f")) {
            ProfileFormatException first = (ProfileFormatException) catchThrowable(r::next);
            assertThat(catchThrowable(r::next)).isSameAs(first);
        }
    }

    /**
     * Every prefix of a file reads cleanly or fails with a {@link ProfileFormatException}; prefixes
     * shorter than {@code mustFailBelow} must fail (the rest of a file may be padding, or a bucket
     * array that sequential reading never needs).
     */
    @ParameterizedTest
    @CsvSource({"profdata/vt_keep.profdata, 1380", "profdata/tp.profdata, 1264", "profdata/cs_merged.profdata, 1960",
        "versions/v1.profdata, 0", "versions/v3.profdata, 0", "versions/v10.profdata, 928"})
    void truncationSweep(String file, int mustFailBelow) {
        byte[] whole = TestFiles.bytes(TestFiles.file(file));
        assertThat(readAll(whole)).isNull();
        for (int len = 0; len < whole.length; len++) {
            ProfileFormatException e = readAll(Arrays.copyOf(whole, len));
            if (len < mustFailBelow) {
                assertThat(e).as("prefix %d", len).isNotNull();
            }
            if (e != null) {
                assertThat(e.reason()).isIn(List.of("truncated profile data",
                        "invalid instrumentation profile data (file header is corrupt)",
                        "invalid instrumentation profile data (bad magic)",
                        "malformed instrumentation profile data: profile data is empty",
                        "malformed instrumentation profile data: corrupted binary ids",
                        "malformed instrumentation profile data: binary id section is greater than buffer size"));
            }
        }
    }

    /** Overwriting any single byte with a few nasty values never escapes as another exception type. */
    @ParameterizedTest
    @ValueSource(strings = {"profdata/vt_keep.profdata", "profdata/tp.profdata", "versions/v2.profdata"})
    void byteCorruptionSweep(String file) {
        byte[] whole = TestFiles.bytes(TestFiles.file(file));
        for (int i = 0; i < whole.length; i++) {
            for (int v : new int[] {0x00, 0x7f, 0x80, 0xff}) {
                byte[] b = whole.clone();
                b[i] = (byte) v;
                readAll(b);
            }
        }
    }
}
