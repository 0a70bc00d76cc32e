#!/usr/bin/env python3
"""Regenerate the key table of docs/CONFIG.md from sim/config_keys.def.

Usage: scripts/config_table.py   (rewrites docs/CONFIG.md in place)
"""
import os
import re

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
src = open(os.path.join(root, "sim/config_keys.def")).read()
src = re.sub(r"/\*.*?\*/", "", src, flags=re.S)
# bounds named by a constant of sim/gpu_config.h (SIM_MAX_WARPS)
consts = dict(re.findall(r"^#define\s+(\w+)\s+(\d+)\s*$",
                         open(os.path.join(root, "sim/gpu_config.h")).read(), flags=re.M))


def num(t):
    t = consts.get(t.strip(), t.strip())
    m = re.fullmatch(r"(\d+)\s*<<\s*(\d+)", t)
    v = int(m.group(1)) << int(m.group(2)) if m else int(t)
    if v >= 10**9 and str(v).rstrip("0") == "1":
        return "10^%d" % (len(str(v)) - 1)
    return str(v)


rows = []
for m in re.finditer(r"KEY_(INT|STR)\((.*?)\)\s*$", src, flags=re.S | re.M):
    kind, body = m.groups()
    strings = re.findall(r'"((?:[^"\\]|\\.)*)"', body)
    bare = [x.strip() for x in re.sub(r'"((?:[^"\\]|\\.)*)"', "", body).split(",")]
    sec, key = bare[0], bare[1]
    if kind == "INT":
        lo, hi, dflt = num(bare[3]), num(bare[4]), num(bare[5])
        rows.append("| `%s.%s` | %s..%s | %s | %s |" % (sec, key, lo, hi, dflt, "".join(strings)))
    else:
        dflt, allowed, helps = strings[0], strings[1], "".join(strings[2:])
        rows.append("| `%s.%s` | %s | %s | %s |" % (sec, key, "one of " + allowed.replace("|", ", ") if allowed else "string", dflt, helps))

doc_path = os.path.join(root, "docs/CONFIG.md")
doc = open(doc_path).read()
start = doc.index("| key |")
head_end = doc.index("\n", doc.index("\n", start) + 1) + 1  # header and separator lines
end = doc.index("\n\n", head_end)
doc = doc[:head_end] + "\n".join(rows) + doc[end:]
open(doc_path, "w").write(doc)
