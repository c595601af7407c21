package dev.jprofdata.cli;

import dev.jprofdata.format.DeviceData;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.offload.UnifcntsFile;
import java.nio.file.Path;

/** Gives a raw GPU device profile shown by {@code show} the uniform counters of its side file. */
final class ShowDevice {
    private ShowDevice() {
    }

    /** Attaches the side file; returns why it could not be used, or null (also for non-device input). */
    static String attachSideFile(ProfileReader reader, Path path, String displayName) {
        DeviceData device = reader.deviceData().filter(DeviceData::hasDeviceRecords).orElse(null);
        if (device == null || path == null) {
            return null;
        }
        Path side = UnifcntsFile.sidePathFor(path);
        UnifcntsFile.Result result = UnifcntsFile.read(side);
        String problem = result.found() ? device.attachUniformCounters(result.counters()) : result.problem();
        return problem == null ? null : side + ": " + problem + "; " + displayName + " has no uniformity data";
    }
}
