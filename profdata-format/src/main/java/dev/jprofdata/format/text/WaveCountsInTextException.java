package dev.jprofdata.format.text;

import java.io.IOException;

/**
 * The text format has no place for the offload fork's GPU wave counters (raw v12, indexed v15), so
 * {@link TextProfileWriter#write} refuses contents that have some rather than lose them silently.
 * The first line of the message is the fork's own text for this case. A caller that wants the
 * text anyway removes the wave counters first and says so.
 */
public final class WaveCountsInTextException extends IOException {
    private static final long serialVersionUID = 1L;

    /** The offload fork's message (its llvm-profdata fails with it). */
    public static final String FORK_MESSAGE = "text profiles do not support wave counts";

    private final long functions;

    public WaveCountsInTextException(long functions) {
        super(FORK_MESSAGE + "\nsummary: " + functions + " function" + (functions == 1 ? " has" : "s have")
                + " GPU wave counters; write an indexed profile (version 15) to keep them");
        this.functions = functions;
    }

    /** How many records have wave counters. */
    public long functions() {
        return functions;
    }
}
