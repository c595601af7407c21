package dev.jprofdata.cli;

import dev.jprofdata.format.ProfileFormat;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.offload.DeviceProfiles;
import dev.jprofdata.format.raw.HostProfileCheck;
import dev.jprofdata.format.raw.RawProfileReader;
import dev.jprofdata.merge.InputProbes;
import dev.jprofdata.merge.MergeInput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The inputs of a merge, split into host and GPU device profiles (spec/offload.md). A device
 * profile is a file whose name carries {@code .amdgcn-amd-amdhsa.} or the HSA drain's
 * {@code gfx…} agent prefix, or a raw profile with a device record. A file that cannot be probed
 * counts as host; the merge reports it.
 *
 * <p>Looking for device records means reading every raw file's data records before the merge
 * reads them again. A split made with {@code deferRecordChecks} skips that for the common raw
 * files (64-bit little-endian, versions 8 to 10) and counts them as host but {@link #unverified};
 * the caller then merges them with {@code MergeOptions.hostOnly}, which stops at the first input
 * with device records, and splits again without deferring when that happens (spec/performance.md).
 *
 * @param unverified how many host inputs were not checked for device records
 */
record OffloadSplit(List<MergeInput> host, List<MergeInput> device, int unverified) {
    private enum Kind { HOST, UNVERIFIED_HOST, DEVICE }

    /**
     * Splits {@code inputs}, checking them on up to {@code threads} threads (0: one per core),
     * leaving the device-record check of the common raw files to the merge when
     * {@code deferRecordChecks}.
     */
    static OffloadSplit of(List<MergeInput> inputs, int threads, boolean deferRecordChecks) throws IOException {
        List<Kind> kinds = InputProbes.map(inputs, threads, HostProfileCheck::new,
                (check, in) -> kindOf(check, in, deferRecordChecks));
        List<MergeInput> hostInputs = new ArrayList<>();
        List<MergeInput> deviceInputs = new ArrayList<>();
        int unverified = 0;
        for (int i = 0; i < inputs.size(); i++) {
            Kind k = kinds.get(i);
            (k == Kind.DEVICE ? deviceInputs : hostInputs).add(inputs.get(i));
            unverified += k == Kind.UNVERIFIED_HOST ? 1 : 0;
        }
        return new OffloadSplit(hostInputs, deviceInputs, unverified);
    }

    /** Both kinds present: the merge writes two files. */
    boolean mixed() {
        return !host.isEmpty() && !device.isEmpty();
    }

    private static Kind kindOf(HostProfileCheck hostCheck, MergeInput in, boolean deferRecordChecks) {
        if (DeviceProfiles.isDeviceName(in.path())) {
            return Kind.DEVICE;
        }
        try {
            // First, as it reads only 16 bytes: a common raw header is a raw profile's, so the
            // format need not be detected (one open of each of thousands of inputs saved).
            if (deferRecordChecks && hostCheck.isCommonRawHeader(in.path())) {
                return Kind.UNVERIFIED_HOST;
            }
            if (ProfileReaders.detect(in.path(), in.displayName()) != ProfileFormat.RAW) {
                return Kind.HOST;
            }
            if (hostCheck.isCertainlyHost(in.path())) {
                return Kind.HOST; // the common host profile: no need to decode it here
            }
            try (ProfileReader reader = RawProfileReader.open(in.path(), in.displayName())) {
                return reader instanceof RawProfileReader raw
                        && (raw.hasDeviceRecords() || raw.hasEmbeddedDeviceRecords()) ? Kind.DEVICE : Kind.HOST;
            }
        } catch (IOException | RuntimeException e) {
            return Kind.HOST;
        }
    }
}
