package dev.jprofdata.format.indexed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.indexed.IndexedLayout.Part;
import org.junit.jupiter.api.Test;

/**
 * The layout table gives the header LLVM's {@code IndexedInstrProf::Header} has in each version
 * (llvm/include/llvm/ProfileData/InstrProf.h: one offset added in 8, 9, 10 and 12), and every
 * part is present from its version on and absent before.
 */
class IndexedLayoutTest {

    @Test
    void headerSizesFollowTheOffsetsEachVersionAdds() {
        int[] expected = {0, 40, 40, 40, 40, 40, 40, 40, 48, 56, 64, 64, 72, 72, 72, 72};
        for (int v = 1; v <= IndexedFormat.MAX_VERSION; v++) {
            assertThat(IndexedLayout.headerSize(v)).as("version %d", v).isEqualTo(expected[v]);
        }
        assertThat(IndexedLayout.headerOffsetAt(Part.MEMPROF)).isEqualTo(40);
        assertThat(IndexedLayout.headerOffsetAt(Part.BINARY_IDS)).isEqualTo(48);
        assertThat(IndexedLayout.headerOffsetAt(Part.TEMPORAL)).isEqualTo(56);
        assertThat(IndexedLayout.headerOffsetAt(Part.VTABLE_NAMES)).isEqualTo(64);
        assertThatThrownBy(() -> IndexedLayout.headerOffsetAt(Part.WAVES)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aPartIsInItsVersionAndEveryLaterOne() {
        for (Part p : Part.values()) {
            assertThat(p.in(p.since() - 1)).as("%s before %d", p, p.since()).isFalse();
            for (int v = p.since(); v <= IndexedFormat.MAX_VERSION; v++) {
                assertThat(p.in(v)).as("%s in %d", p, v).isTrue();
            }
        }
        assertThat(Part.UNIFORMITY.since()).isEqualTo(IndexedFormat.OFFLOAD_VERSION);
        assertThat(Part.WAVES.since()).isEqualTo(IndexedFormat.WAVE_VERSION);
    }
}
