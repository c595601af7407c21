package dev.jprofdata.merge.overlap;

/**
 * The comparison of two whole profiles.
 *
 * @param base sums over the base profile's records (see {@link OverlapOptions#contextSensitive()})
 * @param test sums over the test profile's records
 * @param overlap {@code entries} = test functions found in the base with the same hash and shape;
 *     {@code edges} and {@code values} = summed overlap fractions. Because the totals are taken
 *     over one kind of record (CS or not) while every test record is compared, IR profiles holding
 *     both kinds can exceed 1.0, as in llvm-profdata
 * @param mismatch test functions whose name is in the base but whose hash or shape differs, and
 *     their share of the test totals
 * @param unique test functions whose name is not in the base, and their share of the test totals
 */
public record ProgramOverlap(CountSums base, CountSums test, CountSums overlap, CountSums mismatch, CountSums unique) {
}
