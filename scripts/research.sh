#!/bin/sh
# research.sh - the scheduler-policy study of docs/RESEARCH.md, from a clean
# build: the sweep (scripts/study/policies.ini, on every core), its CSV
# (docs/research/policies.csv, without host_seconds so that a rerun changes
# nothing), the plots (docs/img/research/) and the table in the doc. Each
# run starts the sweep afresh, so that a changed simulator's results never
# mix with an earlier one's; RESUME=1 goes on with the points a run cut
# short left in $OUT (the same simulator only).
#
#   scripts/research.sh            # about 3 to 10 minutes on 2 cores
#   RESUME=1 scripts/research.sh   # after an interrupted run
set -eu
cd "$(dirname "$0")/.."
if [ -f build/build.ninja ]; then ninja -C build > /dev/null; else scripts/setup.sh --no-run; fi
OUT=${OUT:-study-out}
[ "${RESUME:-0}" = 1 ] || rm -rf "$OUT"
scripts/simt-sweep run scripts/study/policies.ini -o "$OUT"
mkdir -p docs/research docs/img/research
python3 -c '
import csv, sys
r = csv.DictReader(open(sys.argv[1]))
cols = [c for c in r.fieldnames if c != "host_seconds"]
w = csv.DictWriter(open(sys.argv[2], "w", newline=""), fieldnames=cols, extrasaction="ignore")
w.writeheader()
w.writerows(r)' "$OUT/results.csv" docs/research/policies.csv
rm -f docs/img/research/*.png docs/img/research/*.svg
scripts/simt-sweep plot docs/research/policies.csv -o docs/img/research > /dev/null
rm -f docs/img/research/*.svg   # the doc shows the PNGs; the SVGs are in $OUT's plot run if wanted
scripts/doc_figures.py
