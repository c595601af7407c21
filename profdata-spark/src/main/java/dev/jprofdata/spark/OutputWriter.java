package dev.jprofdata.spark;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.io.AtomicOutput;
import dev.jprofdata.format.offload.DeviceProfiles;
import dev.jprofdata.format.indexed.IndexedVersionPlan;
import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.format.sample.SampleProfileWriters;
import dev.jprofdata.format.sample.SampleWriteOptions;
import dev.jprofdata.merge.OutputRules;
import dev.jprofdata.merge.ProfileOutput;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * Writes the merged profile where {@code -o} says, atomically: on the local file system through the
 * library's atomic writers (temporary file, then rename); on any other file system the profile is
 * written locally first, copied to a hidden temporary name beside the target and renamed into
 * place, so readers see the old file or the whole new one.
 */
final class OutputWriter {
    private OutputWriter() {
    }

    /**
     * Checks the merge against the rules {@code jprofdata merge} applies ({@link OutputRules}),
     * reports on {@code err} what the version cannot hold, and writes.
     */
    static void write(SparkMergeArgs args, ProfileContents contents, Configuration conf, PrintStream err)
            throws IOException {
        OutputRules rules = rules(args);
        writeOne(rules, prepare(rules, contents, err), args.output(), conf);
    }

    /**
     * Writes the host and the device part of a split merge: {@code -o} and its device sibling (as
     * {@code jprofdata merge} names it, returned). Both are complete before either is put in place,
     * the host output last.
     */
    static String write(SparkMergeArgs args, ProfileContents host, ProfileContents device, Configuration conf,
            PrintStream err) throws IOException {
        OutputRules rules = rules(args);
        ProfileContents hostPrepared = prepare(rules, host, err);
        ProfileContents devicePrepared = prepare(rules, device, err);
        String deviceOutput = DeviceProfiles.deviceOutputFor(args.output());
        org.apache.hadoop.fs.Path hostTarget = new org.apache.hadoop.fs.Path(args.output());
        FileSystem fs = hostTarget.getFileSystem(conf);
        if ("file".equals(fs.getScheme())) {
            Path hostPath = Path.of(hostTarget.toUri().getPath());
            Path devicePath = Path.of(new org.apache.hadoop.fs.Path(deviceOutput).toUri().getPath());
            rules.output().write(hostPrepared, hostPath, devicePrepared, devicePath);
            return deviceOutput;
        }
        // Elsewhere: both written and copied first, then the device output renamed, the host last.
        writeOne(rules, devicePrepared, deviceOutput, conf);
        writeOne(rules, hostPrepared, args.output(), conf);
        return deviceOutput;
    }

    /** The output rules of {@code jprofdata merge}'s options (--text, the version options, --drop-unsupported). */
    private static OutputRules rules(SparkMergeArgs args) {
        ProfileOutput output = args.text() ? ProfileOutput.asText() : ProfileOutput.indexed(plan(args));
        return new OutputRules(output, args.dropUnsupported(), null);
    }

    /** The contents as the chosen version can hold them; what it cannot is reported, or refused. */
    private static ProfileContents prepare(OutputRules rules, ProfileContents contents, PrintStream err) {
        OutputRules.Prepared prepared;
        try {
            prepared = rules.prepare(contents);
        } catch (IndexedVersionPlan.DataWouldBeLostException e) {
            throw new SparkMergeException(e.report("summary: ", "add --drop-unsupported"));
        }
        prepared.leftOut().forEach(line -> err.println("summary: " + line));
        return prepared.contents();
    }

    /** Writes {@code prepared} to {@code output} (a Hadoop URI or a local name), atomically. */
    private static void writeOne(OutputRules rules, ProfileContents prepared, String output, Configuration conf)
            throws IOException {
        writeOne(output, conf, target -> rules.output().write(prepared, target));
    }

    /** Writes a merged sample profile to {@code -o}, atomically (spec/spark.md). */
    static void writeSample(SparkMergeArgs args, SampleProfile profile, SampleWriteOptions options,
            Configuration conf) throws IOException {
        writeOne(args.output(), conf, target -> AtomicOutput.write(target, tmp -> {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp))) {
                SampleProfileWriters.write(profile, options, out);
            }
        }));
    }

    /** Writes a local file atomically. */
    private interface LocalWrite {
        void to(Path target) throws IOException;
    }

    /**
     * Writes {@code output} (a Hadoop URI or a local name) atomically: locally through
     * {@code write}; elsewhere to a local file first, copied to a hidden name beside the target and
     * renamed into place.
     */
    private static void writeOne(String output, Configuration conf, LocalWrite write) throws IOException {
        org.apache.hadoop.fs.Path target = new org.apache.hadoop.fs.Path(output);
        FileSystem fs = target.getFileSystem(conf);
        if ("file".equals(fs.getScheme())) {
            write.to(Path.of(target.toUri().getPath()));
            return;
        }
        Path local = Files.createTempDirectory("jprofdata-spark-out-").resolve(target.getName());
        try {
            write.to(local);
            org.apache.hadoop.fs.Path hidden = new org.apache.hadoop.fs.Path(target.getParent(),
                    "." + target.getName() + ".tmp-" + UUID.randomUUID());
            fs.copyFromLocalFile(false, true, new org.apache.hadoop.fs.Path(local.toUri()), hidden);
            if (fs.exists(target) && !fs.delete(target, false)) {
                throw new IOException(output + ": cannot replace the existing file");
            }
            if (!fs.rename(hidden, target)) {
                fs.delete(hidden, false);
                throw new IOException(output + ": cannot move the written profile into place");
            }
        } finally {
            Files.deleteIfExists(local);
            Files.deleteIfExists(local.getParent());
        }
    }

    /** The version options read as {@code jprofdata merge} reads them. */
    static IndexedVersionPlan plan(SparkMergeArgs args) {
        try {
            return IndexedVersionPlan.ofOptions(args.indexVersion(), args.forLlvm(), args.writePrevVersion(),
                    args.text());
        } catch (IllegalArgumentException e) {
            throw new SparkMergeException(e.getMessage());
        }
    }
}
