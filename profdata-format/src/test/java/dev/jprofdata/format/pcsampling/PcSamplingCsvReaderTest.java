package dev.jprofdata.format.pcsampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.ProfileFormatException.Kind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CSV reader on AMD's real files, against values counted independently (fixtures/pc-sampling/
 * README.md), and on damaged copies of them.
 */
class PcSamplingCsvReaderTest {
    @TempDir
    Path tmp;

    @Test
    void stochasticFileHasTheCountedSamples() throws IOException {
        List<PcSample> s = PcFixtures.csv("pc_sampling_stochastic_debug.csv");
        assertThat(s).hasSize(97).allMatch(x -> x.method() == SamplingMethod.STOCHASTIC);
        assertThat(s.stream().filter(PcSample::issued).count()).isEqualTo(20);
        assertThat(s.stream().filter(PcSample::stalled).count()).isEqualTo(77);
        Map<String, Long> types = s.stream().filter(PcSample::issued)
                .collect(Collectors.groupingBy(PcSample::instType, Collectors.counting()));
        assertThat(types).containsExactlyInAnyOrderEntriesOf(Map.of("VALU", 14L, "SCALAR", 6L));
        Map<String, Long> reasons = s.stream().filter(PcSample::stalled)
                .collect(Collectors.groupingBy(PcSample::stallReason, Collectors.counting()));
        assertThat(reasons).containsExactlyInAnyOrderEntriesOf(
                Map.of("WAITCNT", 71L, "ALU_DEPENDENCY", 5L, "NO_INSTRUCTION_AVAILABLE", 1L));
        assertThat(s.stream().mapToInt(PcSample::waveCount).sum()).isEqualTo(521);
        assertThat(s.stream().mapToInt(PcSample::waveCount).min().getAsInt()).isEqualTo(1);
        assertThat(s.stream().mapToInt(PcSample::waveCount).max().getAsInt()).isEqualTo(17);
        assertThat(s.stream().map(PcSample::dispatchId).distinct().count()).isEqualTo(48);
        PcSample first = s.get(0);
        assertThat(first.timestamp()).isEqualTo(390705261841337L);
        assertThat(Long.toUnsignedString(first.execMask())).isEqualTo("18446744073709551615");
        assertThat(first.dispatchId()).isEqualTo(24);
        assertThat(first.instruction()).isEqualTo("s_waitcnt vmcnt(0)");
        assertThat(first.comment()).endsWith("/vector-ops.cpp:133");
        assertThat(first.waveCount()).isEqualTo(4);
        assertThat(first.position()).isEqualTo(2);
        assertThat(first.hasArbiterState()).isFalse();
        assertThat(first.codeObjectId()).isEqualTo(-1);
    }

    @Test
    void hostTrapFilesHaveCountsOnly() throws IOException {
        // The file ends without a line end (upstream as is); its last row is complete.
        List<PcSample> s = PcFixtures.csv("pc_sampling_host_trap.csv");
        assertThat(s).hasSize(79).allMatch(x -> x.method() == SamplingMethod.HOST_TRAP && x.waveIssued() == -1
                && x.instType() == null && x.dispatchId() == 1 && x.comment().isEmpty());
        assertThat(s.stream().filter(x -> x.instruction().equals("s_endpgm")).count()).isEqualTo(36);
        assertThat(s.stream().filter(x -> x.instruction().equals("s_waitcnt vmcnt(0)")).count()).isEqualTo(30);
        List<PcSample> d = PcFixtures.csv("pc_sampling_host_trap_debug.csv");
        assertThat(d).hasSize(21);
        assertThat(d.stream().filter(x -> x.comment().endsWith("MatrixTranspose.cpp:44")).count()).isEqualTo(11);
    }

    @Test
    void unescapedQuotesInsideStringsAreRead() throws IOException {
        String header = "\"Sample_Timestamp\",\"Exec_Mask\",\"Dispatch_Id\",\"Instruction\",\"Instruction_Comment\","
                + "\"Correlation_Id\"\n";
        Path p = PcFixtures.write(tmp, "q.csv", (header + "5,65535,3,\"s_mov \"x\", y\",\"/a \"b\".cpp:7\",3\n")
                .getBytes(StandardCharsets.UTF_8));
        List<PcSample> s = new ArrayList<>();
        PcSamplingCsvReader.read(p, "q.csv", s::add);
        assertThat(s).singleElement().satisfies(x -> {
            assertThat(x.instruction()).isEqualTo("s_mov \"x\", y");
            assertThat(x.comment()).isEqualTo("/a \"b\".cpp:7");
            assertThat(x.correlationId()).isEqualTo(3);
        });
    }

    private PcSamplingFormatException failure(String name, byte[] bytes) {
        Path p;
        try {
            p = PcFixtures.write(tmp, name, bytes);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        Throwable t = org.assertj.core.api.Assertions.catchThrowable(() -> PcSamplingCsvReader.read(p, name, x -> { }));
        assertThat(t).isInstanceOf(PcSamplingFormatException.class);
        return (PcSamplingFormatException) t;
    }

    private static byte[] real() throws IOException {
        return Files.readAllBytes(PcFixtures.file("pc_sampling_stochastic_debug.csv"));
    }

    @Test
    void aFileCutInTheMiddleOfARowIsTruncated() throws IOException {
        byte[] all = real();
        // Cut 30 bytes into the last row (which starts after the 97th line end).
        int lastRow = lastLineStart(all);
        PcSamplingFormatException e = failure("cut.csv", Arrays.copyOf(all, lastRow + 30));
        assertThat(e.kind()).isEqualTo(Kind.TRUNCATED);
        assertThat(e.lineNumber()).isEqualTo(98);
        assertThat(e.offset()).isEqualTo(lastRow);
        assertThat(e.getMessage()).startsWith("cut.csv: expected 10 columns, found ").contains("cut short")
                .endsWith("(line 98)");
    }

    private static int lastLineStart(byte[] all) {
        int end = all.length - 1;
        while (all[end] == '\n' || all[end] == '\r') {
            end--;
        }
        while (all[end - 1] != '\n') {
            end--;
        }
        return end;
    }

    @Test
    void aRowWithAColumnMissingNamesItsLine() throws IOException {
        String text = new String(real(), StandardCharsets.UTF_8);
        String[] lines = text.split("\n", -1);
        // Line 5 (1-based) loses its Wave_Count column.
        lines[4] = lines[4].substring(0, lines[4].lastIndexOf(','));
        PcSamplingFormatException e = failure("cols.csv", String.join("\n", lines).getBytes(StandardCharsets.UTF_8));
        assertThat(e.kind()).isEqualTo(Kind.MALFORMED);
        assertThat(e.lineNumber()).isEqualTo(5);
        assertThat(e.getMessage()).isEqualTo("cols.csv: expected 10 columns, found 9 (at byte "
                + (lines[0].length() + lines[1].length() + lines[2].length() + lines[3].length() + 4) + ") (line 5)");
    }

    @Test
    void otherDamageIsNamed() throws IOException {
        String header = "\"Sample_Timestamp\",\"Exec_Mask\",\"Dispatch_Id\",\"Instruction\",\"Instruction_Comment\","
                + "\"Correlation_Id\"\n";
        assertThat(failure("n.csv", (header + "5,65535,x3,\"a\",\"b\",3\n").getBytes(StandardCharsets.UTF_8))
                .getMessage()).isEqualTo("n.csv: Dispatch_Id is not an unsigned integer: 'x3' (at byte "
                        + header.length() + ") (line 2)");
        assertThat(failure("h.csv", "a,b,c\n1,2,3\n".getBytes(StandardCharsets.UTF_8)).kind())
                .isEqualTo(Kind.UNRECOGNIZED_FORMAT);
        assertThat(failure("e.csv", new byte[0]).kind()).isEqualTo(Kind.EMPTY_FILE);
        String stochastic = new String(real(), StandardCharsets.UTF_8).lines().findFirst().get() + "\n";
        PcSamplingFormatException issued = failure("i.csv", (stochastic
                + "1,2,3,\"v_mov\",\"\",3,2,\"ROCPROFILER_PC_SAMPLING_INSTRUCTION_TYPE_VALU\",\"X\",4\n")
                .getBytes(StandardCharsets.UTF_8));
        assertThat(issued.reason()).isEqualTo("Wave_Issued_Instruction is 2, expected 0 or 1");
    }

    @Test
    void kernelTraceRowsAreDispatches() throws IOException {
        List<KernelDispatch> t = KernelTraceReader.read(PcFixtures.file("kernel_trace.csv"), "kernel_trace.csv");
        assertThat(t).extracting(KernelDispatch::dispatchId).containsExactlyInAnyOrder(1L, 2L, 3L, 4L, 5L, 6L, 11L,
                12L, 13L);
        assertThat(t.get(0).kernelName()).isEqualTo("void addition_kernel<float>(float*, float const*, float const*,"
                + " int, int)");
        assertThat(t.get(0).kernelId()).isEqualTo(10);
        assertThat(t.get(0).correlationId()).isEqualTo(1);
        assertThat(t.get(0).startTimestamp()).isEqualTo(1550151853029637L);
        List<KernelDispatch> v = KernelTraceReader.read(PcFixtures.file("vcopy_mi300a_kernel_trace.csv"), "v");
        assertThat(v).hasSize(3).allMatch(d -> d.kernelId() == 12 && d.kernelName().startsWith("vecCopy("));
    }

    @Test
    void filesAreToldApartByContent() throws IOException {
        assertThat(PcSamplingFileKind.of(PcFixtures.file("pc_sampling_host_trap.csv"), "a"))
                .isEqualTo(PcSamplingFileKind.SAMPLES_CSV);
        assertThat(PcSamplingFileKind.of(PcFixtures.file("kernel_trace.csv"), "b"))
                .isEqualTo(PcSamplingFileKind.KERNEL_TRACE_CSV);
        assertThat(PcSamplingFileKind.of(PcFixtures.file("mi350_gfx950_stochastic_records_excerpt.json"), "c"))
                .isEqualTo(PcSamplingFileKind.RESULTS_JSON);
        Path other = PcFixtures.write(tmp, "x.txt", "hello\n".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> PcSamplingFileKind.of(other, "x.txt")).isInstanceOf(PcSamplingFormatException.class)
                .hasMessageContaining("x.txt: not a rocprofv3 PC-sampling CSV, kernel-trace CSV or results JSON");
        assertThatThrownBy(() -> PcSamplingFileKind.of(tmp.resolve("missing"), "missing"))
                .hasMessage("missing: No such file or directory");
    }
}
