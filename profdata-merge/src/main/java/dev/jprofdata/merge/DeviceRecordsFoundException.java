package dev.jprofdata.merge;

/**
 * A merge with {@link MergeOptions#hostOnly()} met an input that holds GPU device records: the
 * caller must split its inputs into host and device profiles and merge again. Nothing of the
 * stopped merge is kept.
 */
public final class DeviceRecordsFoundException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String file;

    public DeviceRecordsFoundException(String file) {
        super(file + ": holds GPU device records");
        this.file = file;
    }

    /** The input (as displayed) that holds device records. */
    public String file() {
        return file;
    }
}
