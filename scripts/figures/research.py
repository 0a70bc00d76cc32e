#!/usr/bin/env python3
"""research.py CSV - the table of docs/RESEARCH.md from the study's CSV:
per workload point and config, each policy's cycles over lrr's (lrr's own
cycles in its column); refused launches marked. Markdown on stdout."""
import csv
import sys

POLICIES = ["lrr", "gto", "two_level", "oldest"]


def main():
    with open(sys.argv[1]) as f:
        rows = list(csv.DictReader(f))
    dcols = [c for c in rows[0] if c.startswith("D.")]
    key = lambda r: (r["workload"], tuple(r[c] for c in dcols), r["config"])
    groups = {}
    for r in rows:
        groups.setdefault(key(r), {})[r["scheduler"]] = r
    configs = ["g80", "gtx480", "v100", "h100"]
    order = sorted(groups, key=lambda k: (k[0], [float(v) if v else 0 for v in k[1]], configs.index(k[2])))
    print("| workload | parameters | config | lrr cycles | gto | two_level | oldest |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for k in order:
        g = groups[k]
        # parameters with one value shown once: M=N=K=128
        byval = {}
        for c, v in zip(dcols, k[1]):
            if v:
                byval.setdefault(v, []).append(c[2:])
        params = ", ".join("=".join(sorted(ns, key=lambda n: "MNK".find(n) if n in "MNK" else 9)) + f"={v}"
                           for v, ns in byval.items())
        base = g.get("lrr")
        if base is None or base["exit"] not in ("0", "1"):
            why = base["status"] if base else "missing"
            print(f"| {k[0]} | {params} | {k[2]} | ({why}) | | | |")
            continue
        cells = [base["cycles"]]
        for p in POLICIES[1:]:
            r = g.get(p)
            cells.append(f"{float(r['cycles']) / float(base['cycles']):.3f}" if r and r["cycles"] else "-")
        print(f"| {k[0]} | {params} | {k[2]} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
