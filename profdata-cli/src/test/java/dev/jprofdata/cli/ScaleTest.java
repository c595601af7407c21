package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Scale (issue 5): 10,000 inputs by directory and by list file, under a small file-handle limit;
 * raw inputs larger than 2 GiB (one JDK 17 mapping cannot cover them). Small synthetic data: copies
 * of a 1.5 KB fixture, and sparse files.
 */
class ScaleTest {
    private static final int COPIES = 10_000;
    private static final String SOURCE = "profiles/ir_1.profraw"; // IR PGO, with indirect-call and memop values

    @TempDir
    static Path shared;

    private static Path inputDir;
    private static Path inputList;
    private static Path weightedOutput;

    @TempDir
    Path tmp;

    /** 10,000 copies of one raw profile in a directory, and a list file naming each of them. */
    @BeforeAll
    static void makeInputs() throws IOException {
        byte[] raw = Files.readAllBytes(CliRun.fixtures().resolve(SOURCE));
        inputDir = Files.createDirectory(shared.resolve("in"));
        List<String> lines = new ArrayList<>(COPIES);
        for (int i = 0; i < COPIES; i++) {
            Path p = inputDir.resolve(String.format("p%05d.profraw", i));
            Files.write(p, raw);
            lines.add(p.toString());
        }
        inputList = shared.resolve("inputs.list");
        Files.write(inputList, lines, StandardCharsets.ISO_8859_1);
        weightedOutput = shared.resolve("weighted.profdata");
        CliRun weighted = CliRun.run(CliRun.fixtures(), "merge", "-o", weightedOutput.toString(),
                "--weighted-input=" + COPIES + "," + SOURCE);
        assertThat(weighted.exitCode()).as(weighted.stderr()).isZero();
    }

    /**
     * The list-file merge runs in-process and must leave no descriptor open; the directory merge
     * runs in its own JVM under {@code ulimit -n 128}. Both (8 threads and the default) give the same
     * bytes, and the same counts and values as one input of weight 10,000. (Only the order of
     * equal-count values may differ from the weighted merge, as with llvm-profdata 22, whose outputs
     * for both commands equal ours.)
     */
    @Test
    @EnabledOnOs(OS.LINUX)
    void tenThousandInputsByListAndByDirectory() throws Exception {
        Path fromList = tmp.resolve("list.profdata");
        long before = FileHandleLeakTest.openDescriptors();
        CliRun run = CliRun.run(tmp, "merge", "--num-threads=8", "-o", fromList.toString(),
                "--input-files=" + inputList);
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stderr()).isEmpty();
        assertThat(FileHandleLeakTest.openDescriptors()).isLessThanOrEqualTo(before + 2);

        Path fromDir = tmp.resolve("dir.profdata");
        FileHandleLeakTest.ProcessRun dir = FileHandleLeakTest.runUnderUlimit(tmp, 128, "merge", "-o",
                fromDir.toString(), inputDir.toString());
        assertThat(dir.exitCode()).as(dir.output()).isZero();
        assertThat(dir.output()).isEmpty();

        assertThat(Files.readAllBytes(fromDir)).isEqualTo(Files.readAllBytes(fromList));
        assertThat(ProfileDigest.hasValues(fromList)).isTrue();
        assertThat(ProfileDigest.of(fromList)).isEqualTo(ProfileDigest.of(weightedOutput));
    }

    /**
     * A raw profile of more than 2 GiB: {@code ir_1.profraw} with {@code PaddingBytesBeforeCounters}
     * raised so that its counters, names and value data lie near or past 2 GiB (a sparse file, so
     * nothing is written for the padding). Such padding is how clang's continuous mode page-aligns
     * the sections; llvm-profdata 22 merges these files to the same bytes as the original (checked
     * by hand). Cases: counters straddling the 2 GiB boundary, just after it, and near 3 GiB.
     */
    @ParameterizedTest
    @ValueSource(longs = {(1L << 31) - 64, (1L << 31) + 12288, (3L << 30) - 104})
    void rawInputOverTwoGibibytes(long countersAt) throws IOException {
        Path big = tmp.resolve("big.profraw");
        writeWithCountersAt(CliRun.fixtures().resolve(SOURCE), big, countersAt);
        assertThat(Files.size(big)).isGreaterThan(1L << 31);

        Path out = tmp.resolve("big.profdata");
        CliRun run = CliRun.run(tmp, "merge", "-o", out.toString(), big.toString());
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stderr()).isEmpty();
        Path expected = tmp.resolve("small.profdata");
        assertThat(CliRun.run(CliRun.fixtures(), "merge", "-o", expected.toString(), SOURCE).exitCode()).isZero();
        assertThat(Files.readAllBytes(out)).isEqualTo(Files.readAllBytes(expected));

        CliRun show = CliRun.run(tmp, "show", "--all-functions", "--counts", "--ic-targets", big.toString());
        CliRun showSmall = CliRun.run(CliRun.fixtures(), "show", "--all-functions", "--counts", "--ic-targets", SOURCE);
        assertThat(show.exitCode()).as(show.stderr()).isZero();
        assertThat(show.stdout()).isEqualTo(showSmall.stdout());
    }

    /**
     * Copies a little-endian 64-bit raw v10 profile, moving its counters (and everything after
     * them) to file offset {@code countersAt} by raising {@code PaddingBytesBeforeCounters}. The
     * gap is a hole of a sparse file; the test is skipped where the file system cannot hold it.
     */
    private static void writeWithCountersAt(Path source, Path target, long countersAt) throws IOException {
        byte[] raw = Files.readAllBytes(source);
        ByteBuffer header = ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(header.getLong(0)).as("64-bit little-endian raw magic").isEqualTo(0xff6c70726f667281L);
        assertThat(header.getLong(8) & 0xff).as("raw version").isEqualTo(10);
        long binaryIdsSize = header.getLong(0x10);
        long numData = header.getLong(0x18);
        long padding = header.getLong(0x20);
        int counters = Math.toIntExact(128 + binaryIdsSize + numData * 64 + padding); // v10 records: 64 bytes
        long extra = countersAt - counters;
        assumeTrue(Files.getFileStore(target.getParent()).getUsableSpace() > countersAt + (1L << 28),
                "not enough space for a " + countersAt + "-byte (sparse) file");
        header.putLong(0x20, padding + extra);
        try (RandomAccessFile f = new RandomAccessFile(target.toFile(), "rw")) {
            f.write(raw, 0, counters);
            f.seek(countersAt);
            f.write(raw, counters, raw.length - counters);
        } catch (IOException e) {
            Files.deleteIfExists(target);
            assumeTrue(false, "the file system cannot hold a sparse file of " + countersAt + " bytes: " + e);
        }
    }
}
