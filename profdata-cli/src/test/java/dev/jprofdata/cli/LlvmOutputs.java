package dev.jprofdata.cli;

import java.nio.charset.StandardCharsets;

/** How recorded llvm-profdata output and jprofdata output are made comparable. */
final class LlvmOutputs {
    private LlvmOutputs() {
    }

    /** Recorded stderr, with the program name jprofdata uses. */
    static String expectedStderr(byte[] llvm) {
        return new String(llvm, StandardCharsets.ISO_8859_1).replace("llvm-profdata", "jprofdata");
    }

    /**
     * Our stderr without what jprofdata adds to llvm-profdata's messages: the byte offsets of
     * reader errors, the file name in {@code overlap}'s read errors, the {@code summary:} lines
     * that account for lost data, and the subcommand that the hints for an unknown option name
     * ({@code Did you mean 'merge --output'?}).
     */
    static String actualStderr(byte[] ours) {
        return new String(ours, StandardCharsets.ISO_8859_1)
                .replaceAll(" \\(at byte \\d+\\)", "")
                .replaceAll("(?m)^(error: error in getting profile count sums: )[^:\n]+: ", "$1")
                .replaceAll("(?m)^summary: .*\n", "")
                .replaceAll("(?m)(Try: 'jprofdata )(?:merge|show|overlap|order) (--help'$)", "$1$2")
                .replaceAll("(?m)(^jprofdata: Did you mean ')(?:merge|show|overlap|order) (-)", "$1$2");
    }

    static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }
}
