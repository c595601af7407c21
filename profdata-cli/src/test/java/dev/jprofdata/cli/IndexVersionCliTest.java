package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code merge --index-version / --for-llvm / --drop-unsupported} against real llvm-profdata
 * outputs: {@code indexversions/} holds four raw profiles from clang-14 and four from clang-19
 * (two versions of one C program, -O1 -fprofile-generate, indirect calls and memcpy, two runs
 * each) and what llvm-profdata 14, 15, 16 (clang-14 raws) and 19, 22 (clang-19 raws) merged them
 * to: {@code ir14_byR.profdata}, {@code ir19_byR.profdata}, {@code ir19_by22prev.profdata}
 * ({@code --write-prev-version}); {@code mcdc_v13.profdata} is LLVM 22's merge of the reference
 * MC/DC text profile.
 */
class IndexVersionCliTest {

    @TempDir
    Path tmp;

    private static final List<String> FILES = List.of("ir_p1_14_a.profraw", "ir_p1_14_b.profraw", "ir_p2_14_a.profraw",
            "ir_p2_14_b.profraw", "ir_p1_19_a.profraw", "ir_p1_19_b.profraw", "ir_p2_19_a.profraw",
            "ir_p2_19_b.profraw", "ir14_by14.profdata", "ir14_by15.profdata", "ir14_by16.profdata",
            "ir19_by19.profdata", "ir19_by22.profdata", "ir19_by22prev.profdata", "mcdc_v13.profdata");

    @BeforeEach
    void copyInputs() throws IOException {
        for (String f : FILES) {
            try (InputStream in = getClass().getResourceAsStream("/indexversions/" + f)) {
                Files.copy(in, tmp.resolve(f));
            }
        }
    }

    private byte[] bytes(String f) throws IOException {
        return Files.readAllBytes(tmp.resolve(f));
    }

    private static String[] args(String option, String clang) {
        String[] raws = {"ir_p1_" + clang + "_a.profraw", "ir_p1_" + clang + "_b.profraw", "ir_p2_" + clang + "_a.profraw",
            "ir_p2_" + clang + "_b.profraw"};
        String[] a = new String[4 + raws.length];
        a[0] = "merge";
        a[1] = option;
        a[2] = "-o";
        a[3] = "out.profdata";
        System.arraycopy(raws, 0, a, 4, raws.length);
        return a;
    }

    @ParameterizedTest(name = "{0} on clang-{1} raws = {2}")
    @CsvSource({
        "--for-llvm=14, 14, ir14_by14", "--for-llvm=15, 14, ir14_by15", "--for-llvm=16, 14, ir14_by16",
        "--index-version=7, 14, ir14_by14", "--index-version=9, 14, ir14_by16",
        "--for-llvm=19, 19, ir19_by19", "--for-llvm=21, 19, ir19_by19", "--for-llvm=22, 19, ir19_by22",
        "--index-version=13, 19, ir19_by22", "--write-prev-version, 19, ir19_by22prev", "--sparse=false, 19, ir19_by22",
    })
    void mergesToWhatThatReleaseWrites(String option, String clang, String expected) throws IOException {
        CliRun run = CliRun.run(tmp, args(option, clang));
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(bytes("out.profdata")).isEqualTo(bytes(expected + ".profdata"));
    }

    @Test
    void binaryIdsBeforeVersion9AreANoteNotAFailure() {
        CliRun run = CliRun.run(tmp, args("--for-llvm=14", "14"));
        assertThat(run.stderr()).isEqualTo("summary: 2 binary IDs not written: indexed version 7 has no room for them"
                + " (that release's llvm-profdata leaves them out too)\n");
        assertThat(CliRun.run(tmp, args("--for-llvm=16", "14")).stderr()).isEmpty();
    }

    @Test
    void bitmapsFailUnlessDropped() throws IOException {
        CliRun fail = CliRun.run(tmp, "merge", "--for-llvm=16", "-o", "m.profdata", "mcdc_v13.profdata");
        assertThat(fail.exitCode()).isEqualTo(1);
        assertThat(fail.stderr()).isEqualTo("error: cannot write indexed version 9 (LLVM 16) without losing data:\n"
                + "summary: MC/DC bitmaps (1 record, 1 bitmap byte) need indexed version 11 or newer (LLVM 18); "
                + "version 9 cannot hold them\n"
                + "summary: choose a newer version, or add --drop-unsupported to write the profile without them; "
                + "nothing was written\n");
        assertThat(tmp.resolve("m.profdata")).doesNotExist();

        CliRun drop = CliRun.run(tmp, "merge", "--for-llvm=16", "--drop-unsupported", "-o", "m.profdata",
                "mcdc_v13.profdata");
        assertThat(drop.exitCode()).isZero();
        assertThat(drop.stderr()).isEqualTo("summary: dropped MC/DC bitmaps (1 record, 1 bitmap byte): indexed version 9"
                + " cannot hold them (needs 11 or newer)\n");
        ByteBuffer b = ByteBuffer.wrap(bytes("m.profdata")).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(b.getLong(8) & 0xFFFF_FFFFL).isEqualTo(9);

        // Version 11 holds them: no message at all.
        CliRun v11 = CliRun.run(tmp, "merge", "--for-llvm=18", "-o", "m.profdata", "mcdc_v13.profdata");
        assertThat(v11.stderr()).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--for-llvm=13|error: for the --for-llvm option: unknown LLVM release '13' (known: 14, 15, 16, 17, 18, 19, 20,"
            + " 21, 22; jprofdata writes no version older than LLVM 14's 7)",
        "--for-llvm=x|error: for the --for-llvm option: 'x' is not an LLVM release number (known: 14, 15, 16, 17, 18,"
            + " 19, 20, 21, 22)",
        "--index-version=16|error: for the --index-version option: jprofdata writes indexed versions 7 to 15, not 16"
            + " (LLVM 14 writes 7, 15 writes 8, 16 writes 9, 17 writes 10, 18 writes 11, 19-21 write 12, 22 writes 13;"
            + " the offload fork writes 14 and 15)",
    })
    void badValues(String option, String message) {
        CliRun run = CliRun.run(tmp, "merge", option, "-o", "x.profdata", "mcdc_v13.profdata");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr()).isEqualTo(message + "\n");
        assertThat(tmp.resolve("x.profdata")).doesNotExist();
    }

    @Test
    void conflictingOptions() {
        assertThat(CliRun.run(tmp, "merge", "--index-version=9", "--for-llvm=16", "-o", "x", "mcdc_v13.profdata").stderr())
                .isEqualTo("error: --index-version and --for-llvm both choose the output version; give only one\n");
        assertThat(CliRun.run(tmp, "merge", "--write-prev-version", "--for-llvm=18", "-o", "x", "mcdc_v13.profdata")
                .stderr()).startsWith("error: --for-llvm and --write-prev-version both choose the output version");
        assertThat(CliRun.run(tmp, "merge", "--text", "--index-version=9", "-o", "x", "mcdc_v13.profdata").stderr())
                .isEqualTo("error: --index-version chooses an indexed format version; it cannot be used with --text\n");
        assertThat(CliRun.run(tmp, "merge", "--for-llvm=23", "-o", "x", "mcdc_v13.profdata").stderr())
                .contains("LLVM 23 is newer than the releases jprofdata knows").contains("so write for LLVM 22");
    }

    @Test
    void aFutureVersionSaysWhatToRunInstead() throws IOException {
        byte[] b = bytes("mcdc_v13.profdata");
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(8, 16);
        Files.write(tmp.resolve("v16.profdata"), b);
        CliRun show = CliRun.run(tmp, "show", "v16.profdata");
        assertThat(show.exitCode()).isEqualTo(1);
        assertThat(LlvmOutputs.actualStderr(show.stderr().getBytes(java.nio.charset.StandardCharsets.ISO_8859_1)))
                .isEqualTo("error: v16.profdata: unsupported instrumentation profile format version\n");
        assertThat(show.stderr()).contains("\nsummary: indexed version 16 was written by a newer LLVM");
    }
}
