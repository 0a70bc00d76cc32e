#!/bin/sh
# sims.sh - the simulator side of the one-source cross-validation: every
# case of cases.txt on CONFIG, JOBS at a time (default 2), each result as
# simt-sim --json writes it in OUTDIR/NAME.json (table.py --sim-dir reads
# them). Each kernel is compiled once first, so that parallel runs find it
# in nvcc's cache. SIM_JOBS=N runs each simulation on N host threads
# (simt-sim --jobs N: the same results, sooner; for the 2048^3 cases).
# RESUME=1 leaves out the cases whose OUTDIR/NAME.json is already there and
# not empty (a run cut short goes on where it stopped).
#
#   [CASES=FILE] [SIM_JOBS=N] [RESUME=1] scripts/xval/sims.sh SIMT_SIM CONFIG OUTDIR [JOBS]
set -u
sim=$1
cfg=$2
out=$3
jobs=${4:-2}
simjobs=${SIM_JOBS:-1}
here=$(dirname "$0")
mkdir -p "$out"
for wl in $(grep -v '^#' "${CASES:-$here/cases.txt}" | awk '{print $2}' | sort -u); do
	"$sim" --disasm "$cfg" "$wl" > /dev/null 2>&1
done
# each case's line reaches the shell that runs it as one argument, split
# there into words (no globbing): paths with spaces or shell syntax in them
# stay paths, nothing in them is run
export sim cfg out simjobs
grep -v '^#' "${CASES:-$here/cases.txt}" | while read -r name wl args; do
	[ -n "$name" ] || continue # (a blank line)
	[ "${RESUME:-0}" = 1 ] && [ -s "$out/$name.json" ] && continue
	printf '%s\n' "$name $wl $args"
done | xargs -d '\n' -P "$jobs" -I{} sh -c 'set -f; set -- $1; name=$1; wl=$2; shift 2
	"$sim" "$cfg" "$wl" "$@" --jobs "$simjobs" --json "$out/$name.json" > "$out/$name.txt" 2>&1' sh {}
