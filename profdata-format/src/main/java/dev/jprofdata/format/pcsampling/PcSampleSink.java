package dev.jprofdata.format.pcsampling;

import java.io.IOException;

/** Receives the samples of a file as a reader meets them; nothing is kept by the reader. */
@FunctionalInterface
public interface PcSampleSink {
    void accept(PcSample sample) throws IOException;
}
