package dev.jprofdata.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/**
 * {@code jprofdata --version}: the tool version, the git commit it was built from (written into
 * {@code build-info.properties} by {@link BuildArtifacts} at build time) and the formats it reads
 * and writes.
 */
final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = Main.class.getPackage().getImplementationVersion();
        return new String[] {
            "jprofdata " + (v == null ? "development build" : v) + " (commit " + commit() + ")",
            "  reads raw profiles v5, v7-v12, indexed profiles v1-v13 (v14 offload), text profiles;"
                    + " gzip/zstd compressed",
            "  writes indexed profiles v13 (v11 with --write-prev-version, v14 with device uniformity) and text"
                    + " profiles",
            "  compatible with llvm-profdata 22",
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
