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

    /** A profile, or any binary file, given as a list: one line that names it, no Java exception. */
    @Test
    void binaryListNamesTheFileAndLine() throws IOException {
        Files.copy(CliRun.fixtures().resolve("profiles/ir_1.profraw"), tmp.resolve("a"));
        Files.write(tmp.resolve("binary.list"), new byte[] {'a', '\n', 'b', 0, 1, 2, '\n', 'c'});
        CliRun run = CliRun.run(tmp, "merge", "-o", "out", "-f", "binary.list");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr()).isEqualTo("error: a file name cannot contain a NUL byte (binary.list:2)\n");

        Files.copy(CliRun.fixtures().resolve("profiles/ir.profdata"), tmp.resolve("ir.profdata"));
        CliRun profile = CliRun.run(tmp, "merge", "-o", "out", "-f", "ir.profdata");
        assertThat(profile.exitCode()).isEqualTo(1);
        assertThat(profile.stderr()).matches("error: [^\n]*\\(ir\\.profdata:[0-9]+\\)\n").doesNotContain("java.");
    }

    /** File names are bytes: a list is read as bytes, whatever they are (no encoding to get wrong). */
    @Test
    void listEntriesAreBytes() throws Exception {
        ShellRun made = ShellRun.inCLocale(tmp, "cp \"$1\" \"$(printf 'r\\351\\303\\251\\377').profraw\" && printf"
                + " 'r\\351\\303\\251\\377.profraw\\r\\n2,r\\351\\303\\251\\377.profraw\\n' > inputs.list",
                CliRun.fixtures().resolve("profiles/ir_1.profraw").toString());
        assertThat(made.exitCode()).as(made.stderr()).isZero();
        CliRun run = CliRun.run(tmp, "merge", "--dump-input-file-list", "-f", "inputs.list");
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).isEqualTo("1,r\u00E9\u00C3\u00A9\u00FF.profraw\n2,r\u00E9\u00C3\u00A9\u00FF.profraw\n");
    }

    @Test
    void unreadableListSaysWhy() throws IOException {
        Path list = tmp.resolve("secret.list");
        Files.write(list, List.of("x.profraw"));
        Files.setPosixFilePermissions(list, java.nio.file.attribute.PosixFilePermissions.fromString("---------"));
        org.junit.jupiter.api.Assumptions.assumeFalse(Files.isReadable(list), "root reads every file");
        CliRun run = CliRun.run(tmp, "merge", "-o", "out", "-f", "secret.list");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr()).isEqualTo("error: secret.list: Permission denied\n");
    }

    /** A list from a pipe is read once; an endless device stops at the size limit. */
    @Test
    void listFromAPipeOrADevice() throws Exception {
        Path fifo = NamedPipes.create(tmp.resolve("list.fifo"));
        NamedPipes.writeOnceLater(fifo, (CliRun.fixtures().resolve("profiles/ir_1.profraw") + "\n")
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        CliRun piped = CliRun.run(tmp, "merge", "--dump-input-file-list", "-f", "list.fifo");
        assertThat(piped.stdout()).isEqualTo("1," + CliRun.fixtures().resolve("profiles/ir_1.profraw") + "\n");

        CliRun zero = CliRun.run(tmp, "merge", "-o", "out", "-f", "/dev/zero");
        assertThat(zero.exitCode()).isEqualTo(1);
        assertThat(zero.stderr()).isEqualTo("error: /dev/zero: file is too large (more than 67108864 bytes; the limit for"
                + " list and remapping files is 67108864)\n");
    }

    @Test
    void directoryAsListIsAClearError() throws IOException {
        Files.createDirectory(tmp.resolve("d"));
        CliRun run = CliRun.run(tmp, "merge", "-o", "out", "-f", "d");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr()).isEqualTo("error: d: Is a directory\n");
    }
}
