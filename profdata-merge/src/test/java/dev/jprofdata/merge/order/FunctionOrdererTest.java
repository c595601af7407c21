package dev.jprofdata.merge.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.TemporalTrace;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Orders compared with llvm-profdata 22's output (transcripts 317 and 318) for the same input. */
class FunctionOrdererTest {

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(FunctionOrdererTest.class.getResource("/order/" + name).toURI());
    }

    private record Loaded(List<TemporalTrace> traces, ProfileReaderNames names) {
    }

    private interface ProfileReaderNames {
        String nameOf(long hash);
    }

    private static Loaded load(String name) throws Exception {
        try (ProfileReader reader = ProfileReaders.open(resource(name))) {
            while (reader.next() != null) {
                // read every record so that the symbol table is complete
            }
            List<TemporalTrace> traces = reader.temporalTraces(1).traces();
            var symbols = reader.symbols();
            return new Loaded(traces, symbols::nameOf);
        }
    }

    /** The order as llvm-profdata prints it ("file;name" split into a comment and the name). */
    private static List<String> lines(FunctionOrder order, ProfileReaderNames names) {
        List<String> out = new ArrayList<>();
        for (long hash : order.functionHashes()) {
            String n = names.nameOf(hash);
            int semi = n.indexOf(';');
            if (semi >= 0) {
                out.add("# " + n.substring(0, semi));
                out.add(n.substring(semi + 1));
            } else {
                out.add(n);
            }
        }
        return out;
    }

    private static List<String> expected(String name) throws URISyntaxException, IOException {
        return Files.readAllLines(resource(name), StandardCharsets.ISO_8859_1);
    }

    @Test
    void allTracesTrainTheOrder() throws Exception {
        Loaded in = load("order_t3.proftext");
        FunctionOrder order = FunctionOrderer.order(in.traces(), 0);
        assertThat(order.functionHashes()).hasSize(37);
        assertThat(order.pageFaultArea()).isEmpty();
        assertThat(lines(order, in.names())).isEqualTo(expected("order_t3.expected"));
    }

    @Test
    void lastTracesEvaluateTheOrder() throws Exception {
        Loaded in = load("order_t3.proftext");
        FunctionOrder order = FunctionOrderer.order(in.traces(), 2);
        assertThat(lines(order, in.names())).isEqualTo(expected("order_t3_test2.expected"));
        // llvm-profdata: "# Total area under the page fault curve: 1.150000e+02"
        assertThat(order.pageFaultArea()).hasValue(115);
    }

    @Test
    void noTracesGiveAnEmptyOrder() {
        assertThat(FunctionOrderer.order(List.of(), 0).functionHashes()).isEmpty();
    }

    @Test
    void testTracesMustLeaveTrainingTraces() throws Exception {
        Loaded in = load("order_t3.proftext");
        assertThatThrownBy(() -> FunctionOrderer.order(in.traces(), in.traces().size()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--num-test-traces must be smaller than the total number of traces: expected: < 6,"
                        + " actual: 6");
    }

    @Test
    void sameInputSameOrder() throws Exception {
        Loaded in = load("order_t3.proftext");
        assertThat(FunctionOrderer.order(in.traces(), 1)).isEqualTo(FunctionOrderer.order(in.traces(), 1));
    }
}
