package dev.jprofdata.merge;

/** When a merge with unreadable inputs fails as a whole ({@code --failure-mode}). */
public enum FailureMode {
    /** Fail if any input could not be read (the default). */
    ANY,
    /** Fail only if every input failed. */
    ALL,
    /** Never fail; merge what could be read. */
    WARN
}
