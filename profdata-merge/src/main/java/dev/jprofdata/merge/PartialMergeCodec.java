package dev.jprofdata.merge;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.merge.state.MergeStateCodec;
import dev.jprofdata.merge.state.MergeState;
import dev.jprofdata.merge.state.StateBytesIn;
import dev.jprofdata.merge.state.StateBytesOut;
import java.util.ArrayList;
import java.util.List;

/**
 * The bytes of a {@link PartialMerge} (spec/spark.md, "Partial states"): the merge state
 * ({@link MergeStateCodec}), then the number of inputs of the whole merge and, for each input the
 * part covers, what happened to it (probed kind and size, failure, notices, records and counts
 * read). Inputs the part does not cover take no bytes.
 */
final class PartialMergeCodec {
    private static final int FAILURE_KINDS = InputFailure.Kind.values().length;
    private static final int FORMAT_KINDS = ProfileFormatException.Kind.values().length;

    private PartialMergeCodec() {
    }

    static byte[] encode(MergeState state, InputOutcomes outcomes) {
        StateBytesOut out = new StateBytesOut();
        MergeStateCodec.encode(state, out);
        out.number(outcomes.count());
        int covered = 0;
        for (int i = 0; i < outcomes.count(); i++) {
            covered += outcomes.covered[i] ? 1 : 0;
        }
        out.number(covered);
        for (int i = 0; i < outcomes.count(); i++) {
            if (outcomes.covered[i]) {
                input(out, i, outcomes);
            }
        }
        return out.toByteArray();
    }

    private static void input(StateBytesOut out, int i, InputOutcomes outcomes) {
        out.number(i);
        out.number(outcomes.sizes[i]);
        out.flag(outcomes.empty[i]);
        kind(out, outcomes.probedKinds[i]);
        InputFailure f = outcomes.failures[i];
        out.flag(f != null);
        if (f != null) {
            out.text(f.file());
            out.text(f.reason());
            out.positionOrNone(f.offset());
            out.number(f.recordsMerged());
            out.flag(f.wholeInputLost());
            out.number(f.kind().ordinal());
            out.positionOrNone(f.formatKind() == null ? -1 : f.formatKind().ordinal());
        }
        InputLoader.Loaded l = outcomes.loaded(i);
        out.flag(l != null);
        if (l != null) {
            out.flag(l.setApart());
            if (!l.setApart()) {
                kind(out, l.kind());
                texts(out, l.notices());
                texts(out, l.deviceWarnings());
                texts(out, l.details());
                out.number(l.recordsRead());
                out.number(l.countsRead());
                out.flag(l.cutShort());
            }
        }
    }

    private static void kind(StateBytesOut out, ProfileKind kind) {
        out.flag(kind != null);
        if (kind != null) {
            out.word(kind.variantBits());
            out.flag(kind.explicitFrontEnd());
        }
    }

    private static void texts(StateBytesOut out, List<String> texts) {
        out.number(texts.size());
        for (String t : texts) {
            out.text(t);
        }
    }

    static PartialMerge decode(byte[] bytes, String source, int inputCount) throws MergeStateFormatException {
        StateBytesIn in = new StateBytesIn(bytes, source);
        MergeState state = MergeStateCodec.decode(in);
        int at = in.offset();
        long count = in.number();
        // The outcome arrays are as long as the whole merge has inputs, which these bytes cannot
        // bound: the caller, who knows the merge, says how many.
        if (count != inputCount) {
            throw in.problem(at, "a part of a merge of " + Long.toUnsignedString(count) + " inputs, not "
                    + inputCount);
        }
        InputOutcomes outcomes = new InputOutcomes(inputCount);
        int covered = in.length(4, "number of inputs covered");
        int previous = -1;
        for (int k = 0; k < covered; k++) {
            int start = in.offset();
            int i = in.small((int) count - 1, "input index");
            if (i <= previous) {
                throw in.problem(start, "input indices out of order");
            }
            previous = i;
            input(in, i, outcomes);
        }
        if (!in.atEnd()) {
            throw in.problem(in.offset(), "bytes after the end of the partial merge");
        }
        return new PartialMerge(state, outcomes);
    }

    private static void input(StateBytesIn in, int i, InputOutcomes outcomes) throws MergeStateFormatException {
        outcomes.covered[i] = true;
        outcomes.sizes[i] = in.number();
        outcomes.empty[i] = in.flag();
        outcomes.probedKinds[i] = kind(in);
        InputFailure failure = null;
        if (in.flag()) {
            int at = in.offset();
            String file = in.text("file name length");
            String reason = in.text("reason length");
            long offset = in.positionOrNone();
            long recordsMerged = in.number();
            boolean wholeInputLost = in.flag();
            InputFailure.Kind kind = InputFailure.Kind.values()[in.small(FAILURE_KINDS - 1, "failure kind")];
            long formatKind = in.positionOrNone();
            if (formatKind >= FORMAT_KINDS || formatKind < -1) {
                throw in.problem(at, "format problem kind " + formatKind + " is out of range");
            }
            failure = new InputFailure(file, reason, offset, recordsMerged, wholeInputLost, kind,
                    formatKind < 0 ? null : ProfileFormatException.Kind.values()[(int) formatKind]);
        }
        outcomes.failures[i] = failure;
        if (in.flag()) {
            InputLoader.Loaded loaded;
            if (in.flag()) {
                loaded = InputLoader.Loaded.DEVICE;
            } else {
                ProfileKind kind = kind(in);
                List<String> notices = texts(in);
                List<String> deviceWarnings = texts(in);
                List<String> details = texts(in);
                loaded = new InputLoader.Loaded(kind, failure, notices, deviceWarnings, details, in.number(),
                        in.number(), in.flag());
            }
            outcomes.record(i, loaded);
            outcomes.failures[i] = failure;
        }
    }

    private static ProfileKind kind(StateBytesIn in) throws MergeStateFormatException {
        if (!in.flag()) {
            return null;
        }
        int at = in.offset();
        long bits = in.word();
        boolean explicitFrontEnd = in.flag();
        try {
            return new ProfileKind(bits, explicitFrontEnd);
        } catch (IllegalArgumentException e) {
            throw in.problem(at, "profile kind: " + e.getMessage());
        }
    }

    private static List<String> texts(StateBytesIn in) throws MergeStateFormatException {
        int n = in.length(1, "number of messages");
        List<String> out = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            out.add(in.text("message length"));
        }
        return out;
    }
}
