#!/bin/sh
# fuzz.sh - run one libFuzzer target for SECONDS under ASan and UBSan.
#
#   scripts/fuzz.sh config 600      # the config loader with --set (tests/fuzz/fuzz_config.c)
#   scripts/fuzz.sh asm 600         # the assembler and --disasm (tests/fuzz/fuzz_asm.c)
#   scripts/fuzz.sh trace 600       # the trace reader (tests/fuzz/fuzz_trace.c)
#   scripts/fuzz.sh sim 600         # the whole simulator on workloads that assemble,
#                                   # every check mode on (tests/fuzz/fuzz_sim.c)
#   scripts/fuzz.sh ptx 600         # the PTX front end (tests/fuzz/fuzz_ptx.c)
#   scripts/fuzz.sh asm merge       # fold build-fuzz/corpus-asm into the committed
#                                   # corpus tests/fuzz/corpus/asm (keeps what adds coverage)
#
# Builds build-fuzz/ with clang (every library instrumented for coverage and
# the sanitizers), seeds a corpus in build-fuzz/corpus-TARGET from the
# repository's inputs and the committed corpus (tests/fuzz/corpus/TARGET),
# and runs on one core. A crash leaves crash-* files in build-fuzz/ and exits
# non-zero; the line "stat::number_of_executed_units" gives the executions.
# CI replays the committed corpora (meson test fuzz-corpus-TARGET).
set -eu
cd "$(dirname "$0")/.."
T=${1:?usage: scripts/fuzz.sh config|asm|trace|sim|ptx SECONDS|merge}
S=${2:-60}
B=build-fuzz
# one build at a time: two campaigns started together would run two ninjas
# in one directory, which can lose ninja's record of an object's headers
# (then a header's change leaves that object stale: seen in build-fuzz)
exec 8>"$B.lock"
flock 8
if [ ! -f $B/build.ninja ]; then
	CC=clang meson setup $B -Dfuzz=true -Db_sanitize=address,undefined -Db_lundef=false \
		-Dc_args=-fsanitize=fuzzer-no-link -Dtests=disabled -Dviewer=disabled -Dcuda=disabled >/dev/null
fi
ninja -C $B >/dev/null
flock -u 8
C=$B/corpus-$T
mkdir -p "$C"
K=tests/fuzz/corpus/$T
# seed files named by their path (tests/ptx/x.ptx and tests/bad_ptx/x.ptx both seed)
seed() { for f in "$@"; do cp "$f" "$C/$(printf '%s' "$f" | tr / _)"; done; }
case $T in
config) seed configs/*.ini tests/badcfg/*.ini ;;
asm) seed workloads/*.s workloads/micro/*.s workloads/bugs/*.s tests/bad/*.s tests/workloads/*.s ;;
trace) seed tests/traces/*.trc tests/traces/bad/*.trc ;;
sim) seed workloads/*.s workloads/micro/*.s workloads/bugs/*.s tests/workloads/*.s ;;
ptx) seed workloads/cuda/*.ptx tests/ptx/*.ptx tests/bad_ptx/*.ptx ;;
*) echo "fuzz.sh: unknown target '$T' (config, asm, trace, sim, ptx)" >&2; exit 2 ;;
esac
BIN=$B/tests/fuzz/fuzz-$T
mkdir -p "$K"
if [ "$S" = merge ]; then
	# the committed corpus: the smallest set of inputs (of at most 16 KiB)
	# that keeps the coverage of both
	"$BIN" -merge=1 -max_len=16384 "$K" "$C"
	exit
fi
cp "$K"/* "$C"/ 2>/dev/null || true
cd $B
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 "../$BIN" -max_total_time="$S" -timeout=10 -rss_limit_mb=2048 \
	-max_len=65536 -print_final_stats=1 "../$C"
