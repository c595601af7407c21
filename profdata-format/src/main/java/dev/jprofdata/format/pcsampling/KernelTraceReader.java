package dev.jprofdata.format.pcsampling;

import dev.jprofdata.format.ProfileFormatException.Kind;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a rocprofv3 {@code --kernel-trace} CSV ({@code *_kernel_trace.csv}): one
 * {@link KernelDispatch} per row. Columns are found by their header names, so added or reordered
 * columns of other SDK versions do not matter; {@code Dispatch_Id}, {@code Kernel_Id} and
 * {@code Kernel_Name} are required. The trace has one row per dispatch, so it is kept whole.
 */
public final class KernelTraceReader {
    private KernelTraceReader() {
    }

    /** Whether {@code headerLine} is the header of a kernel-trace CSV. */
    public static boolean isTraceHeader(String headerLine) {
        List<String> names = CsvFields.split(headerLine);
        return names.contains("Dispatch_Id") && names.contains("Kernel_Id") && names.contains("Kernel_Name");
    }

    public static List<KernelDispatch> read(Path path, String file) throws IOException {
        try (InputStream in = Files.newInputStream(path)) {
            return read(in, file);
        } catch (NoSuchFileException e) {
            throw new PcSamplingFormatException(file, -1, -1, Kind.NOT_FOUND, "No such file or directory");
        }
    }

    public static List<KernelDispatch> read(InputStream in, String file) throws IOException {
        CsvLines lines = new CsvLines(in, file);
        List<String> names = lines.header(file);
        int dispatch = names.indexOf("Dispatch_Id");
        int kernelId = names.indexOf("Kernel_Id");
        int kernelName = names.indexOf("Kernel_Name");
        if (dispatch < 0 || kernelId < 0 || kernelName < 0) {
            throw lines.error(Kind.UNRECOGNIZED_FORMAT, "not a rocprofv3 kernel-trace CSV: the header lacks "
                    + (dispatch < 0 ? "Dispatch_Id" : kernelId < 0 ? "Kernel_Id" : "Kernel_Name"));
        }
        int correlation = names.indexOf("Correlation_Id");
        int start = names.indexOf("Start_Timestamp");
        int end = names.indexOf("End_Timestamp");
        List<KernelDispatch> out = new ArrayList<>();
        String line;
        while ((line = lines.next()) != null) {
            List<String> f = CsvFields.split(line);
            if (f.size() != names.size()) {
                throw lines.error(lines.lastHadLineEnd() ? Kind.MALFORMED : Kind.TRUNCATED, "expected "
                        + names.size() + " columns, found " + f.size());
            }
            out.add(new KernelDispatch(CsvFields.unsigned(lines, "Dispatch_Id", f.get(dispatch)),
                    CsvFields.unsigned(lines, "Kernel_Id", f.get(kernelId)), f.get(kernelName),
                    correlation < 0 ? -1 : CsvFields.unsigned(lines, "Correlation_Id", f.get(correlation)),
                    start < 0 ? -1 : CsvFields.unsigned(lines, "Start_Timestamp", f.get(start)),
                    end < 0 ? -1 : CsvFields.unsigned(lines, "End_Timestamp", f.get(end))));
        }
        return out;
    }
}
