#!/usr/bin/env python3
"""equivalence.py - a change made for speed changes no result.

Runs every shipped workload (workloads/, workloads/micro/ and the CUDA
kernels of workloads/cuda/, default parameters) on every shipped config under every scheduler policy and
compares, run by run, everything simt-sim reports that does not depend on
the host (exit code, cycles, instructions, stalls, memory counters, per-SM
figures, opcode counts, reports, check, diagnosis, warnings), and for each
workload on g80 and h100 under the config's own scheduler the warp-state
trace byte for byte, and each workload on every config with --functional
(its own path: straight runs of plain instructions), with
tests/data/equivalence.txt. The CUDA kernels run
from their committed PTX with the front end's register allocation
(SIMT_NVCC=none, SIMT_PTXAS=none), so the lock does not depend on the
machine's toolkit.

That file is simt-sim's own output: this is a regression lock, not a
check of correctness (the other tests are). It is regenerated only by a
deliberate model change, which says so in its commit:

    tests/equivalence.py build/frontend/simt-sim . --update

With --sim-jobs N every run simulates its SMs on N host threads and must
still match the file (the results do not depend on the thread count).

Independently of the file, each traced run must report what the same run
untraced does under the config's own policy: a traced run evaluates every
warp one by one, an untraced one files a busy sub-partition's warps in
unit queues and a wake wheel (sim/unitq.h, sim/wakeq.h), and the two must
agree.

usage: equivalence.py SIMT_SIM SRCDIR [--update] [-j N] [--sim-jobs N]
"""
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

CONFIGS = ["g80", "gtx480", "v100", "a100", "h100"]
POLICIES = ["lrr", "gto", "two_level", "oldest"]
TRACED = ["g80", "h100"]
# what the host decides (time), or what names the run's own settings (the
# config, the mode: always "timed" here); and the check modes' keys, empty
# in these runs (no check mode is on)
SKIP = {"host_seconds", "config", "mode", "checks", "hazards", "hazards_not_recorded"}


def workloads(src):
    out = []
    for d in ("workloads", "workloads/micro", "workloads/cuda"):
        out += sorted(os.path.join(d, f) for f in os.listdir(os.path.join(src, d)) if f.endswith(".s"))
    return out


def one(sim, src, cfg, wl, policy, tmp, sim_jobs):
    """A line: 'cfg workload policy exit cycles sha' (+ ' trace=sha')."""
    trc = None
    args = [sim, f"configs/{cfg}.ini", wl, "--json", "-"]
    if sim_jobs:
        args += ["--jobs", str(sim_jobs)]
    if policy == "functional":
        args += ["--functional"]
    elif policy:
        args += ["--scheduler", policy]
    else:
        trc = os.path.join(tmp, f"{cfg}-{os.path.basename(wl)}.trc")
        args += ["--trace", trc]
    env = dict(os.environ, SIMT_NVCC="none", SIMT_PTXAS="none")
    p = subprocess.run(args, cwd=src, capture_output=True, text=True, timeout=900, env=env)
    if p.returncode == 2:  # refused before running (TILE 32 on a G80): the message is the result
        doc = {"refused": p.stderr}
    else:
        doc = json.loads(p.stdout)
    kept = {k: v for k, v in doc.items() if k not in SKIP}
    canon = json.dumps(kept, sort_keys=True).encode()
    line = f"{cfg} {wl} {policy or 'trace'} exit={p.returncode} cycles={doc.get('cycles', '-')} " \
           f"{hashlib.sha256(canon).hexdigest()[:16]}"
    if trc and os.path.exists(trc):
        with open(trc, "rb") as f:
            line += " trace=" + hashlib.sha256(f.read()).hexdigest()[:16]
        os.remove(trc)
    return line


def main():
    sim, src = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    update = "--update" in sys.argv
    jobs = int(sys.argv[sys.argv.index("-j") + 1]) if "-j" in sys.argv else os.cpu_count() or 1
    # --sim-jobs N: each run on N host threads (simt-sim --jobs): the same results
    sim_jobs = int(sys.argv[sys.argv.index("--sim-jobs") + 1]) if "--sim-jobs" in sys.argv else 0
    if sim_jobs and update:
        print("equivalence: --update records one-thread runs; drop --sim-jobs")
        return 2
    runs = [(c, w, p) for c in CONFIGS for w in workloads(src) for p in POLICIES]
    runs += [(c, w, None) for c in TRACED for w in workloads(src)]
    runs += [(c, w, "functional") for c in CONFIGS for w in workloads(src)]
    with tempfile.TemporaryDirectory(prefix="simt-equiv-") as tmp, ThreadPoolExecutor(jobs) as ex:
        lines = list(ex.map(lambda r: one(sim, src, r[0], r[1], r[2], tmp, sim_jobs), runs))
    own = {}
    for c in TRACED:
        for l in open(os.path.join(src, f"configs/{c}.ini")):
            if l.split("=")[0].strip() == "scheduler":
                own[c] = l.split("=")[1].split(";")[0].strip()
    by = {tuple(l.split()[:3]): l.split() for l in lines}
    walked = [k for k in by if k[2] == "trace" and by[k][5] != by[(k[0], k[1], own[k[0]])][5]]
    for k in walked[:20]:
        print(f"traced and untraced runs differ: {' '.join(k[:2])} ({own[k[0]]})")
    if walked:
        print(f"equivalence: {len(walked)} traced runs differ from the same runs untraced")
        return 1
    path = os.path.join(src, "tests/data/equivalence.txt")
    if update:
        with open(path, "w") as f:
            f.write("# tests/equivalence.py: simt-sim's results, run by run (a regression lock)\n")
            f.write("\n".join(lines) + "\n")
        print(f"equivalence: wrote {len(lines)} runs to {path}")
        return 0
    want = [l for l in open(path).read().splitlines() if not l.startswith("#")]
    if want == lines:
        print(f"equivalence: {len(lines)} runs identical to tests/data/equivalence.txt")
        return 0
    wk = {" ".join(l.split()[:3]): l for l in want}
    bad = [(wk.get(" ".join(l.split()[:3]), "(not stored)"), l) for l in lines if l not in want]
    for w, g in bad[:20]:
        print(f"stored: {w}\nnow:    {g}")
    print(f"equivalence: {len(bad)} of {len(lines)} runs differ (or {len(want)} stored vs {len(lines)} now)")
    return 1


if __name__ == "__main__":
    sys.exit(main())
