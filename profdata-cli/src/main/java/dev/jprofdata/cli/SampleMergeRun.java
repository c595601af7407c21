package dev.jprofdata.cli;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.io.OutputFailedException;
import dev.jprofdata.format.sample.SampleFormat;
import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.format.sample.SampleProfileReaders;
import dev.jprofdata.format.sample.SampleReadOptions;
import dev.jprofdata.format.sample.SampleWriteException;
import dev.jprofdata.format.sample.SampleWriteOptions;
import dev.jprofdata.merge.DroppedTooMuchException;
import dev.jprofdata.merge.FailureMode;
import dev.jprofdata.merge.InputFailure;
import dev.jprofdata.merge.MergeInput;
import dev.jprofdata.merge.NoProfileMergedException;
import dev.jprofdata.merge.sample.FsDiscriminatorPass;
import dev.jprofdata.merge.sample.SampleInputException;
import dev.jprofdata.merge.sample.SampleLayoutConversion;
import dev.jprofdata.merge.sample.SampleMergeException;
import dev.jprofdata.merge.sample.SampleMergeJob;
import dev.jprofdata.merge.sample.SampleMergeOptions;
import dev.jprofdata.merge.sample.SampleMergeResult;
import dev.jprofdata.merge.sample.SampleMerger;
import dev.jprofdata.merge.sample.SampleOutputChecks;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code jprofdata merge --sample}: the sample-profile options read and checked with llvm-profdata's
 * wording, the merge run by the library ({@link SampleMerger}), and what it reports printed as
 * llvm-profdata prints it. The output is written atomically.
 */
final class SampleMergeRun {
    private final CliContext ctx;
    private final MergeCommand cmd;

    SampleMergeRun(CliContext ctx, MergeCommand cmd) {
        this.ctx = ctx;
        this.cmd = cmd;
    }

    /** The output format: {@code --extbinary} unless another is asked for. */
    private SampleFormat format() {
        if (cmd.flag("--gcc")) {
            return SampleFormat.GCC;
        }
        if (cmd.flag("--text")) {
            return SampleFormat.TEXT;
        }
        if (cmd.flag("--binary")) {
            return SampleFormat.BINARY;
        }
        return SampleFormat.EXTBINARY;
    }

    int run(List<MergeInput> inputs, FailureMode mode, String output) throws IOException {
        SampleFormat format = format();
        SampleMergeOptions options = options(mode);
        PrintStream err = ctx.err();
        for (String o : SampleMergeOptions.INSTRUMENTATION_ONLY) {
            if (!cmd.spec().findOption(o).originalStringValues().isEmpty()) {
                err.println(SampleMergeOptions.ignoredWithSample(o));
            }
        }
        boolean split = cmd.flag("--split-layout");
        boolean compress = cmd.flag("--compress-all-sections");
        boolean md5 = cmd.flag("--use-md5");
        boolean partial = cmd.flag("--gen-partial-profile");
        boolean ext = format == SampleFormat.EXTBINARY;
        long sizeLimit = LlvmValues.uint64("--output-size-limit", cmd.string("--output-size-limit"), "ulong");
        SampleWriteOptions writeOptions = new SampleWriteOptions(format, ext && compress, ext && md5, ext && partial,
                split && format != SampleFormat.BINARY, cmd.flag("--extbinary-write-vtable-type-prof"), sizeLimit,
                SampleCommandOptions.perContextSummary(cmd));
        String maxDropped = cmd.string("--max-dropped-fraction");
        RobustnessOptions.parseFraction(maxDropped);
        SampleMergeJob job = new SampleMergeJob(options, maxDropped, writeOptions);
        SampleMergeJob.Observer reports = new SampleMergeJob.Observer() {
            @Override
            public void merged(SampleMergeResult result) {
                result.reportLines().forEach(err::println);
                RobustnessOptions.reportDataLoss(err, result.dataLoss(), mode);
            }

            @Override
            public void accepted(SampleMergeResult result) {
                if (result.filtered()) {
                    err.println(result.filterMessage());
                }
            }

            @Override
            public void writing(SampleMergeResult result) {
                SampleProfile profile = result.profile();
                boolean hasSymbols = profile.symbolList() != null && !profile.symbolList().isEmpty();
                for (String w : SampleOutputChecks.warnings(format, split, hasSymbols, compress, md5, partial)) {
                    err.println("warning: " + w);
                }
            }
        };
        try {
            if (output.equals("-")) {
                job.write(inputs, StandardOutput.checked(ctx.out()), reports);
            } else {
                job.write(inputs, CommandOutput.target(ctx, output), reports);
            }
            return 0;
        } catch (SampleInputException e) {
            throw new CliException(e.getMessage() + (e.offset() >= 0 ? " (at byte " + e.offset() + ")" : ""));
        } catch (SampleMergeException e) {
            throw new CliException(e.getMessage());
        } catch (NoProfileMergedException e) {
            for (InputFailure f : e.failures()) {
                err.println("warning: " + f.file() + ": " + f.describe());
            }
            err.println("error: no profile can be merged");
            return 1;
        } catch (DroppedTooMuchException e) {
            err.println(e.getMessage());
            return 1;
        } catch (SampleWriteException e) {
            // "Too much profile data" (the size limit cannot be met) names no file in LLVM.
            throw new CliException(e.problem() == SampleWriteException.Problem.TOO_LARGE ? e.getMessage()
                    : output + ": " + e.getMessage());
        } catch (OutputFailedException e) {
            throw new OutputFailure(output, e);
        }
    }

    /**
     * Reads one sample profile named on the command line ({@code --supplement-instr-with-sample}),
     * with the FS options given; a problem is {@code error: FILE: reason}.
     */
    static SampleProfile readOne(CliContext ctx, MergeCommand cmd, String name) throws IOException {
        FsDiscriminatorPass pass = FsDiscriminatorPass.ofOptionName(cmd.string("--fs-discriminator-pass"));
        if (pass == null) {
            throw new CliException("for the --fs-discriminator-pass option: Cannot find option named '"
                    + cmd.string("--fs-discriminator-pass") + "'!");
        }
        Path path = ctx.resolve(name);
        if (!Files.exists(path)) {
            throw new CliException(name + ": No such file or directory");
        }
        try {
            return SampleProfileReaders.read(path, name, new SampleReadOptions(cmd.flag("--profile-isfs"), pass.mask()));
        } catch (ProfileFormatException e) {
            throw new CliException((e.file() != null ? e.file() : name) + ": " + e.reason()
                    + (e.offset() >= 0 ? " (at byte " + e.offset() + ")" : ""));
        } catch (IOException e) {
            throw new CliException(name + ": " + ReadErrors.reason(e));
        }
    }

    /** The library options from the command line, numbers and names checked as LLVM checks them. */
    private SampleMergeOptions options(FailureMode mode) {
        SampleMergeOptions.Builder b = SampleMergeOptions.builder()
                .numThreads((int) Math.min(Integer.MAX_VALUE,
                        LlvmValues.uint32("--num-threads", cmd.string("--num-threads"))))
                .failureMode(mode)
                .dropSymbolList(cmd.flag("--drop-profile-symbol-list"))
                .mergeColdContext(cmd.flag("--sample-merge-cold-context"))
                .trimColdContext(cmd.flag("--sample-trim-cold-context"))
                .generateMergedBaseProfiles(cmd.flag("--generate-merged-base-profiles"))
                .contextlessSummary(SampleCommandOptions.perContextSummary(cmd))
                .profileIsFs(cmd.flag("--profile-isfs"));
        long depth = LlvmValues.uint32("--sample-frame-depth-for-cold-context",
                cmd.string("--sample-frame-depth-for-cold-context"));
        b.coldContextFrameDepth((int) Math.min(Integer.MAX_VALUE, depth));
        String layout = cmd.string("--convert-sample-profile-layout");
        if (layout != null) {
            SampleLayoutConversion l = SampleLayoutConversion.ofOptionName(layout);
            if (l == null) {
                throw new CliException("for the --convert-sample-profile-layout option: Cannot find option named '"
                        + layout + "'!");
            }
            b.layout(l);
        }
        String pass = cmd.string("--fs-discriminator-pass");
        FsDiscriminatorPass p = FsDiscriminatorPass.ofOptionName(pass);
        if (p == null) {
            throw new CliException("for the --fs-discriminator-pass option: Cannot find option named '" + pass + "'!");
        }
        b.fsPass(p);
        String cold = cmd.string("--profile-summary-cold-count");
        if (cold != null) {
            b.coldCount(LlvmValues.uint64("--profile-summary-cold-count", cold, "ulong"));
        }
        String hot = cmd.string("--profile-summary-hot-count");
        if (hot != null) {
            b.hotCount(LlvmValues.uint64("--profile-summary-hot-count", hot, "ulong"));
        }
        // LLVM keeps the cutoffs in an int and compares them as unsigned 64-bit numbers.
        b.cutoffCold(LlvmValues.int32("--profile-summary-cutoff-cold", cmd.string("--profile-summary-cutoff-cold")));
        b.cutoffHot(LlvmValues.int32("--profile-summary-cutoff-hot", cmd.string("--profile-summary-cutoff-hot")));
        String function = cmd.string("--function");
        String noFunction = cmd.string("--no-function");
        if (function != null || noFunction != null) {
            MergeCommand.nameFilter(function, noFunction); // LLVM's wording for a bad expression, before merging
            b.functionRegex(function).noFunctionRegex(noFunction);
        }
        String remapping = cmd.string("--remapping-file");
        if (remapping != null) {
            b.remapper(RemappingFile.read(ctx.resolve(remapping), remapping));
        }
        String symbols = cmd.string("--prof-sym-list");
        if (symbols != null && !symbols.isEmpty()) {
            List<String> lines = BoundedTextFile.readLines(ctx.resolve(symbols), symbols);
            b.extraSymbols(SampleOutputChecks.symbolListFile(
                    String.join("\n", lines).getBytes(StandardCharsets.ISO_8859_1)));
        }
        return b.build();
    }

}
