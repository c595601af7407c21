package dev.jprofdata.merge;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The arithmetic of the data-loss guard (spec/robustness.md, "Data-loss accounting"). */
class DataLossTest {

    private static DataLoss loss(int inputs, int lost, int empty, long read, long mismatch, long fromFailed) {
        return new DataLoss(inputs, lost, 0, empty, 0, 10, 0, read, mismatch, fromFailed);
    }

    @Test
    void droppedIsMismatchPlusCountsOfFailedInputsOverEverythingRead() {
        DataLoss d = loss(4, 0, 0, 1000, 50, 150);
        assertThat(d.totalCount()).isEqualTo(1000);
        assertThat(d.droppedCount()).isEqualTo(200);
        assertThat(d.droppedCountFraction()).isEqualTo(0.2);
        assertThat(d.exceeds(0.2)).isFalse();
        assertThat(d.exceeds(0.19)).isTrue();
    }

    @Test
    void inputsLostEntirelyOrEmptyCountByShareOfInputs() {
        DataLoss d = loss(10, 1, 1, 1000, 0, 0);
        assertThat(d.droppedCountFraction()).isZero();
        assertThat(d.lostInputFraction()).isEqualTo(0.2);
        assertThat(d.exceeds(0.1)).isTrue();
        assertThat(d.exceeds(0.2)).isFalse();
    }

    @Test
    void unsignedAndSaturatedSumsStayWithinTheTotal() {
        long huge = -2L; // 2^64 - 2 as an unsigned count
        DataLoss d = loss(2, 0, 0, huge, huge, huge);
        assertThat(d.droppedCount()).isEqualTo(huge);
        assertThat(d.droppedCountFraction()).isEqualTo(1.0);
        assertThat(loss(1, 0, 0, 0, 0, 0).droppedCountFraction()).isZero();
        assertThat(DataLoss.NONE.exceeds(0)).isFalse();
    }

    @Test
    void inputsLostEmptyOrCutShortHaveUnknownCounts() {
        DataLoss d = new DataLoss(6, 1, 2, 1, 0, 10, 0, 1000, 0, 0, 1, 0);
        // Two partial inputs: one cut short by an error, one that only warned after a complete read.
        assertThat(d.inputsWithUnknownCounts()).isEqualTo(3);
        assertThat(loss(4, 0, 0, 1000, 0, 0).inputsWithUnknownCounts()).isZero();
    }
}
