package dev.jprofdata.format;

/**
 * The GPU side of a profile written by the AMD offload fork (spec/offload.md), reached through
 * {@link ProfileReader#deviceData()}: which device records the file holds, and the hand-over of
 * the uniform counters that raw v10 device records take from a {@code .unifcnts} side file
 * ({@link dev.jprofdata.format.offload.UnifcntsFile} reads one).
 *
 * <p>Only raw profiles have it; indexed and text profiles carry their device data inside their
 * records ({@link ProfileRecord#offload()}).
 */
public interface DeviceData {

    /**
     * Whether any record is a raw v10 GPU device record ({@code NumOffloadProfilingThreads} > 0),
     * whose uniform counters come from a {@code .unifcnts} side file.
     */
    boolean hasDeviceRecords();

    /**
     * Whether the file holds GPU records of raw v11/v12, which carry their uniform counters inside
     * the file (no side file is involved; see {@link #hasDeviceRecords()}).
     */
    boolean hasEmbeddedDeviceRecords();

    /** Whether the file holds GPU records of either kind: what makes it a device profile. */
    default boolean hasAnyDeviceRecords() {
        return hasDeviceRecords() || hasEmbeddedDeviceRecords();
    }

    /** Total per-wave slots of the device records: the number of counters the side file must hold. */
    long deviceSlotCount();

    /**
     * Gives the device records the uniform counters of the file's {@code .unifcnts} side file, to be
     * taken in data-record order. Must be called before the reader's first {@link ProfileReader#next()}.
     *
     * @return null when attached, else why not (the counters do not match the device slots); the
     *     records then carry no uniform counts
     */
    String attachUniformCounters(long[] counters);
}
