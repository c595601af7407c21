package dev.jprofdata.merge;

import dev.jprofdata.format.DeviceData;
import dev.jprofdata.format.OffloadData;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.offload.UnifcntsFile;
import dev.jprofdata.format.offload.UniformityBits;
import dev.jprofdata.format.offload.UniformityRule;
import java.nio.file.Path;
import java.util.List;

/**
 * The GPU side of loading one input: finds the {@code .unifcnts} side file of a device
 * {@code .profraw} and hands its counters to the reader, and describes device records for
 * {@code merge --verbose}. A missing or broken side file is a warning naming it; the input is still
 * merged, only without uniformity data (the fork ignores such files silently).
 */
final class DeviceInputs {
    private DeviceInputs() {
    }

    /** Attaches the side file of {@code reader}'s input when it is a raw device profile. */
    static void attachSideFile(ProfileReader reader, MergeInput input, MergeOptions options, List<String> warnings,
            List<String> details) {
        DeviceData device = reader.deviceData().filter(DeviceData::hasDeviceRecords).orElse(null);
        if (device == null) {
            return;
        }
        Path side = UnifcntsFile.sidePathFor(input.path());
        String sideName = sideDisplayName(input.displayName());
        if (!options.readUnifcnts()) {
            details.add(input.displayName() + ": device profile; side file " + sideName + " skipped (--no-unifcnts)");
            return;
        }
        UnifcntsFile.Result result = UnifcntsFile.read(side);
        String problem = result.problem();
        if (result.found()) {
            problem = device.attachUniformCounters(result.counters());
        }
        if (problem != null) {
            warnings.add(sideName + ": " + problem + "; " + input.displayName()
                    + " is merged without uniformity data");
            details.add(input.displayName() + ": device profile; side file " + sideName + " not used: " + problem);
        } else {
            details.add(input.displayName() + ": device profile; side file " + sideName + " found ("
                    + result.counters().length + " uniform counters)");
        }
    }

    /** The side file's name as the user would write it: the input's name with its extension replaced. */
    static String sideDisplayName(String displayName) {
        int slash = Math.max(displayName.lastIndexOf('/'), displayName.lastIndexOf('\\'));
        int dot = displayName.lastIndexOf('.');
        String stem = dot > slash + 1 ? displayName.substring(0, dot) : displayName;
        return stem + "." + UnifcntsFile.EXTENSION;
    }

    /** The RFC's log lines for one device record read from a raw input. */
    static void describe(ProfileRecord r, UniformityRule rule, List<String> details) {
        OffloadData d = r.offload();
        if (d != null && d.slotsPerBlock() == 0 && d.hasUniformCounts()) {
            // Raw v11/v12: one counter per block, uniform counters embedded in the profile.
            byte[] bits = rule.bits(r.counts(), d.uniformCounts());
            int n = r.counts().length;
            details.add(r.name() + ": " + UniformityBits.countUniform(bits, n) + "/" + n
                    + " blocks uniform (embedded uniform counters) " + UniformityBits.pattern(bits, 0, n));
            return;
        }
        if (d == null || d.slotsPerBlock() == 0) {
            return;
        }
        int k = d.slotsPerBlock();
        long slots = (long) r.counts().length * k;
        details.add(r.name() + ": NumCounters: " + slots + ", NumOffloadProfilingThreads: " + (k - 1));
        details.add(r.name() + ": reduced " + slots + " slots to " + r.counts().length + " counters");
        if (d.hasUniformCounts()) {
            byte[] bits = rule.bits(r.counts(), d.uniformCounts());
            int n = r.counts().length;
            details.add(r.name() + ": " + UniformityBits.countUniform(bits, n) + "/" + n
                    + " blocks uniform (from .unifcnts) " + UniformityBits.pattern(bits, 0, n));
        } else {
            details.add(r.name() + ": no uniformity data");
        }
    }
}
