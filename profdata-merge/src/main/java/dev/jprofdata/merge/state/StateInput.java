package dev.jprofdata.merge.state;

/**
 * What enters a merge state, through its one way in ({@link MergeState#add(StateInput)}): either
 * one input's records as its reader batched them ({@link InputRecords}: every reader, of every
 * format, fills batches), or the records of many inputs already summed ({@link SummedRecords}: the
 * shortcut for many runs of one binary, and merge states read back from bytes).
 */
public sealed interface StateInput permits InputRecords, SummedRecords {
}
