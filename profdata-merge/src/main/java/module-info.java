/**
 * Merging, overlap and function order of instrumentation profiles, and the {@code Profiles} facade.
 *
 * <p>Exported: the merge API and facade ({@code dev.jprofdata.merge}), overlap ({@code .overlap})
 * and order ({@code .order}). The merge state and the random generator are internal.
 * spec/library-api.md lists the same packages, and LibraryModulesTest keeps the two in step.
 */
module dev.jprofdata.merge {
    requires transitive dev.jprofdata.format;

    exports dev.jprofdata.merge;
    exports dev.jprofdata.merge.order;
    exports dev.jprofdata.merge.overlap;
    exports dev.jprofdata.merge.pcsampling;
    exports dev.jprofdata.merge.sample;
}
