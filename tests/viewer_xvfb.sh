#!/bin/sh
# viewer_xvfb.sh - the interactive simt-view on a virtual X display (Xvfb),
# driven with real key and mouse events (xdotool): zoom in (W), pan (A),
# show half the rows (+) and scroll them (Down), hover and click a warp
# (pinned panel), save a screenshot (P), unpin (Esc), leave, save again,
# quit (Q). Checks: the window's cycles and rows moved as the keys say; the
# pinned panel is in the first screenshot; the second one is pixel for
# pixel the headless --png picture of the same cycles and rows.
#
# usage: viewer_xvfb.sh SIMT_SIM SIMT_VIEW SRCDIR   (exit 77: skipped)
set -u
SIM=$1 VIEW=$2 SRC=$3
for tool in Xvfb xdotool python3; do
	if ! command -v $tool >/dev/null 2>&1; then
		echo "skipped: $tool is not installed (scripts/setup.sh installs xvfb and xdotool)"
		exit 77
	fi
done
T=$(mktemp -d /tmp/simt-xvfb-XXXXXX)
XPID= VPID=
cleanup() {
	[ -n "$VPID" ] && kill "$VPID" 2>/dev/null
	[ -n "$XPID" ] && kill "$XPID" 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; [ -f "$T/view.log" ] && cat "$T/view.log"; exit 1; }

# a free display number
D=90
while [ -e /tmp/.X11-unix/X$D ] || [ -e /tmp/.X$D-lock ]; do D=$((D + 1)); done
Xvfb :$D -screen 0 1400x900x24 -nolisten tcp >"$T/xvfb.log" 2>&1 &
XPID=$!
export DISPLAY=:$D SDL_VIDEODRIVER=x11
i=0
until xdotool getmouselocation >/dev/null 2>&1; do
	i=$((i + 1)); [ $i -gt 100 ] && fail "Xvfb did not start"; sleep 0.1
done

"$SIM" "$SRC/configs/g80.ini" "$SRC/workloads/tiled_mm.s" -D M=64 -D N=64 -D K=64 --trace "$T/t.trc" >/dev/null ||
	fail "simt-sim --trace"
TOTAL=$(python3 -c "import struct,sys; d=open(sys.argv[1],'rb').read(); print(struct.unpack('<Q', d[-16:-8])[0])" "$T/t.trc")

# Under AddressSanitizer, leak checking is off for the window's process only:
# SDL's X11 and D-Bus back ends (libraries it loads and unloads itself) keep
# allocations for the life of the process. The model and drawing code run
# leak-checked in the headless test (view_test.py).
ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}detect_leaks=0" \
	"$VIEW" "$T/t.trc" --size 1000x600 --shot "$T/shot.png" >"$T/view.log" 2>&1 &
VPID=$!
WID=$(xdotool search --sync --onlyvisible --name '^simt-view' | head -1)
[ -n "$WID" ] || fail "no window"
xdotool windowmove --sync "$WID" 100 100 windowfocus --sync "$WID" || fail "cannot focus the window"
sleep 0.3

# wait until the log has N "saved" lines
saved() {
	i=0
	until [ "$(grep -c '^simt-view: saved' "$T/view.log")" -ge "$1" ]; do
		i=$((i + 1)); [ $i -gt 100 ] && fail "no screenshot after P"; sleep 0.1
	done
}

# mouse outside the plot (on the title), so W/A act around the view's centre
xdotool mousemove --window "$WID" 500 5
xdotool key --delay 50 w w w a equal Down
# hover a warp in SM 0's first row and click it: a pinned panel
xdotool mousemove --window "$WID" 300 120 sleep 0.2 click 1
sleep 0.2
xdotool key p
saved 1
cp "$T/shot.png" "$T/pinned.png"
# unpin, move the mouse out of the window, save again
xdotool key Escape mousemove 5 5
sleep 0.3
xdotool key p
saved 2
xdotool key q
i=0
while kill -0 "$VPID" 2>/dev/null; do
	i=$((i + 1)); [ $i -gt 50 ] && fail "Q did not quit"; sleep 0.1
done
wait "$VPID" || fail "simt-view exited with an error"
VPID=

# the cycles: 3 x W zooms to 0.8^3 of the run around its centre, A pans 10%
# left; the rows: 128 (16 SMs x 8 warps), + shows the middle 64, Down
# scrolls an eighth of them
CYC=$(sed -n 's/^simt-view: saved .* (cycles \([0-9]*\):\([0-9]*\), rows \([0-9]*\):\([0-9]*\), 1000x600)$/\1 \2 \3 \4/p' \
	"$T/view.log" | tail -1)
[ -n "$CYC" ] || fail "no cycles in: $(cat "$T/view.log")"
set -- $CYC
A=$1 B=$2 R0=$3 R1=$4
[ "$R0:$R1" = "40:104" ] || fail "rows $R0:$R1 after + and Down, expected 40:104"
python3 - "$A" "$B" "$TOTAL" <<'PY' || fail "cycles after W W W A"
import sys
a, b, total = map(int, sys.argv[1:])
span = total * 0.8 ** 3
c0 = total / 2 - span / 2 - 0.1 * span
assert abs((b - a) - span) <= 2 and abs(a - c0) <= 2, (a, b, total, span, c0)
print(f"window after W W W A: cycles {a}:{b} of {total}")
PY
"$VIEW" "$T/t.trc" --png "$T/ref.png" --size 1000x600 --cycles "$A:$B" --rows "$R0:$R1" || fail "--png"
python3 - "$T" "$SRC" <<'PY' || fail "screenshots"
import sys
sys.path.insert(0, sys.argv[2] + "/tests")
from view_png import read_png
t = sys.argv[1]
w, h, shot = read_png(t + "/shot.png")
_, _, ref = read_png(t + "/ref.png")
_, _, pinned = read_png(t + "/pinned.png")
assert (w, h) == (1000, 600)
diff = sum(shot(x, y) != ref(x, y) for y in range(h) for x in range(w))
assert diff == 0, f"{diff} pixels differ from the headless picture"
panel = sum(pinned(x, y) == 0x101010 for y in range(h) for x in range(w))
assert panel > 5000, f"no pinned panel in the first screenshot ({panel} panel pixels)"
print(f"screenshots: the window equals the headless picture; the pinned panel covers {panel} pixels")
PY
echo "viewer under Xvfb: ok"
