package dev.jprofdata.format.raw;

/**
 * How the device records of one raw profile (records whose {@code NumOffloadProfilingThreads} T is
 * not 0) store their K = T + 1 per-wave slots per block.
 *
 * <p>The RFC's layout stores the base block count B in {@code NumCounters}; the record's counters
 * then occupy B×K slots. The fork's earlier layout already stored B×K there. The file does not say
 * which, so the counter-section arithmetic decides, once per profile: with E the sum of the counts
 * of all records read the RFC way (device records B×K, host records as stored) and S the number of
 * counters the header declares, the RFC layout applies when E &lt;= S; otherwise, when the counts
 * as stored fit (their sum &lt;= S), the earlier layout applies. When neither fits, the RFC layout
 * is kept and the record that overruns the section gets the reader's usual error.
 *
 * @param preExpanded true for the earlier layout ({@code NumCounters} already B×K)
 * @param deviceRecords number of device records
 * @param deviceSlots total slots of the device records (the length a {@code .unifcnts} file must have)
 */
record DeviceLayout(boolean preExpanded, long deviceRecords, long deviceSlots) {
    static final DeviceLayout HOST = new DeviceLayout(false, 0, 0);

    static DeviceLayout scan(RawBytes bytes, RawProfile p) {
        long declared = p.header().numCounters();
        long asStored = 0;
        long expanded = 0;
        long devices = 0;
        long storedDeviceSlots = 0;
        for (long i = 0; i < p.numData(); i++) {
            long at = p.recordOffset(i);
            long n = DataRecord.numCounters(bytes, p.layout(), at);
            int t = DataRecord.offloadThreads(bytes, p.layout(), at);
            asStored = sat(asStored, n);
            if (t != 0) {
                devices++;
                storedDeviceSlots = sat(storedDeviceSlots, n);
                expanded = sat(expanded, mul(n, t + 1L));
            } else {
                expanded = sat(expanded, n);
            }
        }
        if (devices == 0) {
            return HOST;
        }
        boolean pre = Long.compareUnsigned(expanded, declared) > 0 && Long.compareUnsigned(asStored, declared) <= 0;
        long deviceSlots = pre ? storedDeviceSlots : expanded - (asStored - storedDeviceSlots);
        return new DeviceLayout(pre, devices, deviceSlots);
    }

    /** Slots of a device record with K slots per block. */
    long slotsOf(DataRecord r) {
        int k = r.offloadThreads() + 1;
        return preExpanded ? r.numCounters() : r.numCounters() * k;
    }

    private static long sat(long a, long b) {
        long s = a + b;
        return s < 0 ? Long.MAX_VALUE : s;
    }

    private static long mul(long a, long b) {
        return a > Long.MAX_VALUE / b ? Long.MAX_VALUE : a * b;
    }
}
