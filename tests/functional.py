#!/usr/bin/env python3
"""functional.py - `simt-sim --functional` gives the timed run's results.

Runs every shipped workload (workloads/, micro/, bugs/ and cuda/, default
parameters) on configs/g80.ini (reconvergence stack) and configs/h100.ini
(independent thread scheduling), timed and with --functional, and checks
the two agree on what the kernel did: the exit code, the status, the
bit-exact checks against the host reference (the workload's .check lines,
an independent computation), the reports, and the diagnosis of a deadlock,
fault or livelock with its cycle numbers left out (functional mode counts
rounds, not cycles). A launch refused (exit 2, no JSON) must be refused
by both. Two exceptions: the planted race of workloads/bugs/global_race.s,
whose result depends on the order in which blocks run (what it
demonstrates), and the reports of the microbenchmarks in workloads/micro/,
which are timings read from %clock. Also: --functional refuses --trace
(exit 2) and reports zero cycles.

usage: functional.py SIMT_SIM SRCDIR
"""
import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

CONFIGS = ["g80", "h100"]
# a result that depends on the order blocks run (the race it plants)
ORDER_DEPENDENT = {"workloads/bugs/global_race.s"}


def workloads(src):
    out = []
    for d in ("workloads", "workloads/micro", "workloads/bugs", "workloads/cuda"):
        out += sorted(os.path.join(d, f) for f in os.listdir(os.path.join(src, d)) if f.endswith(".s"))
    return out


def norm(text):
    """A diagnosis without its cycle numbers."""
    text = re.sub(r"\bcycle \d+", "cycle N", text)
    return re.sub(r"\b\d+ cycles", "N cycles", text)


def run(sim, src, cfg, wl, functional, tmp):
    js = os.path.join(tmp, f"{cfg}-{wl.replace('/', '_')}-{int(functional)}.json")
    args = [sim, f"configs/{cfg}.ini", wl, "--json", js] + (["--functional"] if functional else [])
    p = subprocess.run(args, cwd=src, capture_output=True, text=True, timeout=600)
    j = json.load(open(js)) if os.path.exists(js) else {}
    return p.returncode, j


def main():
    sim, src = os.path.abspath(sys.argv[1]), sys.argv[2]
    env_ok = True
    # --trace needs timing
    p = subprocess.run([sim, "configs/g80.ini", "workloads/vecadd.s", "--functional", "--trace", "/dev/null"],
                       cwd=src, capture_output=True, text=True)
    if p.returncode != 2 or "--functional" not in p.stderr:
        print(f"functional: --functional --trace: exit {p.returncode}, want 2 with a reason\n{p.stderr}")
        env_ok = False
    cases = [(c, w) for c in CONFIGS for w in workloads(src)]
    bad = 0
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(os.cpu_count() or 2) as ex:
        def one(case):
            cfg, wl = case
            return case, run(sim, src, cfg, wl, False, tmp), run(sim, src, cfg, wl, True, tmp)

        for (cfg, wl), (rt, jt), (rf, jf) in ex.map(one, cases):
            if not jt and not jf and rt == rf == 2:
                continue  # refused by both (tiled_mm32's 1024 threads on the G80)
            if not jt or not jf:
                print(f"functional: {cfg} {wl}: no JSON (timed exit {rt}, functional exit {rf})")
                bad += 1
                continue
            if jf.get("mode") != "functional" or jt.get("mode") != "timed" or jf.get("cycles") != 0:
                print(f"functional: {cfg} {wl}: mode {jt.get('mode')}/{jf.get('mode')}, "
                      f"functional cycles {jf.get('cycles')}")
                bad += 1
            if wl in ORDER_DEPENDENT:
                continue
            timings = wl.startswith("workloads/micro/")
            got = (rf, jf["status"], jf["check"], None if timings else jf["reports"], norm(jf["diagnosis"]))
            want = (rt, jt["status"], jt["check"], None if timings else jt["reports"], norm(jt["diagnosis"]))
            if got != want:
                print(f"functional: {cfg} {wl}:\n  timed      {want}\n  functional {got}")
                bad += 1
    if bad or not env_ok:
        print(f"functional: {bad} of {len(cases)} runs differ")
        return 1
    print(f"functional: {len(cases)} runs agree with the timed runs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
