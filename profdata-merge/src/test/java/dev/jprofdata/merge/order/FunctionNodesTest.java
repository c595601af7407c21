package dev.jprofdata.merge.order;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class FunctionNodesTest {

    @Test
    void windowsDoubleAndOutliersAreRemoved() {
        // Trace 1 windows: {0} {1} {2,3} {4}; trace 2: {4} {2}. Before outlier removal the utilities
        // are 0:{0,1,2,3} 1:{1,2,3} 2:{2,3,5} 3:{2,3} 4:{3,4,5} (LLVM's unit test); utilities used by
        // one function (0, 4) or by more than half of the five (2, 3) are then dropped.
        List<FunctionNode> nodes = FunctionNodes.create(List.of(new long[] {0, 1, 2, 3, 4}, new long[] {4, 2}));
        // First timestamps (minimum over traces): 0 and 4 at 0, 1 and 2 at 1, 3 at 3.
        assertThat(nodes).extracting(n -> n.id).containsExactly(0L, 4L, 1L, 2L, 3L);
        assertThat(nodes).extracting(n -> n.utilities).containsExactly(
                new int[] {1}, new int[] {5}, new int[] {1}, new int[] {5}, new int[] {});
    }

    @Test
    void nodesAreOrderedByFirstTimestampThenUnsignedId() {
        List<FunctionNode> nodes = FunctionNodes.create(List.of(new long[] {-1L, 9, 5}, new long[] {3, 9}));
        // First timestamps: -1 and 3 at 0, 9 at 1, 5 at 2; -1 is the largest unsigned id.
        assertThat(nodes).extracting(n -> n.id).containsExactly(3L, -1L, 9L, 5L);
    }
}
