package dev.jprofdata.cli;

import dev.jprofdata.format.indexed.IndexedVersions;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/**
 * {@code jprofdata --version}: the tool version, the git commit it was built from (written into
 * {@code build-info.properties} by {@link BuildArtifacts} at build time), the formats and versions
 * it really reads and writes, and that zstd is native code.
 */
final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = Main.class.getPackage().getImplementationVersion();
        return new String[] {
            "jprofdata " + (v == null ? "development build" : v) + " (commit " + commit() + ")",
            // Raw versions: the reader's RawVersion enum (5, then 7 to 12; 11 and 12 are the offload fork's).
            "  reads: raw profiles v5 and v7-v12 (32- and 64-bit, either byte order), indexed profiles v1-v"
                    + IndexedVersions.MAX + ", text profiles; each of them gzip or zstd compressed too",
            "  writes: indexed profiles v" + IndexedVersions.MIN_WRITABLE + "-v" + IndexedVersions.MAX + " (default v"
                    + IndexedVersions.NEWEST_UPSTREAM + " as llvm-profdata 22 writes, v14 or v15 for GPU uniformity and"
                    + " wave counters; --index-version, --for-llvm, --write-prev-version), text profiles (gzip or"
                    + " zstd by the output's name)",
            "  compatible with llvm-profdata 22",
            "  Java throughout, except zstd: zstd-jni's native library (bundled for Linux, macOS, Windows,"
                    + " FreeBSD, AIX), loaded only when zstd data is read or written",
        };
    }

    static String commit() {
        try (InputStream in = VersionProvider.class.getResourceAsStream("build-info.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("commit", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
