/**
 * Model, readers and writers of LLVM instrumentation profiles (raw, indexed, text).
 *
 * <p>Exported: the model and the readers' entry point ({@code dev.jprofdata.format}), summaries
 * ({@code .summary}) and the text reader and writer ({@code .text}). The binary formats' internals
 * are exported only to {@code dev.jprofdata.merge}, which builds on them; they are not API.
 * spec/library-api.md lists the same packages, and LibraryModulesTest keeps the two in step.
 */
// "module": the qualified exports name dev.jprofdata.merge, which is built after this module.
@SuppressWarnings("module")
module dev.jprofdata.format {
    // Only where zstd data is met; without it such data fails with a message naming zstd-jni.
    requires static com.github.luben.zstd_jni;
    // The streaming parser of rocprofiler-sdk results files (dev.jprofdata.format.pcsampling).
    requires com.fasterxml.jackson.core;

    exports dev.jprofdata.format;
    exports dev.jprofdata.format.dwarf;
    exports dev.jprofdata.format.elf;
    exports dev.jprofdata.format.offload;
    exports dev.jprofdata.format.pcsampling;
    exports dev.jprofdata.format.sample;
    exports dev.jprofdata.format.summary;
    exports dev.jprofdata.format.text;

    exports dev.jprofdata.format.indexed to dev.jprofdata.merge;
    exports dev.jprofdata.format.io to dev.jprofdata.merge;
    exports dev.jprofdata.format.raw to dev.jprofdata.merge;
    exports dev.jprofdata.format.util to dev.jprofdata.merge;
}
