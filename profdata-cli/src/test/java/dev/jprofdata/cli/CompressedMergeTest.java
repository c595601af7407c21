package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jprofdata.format.io.Compression;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code .gz} and {@code .zst} inputs merge to the same bytes as their uncompressed originals. */
class CompressedMergeTest {
    @TempDir
    Path dir;

    private static final String[] INPUTS = {"ir_1.profraw", "ir_2.profraw", "ir.profdata", "ir.proftext", "temporal_1.profraw"};

    @BeforeEach
    void copyInputs() throws IOException {
        Path profiles = CliRun.fixtures().resolve("profiles");
        assumeTrue(Files.isDirectory(profiles), "no fixtures");
        for (String name : INPUTS) {
            Files.copy(profiles.resolve(name), dir.resolve(name));
            compress(dir.resolve(name), Compression.GZIP, name + ".gz");
            compress(dir.resolve(name), Compression.ZSTD, name + ".zst");
        }
    }

    private void compress(Path source, Compression c, String target) throws IOException {
        try (OutputStream out = c.compress(Files.newOutputStream(dir.resolve(target)))) {
            Files.copy(source, out);
        }
    }

    private byte[] merge(String output, String... args) throws IOException {
        String[] full = new String[args.length + 3];
        full[0] = "merge";
        full[1] = "-o";
        full[2] = output;
        System.arraycopy(args, 0, full, 3, args.length);
        CliRun run = CliRun.run(dir, full);
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        return Files.readAllBytes(dir.resolve(output));
    }

    @Test
    void indexedOutputIsByteIdentical() throws IOException {
        byte[] plain = merge("plain.profdata", INPUTS);
        String[] gz = new String[INPUTS.length];
        String[] zst = new String[INPUTS.length];
        String[] mixed = new String[INPUTS.length];
        for (int i = 0; i < INPUTS.length; i++) {
            gz[i] = INPUTS[i] + ".gz";
            zst[i] = INPUTS[i] + ".zst";
            mixed[i] = INPUTS[i] + (i % 3 == 0 ? "" : i % 3 == 1 ? ".gz" : ".zst");
        }
        assertThat(merge("gz.profdata", gz)).isEqualTo(plain);
        assertThat(merge("zst.profdata", zst)).isEqualTo(plain);
        assertThat(merge("mixed.profdata", mixed)).isEqualTo(plain);
    }

    @Test
    void textOutputIsCompressedWhenItsNameSaysSo() throws IOException {
        byte[] plain = merge("plain.proftext", "--text", "ir_1.profraw", "ir.profdata");
        byte[] zst = merge("out.proftext.zst", "--text", "ir_1.profraw.zst", "ir.profdata.gz");
        byte[] gz = merge("out.proftext.gz", "--text", "ir_1.profraw", "ir.profdata");
        assertThat(Compression.of(zst, zst.length)).isEqualTo(Compression.ZSTD);
        assertThat(Compression.of(gz, gz.length)).isEqualTo(Compression.GZIP);
        assertThat(decompress(Compression.ZSTD, "out.proftext.zst")).isEqualTo(plain);
        assertThat(decompress(Compression.GZIP, "out.proftext.gz")).isEqualTo(plain);
        // and the compressed text reads back as a profile
        assertThat(merge("again.profdata", "out.proftext.zst")).isEqualTo(merge("direct.profdata", "plain.proftext"));
    }

    private byte[] decompress(Compression c, String name) throws IOException {
        try (InputStream in = c.decompress(Files.newInputStream(dir.resolve(name)))) {
            return in.readAllBytes();
        }
    }

    @Test
    void showAndOrderReadCompressedInputs() throws IOException {
        CliRun plain = CliRun.run(dir, "show", "--all-functions", "--counts", "ir.profdata");
        CliRun zst = CliRun.run(dir, "show", "--all-functions", "--counts", "ir.profdata.zst");
        assertThat(zst.stdout()).isEqualTo(plain.stdout());
        assertThat(CliRun.run(dir, "order", "temporal_1.profraw.gz").stdout())
                .isEqualTo(CliRun.run(dir, "order", "temporal_1.profraw").stdout());
    }

    @Test
    void truncatedCompressedInputIsReportedWithFileAndOffset() throws IOException {
        byte[] gz = Files.readAllBytes(dir.resolve("ir.profdata.gz"));
        Files.write(dir.resolve("cut.gz"), java.util.Arrays.copyOf(gz, 100));
        CliRun run = CliRun.run(dir, "show", "cut.gz");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr()).isEqualTo("error: cut.gz: truncated gzip data (at byte 100)\n");
    }
}
