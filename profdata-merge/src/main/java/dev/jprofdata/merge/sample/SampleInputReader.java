package dev.jprofdata.merge.sample;

import dev.jprofdata.format.sample.SampleProfile;
import dev.jprofdata.merge.MergeInput;
import java.io.IOException;

/** Reads one input of a sample merge as a whole profile; may be called from several threads at once. */
@FunctionalInterface
public interface SampleInputReader {
    SampleProfile read(MergeInput input, SampleMergeOptions options) throws IOException;
}
