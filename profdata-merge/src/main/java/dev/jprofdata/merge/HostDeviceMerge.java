package dev.jprofdata.merge;

import java.util.List;

/**
 * A merge whose GPU device inputs were merged apart from its host inputs
 * ({@link ProfileMerger#mergeSplit}; spec/offload.md). Either part may have no inputs; when both
 * have some, the host part goes to the output and the device part to its
 * {@code .amdgcn-amd-amdhsa} sibling.
 */
public record HostDeviceMerge(Part host, Part device) {

    /** Both parts have inputs: two files are written. */
    public boolean mixed() {
        return !host.inputs().isEmpty() && !device.inputs().isEmpty();
    }

    /** The one part with inputs when the merge is not {@link #mixed()} (the host part when neither has). */
    public Part only() {
        return host.inputs().isEmpty() && !device.inputs().isEmpty() ? device : host;
    }

    /**
     * One part: its inputs, in input order, and the merge of them — a result, or the reason none
     * can be written ({@link NoProfileMergedException}, as {@link ProfileMerger#merge} throws it).
     */
    public static final class Part {
        private final List<MergeInput> inputs;
        private final MergeResult result;
        private final NoProfileMergedException rejected;

        private Part(List<MergeInput> inputs, MergeResult result, NoProfileMergedException rejected) {
            this.inputs = List.copyOf(inputs);
            this.result = result;
            this.rejected = rejected;
        }

        static Part of(List<MergeInput> inputs, ProfileMerger.Run run) {
            return run == null ? new Part(inputs, null, null) : new Part(inputs, run.mergeResult(), run.rejected());
        }

        public List<MergeInput> inputs() {
            return inputs;
        }

        /**
         * The merge of this part's inputs.
         *
         * @throws NoProfileMergedException when the failure mode rejects it
         * @throws IllegalStateException when the part has no inputs
         */
        public MergeResult result() throws NoProfileMergedException {
            if (rejected != null) {
                throw rejected;
            }
            if (result == null) {
                throw new IllegalStateException("no inputs in this part");
            }
            return result;
        }
    }
}
