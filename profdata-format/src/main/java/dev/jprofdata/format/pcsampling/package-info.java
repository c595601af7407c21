/**
 * Readers of AMD GPU PC-sampling data as rocprofv3 (rocprofiler-sdk) writes it: the
 * {@code *_pc_sampling_host_trap.csv} and {@code *_pc_sampling_stochastic.csv} files, the
 * {@code *_results.json} file, and the {@code --kernel-trace} CSV; and the source-location
 * interface ({@link dev.jprofdata.format.pcsampling.SourceLocator}) that turns a sampled PC into
 * source frames. The readers stream: samples are handed to a {@link
 * dev.jprofdata.format.pcsampling.PcSampleSink} one at a time and never kept. spec/pc-sampling.md
 * describes the formats.
 */
package dev.jprofdata.format.pcsampling;
