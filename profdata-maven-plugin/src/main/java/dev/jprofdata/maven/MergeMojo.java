package dev.jprofdata.maven;

import dev.jprofdata.format.indexed.IndexedVersionPlan;
import dev.jprofdata.format.io.Compression;
import dev.jprofdata.merge.DroppedTooMuchException;
import dev.jprofdata.merge.FailureMode;
import dev.jprofdata.merge.InputFailure;
import dev.jprofdata.merge.MergeInput;
import dev.jprofdata.merge.MergeJob;
import dev.jprofdata.merge.MergeListener;
import dev.jprofdata.merge.MergeOptions;
import dev.jprofdata.merge.MergeResult;
import dev.jprofdata.merge.MergeReportLines;
import dev.jprofdata.merge.NoProfileMergedException;
import dev.jprofdata.merge.OutputRules;
import dev.jprofdata.merge.ProfileMerger;
import dev.jprofdata.merge.ProfileOutput;
import dev.jprofdata.format.sample.SampleFormat;
import dev.jprofdata.format.sample.SampleWriteOptions;
import dev.jprofdata.merge.sample.SampleMergeException;
import dev.jprofdata.merge.sample.SampleMergeJob;
import dev.jprofdata.merge.sample.SampleMergeOptions;
import dev.jprofdata.merge.sample.SampleMergeResult;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Goal {@code merge}: merges the profiles found in directories (by glob) and listed explicitly,
 * with weights, into one indexed (or text) profile, like {@code llvm-profdata merge}.
 */
// maven-plugin-plugin writes the plugin descriptor from these annotations; this class comment and
// the fields' comments become the goal's and the parameters' descriptions (mvn help:describe).
@Mojo(name = "merge", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public final class MergeMojo extends AbstractMojo {
    /** The project directory; relative paths are resolved against it. */
    @Parameter(defaultValue = "${project.basedir}", readonly = true, required = true)
    File basedir;
    /** Directories searched for inputs (relative to the project). */
    @Parameter
    List<String> inputDirectories = new ArrayList<>();
    /** Globs (matched against paths relative to each directory); default all {@code .profraw} files. */
    @Parameter
    List<String> includes = new ArrayList<>();
    /** Individual inputs, each {@code file} or {@code weight,file}. */
    @Parameter
    List<String> inputs = new ArrayList<>();
    /** The merged profile. */
    @Parameter(property = "jprofdata.output", defaultValue = "${project.build.directory}/jprofdata/merged.profdata",
            required = true)
    File output;
    /** {@code any} (default: any unreadable input fails the build), {@code all} or {@code warn}. */
    @Parameter(property = "jprofdata.failureMode", defaultValue = "any")
    String failureMode = "any";
    /** Write a text profile instead of an indexed one ({@code .gz}/{@code .zst} names compress it). */
    @Parameter(property = "jprofdata.text", defaultValue = "false")
    boolean text;
    /** Worker threads; 0 chooses from the number of processors. */
    @Parameter(property = "jprofdata.numThreads", defaultValue = "0")
    int numThreads;
    /**
     * How value sites are merged: {@code exact} (default: every count kept, each site cut to 255
     * values once, when written) or {@code llvm} (as {@code llvm-profdata merge --num-threads=1}, for
     * byte-for-byte comparisons with it).
     */
    @Parameter(property = "jprofdata.valueMerge", defaultValue = "exact")
    String valueMerge = "exact";
    /**
     * Merge sample profiles (AutoFDO, CSSPGO: text, binary, extensible binary or GCC files) instead of
     * instrumentation profiles, as {@code llvm-profdata merge --sample}; the output is an extensible
     * binary sample profile, or text with {@code text}. {@code valueMerge} does not apply.
     */
    @Parameter(property = "jprofdata.sample", defaultValue = "false")
    boolean sample;
    /**
     * Fail the goal, writing nothing, when the merge dropped more than this fraction (0 to 1) of
     * what it read: of the counts read (counter mismatches, inputs cut short) or of the inputs
     * (unreadable or empty ones, whose counts are unknown), as {@code jprofdata merge
     * --max-dropped-fraction}. Unset: no limit.
     */
    @Parameter(property = "jprofdata.maxDroppedFraction")
    String maxDroppedFraction;
    /**
     * Write this indexed format version (7 to 15: 7 for LLVM 14, 8 for 15, 9 for 16, 10 for 17, 11
     * for 18, 12 for 19-21, 13 for 22, 14 and 15 for the offload-PGO fork), as {@code jprofdata merge
     * --index-version}. Unset: 13, or 14/15 when the records carry GPU data.
     */
    @Parameter(property = "jprofdata.indexVersion")
    Integer indexVersion;
    /** Write the newest indexed version this LLVM release (14-22) reads, as {@code --for-llvm}. */
    @Parameter(property = "jprofdata.forLlvm")
    String forLlvm;
    /** Write version 11 as {@code llvm-profdata merge --write-prev-version} does. */
    @Parameter(property = "jprofdata.writePrevVersion", defaultValue = "false")
    boolean writePrevVersion;
    /**
     * Leave out what the chosen version cannot hold (MC/DC bitmaps, vtable values, traces, GPU
     * uniformity or wave counters) instead of failing; the build log says how much was dropped.
     */
    @Parameter(property = "jprofdata.dropUnsupported", defaultValue = "false")
    boolean dropUnsupported;
    /**
     * Merge GPU device profiles (named {@code *.amdgcn-amd-amdhsa.*} or {@code gfx…}, or holding
     * device records) apart from host profiles, into the output's {@code .amdgcn-amd-amdhsa} sibling,
     * as {@code jprofdata merge} does (default); {@code false} writes everything into one file, as
     * {@code --no-split}.
     */
    @Parameter(property = "jprofdata.split", defaultValue = "true")
    boolean split = true;
    /** Skip the goal. */
    @Parameter(property = "jprofdata.skip", defaultValue = "false")
    boolean skip;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("jprofdata merge skipped");
            return;
        }
        List<MergeInput> list;
        try {
            list = InputFinder.find(basedir.toPath(), inputDirectories, includes, inputs);
        } catch (IOException | IllegalArgumentException e) {
            throw new MojoExecutionException("jprofdata: cannot list the inputs: " + e.getMessage(), e);
        }
        if (list.isEmpty()) {
            throw new MojoFailureException("jprofdata: no profiles found (inputDirectories " + inputDirectories
                    + ", includes " + includes + ", inputs " + inputs + ")");
        }
        if (sample) {
            mergeSample(list);
            return;
        }
        parseFraction(maxDroppedFraction); // checked before any input is read
        IndexedVersionPlan plan = versionPlan();
        MergeOptions options = MergeOptions.builder().numThreads(numThreads).failureMode(parse(failureMode))
                .valueMerge(parseValueMerge(valueMerge)).build();
        MergeListener progress = new MergeListener() {
            @Override
            public void inputFinished(int index, MergeInput input, long bytes) {
                getLog().debug("jprofdata: read " + input.displayName() + " (" + bytes + " bytes)");
            }

            @Override
            public boolean isCancelled() {
                return Thread.currentThread().isInterrupted();
            }
        };
        Path out = basedir.toPath().resolve(output.toPath());
        OutputRules rules = new OutputRules(profileOutput(out, plan), dropUnsupported, maxDroppedFraction);
        // Host and GPU device profiles apart unless split is off, each input read once (spec/offload.md).
        MergeJob job = new MergeJob(new ProfileMerger(options, progress), rules, split);
        MergeJob.Observer log = new MergeJob.Observer() {
            @Override
            public void merged(List<MergeInput> inputs, MergeResult result) {
                for (InputFailure f : result.failures()) {
                    getLog().warn("jprofdata: " + f.file() + ": " + f.reason());
                }
                String uniformity = MergeReportLines.uniformityDropped(result.contents(), writesText(out),
                        writePrevVersion);
                if (uniformity != null) {
                    getLog().warn("jprofdata: " + uniformity.substring("warning: ".length()));
                }
            }

            @Override
            public void prepared(List<String> leftOut) {
                leftOut.forEach(line -> getLog().warn("jprofdata: " + line));
            }
        };
        MergeJob.Written written;
        try {
            createParent(out);
            written = job.write(list, out, log);
        } catch (NoProfileMergedException e) {
            throw new MojoFailureException("jprofdata: no profile can be merged: " + describe(e.failures()), e);
        } catch (DroppedTooMuchException e) {
            throw new MojoFailureException("jprofdata: merge dropped more than maxDroppedFraction=" + e.limit()
                    + " of its input: " + e.dataLoss().droppedShares() + "; nothing was written", e);
        } catch (IndexedVersionPlan.DataWouldBeLostException e) {
            throw new MojoFailureException("jprofdata: " + e.getMessage() + ": "
                    + String.join("; ", e.reasons("set dropUnsupported")), e);
        } catch (IOException e) {
            throw new MojoExecutionException("jprofdata: merge failed: " + e.getMessage(), e);
        }
        if (written.split()) {
            getLog().info("jprofdata: merged " + written.inputs() + " host profile(s) into " + out + " and "
                    + written.deviceInputs() + " GPU device profile(s) into " + written.deviceTarget());
        } else {
            getLog().info("jprofdata: merged " + list.size() + " profile(s) into " + out);
        }
    }

    /** How {@code out} is written: text or indexed ({@link #writesText}). */
    private ProfileOutput profileOutput(Path out, IndexedVersionPlan plan) {
        return writesText(out) ? ProfileOutput.asText() : ProfileOutput.indexed(plan);
    }

    /** A text profile with {@code text}, or for a {@code .gz}/{@code .zst} name; else indexed. */
    private boolean writesText(Path out) {
        return text || Compression.forFileName(out.getFileName().toString()) != Compression.NONE;
    }

    private static void createParent(Path out) throws IOException {
        java.nio.file.Files.createDirectories(out.toAbsolutePath().getParent());
    }

    /** The indexed version to write, from indexVersion, forLlvm and writePrevVersion (at most one of them). */
    IndexedVersionPlan versionPlan() throws MojoExecutionException {
        int chosen = (indexVersion != null ? 1 : 0) + (forLlvm != null && !forLlvm.isBlank() ? 1 : 0)
                + (writePrevVersion ? 1 : 0);
        if (chosen > 1) {
            throw new MojoExecutionException("jprofdata: indexVersion, forLlvm and writePrevVersion each choose the"
                    + " output version; set only one");
        }
        if (chosen == 1 && text) {
            throw new MojoExecutionException("jprofdata: indexVersion, forLlvm and writePrevVersion choose an indexed"
                    + " format version; they cannot be used with text");
        }
        try {
            if (indexVersion != null) {
                return IndexedVersionPlan.version(indexVersion);
            }
            if (forLlvm != null && !forLlvm.isBlank()) {
                return IndexedVersionPlan.forLlvm(forLlvm);
            }
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("jprofdata: " + (indexVersion != null ? "indexVersion" : "forLlvm")
                    + ": " + e.getMessage(), e);
        }
        return writePrevVersion ? IndexedVersionPlan.previousVersion() : IndexedVersionPlan.automatic();
    }

    /**
     * The {@code sample} merge: the library's whole sample merge ({@link SampleMergeJob}: merge, the
     * {@code maxDroppedFraction} check, the format check, an atomic write).
     */
    private void mergeSample(List<MergeInput> list) throws MojoExecutionException, MojoFailureException {
        parseFraction(maxDroppedFraction); // checked before any input is read
        FailureMode mode = parse(failureMode);
        SampleMergeOptions options = SampleMergeOptions.builder().numThreads(numThreads).failureMode(mode).build();
        SampleMergeJob job = new SampleMergeJob(options, maxDroppedFraction,
                SampleWriteOptions.defaults(text ? SampleFormat.TEXT : SampleFormat.EXTBINARY));
        Path out = basedir.toPath().resolve(output.toPath());
        try {
            java.nio.file.Files.createDirectories(out.toAbsolutePath().getParent());
            job.write(list, out, new SampleMergeJob.Observer() {
                @Override
                public void merged(SampleMergeResult result) {
                    for (String line : result.reportLines()) {
                        getLog().warn("jprofdata: " + line);
                    }
                    for (String line : MergeReportLines.lossSummary(result.dataLoss(), mode)) {
                        getLog().warn("jprofdata: " + line);
                    }
                }
            });
        } catch (NoProfileMergedException e) {
            throw new MojoFailureException("jprofdata: no profile can be merged: " + describe(e.failures()), e);
        } catch (SampleMergeException e) {
            throw new MojoFailureException("jprofdata: " + e.getMessage(), e);
        } catch (DroppedTooMuchException e) {
            throw new MojoFailureException("jprofdata: merge dropped more than maxDroppedFraction=" + e.limit()
                    + " of its input: " + e.dataLoss().droppedShares() + "; nothing was written", e);
        } catch (IOException e) {
            throw new MojoExecutionException("jprofdata: cannot write " + out + ": " + e.getMessage(), e);
        }
        getLog().info("jprofdata: merged " + list.size() + " sample profile(s) into " + out);
    }

    private static dev.jprofdata.merge.ValueMerge parseValueMerge(String text) throws MojoExecutionException {
        return switch (text) {
            case "exact" -> dev.jprofdata.merge.ValueMerge.EXACT;
            case "llvm" -> dev.jprofdata.merge.ValueMerge.LLVM;
            default -> throw new MojoExecutionException("jprofdata: valueMerge must be exact or llvm, not " + text);
        };
    }

    private static String describe(List<InputFailure> failures) {
        List<String> parts = new ArrayList<>();
        for (InputFailure f : failures) {
            parts.add(f.file() + ": " + f.reason());
        }
        return String.join("; ", parts);
    }

    /** {@code maxDroppedFraction} as a number from 0 to 1, or -1 when it is not set. */
    static double parseFraction(String text) throws MojoExecutionException {
        if (text == null || text.isBlank()) {
            return -1;
        }
        try {
            return dev.jprofdata.merge.MergeReportLines.maxDroppedFraction(text);
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("jprofdata: maxDroppedFraction must be a number from 0 to 1, not " + text);
        }
    }

    static FailureMode parse(String mode) throws MojoExecutionException {
        return switch (mode) {
            case "any" -> FailureMode.ANY;
            case "all" -> FailureMode.ALL;
            case "warn" -> FailureMode.WARN;
            default -> throw new MojoExecutionException("jprofdata: failureMode must be any, all or warn, not " + mode);
        };
    }
}
