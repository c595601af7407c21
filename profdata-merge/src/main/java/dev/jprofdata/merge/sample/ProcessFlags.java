package dev.jprofdata.merge.sample;

import dev.jprofdata.format.sample.SampleFormat;
import dev.jprofdata.format.sample.SampleProfileFlags;

/**
 * The profile flags as llvm-profdata holds them while it merges: one process-wide set that every
 * reader updates in its own way, so the flags of the merged profile depend on the kinds and the
 * order of the inputs. The text reader sets probe-based, context-sensitive and pre-inlined to its
 * file's values (clearing what an earlier input set) and flow-sensitive to {@code --profile-isfs};
 * the raw binary reader sets only flow-sensitive, to {@code --profile-isfs}; the extensible binary
 * reader only turns on what its file has; the GCC reader touches nothing.
 */
final class ProcessFlags {
    private boolean probeBased;
    private boolean contextSensitive;
    private boolean preInlined;
    private boolean flowSensitive;
    private boolean md5;

    /** Updates the flags as reading an input of {@code format} with flags {@code f} does in LLVM. */
    void update(SampleFormat format, SampleProfileFlags f, boolean profileIsFsOption) {
        switch (format) {
            case TEXT -> {
                probeBased = f.probeBased();
                contextSensitive = f.contextSensitive();
                preInlined = f.preInlined();
                flowSensitive = profileIsFsOption;
            }
            case BINARY -> flowSensitive = profileIsFsOption;
            case EXTBINARY -> {
                probeBased |= f.probeBased();
                contextSensitive |= f.contextSensitive();
                preInlined |= f.preInlined();
                flowSensitive |= f.flowSensitive();
                md5 |= f.md5Names();
            }
            case GCC -> {
            }
        }
    }

    boolean probeBased() {
        return probeBased;
    }

    boolean contextSensitive() {
        return contextSensitive;
    }

    void clearContextSensitive() {
        contextSensitive = false;
    }

    boolean md5() {
        return md5;
    }

    /** The flags for the merged profile; partial and vtable output are writer options. */
    SampleProfileFlags toFlags() {
        return new SampleProfileFlags(probeBased, contextSensitive, preInlined, flowSensitive, md5, false, false);
    }
}
