package dev.jprofdata.format.pcsampling;

import dev.jprofdata.format.ProfileFormatException.Kind;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The kinds of rocprofv3 output a PC-sampling analysis reads, told apart by their contents (not
 * their names, which users rename): a JSON document, or a CSV whose header is a sample or a
 * kernel-trace header.
 */
public enum PcSamplingFileKind {
    /** {@code *_pc_sampling_host_trap.csv} or {@code *_pc_sampling_stochastic.csv}. */
    SAMPLES_CSV,
    /** {@code *_kernel_trace.csv}. */
    KERNEL_TRACE_CSV,
    /** {@code *_results.json}. */
    RESULTS_JSON;

    /** The kind of {@code path} (named {@code file} in messages). */
    public static PcSamplingFileKind of(Path path, String file) throws IOException {
        try (InputStream in = Files.newInputStream(path)) {
            // A compact JSON document is one long line: look at its first byte before reading lines.
            int b;
            do {
                b = in.read();
            } while (b == ' ' || b == '\t' || b == '\r' || b == '\n' || b == 0xEF || b == 0xBB || b == 0xBF);
            if (b == '{') {
                return RESULTS_JSON;
            }
        } catch (NoSuchFileException e) {
            throw new PcSamplingFormatException(file, -1, -1, Kind.NOT_FOUND, "No such file or directory");
        }
        try (InputStream in = Files.newInputStream(path)) {
            CsvLines lines = new CsvLines(in, file);
            String first = lines.next();
            if (first == null) {
                throw new PcSamplingFormatException(file, 0, -1, Kind.EMPTY_FILE, "empty file");
            }
            String header = first.startsWith("\uFEFF") ? first.substring(1) : first;
            if (PcSamplingCsvReader.isSampleHeader(header)) {
                return SAMPLES_CSV;
            }
            if (KernelTraceReader.isTraceHeader(header)) {
                return KERNEL_TRACE_CSV;
            }
            throw lines.error(Kind.UNRECOGNIZED_FORMAT, "not a rocprofv3 PC-sampling CSV, kernel-trace CSV or"
                    + " results JSON (first line '" + CsvFields.shorten(header) + "')");
        } catch (NoSuchFileException e) {
            throw new PcSamplingFormatException(file, -1, -1, Kind.NOT_FOUND, "No such file or directory");
        }
    }
}
