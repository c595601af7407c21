package dev.jprofdata.format.raw;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jprofdata.format.ValueKind;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the binary groups' layout accepts as another run's value data ({@link RawCounterLayout#decodeValues})
 * and how it feeds it ({@link RunValueSites#feed}): value data built for the layout of a real
 * clang-22 IR run with value profiles fits and is fed site by site; a kind listed twice, a kind
 * missing, another number of sites, a damaged blob or bytes after the last blob do not fit (the run
 * is then read the ordinary way), and what such a run decoded is gone once the next run is decoded.
 */
class RawCounterLayoutValueDataTest {
    private RawCounterLayout layout;

    @BeforeEach
    void probe() throws Exception {
        Path profiles = Path.of(System.getProperty("jprofdata.root", "..")).resolve("fixtures/profiles")
                .toAbsolutePath().normalize();
        Assumptions.assumeTrue(Files.isDirectory(profiles), "no fixtures");
        try (Stream<Path> files = Files.list(profiles)) {
            for (Path p : files.filter(f -> f.getFileName().toString().startsWith("ir_")
                    && f.getFileName().toString().endsWith(".profraw")).sorted().toList()) {
                RawCounterLayout l = RawCounterLayout.probe(
                        ByteBuffer.wrap(Files.readAllBytes(p)).order(ByteOrder.LITTLE_ENDIAN), new NameTableCache());
                if (l != null && l.hasValueData()) {
                    layout = l;
                    return;
                }
            }
        }
        Assumptions.abort("no IR run with value data among the fixtures");
    }

    /** One blob per record with value sites: each kind that has sites, in kind order, every site with {@code n} values. */
    private byte[] valueData(int duplicateKindOf, int dropKindOf, int extraSiteOf, int n) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        boolean first = true;
        for (int r = 0; r < layout.numRecords(); r++) {
            List<int[]> entries = new ArrayList<>(); // {kind, numSites}
            for (ValueKind kind : ValueKind.values()) {
                int sites = layout.siteCount(r, kind);
                if (sites > 0) {
                    entries.add(new int[] {kind.number(), sites});
                }
            }
            if (entries.isEmpty()) {
                continue;
            }
            if (first && duplicateKindOf >= 0) {
                entries.add(entries.get(0).clone());
            }
            if (first && dropKindOf >= 0) {
                entries.remove(0);
            }
            if (first && extraSiteOf >= 0) {
                entries.get(0)[1]++;
            }
            first = false;
            out.writeBytes(blob(entries, n));
        }
        return out.toByteArray();
    }

    private static byte[] blob(List<int[]> entries, int n) {
        ByteBuffer b = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0).putInt(entries.size());
        long value = 1;
        for (int[] e : entries) {
            b.putInt(e[0]).putInt(e[1]);
            for (int s = 0; s < e[1]; s++) {
                b.put((byte) n);
            }
            while (b.position() % 8 != 0) {
                b.put((byte) 0);
            }
            for (int s = 0; s < e[1] * n; s++) {
                b.putLong(value++).putLong(10);
            }
        }
        int size = b.position();
        b.putInt(0, size);
        byte[] out = new byte[size];
        b.get(0, out);
        return out;
    }

    private static ByteBuffer buffer(byte[] bytes) {
        return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    }

    private boolean fits(byte[] data) {
        return layout.decodeValues(buffer(data), 0, new RunValueSites());
    }

    /** Every site {@code sites} holds, as "record/kind/site:n:first count". */
    private static List<String> fed(RunValueSites sites) {
        List<String> fed = new ArrayList<>();
        sites.feed((record, kind, site, values, counts, from, n) -> fed.add(record + "/" + kind + "/" + site + ":" + n
                + ":" + counts[from]));
        return fed;
    }

    /** What {@link #fed} gives for value data of the layout with {@code n} values of count 10 per site. */
    private List<String> expected(int n) {
        List<String> expected = new ArrayList<>();
        for (int r = 0; r < layout.numRecords(); r++) {
            for (ValueKind kind : ValueKind.values()) {
                for (int s = 0; s < layout.siteCount(r, kind); s++) {
                    expected.add(r + "/" + kind.number() + "/" + s + ":" + n + ":10");
                }
            }
        }
        return expected;
    }

    @Test
    void valueDataOfTheLayoutFitsAndIsFedSiteBySite() {
        RunValueSites sites = new RunValueSites();
        assertThat(layout.decodeValues(buffer(valueData(-1, -1, -1, 2)), 0, sites)).isTrue();
        assertThat(fed(sites)).containsExactlyInAnyOrderElementsOf(expected(2));
    }

    @Test
    void aRunThatDoesNotFitLeavesNothingForTheNext() {
        RunValueSites sites = new RunValueSites();
        assertThat(layout.decodeValues(buffer(valueData(-1, -1, 0, 3)), 0, sites)).isFalse();
        assertThat(layout.decodeValues(buffer(valueData(-1, -1, -1, 1)), 0, sites)).isTrue();
        assertThat(fed(sites)).containsExactlyInAnyOrderElementsOf(expected(1));
    }

    @Test
    void aKindListedTwiceDoesNotFit() {
        assertThat(fits(valueData(0, -1, -1, 1))).isFalse();
    }

    @Test
    void aMissingKindDoesNotFit() {
        assertThat(fits(valueData(-1, 0, -1, 1))).isFalse();
    }

    @Test
    void anotherNumberOfSitesDoesNotFit() {
        assertThat(fits(valueData(-1, -1, 0, 1))).isFalse();
    }

    @Test
    void damageOrTrailingBytesDoNotFit() {
        byte[] data = valueData(-1, -1, -1, 1);
        assertThat(fits(data)).isTrue();
        byte[] longer = java.util.Arrays.copyOf(data, data.length + 8);
        assertThat(fits(longer)).isFalse();
        byte[] badSize = data.clone();
        badSize[0] ^= 4; // a total size that is no multiple of 8
        assertThat(fits(badSize)).isFalse();
        assertThat(fits(java.util.Arrays.copyOf(data, data.length - 8))).isFalse();
    }
}
