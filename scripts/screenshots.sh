#!/bin/sh
# screenshots.sh - the pictures of README.md and docs/VIEWER.md: simt-view's
# window on a virtual display (Xvfb), driven with xdotool like a user: zoom,
# pan, hover a warp (tooltip), click one (pinned panel), P to save.
#
#   scripts/screenshots.sh [BUILD]       (default build/; writes docs/img/)
set -eu
cd "$(dirname "$0")/.."
B=${1:-build}
SIM=$B/frontend/simt-sim VIEW=$B/viz/simt-view
T=$(mktemp -d /tmp/simt-shots-XXXXXX)
D=95
while [ -e /tmp/.X11-unix/X$D ] || [ -e /tmp/.X$D-lock ]; do D=$((D + 1)); done
Xvfb :$D -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
XPID=$!
trap 'kill $XPID 2>/dev/null; rm -rf "$T"' EXIT
export DISPLAY=:$D SDL_VIDEODRIVER=x11
until xdotool getmouselocation >/dev/null 2>&1; do sleep 0.1; done
mkdir -p docs/img

# shot TRACE OUT KEYS PIN_X PIN_Y HOVER_X HOVER_Y: keys, click at PIN, hover at HOVER, P
shot() {
	"$VIEW" "$1" --size 1280x800 --shot "$2" >"$T/log" 2>&1 &
	vp=$!
	wid=$(xdotool search --sync --onlyvisible --name '^simt-view' | head -1)
	xdotool windowmove --sync "$wid" 0 0 windowfocus --sync "$wid"
	sleep 0.3
	xdotool mousemove --window "$wid" 640 5
	[ -n "$3" ] && xdotool key --delay 60 $3
	if [ "$4" -ge 0 ]; then xdotool mousemove --window "$wid" "$4" "$5" sleep 0.2 click 1; fi
	xdotool mousemove --window "$wid" "$6" "$7"
	sleep 0.4
	xdotool key p
	until grep -q '^simt-view: saved' "$T/log"; do sleep 0.1; done
	xdotool key q
	wait $vp
	cat "$T/log"
}

"$SIM" configs/g80.ini workloads/tiled_mm.s -D M=128 -D N=128 -D K=128 --trace "$T/mm.trc" >/dev/null
shot "$T/mm.trc" docs/img/view_tiled_mm.png "" -1 -1 500 300
# zoomed in on the first tiles: two Ws and a few pans left
shot "$T/mm.trc" docs/img/view_tiled_mm_zoom.png "w w w w w w w w w w w w w w w w a a a a a a a a a a a a a a a a a a a a a a a" 700 160 400 230
"$SIM" configs/g80.ini workloads/divergence.s -D THREADS=64 --trace "$T/div.trc" >/dev/null
shot "$T/div.trc" docs/img/view_divergence.png "" 900 110 300 110

# the marks of a check mode (docs/CHECKS.md): racecheck on the seed's warp
# reduction without __syncwarp, on h100 (exit 6 is the point)
"$SIM" configs/h100.ini workloads/bugs/warp_reduce_nosync.s --racecheck --trace "$T/race.trc" >/dev/null 2>&1 || true
"$VIEW" "$T/race.trc" --png docs/img/view_racecheck.png --size 1000x230 --cycles 680:884
