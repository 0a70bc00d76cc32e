#!/usr/bin/env python3
"""table.py - the one-source cross-validation's tables: for every case of
scripts/xval/cases.txt, what the GPU measured (scripts/xval/gpu.sh under
ncu: cycles cold and warm, warp instructions, the bit-exact checks) beside
what simt-sim simulates for the same workload on a config.

    table.py collect RAWDIR > docs/data/xval-h100/gpu.txt
        one line per case and mode from gpu.sh's ncu output
    table.py table GPU_TXT SIMT_SIM CONFIG [--sim-dir DIR] [-j N] [--max-size N]
        print the Markdown table and its summary; simulates every case
        (or reads DIR/NAME.json where present, as simt-sim --json wrote
        it), or only those no larger than N^3
    table.py check DOC GPU_TXT SIMT_SIM CONFIG [--max-size N]
        re-simulate the cases no larger than N^3 (default 256) and fail if
        a row of DOC's table between the markers (<!-- xval-table CONFIG
        begin/end -->, CONFIG the config's name, or NAME with --markers NAME)
        differs

GPU cycles are ncu's sm__cycles_elapsed.max (the kernel's duration, launch
included): cold is the median of three launches with L1 and L2 flushed
before each (--cache-control all), warm the median of launches 2 and 3 with
nothing flushed; and, where gpu.sh recorded it, sm__cycles_active.max (the
busiest SM's cycles with work), cold. Errors are simt-sim's cycles over the
GPU's, minus one.
"""
import concurrent.futures
import json
import math
import os
import re
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CASES = os.environ.get("CASES") or os.path.join(ROOT, "scripts", "xval", "cases.txt")


class BadAnswers(Exception):
    pass


def cases():
    """(name, workload, args) of each case line; BadAnswers names the file
    and line of anything else"""
    out = []
    try:
        lines = open(CASES).read().splitlines()
    except OSError as e:
        raise BadAnswers(f"{CASES}: cannot read: {e.strerror}")
    for n, line in enumerate(lines, 1):
        if line.startswith("#") or not line.strip():
            continue
        w = line.split()
        try:
            if len(w) < 2:
                raise ValueError
            size_of(w[2:])
        except ValueError:
            raise BadAnswers(f"{CASES}:{n}: expected NAME WORKLOAD [PARAM=VALUE ...] (M, N and K integers), "
                             f"found '{line[:60]}'")
        out.append((w[0], w[1], w[2:]))
    return out


def size_of(args):
    """M*N*K of a matmul case, 0 for the others"""
    d = dict(a.split("=", 1) for a in args if "=" in a)
    if {"M", "N", "K"} <= d.keys():
        return int(d["M"]) * int(d["N"]) * int(d["K"])
    return 0


def collect(raw):
    try:
        gpu = open(os.path.join(raw, "gpu.txt")).read().splitlines()
    except OSError as e:
        raise BadAnswers(f"{os.path.join(raw, 'gpu.txt')}: cannot read: {e.strerror} (gpu.sh writes it)")
    print(f"# {gpu[-1] if gpu else '?'}")
    print("# NAME MODE cycles=per launch [active=per launch] ns=per launch inst=per launch checks=pass|FAIL"
          " (scripts/xval/gpu.sh)")
    for name, _, _ in cases():
        for mode in ("cold", "warm"):
            p = os.path.join(raw, f"{name}.{mode}.csv")
            if not os.path.exists(p):
                continue
            m = {"sm__cycles_elapsed.max": [], "sm__cycles_active.max": [], "gpu__time_duration.sum": [],
                 "smsp__inst_executed.sum": []}
            ok = "pass"
            for line in open(p):
                if line.startswith("check ") and "FAIL" in line:
                    ok = "FAIL"
                f = re.findall(r'"([^"]*)"', line)
                if len(f) >= 15 and f[12] in m:
                    m[f[12]].append(f[14].replace(",", ""))
            active = f"active={','.join(m['sm__cycles_active.max'])} " if m["sm__cycles_active.max"] else ""
            print(f"{name} {mode} cycles={','.join(m['sm__cycles_elapsed.max'])} {active}"
                  f"ns={','.join(m['gpu__time_duration.sum'])} inst={','.join(m['smsp__inst_executed.sum'])} "
                  f"checks={ok}")


def read_gpu(path):
    """the GPU's answers as `collect` writes them; BadAnswers names the file
    and line of anything else"""
    head, rows = "", {}
    try:
        lines = open(path).read().splitlines()
    except OSError as e:
        raise BadAnswers(f"{path}: cannot read: {e.strerror}")
    for n, line in enumerate(lines, 1):
        if line.startswith("# ") and not head:
            head = line[2:].strip()
        if line.startswith("#") or not line.strip():
            continue
        w = line.split()
        try:
            kv = dict(x.split("=", 1) for x in w[2:])
            rows[(w[0], w[1])] = {k: ([int(v) for v in kv[k].split(",")] if k != "checks" else kv[k])
                                  for k in kv}
            if len(w) < 3 or w[1] not in ("cold", "warm") or not {"cycles", "inst", "checks"} <= kv.keys():
                raise ValueError
            if w[1] == "warm" and len(rows[(w[0], w[1])]["cycles"]) < 2:
                raise ValueError  # the warm median leaves the first launch out
        except ValueError:
            raise BadAnswers(f"{path}:{n}: expected NAME cold|warm cycles=N,... inst=N,... checks=pass|FAIL "
                             f"(table.py collect), found '{line[:60]}'")
    return head, rows


def simulate(simt_sim, config, wl, args, sim_dir, name):
    if sim_dir:
        p = os.path.join(sim_dir, f"{name}.json")
        try:
            return json.load(open(p))
        except (OSError, json.JSONDecodeError):
            pass  # not there, or cut short: simulate
    r = subprocess.run([simt_sim, config, wl, *args, "--json", "-"], cwd=ROOT, capture_output=True, text=True)
    try:
        return json.loads(r.stdout)
    except json.JSONDecodeError:
        return None


def rows_for(gpu, simt_sim, config, sim_dir, jobs, max_size=None):
    todo = [(n, wl, a) for n, wl, a in cases() if max_size is None or size_of(a) <= max_size ** 3]
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        sims = list(ex.map(lambda c: simulate(simt_sim, config, c[1], c[2], sim_dir, c[0]), todo))
    out = []
    for (name, wl, args), j in zip(todo, sims):
        cold, warm = gpu.get((name, "cold")), gpu.get((name, "warm"))
        if not cold or not warm:
            continue
        out.append({
            "name": name, "matmul": size_of(args) > 0, "sim": j,
            "inst": cold["inst"][0],
            "cold": statistics.median(cold["cycles"]),
            "warm": statistics.median(warm["cycles"][1:]),
            "active": statistics.median(cold["active"]) if "active" in cold else None,
            "checks": "pass" if cold["checks"] == "pass" == warm["checks"] else "FAIL",
        })
    return out


def sim_value(j, key):
    """simt-sim's figure to set beside the GPU's: the kernel's cycles (launch
    included) against elapsed cycles; the SMs' span (launch_cycles left
    out) against the busiest SM's active cycles."""
    return j["cycles"] - j.get("launch_cycles", 0) if key == "active" else j["cycles"]


def err(s, g):
    return f"{(s / g - 1) * 100:+.1f}%" if g else "-"


def fmt_row(r):
    j = r["sim"]
    act = f"{r['active']:.0f}" if r["active"] else "-"
    if not j or "cycles" not in j:
        return (f"| {r['name']} | {r['inst']} | (no result) | | {r['cold']:.0f} | {r['warm']:.0f} | {act} | | | | | | "
                f"{r['checks']} / - |")
    s_inst, s_cyc, s_span = j["warp_instructions"], j["cycles"], sim_value(j, "active")
    return (f"| {r['name']} | {r['inst']} | {s_inst} | {s_inst / r['inst']:.2f} | {r['cold']:.0f} | {r['warm']:.0f} | "
            f"{act} | {s_cyc} | {s_span} | {err(s_cyc, r['cold'])} | {err(s_cyc, r['warm'])} | "
            f"{err(s_span, r['active'])} | {r['checks']} / {j['check']} |")


HEADER = ("| case | GPU warp instructions (ncu) | simt-sim | ratio | GPU cycles: elapsed, cold | elapsed, warm | "
          "active, cold | simt-sim cycles | SMs' span | error vs elapsed cold | vs elapsed warm | "
          "span vs active cold | checks: GPU / simt-sim |\n"
          "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")


def summary(rows):
    def stats(sel, key):
        pairs = [(sim_value(r["sim"], key), r[key]) for r in sel if r["sim"] and "cycles" in r["sim"] and r[key]]
        if not pairs:
            return None
        errs = [abs(s / g - 1) for s, g in pairs]
        ls, lg = [math.log(s) for s, _ in pairs], [math.log(g) for _, g in pairs]
        corr = statistics.correlation(ls, lg) if len(pairs) > 2 else float("nan")
        return sum(errs) / len(errs), max(errs), corr, len(pairs)
    lines = []
    for label, sel in (("matmuls", [r for r in rows if r["matmul"]]),
                       ("teaching kernels", [r for r in rows if not r["matmul"]])):
        for key, mode in (("cold", "elapsed cycles, cold"), ("warm", "elapsed cycles, warm"),
                          ("active", "active cycles, cold (the SMs' span)")):
            st = stats(sel, key)
            if st:
                lines.append(f"- {label}, against {mode}: mean absolute error {st[0] * 100:.1f}%, "
                             f"largest {st[1] * 100:.1f}%, correlation of log cycles {st[2]:.3f} ({st[3]} cases)")
    inst = [abs(r["sim"]["warp_instructions"] / r["inst"] - 1) for r in rows
            if r["sim"] and "warp_instructions" in r["sim"]]
    if inst:
        lines.append(f"- warp instructions: {sum(x <= 0.15 for x in inst)} of {len(inst)} cases within 15% of ncu's")
    return "\n".join(lines)


def markers(config, name=None):
    name = name or os.path.basename(config).rsplit(".", 1)[0]
    return f"<!-- xval-table {name} begin -->", f"<!-- xval-table {name} end -->"


def main(argv):
    try:
        return run(argv)
    except BadAnswers as e:
        sys.stderr.write(f"table.py: {e}\n")
        return 2


def run(argv):
    if len(argv) >= 2 and argv[0] == "collect":
        collect(argv[1])
        return 0
    opt = {"--sim-dir": None, "-j": "2", "--max-size": None, "--markers": None}
    pos = []
    i = 0
    while i < len(argv):
        if argv[i] in opt:
            if i + 1 == len(argv):
                sys.stderr.write(f"table.py: {argv[i]} needs a value\n")
                return 2
            opt[argv[i]] = argv[i + 1]
            i += 2
        else:
            pos.append(argv[i])
            i += 1
    for k in ("-j", "--max-size"):
        if opt[k] is not None and not (opt[k].isdigit() and int(opt[k]) >= 1):
            sys.stderr.write(f"table.py: {k} takes a whole number from 1, found '{opt[k]}'\n")
            return 2
    if len(pos) == 4 and pos[0] == "table":
        _, gpu_txt, simt_sim, config = pos
        _, gpu = read_gpu(gpu_txt)
        cap = int(opt["--max-size"]) if opt["--max-size"] else None
        rows = rows_for(gpu, os.path.abspath(simt_sim), config, opt["--sim-dir"], int(opt["-j"]), cap)
        print(HEADER)
        for r in rows:
            print(fmt_row(r))
        print()
        print(summary(rows))
        return 0
    if len(pos) == 5 and pos[0] == "check":
        _, doc, gpu_txt, simt_sim, config = pos
        _, gpu = read_gpu(gpu_txt)
        rows = rows_for(gpu, os.path.abspath(simt_sim), config, None, int(opt["-j"]), int(opt["--max-size"] or 256))
        try:
            text = open(doc).read()
        except OSError as e:
            raise BadAnswers(f"{doc}: cannot read: {e.strerror}")
        begin, end = markers(config, opt["--markers"])
        if begin not in text or end not in text.split(begin)[1]:
            raise BadAnswers(f"{doc}: no table between {begin} and {end}")
        have = set(text.split(begin)[1].split(end)[0].splitlines())
        stale = [fmt_row(r) for r in rows if fmt_row(r) not in have]
        if stale:
            sys.stderr.write(f"{doc}: rows differ from what simt-sim gives now:\n" + "\n".join(stale) + "\n")
            return 1
        print(f"xval table: {len(rows)} rows re-simulated, all as {doc} has them")
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
