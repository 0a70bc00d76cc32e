#!/usr/bin/env python3
"""doc_figures.py - every simulator figure in the docs comes from a command
shown beside it, and this script re-runs the commands.

In README.md and docs/*.md a figure is written as

    <!-- figure: COMMAND -->
    ...generated...
    <!-- /figure -->

and is generated as a fenced block holding "$ COMMAND" and what the command
prints (stdout and stderr, as a terminal shows them). With `figure-md`
instead of `figure`, the command prints Markdown (a table), which goes in
as it is, followed by the command in a line of its own.

Commands run from the repository root, as a user types them from there
(build/frontend/simt-sim ...). --build DIR runs DIR's programs where a
command names build/'s (a test's build directory); SIMT_SIM is set to
DIR/frontend/simt-sim for scripts.

    scripts/doc_figures.py           # rewrite the figures in place
    scripts/doc_figures.py --check   # exit 1, with a diff, if any is stale
"""
import argparse
import difflib
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BLOCK = re.compile(r"<!-- (figure|figure-md): (.+?) -->\n(.*?)<!-- /figure -->", re.S)


BUILT = re.compile(r"(?:\.\./)*build/((?:frontend|viz)/[\w-]+)")


def binaries(cmd, build):
    """The programs of the build directory that cmd runs, as paths."""
    return [os.path.join(build, m.group(1)) for m in BUILT.finditer(cmd)]


def run(cmd, build):
    real = BUILT.sub(lambda m: os.path.join(build, m.group(1)), cmd)
    env = dict(os.environ, SIMT_SIM=os.path.join(build, "frontend/simt-sim"))
    p = subprocess.run(["sh", "-c", real], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, timeout=600)
    return p.stdout


def render(kind, cmd, build):
    out = run(cmd, build)
    if kind == "figure-md":
        return f"{out.rstrip()}\n\n(`{cmd}`)\n"
    return f"```\n$ {cmd}\n{out.rstrip()}\n```\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="compare, do not write")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"),
                    help="the build directory whose programs the commands run (default build/)")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    build = os.path.abspath(a.build)
    files = a.files or [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    stale = figures = skipped = 0
    for path in files:
        text = open(path, encoding="utf-8").read()

        def regen(m):
            nonlocal stale, figures, skipped
            figures += 1
            missing = [b for b in binaries(m.group(2), build) if not os.access(b, os.X_OK)]
            if missing:  # a program this build left out (simt-view without SDL2)
                skipped += 1
                print(f"doc_figures: skipped `{m.group(2)}`: {missing[0]} is not built")
                return m.group(0)
            new = render(m.group(1), m.group(2), build)
            if new != m.group(3):
                stale += 1
                if a.check:
                    rel = os.path.relpath(path, ROOT)
                    sys.stdout.writelines(difflib.unified_diff(
                        m.group(3).splitlines(True), new.splitlines(True), f"{rel} (in the doc)",
                        f"{rel} (`{m.group(2)}` now)"))
            return f"<!-- {m.group(1)}: {m.group(2)} -->\n{new}<!-- /figure -->"

        new_text = BLOCK.sub(regen, text)
        if not a.check and new_text != text:
            open(path, "w", encoding="utf-8").write(new_text)
    verb = "stale" if a.check else "regenerated"
    print(f"doc_figures: {figures} figures, {stale} {verb}, {skipped} skipped")
    return 1 if a.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
