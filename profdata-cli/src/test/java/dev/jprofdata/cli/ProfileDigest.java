package dev.jprofdata.cli;

import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A profile's records as comparable text lines, with each value site's (value, count) pairs sorted.
 * Two merges of the same counts may order values of equal count differently (llvm-profdata keeps
 * the order in which values arrived), so tests that compare merges of different histories compare
 * digests instead of bytes.
 */
final class ProfileDigest {
    private ProfileDigest() {
    }

    static List<String> of(Path profile) throws IOException {
        List<String> lines = new ArrayList<>();
        try (ProfileReader reader = ProfileReaders.open(profile)) {
            for (ProfileRecord r; (r = reader.next()) != null; ) {
                StringBuilder b = new StringBuilder(r.name()).append(' ').append(Long.toHexString(r.hash()))
                        .append(' ').append(Arrays.toString(r.counts()))
                        .append(" bitmap ").append(Arrays.toString(r.bitmap()));
                for (ValueKind kind : ValueKind.values()) {
                    for (ValueSite site : r.sites(kind)) {
                        List<String> pairs = new ArrayList<>();
                        for (int i = 0; i < site.size(); i++) {
                            pairs.add(Long.toUnsignedString(site.value(i)) + ":" + Long.toUnsignedString(site.count(i)));
                        }
                        pairs.sort(null);
                        b.append(' ').append(kind.number()).append(pairs);
                    }
                }
                lines.add(b.toString());
            }
        }
        lines.sort(null);
        return lines;
    }

    /** True when some record of the profile has at least one value. */
    static boolean hasValues(Path profile) throws IOException {
        return of(profile).stream().anyMatch(l -> l.matches(".* [0-2]\\[[0-9].*"));
    }
}
