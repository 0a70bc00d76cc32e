#!/bin/sh
# cuda_ptx.sh - regenerate the PTX beside every CUDA kernel in workloads/cuda/
# and tests/ptx/ (the files a machine without nvcc runs). With --check, write them to a
# temporary directory and fail if any committed .ptx differs.
#
#   scripts/cuda_ptx.sh [--check]
#
# Flags: nvcc -O3 -ptx -lineinfo for sm_75, the oldest target CUDA 13 has
# (the G80 is compute capability 1.0, long gone from the toolkit; the PTX of
# these kernels does not change with the target), and the flags a kernel
# names on a line "// cuda_ptx: FLAGS": a newer target where it needs one
# (-arch=sm_NN), --use_fast_math.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
NVCC=${NVCC:-nvcc}
ARCH=${CUDA_PTX_ARCH:-sm_75}
check=0
[ "${1:-}" = "--check" ] && check=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
# nvcc writes the source's absolute path into the PTX (.file) and derives
# internal names from it (_ZN43_INTERNAL_<hash>_..._cu_): compile from one
# fixed directory, so that the PTX is the same whatever the checkout's path
# (one run at a time: flock)
fixed=/tmp/simt-sim-cuda-ptx
mkdir -p "$fixed"
exec 9>"$fixed.lock"
flock 9
for dir in workloads/cuda workloads/micro tests/ptx; do
cd "$root/$dir"
rm -rf "$fixed/src"
mkdir -p "$fixed/src"
cp ./*.cu "$fixed/src/"
for f in ./*.h ./*.cuh; do [ -e "$f" ] && cp "$f" "$fixed/src/"; done
for cu in *.cu; do
	[ "$cu" = xval.cu ] && continue # the cross-validation program, not a kernel
	ptx=${cu%.cu}.ptx
	# a kernel's own flags, on a line of its own: "// cuda_ptx: -arch=sm_80"
	# (redux.sync, __reduce_*_sync), "// cuda_ptx: --use_fast_math"
	flags=$(sed -n 's|^// cuda_ptx: \(.*\)$|\1|p' "$cu" | head -1)
	case " $flags" in *" -arch="*) ;; *) flags="-arch=$ARCH $flags" ;; esac
	# shellcheck disable=SC2086 # flags are words
	(cd "$fixed/src" && "$NVCC" -O3 -ptx -lineinfo $flags "$cu" -o "$tmp/$ptx.full")
	# .file names the kernel's source by its absolute path: keep the name
	# alone (the front end finds it beside the .ptx). The toolkit's headers
	# are named by the path nvcc was started from (/usr/local/cuda/bin/..,
	# /usr/local/cuda-13.0/bin/.., a wrapper's target): write them as
	# /usr/local/cuda/include/NAME, whichever nvcc ran
	sed -e "s|^\(\t*\.file\t[0-9]*\) \"$fixed/src/|\1 \"|" \
	    -e "s|^\(\t*\.file\t[0-9]*\) \"[^\"]*/targets/[^/\"]*/include/|\1 \"/usr/local/cuda/include/|" \
	    "$tmp/$ptx.full" > "$tmp/$ptx"
	if [ $check = 1 ]; then
		if ! cmp -s "$tmp/$ptx" "$ptx"; then
			echo "cuda_ptx: $dir/$ptx is not what $NVCC writes for $cu (run scripts/cuda_ptx.sh)" >&2
			status=1
		fi
	else
		cp "$tmp/$ptx" "$ptx"
	fi
done
done
exit $status
