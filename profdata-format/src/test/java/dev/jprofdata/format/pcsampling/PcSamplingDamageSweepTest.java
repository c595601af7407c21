package dev.jprofdata.format.pcsampling;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seeded damage to AMD's real files (fixtures/pc-sampling/): cut, overwritten and inserted bytes.
 * Every reader either reads the damaged file or throws {@link PcSamplingFormatException} with a
 * one-line message naming the file; nothing else escapes (no runtime exception, no hang).
 * {@code PcSamplingReaderFuzzTest} is the open-ended version of this sweep.
 */
class PcSamplingDamageSweepTest {
    static final String[] FILES = {"pc_sampling_stochastic_debug.csv", "pc_sampling_host_trap.csv", "kernel_trace.csv",
        "mi350_gfx950_stochastic_records_excerpt.json", "mi300a_code_objects_kernel_symbols_excerpt.json",
        "doc_host_trap_results_snippet.json"};

    static java.util.stream.IntStream seeds() {
        return java.util.stream.IntStream.range(0, 300);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void damagedInputsFailCleanly(int seed) throws IOException {
        Random random = new Random(seed);
        String name = FILES[seed % FILES.length];
        byte[] bytes = damage(Files.readAllBytes(PcFixtures.file(name)), random);
        read(name, bytes);
    }

    static byte[] damage(byte[] b, Random random) {
        byte[] out = b.clone();
        switch (random.nextInt(4)) {
            case 0 -> out = java.util.Arrays.copyOf(out, random.nextInt(out.length));
            case 1 -> {
                for (int i = 0; i < 1 + random.nextInt(8); i++) {
                    out[random.nextInt(out.length)] = (byte) "\",:{}[]0-9\n\r x".charAt(random.nextInt(15));
                }
            }
            case 2 -> {
                int at = random.nextInt(out.length);
                byte[] more = new byte[out.length + 3];
                System.arraycopy(out, 0, more, 0, at);
                more[at] = ',';
                more[at + 1] = '"';
                more[at + 2] = (byte) random.nextInt(256);
                System.arraycopy(out, at, more, at + 3, out.length - at);
                out = more;
            }
            default -> out[random.nextInt(out.length)] = (byte) random.nextInt(256);
        }
        return out;
    }

    /** Reads {@code bytes} with the reader for its kind; a failure must be a clean one. */
    static void read(String name, byte[] bytes) throws IOException {
        try {
            if (name.endsWith(".json")) {
                RocprofResultsReader.read(new ByteArrayInputStream(bytes), name, s -> { }, r -> { });
            } else if (name.startsWith("kernel_trace")) {
                KernelTraceReader.read(new ByteArrayInputStream(bytes), name);
            } else {
                PcSamplingCsvReader.read(new ByteArrayInputStream(bytes), name, s -> { });
            }
        } catch (PcSamplingFormatException e) {
            assertThat(e.getMessage()).startsWith(name + ": ").doesNotContain("\n");
            assertThat(e.reason()).isNotBlank();
        }
    }
}
