#!/usr/bin/env python3
"""view_test.py - simt-view without a display: the PNG of a known trace has
the expected colours at known pixels, the Perfetto JSON parses and has one
track per warp slot with the known slices, and a bad trace is refused with
exit code 2 and the byte it failed at.

The known trace is tests/workloads/trace_two_warps.s on g80, whose intervals
tests/test_trace.c works out by hand (repeated below). The colours are the
palette of docs/VIEWER.md; the plot's geometry is the documented one (it
starts 84 pixels from the left and ends 4 from the right).

usage: view_test.py SIMT_SIM SIMT_VIEW SRCDIR
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from view_png import read_png  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "traces"))
import make as trace_make  # noqa: E402  (the independent trace writer)

SIM, VIEW, SRC = sys.argv[1:4]
COLOUR = {"long_scoreboard": 0xd62728, "selected": 0x2ca02c, "not_selected": 0x98df8a, "wait": 0xe6c619,
          "math_pipe_throttle": 0x8c564b, "exited": 0x5a5a5a, "idle": 0x262626}
# every state's colour but idle's (docs/VIEWER.md)
PALETTE = {0x2ca02c, 0x98df8a, 0xd62728, 0xff7f0e, 0xe6c619, 0x1f77b4, 0x17318f, 0x9467bd, 0x8c564b, 0xe377c2,
           0xad1457, 0x7f9fbf, 0xbcbd22, 0x17becf, 0x5a5a5a}
# per slot: (start, end, state) worked out in tests/test_trace.c
SLOT0 = [(0, 1, "selected"), (1, 24, "wait"), (24, 25, "selected"), (25, 26, "selected"), (26, 30, "exited")]
SLOT1 = [(0, 1, "not_selected"), (1, 4, "math_pipe_throttle"), (4, 5, "selected"), (5, 28, "wait"),
         (28, 29, "selected"), (29, 30, "selected")]


def state_at(intervals, c):
    for s, e, name in intervals:
        if s <= c < e:
            return name
    return "idle"


def run(args, expect_rc=0):
    p = subprocess.run(args, capture_output=True, text=True)
    assert p.returncode == expect_rc, f"{args}: exit {p.returncode}, expected {expect_rc}\n{p.stdout}{p.stderr}"
    return p


def main():
    tmp = tempfile.mkdtemp(prefix="simt-view-test-")
    try:
        check(tmp)
    finally:
        shutil.rmtree(tmp)


def check(tmp):
    trc, png, js = (os.path.join(tmp, n) for n in ("t.trc", "t.png", "t.json"))
    run([SIM, os.path.join(SRC, "configs/g80.ini"), os.path.join(SRC, "tests/workloads/trace_two_warps.s"),
         "--trace", trc])

    # PNG: 300 plot pixels for 30 cycles: pixel 84 + 10 c + 5 samples cycle c
    run([VIEW, trc, "--png", png, "--size", "388x300", "--cycles", "0:30"])
    w, h, px = read_png(png)
    assert (w, h) == (388, 300), (w, h)
    x_of = lambda c: 84 + 10 * c + 5
    col0 = [px(x_of(0), y) for y in range(h)]
    y0 = col0.index(COLOUR["selected"])        # slot 0's row: the first row
    y1 = col0.index(COLOUR["not_selected"])    # slot 1's row: right below it
    assert y0 < y1, (y0, y1)
    checked = 0
    for c in range(30):
        for y, slot in ((y0, SLOT0), (y1, SLOT1)):
            want = COLOUR[state_at(slot, c)]
            got = px(x_of(c), y)
            assert got == want, f"cycle {c}, y {y}: #{got:06x}, expected #{want:06x} ({state_at(slot, c)})"
            checked += 1
    # no third row: slot 2 never ran, so it is not drawn
    below = [px(x_of(c), y1 + (y1 - y0)) for c in range(30)]
    assert all(v not in (COLOUR["selected"], COLOUR["wait"]) for v in below), "a row for an unused slot"
    print(f"png: {checked} pixels have their state's colour")

    # an output naming the trace itself (by another path too) is refused,
    # the trace left whole
    before = open(trc, "rb").read()
    for opt in ("--png", "--perfetto"):
        p = run([VIEW, trc, opt, os.path.join(tmp, ".", "t.trc")], expect_rc=2)
        assert "is the trace being read" in p.stderr, p.stderr
        assert open(trc, "rb").read() == before, f"{opt} changed the trace"
    print("outputs naming the trace: refused, the trace unchanged")

    # 16 SMs x 8 warp slots (tiled_mm 64 on g80): a dark separator line between
    # each two SMs' rows, 15 of them, in every column of the plot
    mm = os.path.join(tmp, "mm.trc")
    run([SIM, os.path.join(SRC, "configs/g80.ini"), os.path.join(SRC, "workloads/tiled_mm.s"),
         "-D", "M=64", "-D", "N=64", "-D", "K=64", "--trace", mm])
    run([VIEW, mm, "--png", png, "--size", "1000x600"])
    w, h, px = read_png(png)
    for x in (100, 500, 900):
        col = [px(x, y) for y in range(h)]
        rows = [y for y in range(h) if col[y] in PALETTE]
        seps = sum(1 for y in range(rows[0], rows[-1]) if col[y] == 0x181818 and col[y - 1] != 0x181818)
        assert seps == 15, f"column {x}: {seps} separators between SMs"
    print("png: 15 separators between 16 SMs")

    # the overview strip is issue over the SM's peak rate: a G80 SM issues
    # at most one FP32 warp instruction per 4 cycles (8 SPs), and tiled_mm
    # keeps it near that most of the run, so most of the strip is drawn
    # near the top of the heat scale (bright: red and green both high),
    # not near 0.25 (dark red)
    top = [px(x, y) for x in range(100, 980, 7) for y in range(18, 70)]
    heat = [v for v in top if v not in PALETTE and v != 0x181818]
    bright = sum(1 for v in heat if (v >> 16) == 0xff and ((v >> 8) & 0xff) >= 0xc0)
    assert heat and bright > len(heat) // 2, f"overview: {bright} of {len(heat)} pixels bright"
    print(f"overview: {bright} of {len(heat)} strip pixels near the peak issue rate")

    # Perfetto: one track (thread_name) per warp slot: 16 SMs x 24 slots on g80
    run([VIEW, trc, "--perfetto", js])
    doc = json.load(open(js))
    ev = doc["traceEvents"]
    tracks = {(e["pid"], e["tid"]) for e in ev if e["ph"] == "M" and e["name"] == "thread_name"}
    assert tracks == {(sm, k) for sm in range(16) for k in range(24)}, f"{len(tracks)} tracks"
    for tid, want in ((0, SLOT0), (1, SLOT1)):
        got = [(round(e["ts"] * 1000), round((e["ts"] + e["dur"]) * 1000), e["name"])
               for e in ev if e["ph"] == "X" and e["pid"] == 0 and e["tid"] == tid]
        assert got == want, f"slot {tid}: {got}"
    counters = [e for e in ev if e["ph"] == "C" and e["pid"] == 0]
    assert [(round(e["ts"] * 1000), e["args"]["warps"]) for e in counters] == [(0, 2), (26, 1), (30, 0)], counters
    print(f"perfetto: {len(tracks)} tracks, slices and counters as expected")

    # --cycles past the run's end is refused (an end near 2^64 once hung the
    # axis), and a view that ends at 2^62 cycles (the longest run a trace
    # may hold) draws
    p = subprocess.run([VIEW, trc, "--png", png, "--cycles", "0:18446744073709551615"], capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 2 and "the run has 30 cycles" in p.stderr, (p.returncode, p.stderr)
    long_run = os.path.join(SRC, "tests/traces/long_run.trc")
    run([VIEW, long_run, "--png", png, "--size", "400x200", "--cycles", f"{2**62 - 1000}:{2**62}"])
    print("--cycles: an end past the run is refused; a view ending at 2^62 draws")
    # --rows past the trace's rows is refused the same way (it was cut short
    # without a word); the trace's 2 rows draw
    p = subprocess.run([VIEW, trc, "--png", png, "--rows", "0:3"], capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "--rows 0:3: the trace has 2 rows" in p.stderr, (p.returncode, p.stderr)
    run([VIEW, trc, "--png", png, "--rows", "0:2"])
    print("--rows: an end past the trace's rows is refused; all rows draw")

    # names from a trace reach the Perfetto JSON through the one JSON string
    # writer: a quote, a backslash and non-UTF-8 bytes in a state name (the
    # reader refuses only control characters) still give valid JSON
    names = list(trace_make.STATES)
    names[0] = b'sel"ected\\ \xff'
    odd = os.path.join(tmp, "odd.trc")
    with open(odd, "wb") as f:
        f.write(trace_make.header(names=names) +
                trace_make.chunk(0, trace_make.GOOD_RECS0) + trace_make.chunk(1, trace_make.GOOD_RECS1) +
                trace_make.end(30, 2))
    run([VIEW, odd, "--perfetto", js])
    doc = json.load(open(js, encoding="utf-8"))
    got = {e["name"] for e in doc["traceEvents"] if e["ph"] == "X"}
    assert 'sel"ected\\ \ufffd' in got, got
    print("perfetto: odd state names escaped into valid JSON")

    # marks (trace version 3, make.py's marked trace: a race at cycle 24 on SM
    # 0 slot 0, a sync misuse at cycle 10 on SM 1 slot 3): instant events on
    # their slots' tracks in Perfetto, and bars over the states in the PNG
    # in the mark colours (race white, sync cyan), which no state uses
    marked = os.path.join(SRC, "tests/traces/marked.trc")
    run([VIEW, marked, "--perfetto", js])
    inst = [(e["pid"], e["tid"], e["name"], round(e["ts"] * 1000), e["args"]["pc"], e["args"]["other_pc"])
            for e in json.load(open(js))["traceEvents"] if e["ph"] == "i"]
    assert inst == [(0, 0, "racecheck", 24, 1, 0), (1, 3, "synccheck", 10, 1, 1)], inst
    counts = []
    for t in (os.path.join(SRC, "tests/traces/good.trc"), marked):
        run([VIEW, t, "--png", png, "--size", "388x300", "--cycles", "0:30"])
        w, h, px = read_png(png)
        plot = [px(x, y) for x in range(84, w - 4) for y in range(40, 220)]
        counts.append((plot.count(0xffffff), plot.count(0x00ffff)))
    assert counts[0] == (0, 0) and counts[1][0] > 0 and counts[1][1] > 0, counts
    print(f"marks: instant events in Perfetto; mark pixels (white, cyan) {counts[1]} in the PNG, none without marks")

    # no display: the window cannot be shown, so simt-view says so and exits
    # at once (SDL would otherwise draw into its offscreen driver and wait)
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    p = subprocess.run([VIEW, trc], capture_output=True, text=True, env=env, timeout=60)
    assert p.returncode != 0, f"exit {p.returncode} without a display"
    assert "simt-view: no display" in p.stderr, p.stderr
    print("no display: refused at once")

    # a run that deadlocks still writes its trace (exit 3), up to the cycle
    # the deadlock was found (the one warp's last slice ends there)
    dl = os.path.join(tmp, "deadlock.trc")
    p = run([SIM, os.path.join(SRC, "configs/g80.ini"), os.path.join(SRC, "workloads/barrier_divergence.s"),
             "--trace", dl], expect_rc=3)
    found = int(p.stderr.split(" at cycle ")[1].split(":")[0])
    run([VIEW, dl, "--perfetto", js])
    ends = [round((e["ts"] + e["dur"]) * 1000) for e in json.load(open(js))["traceEvents"] if e["ph"] == "X"]
    assert max(ends) == found, (max(ends), found)
    print(f"a deadlocked run's trace loads and ends at the deadlock (cycle {found})")

    # a bad trace: exit 2, the byte and the reason
    p = run([VIEW, os.path.join(SRC, "tests/traces/bad/no_end.trc"), "--png", png], expect_rc=2)
    assert "at byte" in p.stderr and "no end record" in p.stderr, p.stderr
    p = run([VIEW, os.path.join(tmp, "missing.trc"), "--png", png], expect_rc=2)
    assert "cannot open" in p.stderr, p.stderr
    # an output it cannot write: exit 1 (the contract: ARCHITECTURE.md), the
    # path and why; a failed write leaves the path there (libpng's own file
    # writer would remove it, /dev/full included)
    p = run([VIEW, trc, "--png", os.path.join(tmp, "no", "such", "dir.png")], expect_rc=1)
    assert "cannot write" in p.stderr, p.stderr
    if os.access("/dev/full", os.W_OK):
        p = run([VIEW, trc, "--perfetto", "/dev/full"], expect_rc=1)
        assert "cannot write '/dev/full'" in p.stderr, p.stderr
        p = run([VIEW, trc, "--png", "/dev/full"], expect_rc=1)
        assert "cannot write '/dev/full'" in p.stderr, p.stderr
        assert os.path.exists("/dev/full") and not os.path.isfile("/dev/full"), "/dev/full removed"
    print("bad traces refused")


if __name__ == "__main__":
    main()
