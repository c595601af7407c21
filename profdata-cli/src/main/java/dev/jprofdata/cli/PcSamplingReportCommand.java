package dev.jprofdata.cli;

import dev.jprofdata.merge.pcsampling.LineRange;
import dev.jprofdata.merge.pcsampling.PcSamplingOptions;
import dev.jprofdata.merge.pcsampling.PcSamplingReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code jprofdata pc-sampling report FILES...}: the PC-sampling metrics of one rocprofv3 run per
 * kernel, dispatch, instruction and source line (spec/pc-sampling.md), as text, JSON, YAML or CSV.
 * The analysis is the library's ({@link PcSamplingAnalyzer}); this class parses options and picks
 * the writer.
 */
final class PcSamplingReportCommand extends DeclaredCommand {
    static final int DEFAULT_TEXT_ROWS = 10;

    PcSamplingReportCommand(CliContext context) {
        super(context, "report", "Report AMD GPU PC samples of one rocprofv3 run per kernel, dispatch,"
                + " instruction and source line: stall reasons, instruction mix, IPC estimate, pipe latency,"
                + " oversubscription, backpressure and occupancy.");
    }

    @Override
    void declareOptions(CommandSpec s) {
        PcSamplingInputs.declareFiles(s);
        s.addOption(CommandSpecs.value("<file>", CommandOutput.STDOUT, "Output file (- for stdout).", "-o", "--output")
                .build());
        s.addOption(CommandSpecs.value("text|json|yaml|csv", "text", "Output format.", "--show-format").build());
        s.addOption(CommandSpecs.value("<uint>", null, "Rows per table: the N largest instructions, lines and"
                + " dispatches of each kernel (0: all; default 10 for text, all otherwise).", "--topn").build());
        PcSamplingInputs.declareFilters(s);
        s.addOption(CommandSpecs.value("<name>", null, "With --lines: the kernel or device function whose lines"
                + " --lines gives.", "--function").build());
        s.addOption(CommandSpecs.value("<A-B>", null, "Also report the metrics of the samples whose source line"
                + " (leaf or inlined frame) is in A-B (or FILE:A-B), beside the whole kernel's.", "--lines").build());
        PcSamplingInputs.declareCodeObjects(s);
    }

    @Override
    public Integer call() {
        List<String> files = positionals();
        String format = string("--show-format");
        if (!List.of("text", "json", "yaml", "csv").contains(format)) {
            throw new CliException("--show-format: '" + format + "' is not one of text, json, yaml, csv");
        }
        String topText = string("--topn");
        long topn = topText == null ? (format.equals("text") ? DEFAULT_TEXT_ROWS : 0) : LlvmValues.uint32("--topn", topText);
        PcSamplingOptions options = PcSamplingInputs.options(this, PcSamplingOptions.defaults().withLineRange(lineRange()));
        try (CommandOutput out = CommandOutput.open(context, string("--output"))) {
            try {
                PcSamplingReport report = PcSamplingInputs.analyze(this, "report", options);
                switch (format) {
                    case "json", "yaml" -> PcSamplingStructured.write(out.writer(), format, report, files, (int) topn);
                    case "csv" -> PcSamplingCsv.write(out.writer(), report, (int) topn);
                    default -> PcSamplingText.write(out.writer(), report, files, (int) topn);
                }
            } catch (IOException e) {
                out.abandon();
                throw new UncheckedIOException(e);
            }
            out.commit();
        }
        return 0;
    }

    private LineRange lineRange() {
        String lines = string("--lines");
        String function = string("--function");
        if (lines == null) {
            if (function != null) {
                throw new CliException("--function needs --lines (the line range of that function)");
            }
            return null;
        }
        try {
            return LineRange.parse(function, lines);
        } catch (IllegalArgumentException e) {
            throw new CliException("--lines: " + e.getMessage());
        }
    }
}
