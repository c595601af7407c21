package dev.jprofdata.format;

import java.util.List;

/**
 * The temporal traces a profile carries and the size of the stream they were sampled from (the
 * number of traces ever seen, which can exceed {@code traces.size()} after reservoir sampling).
 */
public record TemporalTraces(List<TemporalTrace> traces, long streamSize) {
    public static final TemporalTraces NONE = new TemporalTraces(List.of(), 0);

    public TemporalTraces {
        traces = List.copyOf(traces);
    }
}
