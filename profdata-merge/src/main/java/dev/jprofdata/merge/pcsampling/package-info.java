/**
 * Analysis of AMD GPU PC samples (CDNA3/CDNA4): the samples of {@code dev.jprofdata.format.pcsampling}'s
 * readers joined to their kernels and aggregated per kernel, dispatch, instruction and source line,
 * with the metrics of spec/pc-sampling.md (stall reasons over stalled samples, instruction types
 * over issued samples, the arbiter's per-pipe progress, an IPC estimate, oversubscription and
 * backpressure, occupancy) and the upstream invariants checked. Library only: it prints nothing.
 */
package dev.jprofdata.merge.pcsampling;
