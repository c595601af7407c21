package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Input-list and remapping files are read with the same care as profiles (issue 6): a size cap
 * checked before reading, and errors that say which line.
 */
class InputListSafetyTest {
    @TempDir
    Path tmp;

    @Test
    void badWeightInAListNamesTheLine() throws IOException {
        Path list = tmp.resolve("inputs.list");
        Files.write(list, List.of("# comment", CliRun.fixtures().resolve("profiles/ir_1.profraw").toString(),
                "0," + CliRun.fixtures().resolve("profiles/ir_2.profraw")));
        CliRun run = CliRun.run(tmp, "merge", "-o", "out", "-f", "inputs.list");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr()).isEqualTo("error: input weight must be a positive integer (inputs.list:3)\n");
    }

    @Test
    void missingListedInputNamesTheLine() throws IOException {
        Files.write(tmp.resolve("inputs.list"), List.of("nope.profraw"));
        CliRun run = CliRun.run(tmp, "merge", "-o", "out", "-f", "inputs.list");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr()).contains("nope.profraw: No such file or directory (inputs.list:1)");
    }

    @Test
    void hugeListOrRemappingFileIsRejectedBeforeReading() throws IOException {
        Path huge = tmp.resolve("huge.list");
        try (RandomAccessFile f = new RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength(BoundedTextFile.MAX_BYTES + 1); // sparse
        }
        CliRun list = CliRun.run(tmp, "merge", "-o", "out", "-f", "huge.list");
        assertThat(list.exitCode()).isEqualTo(1);
        assertThat(list.stderr()).startsWith("error: huge.list: file is too large (67108865 bytes;");
        CliRun remap = CliRun.run(tmp, "merge", "-o", "out", "-r", "huge.list",
                CliRun.fixtures().resolve("profiles/ir_1.profraw").toString());
        assertThat(remap.exitCode()).isEqualTo(1);
        assertThat(remap.stderr()).startsWith("error: huge.list: file is too large");
        assertThat(tmp.resolve("out")).doesNotExist();
    }

    @Test
    void directoryAsListIsAClearError() throws IOException {
        Files.createDirectory(tmp.resolve("d"));
        CliRun run = CliRun.run(tmp, "merge", "-o", "out", "-f", "d");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr()).isEqualTo("error: d: Is a directory\n");
    }
}
