package dev.jprofdata.merge.pcsampling;

import java.io.IOException;

/** Inputs that are readable one by one but cannot be analysed together (say, mixed sampling methods). */
public final class PcSamplingInputException extends IOException {
    private static final long serialVersionUID = 1L;

    public PcSamplingInputException(String message) {
        super(message);
    }
}
