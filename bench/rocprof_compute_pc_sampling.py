#!/usr/bin/python3
"""Runs rocprofiler-compute's PC-sampling analysis on one rocprofv3 results JSON, the way
``rocprof-compute analyze`` does, for bench/pc_sampling_bench.sh. No AMD code is in this
repository: the module is imported at run time from INCUMBENT_DIR (default
bench/work/incumbent), where the benchmark's README says how to fetch it.

    /usr/bin/python3 bench/rocprof_compute_pc_sampling.py RESULTS.json > rows.txt

What rocprof-compute does with a workload's ``<pid>_ps_file_results.json`` (utils/file_io.py,
utils/analysis_orm.py at the commit of the module used): ``json.load`` of the whole file and its
``rocprofiler-sdk-tool[0]``, then ``pc_sampling_analysis.load_aggregated_pc_sampling(tool,
sys_info)`` (load every sample into a DataFrame, group by code object, offset and kernel id,
count, histogram stall reasons and instruction types, active-thread and occupancy percentages,
attach instruction, comment and kernel name), then one row per instruction line into its
database. Here the rows are printed instead (kernel, offset, counts, histograms), so the work of
the analysis is all done; the database insert is not. ``sys_info`` is what rocprof-compute reads
from sysinfo.csv: wave_size 64, max_waves_per_cu 32 (MI300X/MI350).
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.environ.get("INCUMBENT_DIR", os.path.join(HERE, "work", "incumbent")))

from utils import pc_sampling_analysis as psa  # noqa: E402  (rocprofiler-compute's module)


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        tool = json.load(f)["rocprofiler-sdk-tool"][0]
    method = psa.detect_pc_sampling_method(tool)
    records = psa.load_aggregated_pc_sampling(tool, {"wave_size": 64, "max_waves_per_cu": 32})
    out = sys.stdout
    out.write("method %s\n" % method)
    rows = 0
    for co in records:
        for line in co.instruction_lines:
            rows += 1
            out.write("%s\t%d\t0x%x\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\n" % (
                line.kernel_name, co.code_object_id, line.code_object_offset, line.instruction, line.total_count,
                line.issue_count, line.stall_count, sorted(line.stall_reasons.items()),
                sorted(line.inst_types.items()), line.active_thread_percent, line.wave_occupancy_percent))
    out.write("rows %d\n" % rows)


if __name__ == "__main__":
    main()
