package dev.jprofdata.format.sample;

/**
 * Properties of a whole sample profile that change how it is read, merged and written.
 *
 * @param probeBased     line locations are pseudo-probe ids and functions carry CFG checksums
 * @param contextSensitive profiles are keyed by full calling contexts (CSSPGO)
 * @param preInlined     some context has the {@code ShouldBeInlined} attribute
 * @param flowSensitive  discriminators are flow-sensitive (FS-AFDO)
 * @param md5Names       the file stored names as MD5 hashes
 * @param partial        the profile covers only part of the program (ext-binary summary flag)
 * @param vtableTypes    the ext-binary bodies carry vtable type blocks
 */
public record SampleProfileFlags(
        boolean probeBased,
        boolean contextSensitive,
        boolean preInlined,
        boolean flowSensitive,
        boolean md5Names,
        boolean partial,
        boolean vtableTypes) {

    public static final SampleProfileFlags NONE =
            new SampleProfileFlags(false, false, false, false, false, false, false);
}
