package dev.jprofdata.format.pcsampling;

/**
 * The fields of the results-JSON sample being read, filled member by member and reused for every
 * sample; both ways of reading a sample ({@link RocprofResultsReader}'s Jackson path and
 * {@link SampleArrayScanner}) fill it with the same rules, and the reader makes the
 * {@link PcSample} from it.
 */
final class SampleFields {
    long timestamp;
    long exec;
    long dispatch = -1;
    long correlation;
    long codeObjectId = -1;
    long offset = -1;
    long instIndex = -1;
    int issued = -1;
    String type;
    String reason;
    int waves = -1;
    boolean arbiter;
    int issue;
    int stall;
    boolean dual;
    long hw = -1;
    /** Whether the element had a {@code record} member. */
    boolean record;

    void clear() {
        timestamp = 0;
        exec = 0;
        dispatch = -1;
        correlation = 0;
        codeObjectId = -1;
        offset = -1;
        instIndex = -1;
        issued = -1;
        type = null;
        reason = null;
        waves = -1;
        arbiter = false;
        issue = 0;
        stall = 0;
        dual = false;
        hw = -1;
        record = false;
    }
}
