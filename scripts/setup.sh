#!/bin/sh
# setup.sh - install what is missing (Debian packages), build, and run the
# main job. Safe to run again: it only installs what is not there and only
# rebuilds what changed.
#
#   scripts/setup.sh            # build into build/ and run tiled_mm on g80
#   BUILD=build-asan MESON_ARGS="-Db_sanitize=address,undefined" scripts/setup.sh --no-run
set -eu
cd "$(dirname "$0")/.."

PKGS="meson ninja-build pkg-config gcc check libinih-dev libzstd-dev libsdl2-dev libsdl2-ttf-dev libpng-dev fonts-dejavu-core xvfb xdotool parallel python3-matplotlib"
# SIMT_SLURM=1: also a Slurm to test simt-sweep's job arrays against (CI)
[ "${SIMT_SLURM:-}" = 1 ] && PKGS="$PKGS slurm-wlm munge"
missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
	echo "setup: installing:$missing"
	SUDO=""
	[ "$(id -u)" -ne 0 ] && SUDO="sudo"
	$SUDO apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing
fi

BUILD=${BUILD:-build}
if [ ! -f "$BUILD/build.ninja" ]; then
	# shellcheck disable=SC2086
	meson setup "$BUILD" ${MESON_ARGS:-}
fi
ninja -C "$BUILD"

if [ "${1:-}" != "--no-run" ]; then
	echo "setup: running the main job"
	"$BUILD/frontend/simt-sim" configs/g80.ini workloads/tiled_mm.s
fi
