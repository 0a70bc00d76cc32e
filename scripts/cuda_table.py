#!/usr/bin/env python3
"""cuda_table.py - docs/CUDA.md's table: for every CUDA workload, the warp
instructions the H100 executed (ncu smsp__inst_executed.sum, recorded by
bench/cuda_counts.sh in docs/data/cuda-h100/ncu.txt; a workload measured
since on an H200 alone, whose sm_90 code is the same, from
docs/data/cuda-h200/, its count marked so) beside the warp
instructions simt-sim executes for the same workload on configs/h100.ini,
and the registers ptxas allocated for sm_90 beside the front end's own.

    scripts/cuda_table.py SIMT_SIM            print the table
    scripts/cuda_table.py SIMT_SIM --check    fail if docs/CUDA.md's differs
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "docs", "data", "cuda-h100")
DATA_H200 = os.path.join(ROOT, "docs", "data", "cuda-h200")
BEGIN, END = "<!-- cuda-table begin -->", "<!-- cuda-table end -->"


def gpu_counts(data=DATA):
    """workload -> (warp instructions on the GPU, checks passed there)"""
    out, cur, passed = {}, None, {}
    for line in open(os.path.join(data, "ncu.txt")):
        if line.startswith("== "):
            cur = line[3:].strip()
            passed[cur] = True
        elif line.startswith("check ") and "FAIL" in line:
            passed[cur] = False
        m = re.search(r'"smsp__inst_executed.sum","inst","([\d,]+)"', line)
        if m:
            out[cur] = (int(m.group(1).replace(",", "")), passed[cur])
    return out


def ptxas_regs(data=DATA):
    regs, cur = {}, None
    for line in open(os.path.join(data, "ptxas.txt")):
        m = re.search(r"Compiling entry function '([^']+)'", line)
        if m:
            cur = m.group(1)
        m = re.search(r"Used (\d+) registers", line)
        if m and cur:
            regs[cur] = int(m.group(1))
    return regs


def sim(simt_sim, cfg, wl):
    r = subprocess.run([simt_sim, f"configs/{cfg}.ini", wl, "--json", "-"], cwd=ROOT,
                       capture_output=True, text=True)
    try:
        return json.loads(r.stdout)
    except json.JSONDecodeError:
        return None


def table(simt_sim):
    gpu, regs = gpu_counts(), ptxas_regs()
    h200 = {wl: c for wl, c in gpu_counts(DATA_H200).items() if wl not in gpu}
    gpu.update(h200)
    regs.update(ptxas_regs(DATA_H200))
    within = total = 0
    rows = ["| workload | kernel | H100 warp instructions (ncu) | simt-sim, h100.ini | ratio | "
            "registers: ptxas sm_90 / front end | checks: H100 / simt-sim |",
            "| --- | --- | ---: | ---: | ---: | ---: | --- |"]
    for wl in sorted(gpu):
        n, ok_gpu = gpu[wl]
        j = sim(simt_sim, "h100", wl)
        a = sim(simt_sim, "g80", wl)  # g80: no ptxas target, so the allocation's count
        name = os.path.basename(wl)[:-2]
        if not j:
            rows.append(f"| {name} | ? | {n} | (no result) | | | |")
            continue
        s = j["warp_instructions"]
        total += 1
        within += abs(s / n - 1) <= 0.15
        own = a["regs_per_thread"] if a else "(refused)"
        where = " (H200)" if wl in h200 else ""
        rows.append(f"| [{name}](../{wl}) | `{j['kernel']}` | {n}{where} | {s} | {s / n:.2f} | "
                    f"{regs.get(j['ptx_entry'], '?')} / {own} | "
                    f"{'pass' if ok_gpu else 'FAIL'} / {j['check']} |")
    rows.append("")
    rows.append(f"{within} of {total} within 15% of the GPU's count.")
    return "\n".join(rows) + "\n"


def main():
    simt_sim = os.path.abspath(sys.argv[1])
    t = table(simt_sim)
    if "--check" not in sys.argv:
        sys.stdout.write(t)
        return 0
    doc = open(os.path.join(ROOT, "docs", "CUDA.md")).read()
    have = doc.split(BEGIN)[1].split(END)[0].strip() + "\n"
    if have != t:
        sys.stderr.write("docs/CUDA.md's table is stale (scripts/cuda_table.py SIMT_SIM); now:\n" + t)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
