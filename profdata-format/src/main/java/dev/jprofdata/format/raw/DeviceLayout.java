package dev.jprofdata.format.raw;

/**
 * How the device records of one raw profile (records whose {@code NumOffloadProfilingThreads} T is
 * not 0) store their K = T + 1 per-wave slots per block, or why the profile is read as a host
 * profile although some record has T != 0.
 *
 * <p>T lives in two bytes that upstream LLVM treats as padding, so a nonzero value there alone does
 * not make a device profile: a single damaged byte in an ordinary host profile would otherwise turn
 * a function into a GPU function and sum its counters in pairs. A profile is read as a device
 * profile only when it has the shape the offload fork writes (see {@link #deviceShapeProblem}):
 * every record carries the same T, T + 1 is a power of two, and it is a 64-bit profile of plain
 * 8-byte counters without timestamps. Otherwise every record is read as upstream LLVM reads it (as
 * a host record), and {@link #ignoredReason} says why, so that the reader can tell the user.
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
 * @param deviceRecords number of device records (0 for a host profile)
 * @param deviceSlots total slots of the device records (the length a {@code .unifcnts} file must have)
 * @param ignoredReason null, or why records with T != 0 are read as host records
 */
record DeviceLayout(boolean preExpanded, long deviceRecords, long deviceSlots, String ignoredReason) {
    static final DeviceLayout HOST = new DeviceLayout(false, 0, 0, null);

    /** The largest K the fork's bit-width option can give (a u16 T holds at most 2^16 - 1). */
    private static final long MAX_SLOTS = 1L << 16;

    static DeviceLayout scan(RawBytes bytes, RawProfile p) {
        long declared = p.header().numCounters();
        long asStored = 0;
        long expanded = 0;
        long devices = 0;
        long storedDeviceSlots = 0;
        int firstT = -1;
        long firstDevice = -1;
        boolean sameT = true;
        for (long i = 0; i < p.numData(); i++) {
            long at = p.recordOffset(i);
            long n = DataRecord.numCounters(bytes, p.layout(), at);
            int t = DataRecord.offloadThreads(bytes, p.layout(), at);
            asStored = sat(asStored, n);
            if (firstT < 0) {
                firstT = t;
            } else if (t != firstT) {
                sameT = false;
            }
            if (t != 0) {
                if (firstDevice < 0) {
                    firstDevice = i;
                }
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
        String problem = deviceShapeProblem(p, sameT, firstT, devices);
        if (problem != null) {
            long at = p.recordOffset(firstDevice);
            String reason = devices + " of " + p.numData() + " data records (the first is record " + firstDevice
                    + " at byte " + at + ", value " + DataRecord.offloadThreads(bytes, p.layout(), at)
                    + ") have nonzero bytes where upstream LLVM has padding and the offload fork keeps"
                    + " NumOffloadProfilingThreads, but the profile is not shaped like a GPU device profile ("
                    + problem + "); every record was read as a host record, as llvm-profdata reads it";
            return new DeviceLayout(false, 0, 0, reason);
        }
        boolean pre = Long.compareUnsigned(expanded, declared) > 0 && Long.compareUnsigned(asStored, declared) <= 0;
        long deviceSlots = pre ? storedDeviceSlots : expanded - (asStored - storedDeviceSlots);
        return new DeviceLayout(pre, devices, deviceSlots, null);
    }

    /**
     * Null when the profile has the shape the offload fork's device runtime writes, else what is
     * missing. The fork writes T = 2^bits - 1 into every record of a device code object (the
     * instrumentation pass sets it for AMDGPU targets only, and a device profile holds nothing
     * else), and device code is 64-bit with 8-byte counters and no timestamps.
     */
    private static String deviceShapeProblem(RawProfile p, boolean sameT, int t, long devices) {
        if (devices != p.numData() || !sameT) {
            return "the values differ between records";
        }
        long k = t + 1L;
        if (Long.bitCount(k) != 1 || k > MAX_SLOTS) {
            return "NumOffloadProfilingThreads + 1 = " + k + " is not a power of two";
        }
        if (p.layout().pointerWidth() != 8) {
            return "it is a 32-bit profile and device profiles are 64-bit";
        }
        if (p.header().counterSize() != 8 || p.header().hasTemporalProfile()) {
            return "it is a single-byte or temporal profile and device records need plain 8-byte counters";
        }
        return null;
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
