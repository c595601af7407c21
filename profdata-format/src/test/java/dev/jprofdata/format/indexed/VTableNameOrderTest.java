package dev.jprofdata.format.indexed;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The StringSet order of vtable names, checked against files written by
 * {@code llvm-profdata-22 merge --keep-vtable-symbols}.
 */
class VTableNameOrderTest {

    /**
     * synth/vt300.profdata was merged from synth/vt300.proftext (300 generated vtable names as
     * kind-2 values). The text reader collects the names in file order into its own StringSet; the
     * writer then inserts them in that set's order into its set, whose order is stored. So the
     * stored order is the emulation applied twice.
     */
    @Test
    void threeHundredNamesFromText() throws Exception {
        List<String> textOrder = new ArrayList<>();
        for (String line : Files.readAllLines(TestFiles.file("synth/vt300.proftext"))) {
            if (line.startsWith("_ZTV")) {
                textOrder.add(line.substring(0, line.lastIndexOf(':')));
            }
        }
        assertThat(textOrder).hasSize(300);
        List<String> stored;
        try (IndexedProfileReader r = IndexedProfileReader.open(TestFiles.file("synth/vt300.profdata"), "vt300")) {
            stored = r.vtableNames();
        }
        List<String> readerSet = VTableNameOrder.iterationOrder(textOrder);
        assertThat(VTableNameOrder.iterationOrder(readerSet)).isEqualTo(stored);
        // The order really depends on the emulation: it is neither the input order nor sorted.
        assertThat(stored).isNotEqualTo(textOrder).isNotEqualTo(textOrder.stream().sorted().toList());
    }

    @Test
    void twoNamesFromRawProfile() throws Exception {
        try (IndexedProfileReader r = IndexedProfileReader.open(TestFiles.file("profdata/vt_keep.profdata"), "vt")) {
            assertThat(r.vtableNames()).containsExactly("_ZTV1B", "_ZTV1A");
            assertThat(VTableNameOrder.iterationOrder(List.of("_ZTV1A", "_ZTV1B"))).containsExactly("_ZTV1B", "_ZTV1A");
        }
    }

    @Test
    void repeatedNamesAreKeptOnce() {
        assertThat(VTableNameOrder.iterationOrder(List.of("_ZTV1A", "_ZTV1B", "_ZTV1A")))
                .containsExactlyInAnyOrder("_ZTV1A", "_ZTV1B");
    }
}
