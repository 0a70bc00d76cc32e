#!/usr/bin/env python3
"""jobs.py - simt-sim --jobs N gives the same results for every N.

Runs cases that keep many SMs busy at once (so the cycles are shared out
among the host threads: sim/cycle.c shares a cycle when it has at least
4 busy SMs per thread), including global atomics between SMs (a spinlock
over 132 blocks), plain loads and stores racing on one word (a load must
see the stores earlier SMs made in its cycle) and runs that stop mid-grid (a fault, a barrier
deadlock in every block, a livelock found in a short window), with --jobs 1, 2, 4 and 16, and compares the
exit code and every JSON key but host_seconds with the one-thread run.

usage: jobs.py SIMT_SIM SRCDIR
"""
import json
import os
import subprocess
import sys

CASES = [
    ["configs/h100.ini", "workloads/tiled_mm.s", "-D", "M=256", "-D", "N=256", "-D", "K=256", "-D", "TILE=8"],
    ["configs/a100.ini", "workloads/naive_mm.s", "-D", "M=256", "-D", "N=256", "-D", "K=256"],
    ["configs/g80.ini", "workloads/tiled_mm.s", "-D", "M=256", "-D", "N=256", "-D", "K=256"],
    ["configs/h100.ini", "workloads/spinlock.s", "-D", "BLOCKS=132", "-D", "THREADS=32"],
    ["configs/h100.ini", "tests/workloads/racy_counter.s"],
    # the livelock watch checking on across SMs (a sleeping spin loop in
    # a short window: the stretches' counts made on every host thread)
    ["configs/g80.ini", "workloads/cuda/spinlock_sleep.s", "-D", "BLOCKS=64", "-D", "THREADS=64",
     "--set", "sim.livelock_window=2000"],
    ["configs/h100.ini", "tests/workloads/grid_fault.s"],
    # a store into constant memory mid-grid (checked at issue, beside other SMs)
    ["configs/h100.ini", "tests/workloads/const_fault.s"],
    # local memory over every SM (its stores fill each SM's L1), and a
    # store past a thread's window mid-grid
    ["configs/h100.ini", "workloads/cuda/thread_hist.s", "-D", "BLOCKS=264"],
    ["configs/h100.ini", "tests/workloads/local_fault.s"],
    # a spin whose local loads read new values: no progress on any thread count
    ["configs/h200.ini", "tests/workloads/local_spin.s", "--set", "sim.livelock_window=20000",
     "--max-cycles", "400000"],
    ["configs/v100.ini", "tests/workloads/grid_deadlock.s", "--set", "sm.divergence=stack",
     "--set", "sm.barrier=strict"],
]
JOBS = [2, 4, 16]


def run(sim, src, case, jobs):
    p = subprocess.run([sim] + case + ["--jobs", str(jobs), "--json", "-"], cwd=src,
                       capture_output=True, text=True, timeout=600)
    doc = json.loads(p.stdout)
    doc.pop("host_seconds", None)
    return p.returncode, doc


def main():
    sim, src = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    bad = 0
    for case in CASES:
        want = run(sim, src, case, 1)
        for n in JOBS:
            got = run(sim, src, case, n)
            if got != want:
                keys = sorted(k for k in set(want[1]) | set(got[1]) if want[1].get(k) != got[1].get(k))
                print(f"FAIL {' '.join(case)} --jobs {n}: exit {got[0]} vs {want[0]}, keys differ: {keys}")
                bad += 1
        print(f"{' '.join(case)}: exit {want[0]}, cycles {want[1].get('cycles')}, "
              f"identical with --jobs {', '.join(map(str, JOBS))}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
