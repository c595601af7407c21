package dev.jprofdata.cli;

import dev.jprofdata.format.sample.SampleFormat;
import dev.jprofdata.format.sample.SampleWriteOptions;
import dev.jprofdata.merge.pcsampling.ExportCount;
import dev.jprofdata.merge.pcsampling.ExportedProfile;
import dev.jprofdata.merge.pcsampling.PcSamplingOptions;
import dev.jprofdata.merge.pcsampling.PcSamplingReport;
import dev.jprofdata.merge.pcsampling.SampleProfileExporter;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code jprofdata pc-sampling export -o OUT FILES...}: a sample profile of one rocprofv3 run for
 * {@code -fprofile-sample-use} on the device compile (spec/pc-sampling.md). The library analyses
 * the samples and builds the profile ({@link SampleProfileExporter}); this class parses options,
 * prints the export's warnings and writes the profile with the sample-profile writer.
 */
final class PcSamplingExportCommand extends DeclaredCommand {
    PcSamplingExportCommand(CliContext context) {
        super(context, "export", "Export AMD GPU PC samples of one rocprofv3 run as an LLVM sample profile for"
                + " -fprofile-sample-use on the device compile.");
    }

    @Override
    void declareOptions(CommandSpec s) {
        PcSamplingInputs.declareFiles(s);
        s.addOption(CommandSpecs.value("<file>", null, "Output file (- for stdout); required.", "-o", "--output")
                .build());
        s.addOption(CommandSpecs.flag("text", "Write a text sample profile.", "--text").build());
        s.addOption(CommandSpecs.flag("extbinary", "Write an extensible binary sample profile (the default).",
                "--extbinary").build());
        s.addOption(CommandSpecs.value("all|issued", "all", "Count all samples (time spent), or only the samples"
                + " whose wave issued the instruction (closer to execution counts; stochastic sampling only).",
                "--count").build());
        PcSamplingInputs.declareFilters(s);
        PcSamplingInputs.declareCodeObjects(s);
    }

    @Override
    public Integer call() {
        String output = string("--output");
        if (output == null) {
            throw new CliException("pc-sampling export: no output file (give -o FILE)");
        }
        if (flag("--text") && flag("--extbinary")) {
            throw new CliException("pc-sampling export: --text and --extbinary exclude each other");
        }
        ExportCount count = switch (string("--count")) {
            case "all" -> ExportCount.ALL;
            case "issued" -> ExportCount.ISSUED;
            default -> throw new CliException("--count: '" + string("--count") + "' is not one of all, issued");
        };
        SampleFormat format = flag("--text") ? SampleFormat.TEXT : SampleFormat.EXTBINARY;
        PcSamplingOptions options = PcSamplingInputs.options(this, PcSamplingOptions.defaults());
        try {
            PcSamplingReport report = PcSamplingInputs.analyze(this, "export", options);
            ExportedProfile exported = SampleProfileExporter.export(report, count);
            PrintStream err = context.err();
            for (String w : exported.warnings()) {
                err.println("warning: " + w);
            }
            if (exported.exported() == 0) {
                throw new CliException("pc-sampling export: no sample to export ("
                        + (exported.counted() == 0 ? "the kept samples hold none to count" : "none has a usable"
                                + " source location") + "); " + output + " was not written");
            }
            SampleProfileOutput.write(context, exported.profile(), SampleWriteOptions.defaults(format), output);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return 0;
    }
}
