package dev.jprofdata.spark;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.indexed.IndexedProfileWriter;
import dev.jprofdata.format.io.AtomicOutput;
import dev.jprofdata.format.io.Compression;
import dev.jprofdata.format.offload.DeviceProfiles;
import dev.jprofdata.format.text.TextProfileWriter;
import dev.jprofdata.format.indexed.IndexedVersionPlan;
import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.format.sample.SampleProfileWriters;
import dev.jprofdata.format.sample.SampleWriteOptions;
import dev.jprofdata.merge.Profiles;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
     * Chooses the indexed version as {@code jprofdata merge} does ({@link IndexedVersionPlan}),
     * reports on {@code err} what it cannot hold, and writes.
     */
    static void write(SparkMergeArgs args, ProfileContents contents, Configuration conf, PrintStream err)
            throws IOException {
        IndexedVersionPlan plan = plan(args);
        ProfileContents prepared = prepare(args, plan, contents, err);
        writeOne(args, prepared, plan, args.output(), conf);
    }

    /**
     * Writes the host and the device part of a split merge: {@code -o} and its device sibling (as
     * {@code jprofdata merge} names it, returned). Both are complete before either is put in place,
     * the host output last.
     */
    static String write(SparkMergeArgs args, ProfileContents host, ProfileContents device, Configuration conf,
            PrintStream err) throws IOException {
        IndexedVersionPlan plan = plan(args);
        ProfileContents hostPrepared = prepare(args, plan, host, err);
        ProfileContents devicePrepared = prepare(args, plan, device, err);
        String deviceOutput = DeviceProfiles.deviceOutputFor(args.output());
        org.apache.hadoop.fs.Path hostTarget = new org.apache.hadoop.fs.Path(args.output());
        FileSystem fs = hostTarget.getFileSystem(conf);
        if ("file".equals(fs.getScheme())) {
            Path hostPath = Path.of(hostTarget.toUri().getPath());
            Path devicePath = Path.of(new org.apache.hadoop.fs.Path(deviceOutput).toUri().getPath());
            AtomicOutput.writeAll(List.of(new AtomicOutput.Target(hostPath, producer(args, hostPrepared, plan, hostPath)),
                    new AtomicOutput.Target(devicePath, producer(args, devicePrepared, plan, devicePath))));
            return deviceOutput;
        }
        // Elsewhere: both written and copied first, then the device output renamed, the host last.
        writeOne(args, devicePrepared, plan, deviceOutput, conf);
        writeOne(args, hostPrepared, plan, args.output(), conf);
        return deviceOutput;
    }

    private static AtomicOutput.Producer producer(SparkMergeArgs args, ProfileContents contents,
            IndexedVersionPlan plan, Path target) {
        return tmp -> {
            if (args.text()) {
                Compression compression = Compression.forFileName(target.getFileName().toString());
                try (OutputStream out = new BufferedOutputStream(compression.compress(Files.newOutputStream(tmp)))) {
                    TextProfileWriter.write(contents, out);
                }
            } else {
                IndexedProfileWriter.write(contents, plan.version(), plan.legacyRecordOrder(), tmp);
            }
        };
    }

    /** The contents as the chosen version can hold them; what it cannot is reported, or refused. */
    private static ProfileContents prepare(SparkMergeArgs args, IndexedVersionPlan plan, ProfileContents contents,
            PrintStream err) {
        ProfileContents prepared = contents;
        if (!args.text()) {
            IndexedVersionPlan.Prepared p;
            try {
                p = plan.prepare(contents, args.dropUnsupported());
            } catch (IndexedVersionPlan.DataWouldBeLostException e) {
                throw new SparkMergeException(e.report("summary: ", "add --drop-unsupported"));
            }
            for (String line : plan.summaries(p)) {
                err.println("summary: " + line);
            }
            prepared = p.contents();
        }
        return prepared;
    }

    /** Writes {@code prepared} to {@code output} (a Hadoop URI or a local name), atomically. */
    private static void writeOne(SparkMergeArgs args, ProfileContents prepared, IndexedVersionPlan plan, String output,
            Configuration conf) throws IOException {
        writeOne(output, conf, target -> writeLocal(args, prepared, plan, target));
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

    private static void writeLocal(SparkMergeArgs args, ProfileContents contents, IndexedVersionPlan plan, Path target)
            throws IOException {
        if (args.text()) {
            Profiles.writeText(contents, target);
        } else {
            Profiles.writeIndexed(contents, plan, target);
        }
    }

    /** The version options read as {@code jprofdata merge} reads them. */
    static IndexedVersionPlan plan(SparkMergeArgs args) {
        String chosenBy = args.indexVersion() != null ? "--index-version" : args.forLlvm() != null ? "--for-llvm" : null;
        if (args.indexVersion() != null && args.forLlvm() != null) {
            throw new SparkMergeException("--index-version and --for-llvm both choose the output version; give only one");
        }
        if (chosenBy != null && args.writePrevVersion()) {
            throw new SparkMergeException(chosenBy + " and --write-prev-version both choose the output version;"
                    + " give only one");
        }
        if (chosenBy != null && args.text()) {
            throw new SparkMergeException(chosenBy + " chooses an indexed format version; it cannot be used with --text");
        }
        try {
            return args.indexVersion() != null ? IndexedVersionPlan.version(args.indexVersion())
                    : args.forLlvm() != null ? IndexedVersionPlan.forLlvm(args.forLlvm())
                    : args.writePrevVersion() ? IndexedVersionPlan.previousVersion()
                    : IndexedVersionPlan.automatic();
        } catch (IllegalArgumentException e) {
            throw new SparkMergeException("for the " + chosenBy + " option: " + e.getMessage());
        }
    }
}
