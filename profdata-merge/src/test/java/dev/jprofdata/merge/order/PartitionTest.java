package dev.jprofdata.merge.order;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PartitionTest {

    @Test
    void swapsFromBothEndsLikeLibstdcxx() {
        // libstdc++: first non-match at 1 ("b") swaps with the last match at 5 ("F"); then "c" at 2
        // swaps with "E" at 4, and the sweeps meet.
        String[] a = {"A", "b", "c", "D", "E", "F", "g"};
        int mid = Partition.hoare(a, 0, a.length, s -> Character.isUpperCase(s.charAt(0)));
        assertThat(mid).isEqualTo(4);
        assertThat(a).containsExactly("A", "F", "E", "D", "c", "b", "g");
    }

    @Test
    void emptyAndUniformRanges() {
        String[] a = {"x", "y"};
        assertThat(Partition.hoare(a, 0, 0, s -> true)).isZero();
        assertThat(Partition.hoare(a, 0, 2, s -> true)).isEqualTo(2);
        assertThat(Partition.hoare(a, 0, 2, s -> false)).isZero();
        assertThat(a).containsExactly("x", "y");
    }
}
