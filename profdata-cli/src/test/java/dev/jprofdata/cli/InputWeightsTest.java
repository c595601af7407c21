package dev.jprofdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Input weights are unsigned 64-bit numbers, as llvm-profdata parses them (issue 18, item 13): 1 to
 * 2^64-1, digits only. A weight above 2^63-1 multiplies with saturation like any other, and every
 * other text gets llvm-profdata's error.
 */
class InputWeightsTest {
    private static final String MAX = "18446744073709551615";

    @TempDir
    Path tmp;

    private static String profile(String name) {
        return CliRun.fixtures().resolve("profiles").resolve(name).toString();
    }

    @Test
    void theLargestWeightIsAccepted() throws IOException {
        CliRun dump = CliRun.run(tmp, "merge", "--dump-input-file-list", "--weighted-input=" + MAX + "," + profile("ir_1.profraw"));
        assertThat(dump.exitCode()).as(dump.stderr()).isZero();
        assertThat(dump.stdout()).isEqualTo(MAX + "," + profile("ir_1.profraw") + "\n");

        Files.write(tmp.resolve("inputs.list"), List.of("0" + MAX + "," + profile("ir_1.profraw")));
        CliRun merge = CliRun.run(tmp, "merge", "--text", "-o", "out.proftext", "-f", "inputs.list");
        assertThat(merge.exitCode()).as(merge.stderr()).isZero();
        // Every non-zero counter saturates (at 2^64-3, LLVM's cap), and LLVM's warning says where.
        List<String> lines = Files.readAllLines(tmp.resolve("out.proftext"));
        List<String> counts = lines.subList(lines.indexOf("# Counter Values:") + 1, lines.indexOf("# Counter Values:") + 2);
        assertThat(counts).containsExactly("18446744073709551613");
        assertThat(merge.stderr()).contains(profile("ir_1.profraw") + ": main: counter overflow\n");
    }

    @Test
    void whatLlvmRejectsIsRejectedWithItsText() {
        for (String weight : List.of("18446744073709551616", "0", "-1", "+5", " 5", "5 ", "0x5", "")) {
            CliRun run = CliRun.run(tmp, "merge", "--dump-input-file-list", "--weighted-input=" + weight + ","
                    + profile("ir_1.profraw"));
            assertThat(run.exitCode()).as(weight).isEqualTo(1);
            assertThat(run.stderr()).as(weight).isEqualTo("error: input weight must be a positive integer\n");
        }
        CliRun leadingZeros = CliRun.run(tmp, "merge", "--dump-input-file-list", "--weighted-input=007,"
                + profile("ir_1.profraw"));
        assertThat(leadingZeros.stdout()).isEqualTo("7," + profile("ir_1.profraw") + "\n");
    }
}
