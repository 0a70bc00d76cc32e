#!/bin/sh
# policies.sh - cycles of each warp-scheduler policy on every shipped config,
# as a Markdown table: tiled_mm.s at its default size (64^3) and
# latency_hiding.s with 32 warps in one block. Run from the repository root;
# SIMT_SIM names the simulator (default build/frontend/simt-sim).
set -eu
SIM=${SIMT_SIM:-build/frontend/simt-sim}
cycles() {
	"$SIM" "configs/$1.ini" "$2" $3 --scheduler "$4" --json - 2>/dev/null | sed -n 's/^  "cycles": \([0-9]*\),$/\1/p'
}
echo "| config | workload | lrr | gto | two_level | oldest |"
echo "| --- | --- | --- | --- | --- | --- |"
for c in g80 gtx480 v100 a100 h100; do
	for w in "workloads/tiled_mm.s|" "workloads/latency_hiding.s|-D WARPS=32"; do
		file=${w%%|*}; args=${w#*|}
		if [ "$c" = g80 ] && [ -n "$args" ]; then continue; fi  # 1024 threads: more than a G80 block holds
		line="| $c | \`$(basename "$file")${args:+ $args}\`"
		for s in lrr gto two_level oldest; do line="$line | $(cycles "$c" "$file" "$args" "$s")"; done
		echo "$line |"
	done
done
