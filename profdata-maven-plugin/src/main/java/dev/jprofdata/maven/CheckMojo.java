package dev.jprofdata.maven;

import dev.jprofdata.merge.Profiles;
import dev.jprofdata.merge.overlap.OverlapResult;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Goal {@code check}: fails the build when the profile's overlap with a reference profile (the
 * program-level edge overlap of {@code llvm-profdata overlap REFERENCE PROFILE}, in percent) is
 * below {@code minOverlap}. Guards against a test run that no longer exercises what it used to.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public final class CheckMojo extends AbstractMojo {
    /** The project directory; relative paths are resolved against it. */
    @Parameter(defaultValue = "${project.basedir}", readonly = true, required = true)
    File basedir;
    /** The profile to check (usually the output of {@code merge}). */
    @Parameter(property = "jprofdata.profile", defaultValue = "${project.build.directory}/jprofdata/merged.profdata",
            required = true)
    File profile;
    /** The reference (base) profile. */
    @Parameter(property = "jprofdata.reference", required = true)
    File reference;
    /** Smallest acceptable edge overlap, in percent (0–100). */
    @Parameter(property = "jprofdata.minOverlap", defaultValue = "90.0")
    double minOverlap = 90.0;
    /** Skip the goal. */
    @Parameter(property = "jprofdata.skip", defaultValue = "false")
    boolean skip;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("jprofdata check skipped");
            return;
        }
        Path test = basedir.toPath().resolve(profile.toPath());
        Path base = basedir.toPath().resolve(reference.toPath());
        for (Path p : new Path[] {test, base}) {
            if (!Files.isRegularFile(p)) {
                throw new MojoExecutionException("jprofdata: no such profile: " + p);
            }
        }
        OverlapResult result;
        try {
            result = Profiles.overlap(base, test);
        } catch (IOException e) {
            throw new MojoExecutionException("jprofdata: cannot compare " + base + " and " + test + ": "
                    + e.getMessage(), e);
        }
        if (!(result instanceof OverlapResult.Compared compared)) {
            throw new MojoFailureException("jprofdata: " + ((OverlapResult.ZeroSum) result).file()
                    + " has no counts: nothing to compare");
        }
        double percent = compared.program().overlap().edges() * 100;
        String shown = String.format(Locale.ROOT, "%.3f%%", percent);
        if (percent < minOverlap) {
            throw new MojoFailureException("jprofdata: edge overlap of " + test.getFileName() + " with "
                    + base.getFileName() + " is " + shown + ", below the minimum of "
                    + String.format(Locale.ROOT, "%.3f%%", minOverlap));
        }
        getLog().info("jprofdata: edge overlap with " + base.getFileName() + ": " + shown + " (minimum "
                + String.format(Locale.ROOT, "%.3f%%", minOverlap) + ")");
    }
}
