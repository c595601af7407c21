package dev.jprofdata.format.pcsampling;

import dev.jprofdata.format.ProfileFormatException.Kind;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads a rocprofv3 PC-sampling CSV ({@code *_pc_sampling_host_trap.csv}, 6 columns, or
 * {@code *_pc_sampling_stochastic.csv}, 10 columns), one row at a time. The header decides the
 * method; the file name is not looked at. Rows must have exactly the header's columns; numbers
 * are unsigned 64-bit decimals; {@code Wave_Issued_Instruction} is 0 or 1.
 */
public final class PcSamplingCsvReader {
    static final List<String> HOST_TRAP_COLUMNS = List.of("Sample_Timestamp", "Exec_Mask", "Dispatch_Id",
            "Instruction", "Instruction_Comment", "Correlation_Id");
    static final List<String> STOCHASTIC_COLUMNS = List.of("Sample_Timestamp", "Exec_Mask", "Dispatch_Id",
            "Instruction", "Instruction_Comment", "Correlation_Id", "Wave_Issued_Instruction", "Instruction_Type",
            "Stall_Reason", "Wave_Count");

    /** What a read found besides the samples. */
    public record Summary(SamplingMethod method, long samples, boolean lastLineHadLineEnd, long lines) {
    }

    private PcSamplingCsvReader() {
    }

    /** Whether {@code headerLine} (a CSV's first line) is the header of a PC-sampling CSV. */
    public static boolean isSampleHeader(String headerLine) {
        List<String> names = CsvFields.split(headerLine);
        return names.equals(HOST_TRAP_COLUMNS) || names.equals(STOCHASTIC_COLUMNS);
    }

    /** Reads {@code path} (named {@code file} in messages), handing every sample to {@code sink}. */
    public static Summary read(Path path, String file, PcSampleSink sink) throws IOException {
        try (InputStream in = Files.newInputStream(path)) {
            return read(in, file, sink);
        } catch (NoSuchFileException e) {
            throw new PcSamplingFormatException(file, -1, -1, Kind.NOT_FOUND, "No such file or directory");
        }
    }

    public static Summary read(InputStream in, String file, PcSampleSink sink) throws IOException {
        CsvLines lines = new CsvLines(in, file);
        List<String> names = lines.header(file);
        SamplingMethod method;
        if (names.equals(HOST_TRAP_COLUMNS)) {
            method = SamplingMethod.HOST_TRAP;
        } else if (names.equals(STOCHASTIC_COLUMNS)) {
            method = SamplingMethod.STOCHASTIC;
        } else {
            throw lines.error(Kind.UNRECOGNIZED_FORMAT, "not a rocprofv3 PC-sampling CSV: the header has "
                    + names.size() + " columns, starting '" + CsvFields.shorten(String.join(",", names))
                    + "' (expected the 6 host-trap or 10 stochastic columns)");
        }
        int columns = names.size();
        EnumNames enums = new EnumNames();
        long samples = 0;
        String line;
        while ((line = lines.next()) != null) {
            if (line.isEmpty()) {
                throw lines.error(Kind.MALFORMED, "empty line among the samples");
            }
            // The row's fixed layout first: it reads strings with unescaped quotes, which a generic
            // CSV split can misread without noticing; the generic split only explains a bad row.
            List<String> f = CsvFields.sampleRow(line, columns);
            if (f == null) {
                f = CsvFields.split(line);
                if (f.size() != columns) {
                    throw lines.error(lines.lastHadLineEnd() ? Kind.MALFORMED : Kind.TRUNCATED, "expected " + columns
                            + " columns, found " + f.size() + (lines.lastHadLineEnd() ? ""
                                    : " (the last line has no line end: the file is cut short)"));
                }
            }
            sink.accept(sample(lines, f, method, enums));
            samples++;
        }
        return new Summary(method, samples, lines.lastHadLineEnd(), lines.lineNumber());
    }

    private static PcSample sample(CsvLines lines, List<String> f, SamplingMethod method, EnumNames enums)
            throws PcSamplingFormatException {
        long timestamp = CsvFields.unsigned(lines, "Sample_Timestamp", f.get(0));
        long exec = CsvFields.unsigned(lines, "Exec_Mask", f.get(1));
        long dispatch = CsvFields.unsigned(lines, "Dispatch_Id", f.get(2));
        String instruction = f.get(3);
        String comment = f.get(4);
        long correlation = CsvFields.unsigned(lines, "Correlation_Id", f.get(5));
        int issued = -1;
        String type = null;
        String reason = null;
        int waves = -1;
        if (method == SamplingMethod.STOCHASTIC) {
            long i = CsvFields.unsigned(lines, "Wave_Issued_Instruction", f.get(6));
            if (i > 1) {
                throw lines.error(Kind.MALFORMED, "Wave_Issued_Instruction is " + Long.toUnsignedString(i)
                        + ", expected 0 or 1");
            }
            issued = (int) i;
            type = enums.type(f.get(7).trim());
            reason = enums.reason(f.get(8).trim());
            long w = CsvFields.unsigned(lines, "Wave_Count", f.get(9));
            // Kept as read (the invariants report implausible counts); only clamped to fit an int.
            waves = (int) Math.min(w, Integer.MAX_VALUE);
        }
        return new PcSample(method, 0, timestamp, exec, dispatch, correlation, -1, -1, -1, instruction, comment,
                issued, type, reason, waves, false, 0, 0, false, -1, lines.lineNumber());
    }
}
