package dev.jprofdata.cli;

import dev.jprofdata.merge.pcsampling.PcSamplingAnalyzer;
import dev.jprofdata.merge.pcsampling.PcSamplingInput;
import dev.jprofdata.merge.pcsampling.PcSamplingOptions;
import dev.jprofdata.merge.pcsampling.PcSamplingReport;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;

/**
 * What every {@code jprofdata pc-sampling} subcommand reads and keeps: the rocprofv3 files of one
 * run, the {@code --kernel} and {@code --dispatch} filters and the code objects to symbolize with.
 * The subcommands declare these options here and run the library's analysis through here.
 */
final class PcSamplingInputs {
    private PcSamplingInputs() {
    }

    /** Declares the input files. */
    static void declareFiles(CommandSpec s) {
        s.addPositional(CommandSpecs.positionals("<file...>", "rocprofv3 outputs of one run:"
                + " *_pc_sampling_host_trap.csv, *_pc_sampling_stochastic.csv, *_kernel_trace.csv, *_results.json"
                + " (several processes allowed); - reads standard input."));
    }

    /** Declares the filters. */
    static void declareFilters(CommandSpec s) {
        s.addOption(CommandSpecs.value("<string>", null, "Only kernels whose name contains this.", "--kernel").build());
        s.addOption(CommandSpecs.commaList("<id,...>", "Only these dispatch ids.", "--dispatch").build());
    }

    /** Declares the code-object options. */
    static void declareCodeObjects(CommandSpec s) {
        s.addOption(CommandSpecs.repeated("<id>=<file>[#<target>]", "Symbolize code object ID's samples with this"
                + " code object (ELF, or an offload bundle: #gfx942 picks its entry): function names, columns and"
                + " inline stacks from its DWARF. Code objects a results JSON names by a file:// URI are used when"
                + " they are on this machine.", "--code-object").build());
        s.addOption(CommandSpecs.flag("noUriCodeObjects", "Do not open the code objects the results JSON names;"
                + " lines come from rocprofv3's comments.", "--no-uri-code-objects").build());
    }

    /** The analysis options the command line gives (filters and code objects), on top of {@code base}. */
    static PcSamplingOptions options(DeclaredCommand cmd, PcSamplingOptions base) {
        PcSamplingOptions options = base.withKernel(cmd.string("--kernel"))
                .withDispatches(dispatches(cmd.strings("--dispatch")))
                .withCodeObjectsFromUris(!cmd.flag("--no-uri-code-objects"));
        for (String given : cmd.strings("--code-object")) {
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
            options = options.withCodeObject(id, cmd.context.resolve(file), target);
        }
        return options;
    }

    /** Opens the input files of {@code cmd}, analyses them with {@code options} and closes them. */
    static PcSamplingReport analyze(DeclaredCommand cmd, String verb, PcSamplingOptions options) throws IOException {
        List<String> files = cmd.positionals();
        if (files.isEmpty()) {
            throw new CliException("pc-sampling " + verb + ": no input files (give the rocprofv3 CSV or JSON files"
                    + " of a run)");
        }
        List<InputFile> opened = new ArrayList<>();
        try {
            List<PcSamplingInput> inputs = new ArrayList<>();
            for (String f : files) {
                InputFile in = InputFile.open(cmd.context, f);
                opened.add(in);
                inputs.add(new PcSamplingInput(in.path(), in.displayName()));
            }
            return PcSamplingAnalyzer.analyze(inputs, options);
        } finally {
            for (InputFile in : opened) {
                in.close();
            }
        }
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
}
