package dev.jprofdata.merge;

import dev.jprofdata.format.ProfileContents;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.format.ValueKind;
import dev.jprofdata.format.ValueSite;
import java.util.Arrays;

/**
 * Values that appear more than once in one value site of a profile. {@link ValueMerge#LLVM} keeps
 * them, as llvm-profdata does (a raw profile's unresolved indirect-call targets all become 0); the
 * exact merge folds them into one value. llvm-profdata says nothing about them, except when it
 * writes a text profile with repeated memop sizes ({@link #LLVM_TEXT_WARNING}).
 *
 * @param extraCopies copies beyond the first, over all sites
 * @param sites sites holding a value more than once
 * @param sizeSites of those, the sites of memop sizes (llvm-profdata's text writer calls a profile
 *     with those invalid; repeated indirect-call and vtable targets it accepts)
 */
public record RepeatedValues(long extraCopies, long sites, long sizeSites) {

    /** What llvm-profdata 22 prints when it writes a text profile with a memop size repeated in a site. */
    public static final String LLVM_TEXT_WARNING = "invalid profile created. Please file a bug at: "
            + "https://github.com/llvm/llvm-project/issues/ and include the profraw files that caused this error.";

    /** The repeated values of every site of {@code contents}. */
    public static RepeatedValues of(ProfileContents contents) {
        long extra = 0;
        long sites = 0;
        long sizeSites = 0;
        for (ProfileContents.NameGroup group : contents.groups()) {
            for (ProfileRecord r : group.records()) {
                for (ValueKind kind : ValueKind.values()) {
                    for (ValueSite site : r.sites(kind)) {
                        int copies = extraCopies(site);
                        if (copies > 0) {
                            extra += copies;
                            sites++;
                            sizeSites += kind == ValueKind.MEMOP_SIZE ? 1 : 0;
                        }
                    }
                }
            }
        }
        return new RepeatedValues(extra, sites, sizeSites);
    }

    private static int extraCopies(ValueSite site) {
        if (site.size() < 2) {
            return 0;
        }
        long[] values = site.values().clone();
        Arrays.sort(values);
        int extra = 0;
        for (int i = 1; i < values.length; i++) {
            extra += values[i] == values[i - 1] ? 1 : 0;
        }
        return extra;
    }

    public boolean any() {
        return extraCopies > 0;
    }
}
