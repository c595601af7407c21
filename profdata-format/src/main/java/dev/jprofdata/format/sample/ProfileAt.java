package dev.jprofdata.format.sample;

import java.io.IOException;

/**
 * The {@code i}-th of some top-level profiles: a list in memory, or a {@link SampleProfileIndex}
 * that decodes each when asked (which may fail like any read).
 */
@FunctionalInterface
public interface ProfileAt {
    FunctionSamples get(int i) throws IOException;
}
