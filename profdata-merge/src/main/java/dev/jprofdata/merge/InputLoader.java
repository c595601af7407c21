package dev.jprofdata.merge;

import dev.jprofdata.format.ProfileFormatException;
import dev.jprofdata.format.ProfileKind;
import dev.jprofdata.format.ProfileReader;
import dev.jprofdata.format.ProfileReaders;
import dev.jprofdata.format.ProfileRecord;
import dev.jprofdata.merge.state.MergeState;
import java.io.IOException;
import java.util.List;
import java.util.function.UnaryOperator;

/** Reads one input into a merge state, turning read errors into an {@link InputFailure}. */
final class InputLoader {
    private final UnaryOperator<String> remapper;
    private final boolean keepVTableSymbols;

    InputLoader(MergeOptions options) {
        this.remapper = options.remapper();
        this.keepVTableSymbols = options.keepVTableSymbols();
    }

    /** What loading one input gave besides its records. */
    record Loaded(ProfileKind kind, InputFailure failure, List<String> notices) {
        Loaded(ProfileKind kind, InputFailure failure) {
            this(kind, failure, List.of());
        }
    }

    Loaded load(MergeInput input, int inputIndex, MergeState state) {
        long ordinal = 0;
        ProfileReader reader;
        try {
            reader = ProfileReaders.open(input.path(), input.displayName());
        } catch (ProfileFormatException e) {
            return new Loaded(null, new InputFailure(input.displayName(), e.reason(), e.offset(), 0, true));
        } catch (IOException e) {
            return new Loaded(null, new InputFailure(input.displayName(), describe(e), -1, 0, true));
        }
        try (reader) {
            ProfileRecord r;
            while ((r = reader.next()) != null) {
                if (remapper != null) {
                    String renamed = remapper.apply(r.name());
                    if (!renamed.equals(r.name())) {
                        r = r.withName(renamed);
                    }
                }
                state.add(r, input.weight(), MergeState.position(inputIndex, ordinal++));
            }
            state.addBinaryIds(reader.binaryIds());
            state.addTraces(inputIndex, reader.temporalTraces(input.weight()));
            if (keepVTableSymbols) {
                state.addVTableNames(inputIndex, reader.vtableNames());
            }
            List<String> warnings = reader.warnings();
            InputFailure failure = warnings.isEmpty()
                    ? null
                    : new InputFailure(input.displayName(), warnings.get(0), -1, ordinal, false);
            List<String> notices = reader.notices().stream().map(n -> input.displayName() + ": " + n).toList();
            return new Loaded(reader.kind(), failure, notices);
        } catch (ProfileFormatException e) {
            return new Loaded(reader.kind(),
                    new InputFailure(input.displayName(), e.reason(), e.offset(), ordinal, ordinal == 0));
        } catch (IOException e) {
            return new Loaded(reader.kind(), new InputFailure(input.displayName(), describe(e), -1, ordinal, ordinal == 0));
        }
    }

    private static String describe(IOException e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
