package dev.jprofdata.cli;

import dev.jprofdata.format.DeviceData;
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
 * reads them again, so a merge splits only when it must: when some input is named as a device
 * profile, or when a merge of all inputs as host inputs ({@code MergeOptions.hostOnly}) met one
 * with device records (spec/performance.md).
 */
record OffloadSplit(List<MergeInput> host, List<MergeInput> device) {

    /** Splits {@code inputs}, checking them on up to {@code threads} threads (0: one per core). */
    static OffloadSplit of(List<MergeInput> inputs, int threads) throws IOException {
        List<Boolean> device = InputProbes.map(inputs, threads, HostProfileCheck::new, OffloadSplit::isDevice);
        List<MergeInput> hostInputs = new ArrayList<>();
        List<MergeInput> deviceInputs = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            (device.get(i) ? deviceInputs : hostInputs).add(inputs.get(i));
        }
        return new OffloadSplit(hostInputs, deviceInputs);
    }

    /** Both kinds present: the merge writes two files. */
    boolean mixed() {
        return !host.isEmpty() && !device.isEmpty();
    }

    private static boolean isDevice(HostProfileCheck hostCheck, MergeInput in) {
        if (DeviceProfiles.isDeviceName(in.path())) {
            return true;
        }
        try {
            if (ProfileReaders.detect(in.path(), in.displayName()) != ProfileFormat.RAW
                    || hostCheck.isCertainlyHost(in.path())) {
                return false; // not raw, or the common host profile: nothing to decode here
            }
            try (ProfileReader reader = RawProfileReader.open(in.path(), in.displayName())) {
                return reader.deviceData().filter(DeviceData::hasAnyDeviceRecords).isPresent();
            }
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
