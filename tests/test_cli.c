/* test_cli.c - what a new user hit: stdout that is one JSON document,
 * outputs checked before a run, empty configs, the occupancy command,
 * register-only loops that are not livelocks, workload parameters that do
 * what they say (.rept), element-wise checks. Every expected value comes
 * from the seeds, the configs' numbers or arithmetic in the comments. */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common.h"
#include "json.h"

static char out[65536];

static int sim(const char *args) { return run_simt_sim(args, out, sizeof out); }

/* The number after "key": in a JSON text (a flat scan is enough here). */
static double json_num(const char *j, const char *key)
{
	char k[80];
	snprintf(k, sizeof k, "\"%s\": ", key);
	const char *p = strstr(j, k);
	ck_assert_msg(p, "no %s in %s", key, j);
	return strtod(p + strlen(k), NULL);
}

/* --json - leaves stdout to the JSON document: a real JSON parser reads it
 * whole, and the text summary went to stderr. */
START_TEST(json_stdout_is_one_document)
{
	ck_assert_int_eq(sim("configs/h100.ini workloads/naive_mm.s -D TILE=32 -D M=32 -D N=32 -D K=32 --json - "
			     "2>/dev/null | python3 -m json.tool > /dev/null"), 0);
	char cmd[4096];
	snprintf(cmd, sizeof cmd, "cd '%s' && { '%s' configs/h100.ini workloads/naive_mm.s -D TILE=32 -D M=32 -D N=32 "
				  "-D K=32 --json - 2>&1 >/dev/null; }", src_dir(), getenv("SIMT_SIM"));
	ck_assert_int_eq(run_cmd(cmd, out, sizeof out), 0); /* stderr alone */
	ck_assert_msg(strstr(out, "  cycles  ") && strstr(out, "check C matmul(A, B, 32, 32, 32): pass"), "%s", out);
	ck_assert_msg(!strchr(out, '{'), "JSON went to stderr: %s", out);
}
END_TEST

/* A bad --dump buffer or an unwritable output is reported before the run:
 * the summary (printed after the run) never appears. */
/* -j/--jobs takes a number of host threads, 1 to 1024: anything else is a
 * usage error (exit 2) that names the value, before any run; -j 1024 on a
 * small grid runs, with the same cycles as one thread. */
START_TEST(bad_jobs_refused)
{
	static const char *const bad[] = {"0", "x", "-3", "2000", "1e2", "4x", "''", "+2", "' 2'"};
	for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char args[256], want[128];
		snprintf(args, sizeof args, "configs/g80.ini workloads/seed_4x4.s --jobs %s", bad[i]);
		ck_assert_int_eq(sim(args), 2);
		snprintf(want, sizeof want, "simt-sim: --jobs %s: expected a number of host threads, 1 to 1024",
			 !strcmp(bad[i], "''") ? "" : !strcmp(bad[i], "' 2'") ? " 2" : bad[i]);
		ck_assert_msg(strstr(out, want), "%s: %s", args, out);
		ck_assert_msg(!strstr(out, "  cycles  "), "the run happened: %s", out);
	}
	ck_assert_int_eq(sim("configs/g80.ini workloads/seed_4x4.s -j"), 2);
	ck_assert_msg(strstr(out, "simt-sim: -j needs a value"), "%s", out);
	/* the other counts: digits only, as --jobs */
	ck_assert_int_eq(sim("configs/g80.ini workloads/seed_4x4.s --max-cycles ' 5'"), 2);
	ck_assert_msg(strstr(out, "simt-sim: --max-cycles  5: expected a positive integer"), "%s", out);
	ck_assert_int_eq(sim("configs/g80.ini workloads/seed_4x4.s --max-cycles +5"), 2);
	ck_assert_int_eq(sim("configs/g80.ini --occupancy --threads +256"), 2);
	ck_assert_msg(strstr(out, "simt-sim: --threads: expected a non-negative integer"), "%s", out);
	/* a repeated --scheduler or --divergence: every value is checked, and
	 * the error names the option the user gave */
	ck_assert_int_eq(sim("configs/g80.ini workloads/seed_4x4.s --scheduler bogus --scheduler gto"), 2);
	ck_assert_msg(strstr(out, "--scheduler: error: sm.scheduler = 'bogus' is not a scheduler"), "%s", out);
	ck_assert_int_eq(sim("configs/g80.ini workloads/seed_4x4.s --divergence its --divergence nope"), 2);
	ck_assert_msg(strstr(out, "--divergence: error: sm.divergence = 'nope' is not one of stack|its"), "%s", out);
	ck_assert_int_eq(sim("configs/g80.ini workloads/seed_4x4.s --scheduler bogus"), 2);
	ck_assert_msg(strstr(out, "--scheduler: error: sm.scheduler = 'bogus' is not a scheduler"), "%s", out);
	ck_assert_int_eq(sim("configs/g80.ini workloads/seed_4x4.s --set sm.scheduler=bogus"), 2);
	ck_assert_msg(strstr(out, "--set: error: sm.scheduler = 'bogus' is not a scheduler"), "%s", out);
	ck_assert_int_eq(sim("configs/g80.ini workloads/seed_4x4.s --json - 2>/dev/null"), 0);
	double one = json_num(out, "cycles");
	ck_assert_int_eq(sim("configs/g80.ini workloads/seed_4x4.s -j 1024 --json - 2>/dev/null"), 0);
	ck_assert_double_eq(json_num(out, "cycles"), one);
}
END_TEST

/* Nothing a user had is lost: a run refused after --trace was given leaves
 * the file that was at the trace's path as it was (the trace is written
 * beside it and renamed into place once whole); an output naming an input
 * (the config, the workload) is refused before anything is written. */
START_TEST(outputs_never_destroy_files)
{
	char cmd[4096];
	snprintf(cmd, sizeof cmd, "rm -rf /tmp/simt-cli-keep && mkdir /tmp/simt-cli-keep && echo precious > "
		 "/tmp/simt-cli-keep/k.trc && cp '%s'/workloads/vecadd.s '%s'/configs/g80.ini /tmp/simt-cli-keep/",
		 src_dir(), src_dir());
	ck_assert_int_eq(run_cmd(cmd, NULL, 0), 0);
	/* refused at launch (a register file too small), and bad input in setup */
	ck_assert_int_eq(sim("/tmp/simt-cli-keep/g80.ini /tmp/simt-cli-keep/vecadd.s --set sm.registers=1024 "
			     "--trace /tmp/simt-cli-keep/k.trc"), 2);
	ck_assert_int_eq(sim("/tmp/simt-cli-keep/g80.ini /tmp/simt-cli-keep/vecadd.s -D N=0x7fffffff "
			     "--trace /tmp/simt-cli-keep/k.trc"), 2);
	ck_assert_int_eq(run_cmd("test \"$(cat /tmp/simt-cli-keep/k.trc)\" = precious && "
				 "test $(ls /tmp/simt-cli-keep | wc -l) = 3", NULL, 0), 0);
	static const char *const clash[][2] = {
		{"--trace /tmp/simt-cli-keep/vecadd.s", "--trace /tmp/simt-cli-keep/vecadd.s would overwrite the workload"},
		{"--json /tmp/simt-cli-keep/g80.ini", "--json /tmp/simt-cli-keep/g80.ini would overwrite the config"},
		{"--dump C=/tmp/simt-cli-keep/../simt-cli-keep/vecadd.s", "would overwrite the workload"},
	};
	for (unsigned i = 0; i < 3; i++) {
		char args[512];
		snprintf(args, sizeof args, "/tmp/simt-cli-keep/g80.ini /tmp/simt-cli-keep/vecadd.s %s", clash[i][0]);
		ck_assert_int_eq(sim(args), 2);
		ck_assert_msg(strstr(out, clash[i][1]), "%s: %s", args, out);
	}
	snprintf(cmd, sizeof cmd, "cmp /tmp/simt-cli-keep/vecadd.s '%s'/workloads/vecadd.s && cmp "
		 "/tmp/simt-cli-keep/g80.ini '%s'/configs/g80.ini", src_dir(), src_dir());
	ck_assert_int_eq(run_cmd(cmd, NULL, 0), 0);
	/* a whole run: the trace replaces the file */
	ck_assert_int_eq(sim("/tmp/simt-cli-keep/g80.ini /tmp/simt-cli-keep/vecadd.s --trace /tmp/simt-cli-keep/k.trc"),
			 0);
	ck_assert_int_eq(run_cmd("head -c 7 /tmp/simt-cli-keep/k.trc | grep -q SIMTTRC && "
				 "test $(ls /tmp/simt-cli-keep | wc -l) = 3", NULL, 0), 0);
	/* writes that fail part-way (a file size limit of 64 blocks of 512 or
	 * 1024 bytes, the signal ignored so that the write returns EFBIG): the
	 * 4 MB dump and the trace are exit code 2 naming why, and leave the
	 * files that were there whole; the small JSON document is written */
	ck_assert_int_eq(run_cmd("cd /tmp/simt-cli-keep && echo precious > k.trc && echo precious > c.bin && "
				 "echo precious > r.json", NULL, 0), 0);
	snprintf(cmd, sizeof cmd, "trap '' XFSZ; ulimit -f 64 && cd /tmp/simt-cli-keep && '%s' g80.ini vecadd.s "
		 "-D N=1048576 --dump C=c.bin --trace k.trc --json r.json", getenv("SIMT_SIM"));
	ck_assert_int_eq(run_cmd(cmd, out, sizeof out), 2);
	ck_assert_msg(strstr(out, "simt-sim: --dump: cannot write 'c.bin': File too large"), "%s", out);
	ck_assert_msg(strstr(out, "simt-sim: --trace: cannot write 'k.trc': File too large"), "%s", out);
	ck_assert_int_eq(run_cmd("cd /tmp/simt-cli-keep && test \"$(cat k.trc)\" = precious && "
				 "test \"$(cat c.bin)\" = precious && grep -q '\"check\": \"pass\"' r.json && "
				 "test $(ls | wc -l) = 5", NULL, 0), 0);
	/* a .cuda kernel's PTX beside its .cu is an input too (what runs
	 * without nvcc): refused before anything is written */
	snprintf(cmd, sizeof cmd, "cp '%s'/workloads/cuda/vecadd.s '%s'/workloads/cuda/vecadd.cu "
		 "'%s'/workloads/cuda/vecadd.ptx /tmp/simt-cli-keep/", src_dir(), src_dir(), src_dir());
	ck_assert_int_eq(run_cmd(cmd, NULL, 0), 0);
	snprintf(cmd, sizeof cmd, "cd /tmp/simt-cli-keep && '%s' g80.ini vecadd.s --json vecadd.ptx", getenv("SIMT_SIM"));
	ck_assert_int_eq(run_cmd(cmd, out, sizeof out), 2);
	ck_assert_msg(strstr(out, "--json vecadd.ptx would overwrite vecadd.ptx, which the workload reads"), "%s", out);
	snprintf(cmd, sizeof cmd, "cmp /tmp/simt-cli-keep/vecadd.ptx '%s'/workloads/cuda/vecadd.ptx", src_dir());
	ck_assert_int_eq(run_cmd(cmd, NULL, 0), 0);
	/* /dev/stdout is the program's own descriptor: a file the shell appends
	 * to keeps what it held (reopening the name emptied it) */
	snprintf(cmd, sizeof cmd, "cd /tmp/simt-cli-keep && echo precious > log.txt && '%s' g80.ini vecadd.s "
		 "--json /dev/stdout >> log.txt && head -1 log.txt", getenv("SIMT_SIM"));
	ck_assert_int_eq(run_cmd(cmd, out, sizeof out), 0);
	ck_assert_msg(!strncmp(out, "precious", 8), "%s", out);
	/* an empty name is refused before the run */
	ck_assert_int_eq(sim("configs/g80.ini workloads/seed_4x4.s --json ''"), 2);
	ck_assert_msg(strstr(out, "simt-sim: --json: cannot write '': No such file or directory"), "%s", out);
	ck_assert_msg(!strstr(out, "cycles"), "the run happened: %s", out);
	/* a run ended by SIGTERM (exit status 143 through the shell: killed
	 * mid-run) leaves no partial file and the old files whole */
	snprintf(cmd, sizeof cmd, "cd /tmp/simt-cli-keep && echo precious > c.bin && "
		 "('%s' '%s'/configs/h100.ini '%s'/workloads/tiled_mm.s -D M=1024 -D N=1024 -D K=1024 --json big.json "
		 "--dump C=c.bin --trace big.trc > /dev/null 2>&1 & p=$!; sleep 1; kill -TERM $p; wait $p; echo rc=$?) && "
		 "ls | grep -c part; cat c.bin; ls big.json big.trc 2>&1 | grep -c 'No such'",
		 getenv("SIMT_SIM"), src_dir(), src_dir());
	ck_assert_int_eq(run_cmd(cmd, out, sizeof out), 0);
	ck_assert_msg(!strcmp(out, "rc=143\n0\nprecious\n2\n"), "%s", out);
	/* a file with another hard link is written in place (copied in at the
	 * end, not renamed over): both names hold the dump, 4 x 10000 bytes */
	snprintf(cmd, sizeof cmd, "cd /tmp/simt-cli-keep && ln c.bin c2.bin && '%s' g80.ini vecadd.s --dump C=c.bin "
		 "> /dev/null && wc -c < c2.bin && ls | grep -c part", getenv("SIMT_SIM"));
	ck_assert_int_eq(run_cmd(cmd, out, sizeof out), 1); /* (grep -c finding none) */
	ck_assert_msg(!strcmp(out, "40000\n0\n"), "%s", out);
	run_cmd("rm -rf /tmp/simt-cli-keep", NULL, 0);
}
END_TEST

/* simt-gpu's usage: --help is a success on stdout; a -D without '=', a
 * repeat count with letters, a second workload or an unknown option is exit
 * 2 naming what was wrong, before any GPU is looked for. */
START_TEST(gpu_runner_usage)
{
	const char *bin = getenv("SIMT_SIM");
	ck_assert_msg(bin, "SIMT_SIM is not set (run through meson test)");
	static const struct {
		const char *args, *want;
		int rc;
	} c[] = {
		{"--help 2>/dev/null", "usage: simt-gpu WORKLOAD", 0},
		{"workloads/cuda/vecadd.s -D N", "simt-gpu: -D takes NAME=VALUE, found 'N'", 2},
		{"workloads/cuda/vecadd.s -D =4", "simt-gpu: -D takes NAME=VALUE, found '=4'", 2},
		{"workloads/cuda/vecadd.s --repeat 3abc", "simt-gpu: --repeat takes a count 1..1000, found '3abc'", 2},
		{"workloads/cuda/vecadd.s --repeat 0", "simt-gpu: --repeat takes a count 1..1000, found '0'", 2},
		{"workloads/cuda/vecadd.s workloads/cuda/vecadd.s", "simt-gpu: one workload only", 2},
		{"workloads/cuda/vecadd.s --fast", "simt-gpu: unknown or incomplete option '--fast'", 2},
		{"", "simt-gpu: no workload given", 2},
	};
	for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
		char cmd[4096];
		snprintf(cmd, sizeof cmd, "cd '%s' && '%.*sgpu' %s", src_dir(), (int)(strlen(bin) - 3), bin, c[i].args);
		ck_assert_msg(run_cmd(cmd, out, sizeof out) == c[i].rc, "%s: %s", c[i].args, out);
		ck_assert_msg(strstr(out, c[i].want), "%s: %s", c[i].args, out);
	}
}
END_TEST

START_TEST(outputs_checked_before_the_run)
{
	ck_assert_int_eq(sim("configs/g80.ini workloads/seed_4x4.s --dump X=/tmp/simt-x.bin"), 2);
	ck_assert_msg(strstr(out, "simt-sim: --dump: the workload has no buffer 'X'"), "%s", out);
	ck_assert_msg(!strstr(out, "cycles"), "the run happened: %s", out);
	ck_assert_int_eq(sim("configs/g80.ini workloads/seed_4x4.s --json /nonexistent/dir/r.json"), 2);
	ck_assert_msg(strstr(out, "simt-sim: --json: cannot write '/nonexistent/dir/r.json'"), "%s", out);
	ck_assert_msg(!strstr(out, "cycles"), "the run happened: %s", out);
	ck_assert_int_eq(sim("configs/g80.ini workloads/seed_4x4.s --dump C=/nonexistent/dir/c.bin"), 2);
	ck_assert_msg(!strstr(out, "cycles"), "the run happened: %s", out);
	ck_assert_int_eq(sim("configs/g80.ini workloads/seed_4x4.s --trace /nonexistent/dir/t.trc"), 2);
	ck_assert_msg(!strstr(out, "cycles"), "the run happened: %s", out);
	/* two outputs to one file, and outputs of a run that does not happen,
	 * are refused before anything is written */
	unlink("/tmp/simt-cli-same.bin");
	ck_assert_int_eq(sim("configs/g80.ini workloads/seed_4x4.s --dump C=/tmp/simt-cli-same.bin --json /tmp/simt-cli-same.bin"), 2);
	ck_assert_msg(strstr(out, "--json /tmp/simt-cli-same.bin and --dump C=/tmp/simt-cli-same.bin write the same file"),
		      "%s", out);
	ck_assert_int_ne(access("/tmp/simt-cli-same.bin", F_OK), 0);
	ck_assert_int_eq(sim("configs/g80.ini workloads/seed_4x4.s --trace /tmp/simt-cli-same.bin --dump C=/tmp/./simt-cli-same.bin"), 2);
	ck_assert_int_ne(access("/tmp/simt-cli-same.bin", F_OK), 0);
	ck_assert_int_eq(sim("configs/g80.ini workloads/seed_4x4.s --disasm --json /tmp/simt-cli-same.bin"), 2);
	ck_assert_msg(strstr(out, "--disasm prints the program and runs nothing: --json does not apply"), "%s", out);
	ck_assert_int_eq(sim("configs/g80.ini --occupancy --threads 64 --trace /tmp/simt-cli-same.bin"), 2);
	ck_assert_msg(strstr(out, "--occupancy runs no workload: --trace does not apply"), "%s", out);
	ck_assert_int_ne(access("/tmp/simt-cli-same.bin", F_OK), 0);
	ck_assert_int_eq(sim("configs/g80.ini workloads/seed_4x4.s --json /dev/null --trace /dev/null"), 0);
	/* a run that stops early (the seed's deadlock) leaves no empty dump behind */
	unlink("/tmp/simt-cli-dump.bin");
	ck_assert_int_eq(sim("configs/g80.ini workloads/barrier_divergence.s --dump data=/tmp/simt-cli-dump.bin"), 3);
	ck_assert_int_ne(access("/tmp/simt-cli-dump.bin", F_OK), 0);
	/* ... and leaves a file that was there as it was */
	FILE *keep = fopen("/tmp/simt-cli-keep.bin", "w");
	ck_assert(keep);
	fputs("kept", keep);
	fclose(keep);
	ck_assert_int_eq(sim("configs/g80.ini workloads/barrier_divergence.s --dump data=/tmp/simt-cli-keep.bin"), 3);
	keep = fopen("/tmp/simt-cli-keep.bin", "r");
	ck_assert(keep);
	char kept[8] = {0};
	ck_assert_int_eq(fread(kept, 1, sizeof kept, keep), 4);
	fclose(keep);
	ck_assert_str_eq(kept, "kept");
	/* a run that completes replaces it whole (16 floats of C) */
	ck_assert_int_eq(sim("configs/g80.ini workloads/seed_4x4.s --dump C=/tmp/simt-cli-keep.bin"), 0);
	struct stat st;
	ck_assert_int_eq(stat("/tmp/simt-cli-keep.bin", &st), 0);
	ck_assert_int_eq(st.st_size, 64);
	unlink("/tmp/simt-cli-keep.bin");
	/* a write that fails at the end is exit code 2 even when the check passes */
	if (access("/dev/full", W_OK) == 0) {
		ck_assert_int_eq(sim("configs/g80.ini workloads/seed_4x4.s --trace /dev/full"), 2);
		/* a trace shorter than the stream's buffer: the write fails at the
		 * flush before the header's last patch */
		ck_assert_int_eq(sim("configs/g80.ini workloads/vecadd.s -D N=100 --trace /dev/full"), 2);
		ck_assert_msg(strstr(out, "--trace: cannot write '/dev/full'"), "%s", out);
		ck_assert_int_eq(sim("configs/g80.ini workloads/seed_4x4.s --json /dev/full"), 2);
	}
}
END_TEST

START_TEST(empty_config_refused)
{
	char path[] = "/tmp/simt-empty-XXXXXX";
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, "; only a comment\n\n", 18), 18);
	close(fd);
	char args[256];
	snprintf(args, sizeof args, "%s workloads/seed_4x4.s", path);
	ck_assert_int_eq(sim(args), 2);
	ck_assert_msg(strstr(out, "error: the config sets no key"), "%s", out);
	unlink(path);
}
END_TEST

/* The seed's G80 figures (seed 000): 768 threads, 8 blocks, 8192 registers,
 * 16 KB shared memory per SM; 256-thread blocks of 10 registers: 3 blocks
 * by threads and 3 by registers (2560 registers per block, warps allocated
 * in pairs, 256-register units), 8 by 2 KB of shared memory each. */
START_TEST(occupancy_prints_every_limit)
{
	ck_assert_int_eq(sim("configs/g80.ini --occupancy --threads 256 --regs 10 --smem 2048"), 0);
	ck_assert_msg(strstr(out, "blocks_per_sm 3\n"), "%s", out);
	ck_assert_msg(strstr(out, "  warps            3  24 warps per SM / 8 warps per block"), "%s", out);
	ck_assert_msg(strstr(out, "  blocks           8  sm.max_blocks"), "%s", out);
	ck_assert_msg(strstr(out, "  registers        3  8192 registers per SM / 2560 per block"), "%s", out);
	ck_assert_msg(strstr(out, "  shared memory    8  16384 bytes per SM / 2048 per block"), "%s", out);
	/* 11 registers: 2816 per block, 2 blocks; now registers bind */
	ck_assert_int_eq(sim("configs/g80.ini --occupancy --threads 256 --regs 11 --smem 2048 --json -"), 0);
	ck_assert_int_eq((int)json_num(out, "blocks_per_sm"), 2);
	ck_assert_int_eq((int)json_num(out, "blocks_by_registers"), 2);
	ck_assert_int_eq((int)json_num(out, "blocks_by_warps"), 3);
	ck_assert_int_eq((int)json_num(out, "blocks_by_shared_memory"), 8);
	/* a block CUDA cannot launch at all: an error, not "blocks_per_sm 0" */
	ck_assert_int_eq(sim("configs/g80.ini --occupancy --threads 2000"), 2);
	ck_assert_msg(strstr(out, "cannot run on g80: it exceeds the block size (sm.max_threads_per_block)"), "%s", out);
	ck_assert_msg(!strstr(out, "blocks_per_sm"), "%s", out);
	/* occupancy options without --occupancy are a mistake, not ignored */
	ck_assert_int_eq(sim("configs/g80.ini workloads/seed_4x4.s --threads 64"), 2);
	ck_assert_msg(strstr(out, "--threads, --regs and --smem belong to the occupancy command"), "%s", out);
}
END_TEST

/* A long loop of dependent multiply-adds changes its registers every
 * iteration: not a livelock. 100000 dependent FFMAs at the G80's 24-cycle
 * FP32 latency (units.fp32_latency) take 2.4 M cycles, past the 1 M-cycle
 * livelock window. */
START_TEST(register_loop_is_not_a_livelock)
{
	ck_assert_int_eq(sim("configs/g80.ini workloads/micro/fma_chain.s -D ITERS=100000 --json -"), 0);
	ck_assert_msg(strstr(out, "\"cycles_per_fma\": 24"), "%s", out);
	ck_assert_uint_ge((uint64_t)json_num(out, "cycles"), 100000 * 24);
	ck_assert_uint_le((uint64_t)json_num(out, "cycles"), 100000 * 24 + 1000);
}
END_TEST

/* Loops that revisit a state are livelocks, whatever their period: the
 * spinlock on the stack (one state) and a counter mod 1024 (1024 states). */
START_TEST(revisiting_loops_are_livelocks)
{
	ck_assert_int_eq(sim("configs/g80.ini workloads/spinlock.s"), 5);
	ck_assert_msg(strstr(out, "no forward progress: for "), "%s", out);
	ck_assert_int_eq(sim("configs/g80.ini tests/workloads/spin_counter.s --set sim.livelock_window=200000"), 5);
	ck_assert_msg(strstr(out, "in the loop over pcs 1..3 (tests/workloads/spin_counter.s:8-10)"), "%s", out);
	/* and the watch decides at the same cycle with and without fast-forward */
	ck_assert_int_eq(sim("configs/g80.ini tests/workloads/spin_counter.s --set sim.livelock_window=200000 "
			     "--set sim.fast_forward=0 --json - 2>/dev/null"), 5);
	double stepped = json_num(out, "cycles");
	ck_assert_int_eq(sim("configs/g80.ini tests/workloads/spin_counter.s --set sim.livelock_window=200000 "
			     "--json - 2>/dev/null"), 5);
	ck_assert(stepped == json_num(out, "cycles"));
}
END_TEST

/* A spin loop that sleeps between tries (spinlock_sleep: 8 ns doubling to
 * 256 ns, about 345 G80 cycles a try) comes round only a few times in a
 * short window, too few to show a repeated state: the watch checks on
 * until each spinning warp has gone round often enough, and under the
 * reconvergence stack (the lock's winner parked, seed 002) reports the
 * livelock well before --max-cycles (which would also stop with exit code
 * 5, at its cycle), stepping and fast-forward at the same cycle. */
START_TEST(sleeping_spin_loops_are_livelocks_in_a_short_window)
{
	static const char *const ff[] = {"0", "1"};
	double cycles[2];
	for (int k = 0; k < 2; k++) {
		char args[512];
		snprintf(args, sizeof args, "configs/g80.ini workloads/cuda/spinlock_sleep.s -D BLOCKS=2 -D THREADS=64 "
			 "--set sim.livelock_window=2000 --set sim.fast_forward=%s --max-cycles 1000000 --json - 2>/dev/null",
			 ff[k]);
		ck_assert_int_eq(sim(args), 5);
		ck_assert_msg(strstr(out, "no forward progress: for ") && strstr(out, "(sim.livelock_window = 2000)"),
			      "%.2000s", out);
		ck_assert_msg(strstr(out, "spinning: block (1,0,0) warp 1 (SM 1), threads 32-63"), "%.2000s", out);
		cycles[k] = json_num(out, "cycles");
		ck_assert_msg(cycles[k] < 100000, "decided at cycle %.0f", cycles[k]);
	}
	ck_assert(cycles[0] == cycles[1]);
	/* under independent thread scheduling the same kernel completes: the
	 * check going on does not mistake a slow lock for a livelock */
	ck_assert_int_eq(sim("configs/h100.ini workloads/cuda/spinlock_sleep.s -D BLOCKS=2 -D THREADS=64 "
			     "--set sim.livelock_window=1000"), 0);
	ck_assert_msg(strstr(out, "check counter expr(BLOCKS * THREADS): pass"), "%.2000s", out);
}
END_TEST

/* latency_hiding.s repeats its load + 4 multiply-adds REPS times: each warp
 * issues 2 + 5 REPS + 6 instructions, 13 warps by default. */
START_TEST(latency_hiding_reps)
{
	static const unsigned reps[] = {5, 20, 100};
	for (unsigned k = 0; k < 3; k++) {
		char args[256];
		snprintf(args, sizeof args, "configs/g80.ini workloads/latency_hiding.s -D REPS=%u --json - 2>/dev/null",
			 reps[k]);
		ck_assert_int_eq(sim(args), 0);
		ck_assert_uint_eq((uint64_t)json_num(out, "warp_instructions"), 13 * (8 + 5 * reps[k]));
		ck_assert_uint_eq((uint64_t)json_num(out, "ffma"), 13 * 4 * reps[k]);
	}
}
END_TEST

/* vecadd.s checks C against A[i] + B[i] from the inputs; a wrong
 * expectation fails with exit code 1. */
START_TEST(element_wise_check)
{
	ck_assert_int_eq(sim("configs/g80.ini workloads/vecadd.s -D N=1000"), 0);
	ck_assert_msg(strstr(out, "check C expr(A[i] + B[i]): pass (1000 elements bit-exact)"), "%s", out);
	char path[] = "/tmp/simt-vecadd-XXXXXX";
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	close(fd);
	char cmd[1024];
	snprintf(cmd, sizeof cmd, "sed 's/expr(A\\[i\\] + B\\[i\\])/expr(A[i] - B[i])/' '%s' > %s",
		 src_path("workloads/vecadd.s"), path);
	ck_assert_int_eq(run_cmd(cmd, NULL, 0), 0);
	char args[256];
	snprintf(args, sizeof args, "configs/g80.ini %s -D N=1000", path);
	ck_assert_int_eq(sim(args), 1);
	ck_assert_msg(strstr(out, "check C expr(A[i] - B[i]): FAIL"), "%s", out);
	unlink(path);
}
END_TEST

/* Every shipped workload once on the G80 (stack) and the H100 (ITS): each
 * check passes; the seeds' synchronisation examples end as the seeds say
 * (the even/odd __syncthreads kernel deadlocks and the atomicCAS spinlock
 * livelocks under the stack; both complete under ITS). */
START_TEST(every_workload_once)
{
	static const char *const dirs[] = {"workloads", "workloads/micro"};
	unsigned count = 0;
	for (int di = 0; di < 2; di++) {
		DIR *dir = opendir(src_path(dirs[di]));
		ck_assert(dir);
		struct dirent *e;
		while ((e = readdir(dir))) {
			size_t n = strlen(e->d_name);
			if (n < 3 || strcmp(e->d_name + n - 2, ".s"))
				continue;
			for (int c = 0; c < 2; c++) {
				bool stack = c == 0;
				int want = 0;
				if (stack && !strcmp(e->d_name, "barrier_divergence.s"))
					want = 3;
				if (stack && (!strcmp(e->d_name, "spinlock.s") || !strncmp(e->d_name, "lock_", 5)))
					want = 5; /* seed 002's mutex, and its variants in micro/ */
				if (stack && !strcmp(e->d_name, "lock_rounds_warps.s"))
					want = 2; /* 1024 threads a block: more than a G80 allows */
				char args[512];
				snprintf(args, sizeof args, "configs/%s.ini %s/%s", stack ? "g80" : "h100", dirs[di], e->d_name);
				int rc = sim(args);
				ck_assert_msg(rc == want, "%s: exit %d, expected %d\n%s", args, rc, want, out);
				ck_assert_msg(!strstr(out, "FAIL"), "%s\n%s", args, out);
				count++;
			}
		}
		closedir(dir);
	}
	ck_assert_uint_ge(count, 2 * 19);
}
END_TEST

/* Every input goes through one reader that refuses what is not a regular
 * file: a device as a buffer's fill, as a config, as the workload. */
START_TEST(inputs_are_regular_files)
{
	ck_assert_int_eq(sim("configs/g80.ini tests/workloads/fill_device.s"), 2);
	ck_assert_msg(strstr(out, "fill_device.s:1:22: error: buffer v: cannot read '/dev/zero': not a regular file"), "%s", out);
	ck_assert_int_eq(sim("/dev/zero workloads/seed_4x4.s"), 2);
	ck_assert_msg(strstr(out, "/dev/zero: error: cannot read config: not a regular file"), "%s", out);
	ck_assert_int_eq(sim("configs/g80.ini /dev/zero"), 2);
	ck_assert_msg(strstr(out, "/dev/zero: error: cannot read workload: not a regular file"), "%s", out);
	ck_assert_int_eq(sim("configs workloads/seed_4x4.s"), 2);
	ck_assert_msg(strstr(out, "configs: error: cannot read config: not a regular file"), "%s", out);
	/* a FIFO is refused at once, not waited on for a writer */
	char fifo[64];
	snprintf(fifo, sizeof fifo, "/tmp/simt-cli-fifo-%d.s", (int)getpid());
	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	char args[128];
	snprintf(args, sizeof args, "configs/g80.ini %s", fifo);
	ck_assert_int_eq(sim(args), 2);
	unlink(fifo);
	ck_assert_msg(strstr(out, "cannot read workload: not a regular file"), "%s", out);
}
END_TEST

/* JSON is valid UTF-8 JSON whatever the strings hold: one writer for all
 * (simt-sim --json, the config dump, simt-xval --json, --perfetto). */
START_TEST(json_strings)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);
	json_string(f, "caf\xc3\xa9 \xff \"q\" \\ \x01 \xe2\x82 \xed\xa0\x80 \xc0\xaf \xf0\x9f\x98\x80");
	fclose(f);
	/* well-formed UTF-8 passes; a stray byte, a cut sequence, a surrogate
	 * and an overlong form become U+FFFD (one per byte) */
	ck_assert_str_eq(buf, "\"caf\xc3\xa9 \\ufffd \\\"q\\\" \\\\ \\u0001 \\ufffd\\ufffd "
			      "\\ufffd\\ufffd\\ufffd \\ufffd\\ufffd \xf0\x9f\x98\x80\"");
	free(buf);
	ck_assert_int_eq(sim("tests/workloads/utf8_name.ini workloads/seed_4x4.s --json - 2>/dev/null | python3 -c "
			     "'import json,sys; print(ascii(json.load(sys.stdin)[\"config\"][\"gpu.name\"]))'"), 0);
	ck_assert_str_eq(out, "'caf\\xe9 \\ufffd \"q\"'\n");
}
END_TEST

/* An integer buffer checked against a value no 32-bit element holds (1e30,
 * NaN) is an error, not a conversion that happens to match. */
START_TEST(integer_check_out_of_range)
{
	ck_assert_int_eq(sim("configs/g80.ini tests/bad/check_too_big.s"), 2);
	ck_assert_msg(strstr(out, "check_too_big.s:5:15: error: expr is 3.0000000000000003e+30 for i = 3, which no "
				  "32-bit element holds"), "%s", out);
	ck_assert_msg(!strstr(out, "cycles"), "found after the run: %s", out);
	/* and a -D value beyond 64 bits is refused, not wrapped */
	ck_assert_int_eq(sim("configs/g80.ini workloads/vecadd.s -D N=4611686018427387905*64"), 2);
	ck_assert_msg(strstr(out, "-D N=4611686018427387905*64: expected a number: integer overflow in expression"), "%s", out);
	unlink("/tmp/simt-cli-nan.json");
	ck_assert_int_eq(sim("configs/g80.ini tests/bad/check_nan.s --json /tmp/simt-cli-nan.json"), 2);
	ck_assert_int_ne(access("/tmp/simt-cli-nan.json", F_OK), 0); /* no empty JSON left behind */
	ck_assert_msg(strstr(out, "nan for i = 0, which no 32-bit element holds"), "%s", out);
	ck_assert_msg(!strstr(out, "cycles"), "found after the run: %s", out);
	/* an index in range for the first and last i (which the assembler
	 * tries) but not for i = 13 ((13 * 37) % 61 + 10 = 64): found before
	 * the run, not after it */
	FILE *f = fopen("/tmp/simt-cli-mid.s", "w");
	ck_assert(f != NULL);
	fputs(".buffer A u32 64 iota\n.buffer C u32 64 zero\n.check C expr(A[(i * 37) % 61 + 10])\n.grid 1\n"
	      ".block 32\n.kernel k\n\texit\n", f);
	fclose(f);
	ck_assert_int_eq(sim("configs/g80.ini /tmp/simt-cli-mid.s"), 2);
	ck_assert_msg(strstr(out, "simt-cli-mid.s:3:15: error: index 64 is outside buffer A (64 elements) for i = 13"),
		      "%s", out);
	ck_assert_msg(!strstr(out, "cycles"), "found after the run: %s", out);
	/* a file check's reference missing: the same */
	f = fopen("/tmp/simt-cli-mid.s", "w");
	ck_assert(f != NULL);
	fputs(".buffer C u32 64 zero\n.check C file(\"/nonexistent/ref.bin\")\n.grid 1\n.block 32\n.kernel k\n\texit\n",
	      f);
	fclose(f);
	ck_assert_int_eq(sim("configs/g80.ini /tmp/simt-cli-mid.s"), 2);
	ck_assert_msg(strstr(out, "simt-cli-mid.s:2:15: error: check of C: cannot read '/nonexistent/ref.bin'"), "%s", out);
	ck_assert_msg(!strstr(out, "cycles"), "found after the run: %s", out);
	unlink("/tmp/simt-cli-mid.s");
}
END_TEST

/* Register files are allocated for the warps that become resident, not for
 * every slot: a one-thread kernel of 255 registers on 1024 SMs x 64 warp
 * slots needs 32 KB of them, not 2.1 GB (1024 x 64 x 32 x 255 x 4 bytes). */
START_TEST(registers_for_resident_warps_only)
{
	const char *bin = getenv("SIMT_SIM");
	char cmd[4096];
	/* 1 GB of address space: the old up-front allocation could not fit (a
	 * sanitizer's shadow memory needs more: skip the limit under one) */
	snprintf(cmd, sizeof cmd, "cd '%s' && { [ -n \"$ASAN_OPTIONS\" ] || ulimit -v 1048576; } && '%s' configs/h100.ini "
		 "tests/workloads/one_thread_255_regs.s --set gpu.num_sms=1024 --set sm.max_warps=64", src_dir(), bin);
	ck_assert_int_eq(run_cmd(cmd, out, sizeof out), 0);
	ck_assert_msg(strstr(out, "255 regs/thread"), "%s", out);
}
END_TEST

/* Warps that all wait for a slow DRAM (1 MB/s) issue nothing for far
 * longer than the window: that is waiting, not starvation or a livelock,
 * and fast-forward and stepping agree on every figure. */
START_TEST(waiting_for_memory_is_not_starvation)
{
	static const char *const ff[] = {"0", "1"};
	char first[65536];
	for (int k = 0; k < 2; k++) {
		char args[512];
		snprintf(args, sizeof args, "configs/g80.ini workloads/seed_4x4.s --set dram.bandwidth_mb_s=1 "
			 "--set sim.livelock_window=1000 --set sim.fast_forward=%s --json - 2>/dev/null", ff[k]);
		ck_assert_int_eq(sim(args), 0);
		ck_assert_msg(strstr(out, "\"check\": \"pass\""), "%.2000s", out);
		ck_assert_uint_gt((uint64_t)json_num(out, "cycles"), 100000);
		/* everything before the config (which names sim.fast_forward) and
		 * the host time */
		char *h = strstr(out, "\"config\"");
		ck_assert(h);
		*h = 0;
		if (k == 0)
			snprintf(first, sizeof first, "%s", out);
		else
			ck_assert_msg(!strcmp(first, out), "fast-forward and stepping differ");
	}
}
END_TEST

/* The check modes gate on exit code 6 and list their findings in --json
 * (a real JSON parser reads them): tiled_mm_nosync.s has one WAR hazard on
 * g80 (test_checks.c says why). Without --racecheck the same run passes. */
START_TEST(check_modes_exit_and_json)
{
	ck_assert_int_eq(sim("configs/g80.ini workloads/bugs/tiled_mm_nosync.s"), 0);
	ck_assert_int_eq(sim("configs/g80.ini workloads/bugs/tiled_mm_nosync.s --racecheck"), 6);
	ck_assert_msg(strstr(out, "racecheck: WAR hazard on shared memory at 0x400 (ds_B+0x0, 4 bytes)"), "%s", out);
	ck_assert_int_eq(sim("configs/g80.ini workloads/bugs/tiled_mm_nosync.s --racecheck --json - 2>/dev/null | "
			     "python3 -c 'import json,sys; d=json.load(sys.stdin); h=d[\"hazards\"]; "
			     "assert d[\"checks\"] == [\"racecheck\"], d[\"checks\"]; "
			     "assert len(h) == 1 and h[0][\"race\"] == \"WAR\" and h[0][\"symbol\"] == \"ds_B+0x0\", h; "
			     "assert h[0][\"first\"][\"pc\"] == 43 and h[0][\"second\"][\"pc\"] == 37, h; "
			     "assert d[\"check\"] == \"pass\"'"),
			 0);
	/* synccheck turns the warnings of a divergent __syncthreads into findings */
	ck_assert_int_eq(sim("configs/h100.ini workloads/barrier_divergence.s"), 0);
	ck_assert_msg(strstr(out, "warning: bar.sync at "), "%s", out);
	ck_assert_int_eq(sim("configs/h100.ini workloads/barrier_divergence.s --synccheck"), 6);
	ck_assert_msg(strstr(out, "synccheck: bar.sync at "), "%s", out);
	/* a deadlock outranks the findings: exit 3 */
	ck_assert_int_eq(sim("configs/g80.ini workloads/barrier_divergence.s --synccheck --racecheck"), 3);
}
END_TEST

Suite *cli_suite(void)
{
	Suite *s = suite_create("cli");
	TCase *t = tcase_create("cli");
	tcase_set_timeout(t, 300);
	tcase_add_test(t, json_stdout_is_one_document);
	tcase_add_test(t, outputs_checked_before_the_run);
	tcase_add_test(t, empty_config_refused);
	tcase_add_test(t, occupancy_prints_every_limit);
	tcase_add_test(t, register_loop_is_not_a_livelock);
	tcase_add_test(t, revisiting_loops_are_livelocks);
	tcase_add_test(t, sleeping_spin_loops_are_livelocks_in_a_short_window);
	tcase_add_test(t, latency_hiding_reps);
	tcase_add_test(t, element_wise_check);
	tcase_add_test(t, every_workload_once);
	tcase_add_test(t, inputs_are_regular_files);
	tcase_add_test(t, json_strings);
	tcase_add_test(t, waiting_for_memory_is_not_starvation);
	tcase_add_test(t, registers_for_resident_warps_only);
	tcase_add_test(t, integer_check_out_of_range);
	tcase_add_test(t, check_modes_exit_and_json);
	tcase_add_test(t, bad_jobs_refused);
	tcase_add_test(t, gpu_runner_usage);
	tcase_add_test(t, outputs_never_destroy_files);
	suite_add_tcase(s, t);
	return s;
}
