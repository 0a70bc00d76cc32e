#!/usr/bin/env python3
"""sweep_test.py - scripts/simt-sweep end to end: a small grid run locally
with GNU parallel, every row checked against simt-sim run by hand on the
same point (the sweep must not change what it measures), a refused point
kept as a row, an interrupted sweep finished without redoing points, the
Slurm array script's tasks giving the same CSV, and the plots drawn.

usage: sweep_test.py SIMT_SIM SRCDIR
"""
import csv
import json
import os
import signal
import struct
import subprocess
import sys
import tempfile
import time

SIM, SRC = (os.path.abspath(a) for a in sys.argv[1:3])
SWEEP = os.path.join(SRC, "scripts", "simt-sweep")


def png_size(path):
    """Width and height from a PNG's IHDR (any colour type)."""
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR", path
    return struct.unpack(">II", head[16:24])

GRID = """
[sweep]
configs = g80 h100
schedulers = lrr gto

[workload vecadd]
file = workloads/vecadd.s
N = 1024 4096

[workload tiled_mm]
file = workloads/tiled_mm.s
M,N,K = 32
TILE = 32
"""


def sweep(*args, check=True):
    p = subprocess.run([SWEEP] + list(args) + ["--sim", SIM] if args[0] in ("run", "slurm") else [SWEEP] + list(args),
                       capture_output=True, text=True, timeout=1200)
    if check and p.returncode != 0:
        sys.exit(f"simt-sweep {' '.join(args)}: exit {p.returncode}\n{p.stdout}\n{p.stderr}")
    return p


def rows(out):
    with open(os.path.join(out, "results.csv")) as f:
        return list(csv.DictReader(f))


def by_hand(row):
    """simt-sim on the row's point, typed out as a user would."""
    args = [SIM, f"configs/{row['config']}.ini", row["file"], "--json", "-", "--scheduler", row["scheduler"]]
    for k, v in row.items():
        if k.startswith("D.") and v:
            args += ["-D", f"{k[2:]}={v}"]
    p = subprocess.run(args, cwd=SRC, capture_output=True, text=True, timeout=600)
    return p.returncode, (json.loads(p.stdout) if p.stdout.strip() else None), p.stderr


def without_host_time(rs):
    return [{k: v for k, v in r.items() if k != "host_seconds"} for r in rs]


def main():
    with tempfile.TemporaryDirectory() as tmp:
        ini = os.path.join(tmp, "grid.ini")
        with open(ini, "w") as f:
            f.write(GRID)
        # an output directory with a space and shell syntax in its name is a
        # name (parallel -q), never run as shell code
        out = os.path.join(tmp, "out $(touch injected)")
        r = sweep("run", ini, "-o", out, "-j", "2")
        # the summary counts the rows by status: the G80's TILE 32 refused under both policies
        assert "12 rows in" in r.stderr and "(10 check pass, 2 refused)" in r.stderr, r.stderr
        assert not os.path.exists("injected") and not os.path.exists(os.path.join(tmp, "injected"))
        rs = rows(out)
        # 2 configs x 2 policies x (2 vecadd sizes + 1 tiled_mm) = 12 rows
        assert len(rs) == 12, len(rs)
        for r in rs:
            rc, doc, err = by_hand(r)
            assert int(r["exit"]) == rc, (r["id"], r["exit"], rc)
            if doc is None:
                # TILE 32 is 1024 threads: a G80 refuses the launch (exit 2)
                assert r["config"] == "g80" and r["workload"] == "tiled_mm" and rc == 2, r
                assert r["status"] == "refused" and "cannot launch" in r["diagnosis"], r
                continue
            for k in ("cycles", "warp_instructions", "status", "check"):
                assert str(doc[k]) == r[k], (r["id"], k, doc[k], r[k])
            for k, v in doc["stalls"].items():
                assert str(v) == r["stall." + k], (r["id"], k)
            assert str(doc["memory"]["dram_read_bytes"]) == r["mem.dram_read_bytes"], r["id"]
            assert r["check"] == "pass", r
        print(f"local: {len(rs)} rows, each equal to simt-sim run by hand; the refused point is a row")

        # interrupted: a slower grid, stopped (SIGTERM to the process group)
        # once some points are done; run again, only the rest run
        slow = os.path.join(tmp, "slow.ini")
        with open(slow, "w") as f:
            f.write("[sweep]\nconfigs = g80\nschedulers = lrr gto two_level oldest\n\n"
                    "[workload vecadd]\nfile = workloads/vecadd.s\nN = 20000 40000 60000 80000\n")
        out2 = os.path.join(tmp, "out2")
        p = subprocess.Popen([SWEEP, "run", slow, "-o", out2, "-j", "1", "--sim", SIM],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        runs = os.path.join(out2, "runs")
        t0 = time.time()
        while time.time() - t0 < 600:
            n = len([f for f in os.listdir(runs) if f.endswith(".txt")]) if os.path.isdir(runs) else 0
            if n >= 2 or p.poll() is not None:
                break
            time.sleep(0.05)
        os.killpg(p.pid, signal.SIGTERM)
        p.wait()
        # the group's other processes (GNU parallel, a point's run) may
        # outlive the sweep a moment and finish a point: wait for them all
        t1 = time.time()
        while time.time() - t1 < 120:
            try:
                os.killpg(p.pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.02)
        before = {f: os.stat(os.path.join(runs, f)).st_mtime_ns for f in os.listdir(runs) if f.endswith(".txt")}
        assert 2 <= len(before) < 16, f"{len(before)} points done when interrupted"
        r2 = sweep("run", slow, "-o", out2, "-j", "2")
        assert f"{len(before)} done, {16 - len(before)} to run" in r2.stderr, r2.stderr
        after = {f: os.stat(os.path.join(runs, f)).st_mtime_ns for f in os.listdir(runs) if f.endswith(".txt")}
        assert len(after) == 16 and all(after[f] == t for f, t in before.items()), "a done point ran again"
        assert len(rows(out2)) == 16
        print(f"resume: interrupted after {len(before)} of 16 points; the run again ran the other "
              f"{16 - len(before)} and left the done ones alone")

        # Slurm: the array script's tasks (run here one after the other, as
        # Slurm would run them, with SLURM_ARRAY_TASK_ID) give the local CSV
        out3 = os.path.join(tmp, "out3")
        sweep("slurm", ini, "-o", out3, "--per-task", "5")
        script = os.path.join(out3, "sweep.sbatch")
        text = open(script).read()
        assert "#SBATCH --array=0-2" in text, text  # 12 points, 5 per task
        for task in range(3):
            env = dict(os.environ, SLURM_ARRAY_TASK_ID=str(task))
            subprocess.run(["sh", script], env=env, check=True, timeout=600)
        sweep("collect", out3)
        assert without_host_time(rows(out3)) == without_host_time(rs), "Slurm tasks and the local run differ"
        print("slurm: the array script's 3 tasks give the local run's CSV")

        # plots: PNG and SVG per workload, readable sizes
        plots = os.path.join(tmp, "plots")
        p = sweep("plot", os.path.join(out, "results.csv"), "-o", plots)
        made = p.stdout.split()
        for name in ("vecadd_cycles_vs_lrr", "vecadd_g80_stalls", "vecadd_h100_stalls", "vecadd_cycles_vs_N",
                     "tiled_mm_cycles_vs_lrr", "tiled_mm_h100_stalls"):
            png = os.path.join(plots, name + ".png")
            assert png in made and os.path.join(plots, name + ".svg") in made, (name, made)
            w, h = png_size(png)
            assert w > 400 and h > 250, (name, w, h)
            assert open(os.path.join(plots, name + ".svg")).read().lstrip().startswith("<?xml"), name
        print(f"plot: {len(made)} files")

        # a bad sweep file: exit 2 and what is wrong
        bad = os.path.join(tmp, "bad.ini")
        with open(bad, "w") as f:
            f.write("[sweep]\nconfigs = g80\nschedulerz = lrr\n[workload x]\nfile = workloads/vecadd.s\n")
        p = sweep("run", bad, "-o", os.path.join(tmp, "bad"), check=False)
        assert p.returncode == 2 and "unknown key(s) schedulerz" in p.stderr, (p.returncode, p.stderr)
        # bad options: an empty output directory (the points' results went
        # nowhere, and every point was a "refused" row), negative counts
        for args, want in ((("run", ini, "-o", ""), "run: -o needs a directory name"),
                           (("run", ini, "-o", os.path.join(tmp, "j"), "-j", "-3"), "run: -j -3: expected"),
                           (("slurm", ini, "-o", os.path.join(tmp, "s"), "--per-task", "0"),
                            "slurm: --per-task 0: expected")):
            p = sweep(*args, check=False)
            assert p.returncode == 2 and want in p.stderr, (args, p.returncode, p.stderr)
        print("bad sweep file and options: refused")


if __name__ == "__main__":
    main()
