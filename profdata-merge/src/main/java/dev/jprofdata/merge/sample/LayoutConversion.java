package dev.jprofdata.merge.sample;

import dev.jprofdata.format.sample.ContextFrame;
import dev.jprofdata.format.sample.FunctionId;
import dev.jprofdata.format.sample.FunctionSamples;
import dev.jprofdata.format.sample.LineLocation;
import dev.jprofdata.format.sample.SampleContext;
import dev.jprofdata.format.sample.SampleRecord;
import dev.jprofdata.format.sample.Saturating;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code --convert-sample-profile-layout}: flat (every function at top level only) and nest
 * (context-sensitive profiles turned into inlinees under their callers), as LLVM's
 * {@code ProfileConverter} does them. spec/sample-merge.md describes both.
 */
final class LayoutConversion {
    private LayoutConversion() {
    }

    /**
     * The flat form of {@code profiles}. A context-sensitive profile merges every context into its
     * function's profile (a fresh one, so attributes go). A nested profile moves each inlinee to
     * its function's top-level profile: the caller keeps, at the call's place, a body record and a
     * call target of the inlinee's estimated entry count, its total loses the inlinee's total and
     * gains that estimate, and every head count becomes the estimate of its profile.
     */
    static ProfileMap flatten(ProfileMap profiles, boolean contextSensitive) {
        ProfileMap out = new ProfileMap();
        if (contextSensitive) {
            for (FunctionSamples f : profiles.llvmOrder()) {
                SampleContext plain = SampleContext.of(f.function());
                out.getOrCreate(SampleMergeState.key(plain), () -> new FunctionSamples(plain)).merge(f, 1);
            }
        } else {
            for (FunctionSamples f : profiles.llvmOrder()) {
                flattenNested(out, f);
            }
        }
        return out;
    }

    private static void flattenNested(ProfileMap out, FunctionSamples fs) {
        Saturating.Overflow ignored = new Saturating.Overflow();
        long key = SampleMergeState.key(fs.context());
        FunctionSamples profile = out.get(key);
        if (profile == null) {
            // A copy keeps the context, checksum and attributes; the total is recomputed below.
            FunctionSamples copy = fs.copy();
            copy.removeCallsites();
            copy.setTotalSamples(0);
            profile = out.getOrCreate(key, () -> copy);
        } else {
            for (Map.Entry<LineLocation, SampleRecord> e : fs.body().entrySet()) {
                profile.bodyRecord(e.getKey()).merge(e.getValue(), 1, ignored);
            }
        }
        long total = fs.totalSamples();
        for (Map.Entry<LineLocation, TreeMap<FunctionId, FunctionSamples>> e : fs.callsites().entrySet()) {
            for (FunctionSamples callee : e.getValue().values()) {
                long estimate = headEstimate(callee, false);
                SampleRecord record = profile.bodyRecord(e.getKey());
                record.addSamples(estimate, 1, ignored);
                record.addTarget(callee.function(), estimate, 1, ignored);
                total = Long.compareUnsigned(total, callee.totalSamples()) >= 0 ? total - callee.totalSamples() : 0;
                total += estimate;
                flattenNested(out, callee);
            }
        }
        profile.addTotalSamples(total, 1, ignored);
        profile.setHeadSamples(headEstimate(profile, false));
    }

    /**
     * LLVM's estimate of a profile's entry count: for a context-sensitive profile its head samples
     * when not 0; else the count of the first body record when it comes before the first inlinee,
     * else the sum of the estimates of the inlinees at the first callsite; at least 1 when the
     * profile has samples.
     */
    static long headEstimate(FunctionSamples f, boolean contextSensitive) {
        if (contextSensitive && f.headSamples() != 0) {
            return f.headSamples();
        }
        long count = 0;
        boolean hasBody = !f.body().isEmpty();
        boolean hasCalls = f.hasInlinees();
        if (hasBody && (!hasCalls || f.body().firstKey().compareTo(f.callsites().firstKey()) < 0)) {
            count = f.body().firstEntry().getValue().samples();
        } else if (hasCalls) {
            for (FunctionSamples c : f.callsites().firstEntry().getValue().values()) {
                count += headEstimate(c, contextSensitive);
            }
        }
        return count != 0 ? count : (f.totalSamples() != 0 ? 1 : 0);
    }

    /** A node of the context trie: a function reached through a call at {@code callsite} of its parent. */
    private static final class Frame {
        final LineLocation callsite;
        final TreeMap<Long, Frame> children = new TreeMap<>(Long::compareUnsigned);
        FunctionSamples samples;
        long key;

        Frame(LineLocation callsite) {
            this.callsite = callsite;
        }

        Frame child(LineLocation at, FunctionId callee) {
            long loc = at.packed();
            long hash = callee.guid() + (loc << 5) + loc;
            return children.computeIfAbsent(hash, h -> new Frame(at));
        }
    }

    /**
     * Nests a context-sensitive profile in place: each context's profile moves under the profile of
     * its caller context at the call's place (the caller's total grows by it, and the call target
     * and body samples at that place shrink by the target's count); a context whose caller context
     * has no profile becomes (or merges into) its function's top-level profile. With
     * {@code mergedBase}, nested profiles are also merged into their function's top-level profile
     * and marked {@link FunctionSamples#ATTR_DUPLICATED_INTO_BASE}. Children are visited in the order
     * of their call-site hash, after their own children, as LLVM does.
     */
    static void nest(ProfileMap profiles, boolean mergedBase) {
        Frame root = new Frame(LineLocation.ZERO);
        for (FunctionSamples p : profiles.values()) {
            Frame node = root;
            LineLocation at = LineLocation.ZERO;
            for (ContextFrame f : p.context().frames()) {
                node = node.child(at, f.function());
                at = f.callsite();
            }
            node.samples = p;
            node.key = SampleMergeState.key(p.context());
        }
        nest(root, profiles, mergedBase);
    }

    private static void nest(Frame node, ProfileMap profiles, boolean mergedBase) {
        FunctionSamples parent = node.samples;
        Saturating.Overflow ignored = new Saturating.Overflow();
        for (Frame child : node.children.values()) {
            nest(child, profiles, mergedBase);
            FunctionSamples moved = child.samples;
            if (moved == null) {
                continue;
            }
            FunctionId function = moved.function();
            moved.setContext(SampleContext.of(function));
            if (parent != null) {
                parent.putInlineeIfAbsent(child.callsite, moved);
                parent.addTotalSamples(moved.totalSamples(), 1, ignored);
                long removed = removeTargetAndSamples(parent, child.callsite, function);
                parent.setTotalSamples(Long.compareUnsigned(parent.totalSamples(), removed) < 0 ? 0
                        : parent.totalSamples() - removed);
            }
            Long newKey = null;
            if (parent == null || mergedBase) {
                newKey = SampleMergeState.key(moved.context());
                profiles.getOrCreate(newKey, () -> new FunctionSamples(null)).merge(moved, 1);
                if (parent != null) {
                    moved.setAttributes(moved.attributes() | FunctionSamples.ATTR_DUPLICATED_INTO_BASE);
                }
            }
            if (newKey == null || newKey != child.key) {
                profiles.remove(child.key);
            }
        }
    }

    /** Removes the call target {@code callee} at {@code at} and as many body samples; how many. */
    private static long removeTargetAndSamples(FunctionSamples f, LineLocation at, FunctionId callee) {
        SampleRecord record = f.body().get(at);
        if (record == null) {
            return 0;
        }
        long count = record.removeTarget(callee);
        if (Long.compareUnsigned(count, record.samples()) > 0) {
            count = record.samples();
        }
        record.setSamples(record.samples() - count);
        if (record.samples() == 0) {
            f.removeBodyRecord(at);
        }
        return count;
    }
}
