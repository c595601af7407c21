package dev.jprofdata.merge.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.RecordBatch;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Records reach a merge state through one public method (spec/performance.md, "One way into the
 * state"): a second public way in, or a batch that would lose its records' value data, fails here.
 */
class OneWayInTest {

    @Test
    void recordsEnterTheStateThroughOneMethod() {
        List<String> adders = Arrays.stream(MergeState.class.getDeclaredMethods())
                .filter(m -> Modifier.isPublic(m.getModifiers()) && m.getName().startsWith("add"))
                .map(OneWayInTest::signature)
                .sorted()
                .toList();
        // The side data of inputs (not records) has methods of its own.
        assertThat(adders).containsExactly("add(StateInput)", "addBinaryIds(List)", "addTraces(int,TemporalTraces)",
                "addVTableNames(int,List)");
    }

    @Test
    void stateInputIsInputRecordsOrSummedRecords() {
        assertThat(StateInput.class.isSealed()).isTrue();
        assertThat(Arrays.stream(StateInput.class.getPermittedSubclasses()).map(Class::getSimpleName).sorted())
                .containsExactly("InputRecords", "SummedRecords");
    }

    @Test
    void aBatchWithoutValuesIsRefused() {
        assertThatThrownBy(() -> new InputRecords(new RecordBatch(false), 1, 0, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("values");
    }

    private static String signature(Method m) {
        return m.getName() + "(" + String.join(",", Arrays.stream(m.getParameterTypes()).map(Class::getSimpleName)
                .toList()) + ")";
    }
}
