#!/bin/sh
# research.sh - the scheduler-policy study of docs/RESEARCH.md, from a clean
# build: the sweep (scripts/study/policies.ini, on every core, resumable),
# its CSV (docs/research/policies.csv, without host_seconds so that a rerun
# changes nothing), the plots (docs/img/research/) and the table in the doc.
#
#   scripts/research.sh            # about 10 minutes on 2 cores
set -eu
cd "$(dirname "$0")/.."
[ -x build/frontend/simt-sim ] || scripts/setup.sh --no-run
OUT=${OUT:-study-out}
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
