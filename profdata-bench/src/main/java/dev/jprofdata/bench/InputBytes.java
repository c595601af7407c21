package dev.jprofdata.bench;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Bytes of input (or output, for the writer) a benchmark processed. JMH reports it next to the
 * primary score as a rate ({@code ·bytes}, in bytes per second); bench/jmh.sh turns it into MB/s.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.OPERATIONS)
public class InputBytes {
    public long bytes;

    @Setup(Level.Iteration)
    public void reset() {
        bytes = 0;
    }
}
