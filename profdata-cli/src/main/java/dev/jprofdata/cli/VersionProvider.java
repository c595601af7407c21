package dev.jprofdata.cli;

import picocli.CommandLine;

/** {@code jprofdata --version}: the tool version and the formats it reads and writes. */
final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = Main.class.getPackage().getImplementationVersion();
        return new String[] {
            "jprofdata " + (v == null ? "development build" : v),
            "  reads raw profiles v8-v10, indexed profiles v1-v13, text profiles",
            "  writes indexed profiles v13 (v11 with --write-prev-version) and text profiles",
        };
    }
}
