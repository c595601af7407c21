package dev.jprofdata.format;

/** The three encodings of an instrumentation profile. */
public enum ProfileFormat {
    /** {@code .profraw}: written by the compiler-rt runtime of an instrumented program. */
    RAW,
    /** {@code .profdata}: written by {@code llvm-profdata merge}, read by the compiler. */
    INDEXED,
    /** The line-oriented text form written by {@code llvm-profdata merge --text}. */
    TEXT
}
