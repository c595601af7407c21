package dev.jprofdata.cli;

import dev.jprofdata.merge.pcsampling.LineRange;
import dev.jprofdata.merge.pcsampling.PcSamplingAnalyzer;
import dev.jprofdata.merge.pcsampling.PcSamplingInput;
import dev.jprofdata.merge.pcsampling.PcSamplingOptions;
import dev.jprofdata.merge.pcsampling.PcSamplingReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
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
        s.addPositional(CommandSpecs.positionals("<file...>", "rocprofv3 outputs of one run:"
                + " *_pc_sampling_host_trap.csv, *_pc_sampling_stochastic.csv, *_kernel_trace.csv, *_results.json"
                + " (several processes allowed); - reads standard input."));
        s.addOption(CommandSpecs.value("<file>", CommandOutput.STDOUT, "Output file (- for stdout).", "-o", "--output")
                .build());
        s.addOption(CommandSpecs.value("text|json|yaml|csv", "text", "Output format.", "--show-format").build());
        s.addOption(CommandSpecs.value("<uint>", null, "Rows per table: the N largest instructions, lines and"
                + " dispatches of each kernel (0: all; default 10 for text, all otherwise).", "--topn").build());
        s.addOption(CommandSpecs.value("<string>", null, "Only kernels whose name contains this.", "--kernel").build());
        s.addOption(CommandSpecs.commaList("<id,...>", "Only these dispatch ids.", "--dispatch").build());
        s.addOption(CommandSpecs.value("<name>", null, "With --lines: the kernel or device function whose lines"
                + " --lines gives.", "--function").build());
        s.addOption(CommandSpecs.value("<A-B>", null, "Also report the metrics of the samples whose source line"
                + " (leaf or inlined frame) is in A-B (or FILE:A-B), beside the whole kernel's.", "--lines").build());
        s.addOption(CommandSpecs.repeated("<id>=<file>[#<target>]", "Symbolize code object ID's samples with this"
                + " code object (ELF, or an offload bundle: #gfx942 picks its entry): function names, columns and"
                + " inline stacks from its DWARF. Code objects a results JSON names by a file:// URI are used when they are on this"
                + " machine.", "--code-object").build());
        s.addOption(CommandSpecs.flag("noUriCodeObjects", "Do not open the code objects the results JSON names;"
                + " lines come from rocprofv3's comments.", "--no-uri-code-objects").build());
    }

    @Override
    public Integer call() {
        List<String> files = positionals();
        if (files.isEmpty()) {
            throw new CliException("pc-sampling report: no input files (give the rocprofv3 CSV or JSON files of a run)");
        }
        String format = string("--show-format");
        if (!List.of("text", "json", "yaml", "csv").contains(format)) {
            throw new CliException("--show-format: '" + format + "' is not one of text, json, yaml, csv");
        }
        String topText = string("--topn");
        long topn = topText == null ? (format.equals("text") ? DEFAULT_TEXT_ROWS : 0) : LlvmValues.uint32("--topn", topText);
        PcSamplingOptions options = PcSamplingOptions.defaults().withKernel(string("--kernel"))
                .withDispatches(dispatches(strings("--dispatch"))).withLineRange(lineRange())
                .withCodeObjectsFromUris(!flag("--no-uri-code-objects"));
        for (String given : strings("--code-object")) {
            int eq = given.indexOf('=');
            long id;
            try {
                id = eq <= 0 ? -1 : Long.parseUnsignedLong(given.substring(0, eq).strip());
            } catch (NumberFormatException e) {
                id = -1;
            }
            if (id < 0 || eq == given.length() - 1) {
                throw new CliException("--code-object: '" + given + "' is not ID=FILE (the code_object_id of the"
                        + " results JSON, then the code object's file)");
            }
            // FILE#TARGET names one entry of an offload bundle (app.bundle#gfx942).
            String file = given.substring(eq + 1);
            int hash = file.lastIndexOf('#');
            String target = hash > 0 && file.indexOf('/', hash) < 0 ? file.substring(hash + 1) : null;
            if (target != null) {
                file = file.substring(0, hash);
            }
            options = options.withCodeObject(id, context.resolve(file), target);
        }
        List<InputFile> opened = new ArrayList<>();
        try (CommandOutput out = CommandOutput.open(context, string("--output"))) {
            try {
                List<PcSamplingInput> inputs = new ArrayList<>();
                for (String f : files) {
                    InputFile in = InputFile.open(context, f);
                    opened.add(in);
                    inputs.add(new PcSamplingInput(in.path(), in.displayName()));
                }
                PcSamplingReport report = PcSamplingAnalyzer.analyze(inputs, options);
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
        } finally {
            for (InputFile in : opened) {
                in.close();
            }
        }
        return 0;
    }

    private static Set<Long> dispatches(List<String> ids) {
        Set<Long> out = new LinkedHashSet<>();
        for (String id : ids) {
            try {
                out.add(Long.parseUnsignedLong(id.strip()));
            } catch (NumberFormatException e) {
                throw new CliException("--dispatch: '" + id + "' is not a dispatch id");
            }
        }
        return out;
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
