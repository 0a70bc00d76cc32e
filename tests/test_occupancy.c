/* test_occupancy.c - blocks per SM against CUDA's own calculator: 1092
 * (threads, registers, shared memory) cases for an H100 generated from
 * cuda_occupancy.h by scripts/occupancy_golden.cpp, 1000 more of a kernel
 * that opted in to 227 KB of shared memory per block (48 KB to 227 KB) and
 * 55 such cases answered by the H100 itself (scripts/occupancy_gpu.cu), and
 * cc 1.0 cases for the G80 worked out by hand from the CUDA Occupancy
 * Calculator's rules. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "explain.h"
#include "config.h"
#include "occupancy.h"
#include "run.h"

/* Every case of a golden file (threads regs smem blocks) against
 * occ_compute on configs/h100.ini; returns the cases and those with blocks. */
static void golden_cases(const char *path, bool optin, int *n, int *nonzero)
{
	struct gpu_config c = load_shipped_config("h100");
	FILE *f = fopen(src_path(path), "r");
	ck_assert(f);
	char line[256];
	*n = *nonzero = 0;
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#')
			continue;
		unsigned t, r, s, want;
		ck_assert_int_eq(sscanf(line, "%u %u %u %u", &t, &r, &s, &want), 4);
		struct occ_result o;
		occ_compute(&c, t, r, s, optin, &o);
		ck_assert_msg(o.blocks == want, "%s: threads %u regs %u smem %u: %u blocks, CUDA says %u (limiter %s)",
			      path, t, r, s, o.blocks, want, explain_limiter(o.limiter));
		(*n)++;
		*nonzero += want > 0;
	}
	fclose(f);
}

START_TEST(h100_matches_cuda_calculator)
{
	int n, nonzero;
	golden_cases("tests/data/occupancy_h100.txt", false, &n, &nonzero);
	ck_assert_int_ge(n, 200);
	ck_assert_int_ge(nonzero, 200);
}
END_TEST

/* cudaFuncSetAttribute(MaxDynamicSharedMemorySize, 227 KB) set: 1000 cases
 * from 48 KB to 227 KB, with the block refused past 232448 bytes. */
START_TEST(h100_optin_matches_cuda_calculator)
{
	int n, nonzero;
	golden_cases("tests/data/occupancy_h100_optin.txt", true, &n, &nonzero);
	ck_assert_int_ge(n, 800);
	ck_assert_int_ge(nonzero, 800);
	/* and the H100's own answers (scripts/occupancy_gpu.cu, run on the
	 * lent GPU: driver 580.159.04, 2026-11-25) */
	golden_cases("tests/data/occupancy_h100_optin_gpu.txt", true, &n, &nonzero);
	ck_assert_int_ge(n, 55);
	ck_assert_int_eq(nonzero, n);
	/* without opting in, more than 48 KB per block cannot run */
	struct gpu_config c = load_shipped_config("h100");
	struct occ_result o;
	occ_compute(&c, 256, 32, 100000, false, &o);
	ck_assert_uint_eq(o.blocks, 0);
	ck_assert_int_eq(o.limiter, OCC_SMEM_PER_BLOCK);
	/* the G80 has no opt-in: the flag changes nothing there */
	c = load_shipped_config("g80");
	occ_compute(&c, 128, 8, 20000, true, &o);
	ck_assert_uint_eq(o.blocks, 0);
}
END_TEST

/* cc 1.0: registers per block = roundup(roundup(warps, 2) * 32 * regs, 256)
 * out of 8192; 24 warps, 8 blocks, 16 KB in 512-byte units per SM. */
START_TEST(g80_cc10_rules)
{
	struct gpu_config c = load_shipped_config("g80");
	static const struct { unsigned t, r, s, blocks; enum occ_limit lim; } k[] = {
		{64, 10, 0, 8, OCC_BLOCKS},     /* Example II: 768/64 = 12 by threads, 8 blocks max */
		{256, 10, 0, 3, OCC_WARPS},     /* 8 warps * 32 * 10 = 2560 regs: 3 by regs, 24/8 = 3 by warps */
		{256, 11, 0, 2, OCC_REGS},      /* 2816 regs per block: 8192 / 2816 = 2 (the register cliff) */
		{96, 16, 0, 4, OCC_REGS},       /* 3 warps allocated as 4: 4*32*16 = 2048: 4 blocks */
		{128, 8, 4097, 3, OCC_SMEM},    /* 4097 B rounds to 4608: 16384 / 4608 = 3 */
		{512, 16, 0, 1, OCC_WARPS},     /* 16*32*16 = 8192 fills the registers, and 24/16 = 1 by
		                                 * warps: ties name the first limit, warps */
		{512, 17, 0, 0, OCC_REGS_PER_BLOCK}, /* 8704 > 8192: cannot run */
		{544, 8, 0, 0, OCC_BLOCK_SIZE}, /* more than 512 threads per block */
		{256, 26, 2048, 1, OCC_REGS},   /* tiled_mm with TILE 16: 6656 registers per block */
	};
	for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
		struct occ_result o;
		occ_compute(&c, k[i].t, k[i].r, k[i].s, false, &o);
		ck_assert_msg(o.blocks == k[i].blocks && o.limiter == k[i].lim,
			      "threads %u regs %u smem %u: %u blocks limited by %s, expected %u by %s", k[i].t, k[i].r,
			      k[i].s, o.blocks, explain_limiter(o.limiter), k[i].blocks, explain_limiter(k[i].lim));
	}
}
END_TEST

START_TEST(occupancy_command)
{
	const char *bin = getenv("SIMT_SIM");
	ck_assert(bin);
	char cmd[4096], out[4096];
	snprintf(cmd, sizeof cmd, "cd '%s' && '%s' configs/h100.ini --occupancy --threads 256 --regs 32 --smem 0",
		 src_dir(), bin);
	ck_assert_int_eq(run_cmd(cmd, out, sizeof out), 0);
	ck_assert_msg(strstr(out, "blocks_per_sm 8\n") && strstr(out, "limited by warps"), "%s", out);
	snprintf(cmd, sizeof cmd, "cd '%s' && '%s' configs/g80.ini --occupancy --threads 256 --regs 11 --json -",
		 src_dir(), bin);
	ck_assert_int_eq(run_cmd(cmd, out, sizeof out), 0);
	ck_assert_msg(strstr(out, "\"blocks_per_sm\": 2,"), "%s", out);
	snprintf(cmd, sizeof cmd, "cd '%s' && '%s' configs/g80.ini --occupancy --regs 11", src_dir(), bin);
	ck_assert_int_eq(run_cmd(cmd, out, sizeof out), 2);
	/* opted in: 2 blocks of 256 threads with 98296 bytes each, as
	 * tests/data/occupancy_h100_optin.txt (cuda_occupancy.h) says; refused
	 * without --optin, and --optin with a workload is a usage error */
	snprintf(cmd, sizeof cmd,
		 "cd '%s' && '%s' configs/h100.ini --occupancy --threads 256 --regs 32 --smem 98296 --optin", src_dir(),
		 bin);
	ck_assert_int_eq(run_cmd(cmd, out, sizeof out), 0);
	ck_assert_msg(strstr(out, "blocks_per_sm 2\n") && strstr(out, "limited by shared memory"), "%s", out);
	snprintf(cmd, sizeof cmd, "cd '%s' && '%s' configs/h100.ini --occupancy --threads 256 --regs 32 --smem 98296 2>&1",
		 src_dir(), bin);
	ck_assert_int_eq(run_cmd(cmd, out, sizeof out), 2);
	snprintf(cmd, sizeof cmd, "cd '%s' && '%s' configs/h100.ini workloads/vecadd.s --optin 2>&1", src_dir(), bin);
	ck_assert_int_eq(run_cmd(cmd, out, sizeof out), 2);
	ck_assert_msg(strstr(out, ".optin"), "%s", out);
}
END_TEST

/* A workload that opts in (.optin) launches with more than 48 KB of dynamic
 * shared memory per block on the H100, and gets the blocks per SM the
 * calculator gives; without .optin the launch is refused, naming the
 * directive; the G80 has no opt-in. */
START_TEST(workload_optin)
{
	const char *bin = getenv("SIMT_SIM");
	ck_assert(bin);
	char cmd[4096], out[1 << 16];
	/* reduce_sequential sizes its extern __shared__ array by .dynshared
	 * (THREADS * 4 bytes): a copy asking for 98296 bytes */
	const char *dir = "/tmp/simt-optin-test";
	snprintf(cmd, sizeof cmd,
		 "rm -rf %s && mkdir -p %s && cp '%s'/workloads/cuda/reduce_sequential.s '%s'/workloads/cuda/reduce.cu '%s'/workloads/cuda/reduce.ptx %s/ && "
		 "sed -i 's/^\\.dynshared .*/.dynshared 98296/' %s/reduce_sequential.s",
		 dir, dir, src_dir(), src_dir(), src_dir(), dir, dir);
	ck_assert_int_eq(run_cmd(cmd, out, sizeof out), 0);
	snprintf(cmd, sizeof cmd, "cd '%s' && '%s' configs/h100.ini %s/reduce_sequential.s 2>&1", src_dir(), bin, dir);
	ck_assert_int_eq(run_cmd(cmd, out, sizeof out), 2);
	ck_assert_msg(strstr(out, "opts in (.optin)"), "%s", out);
	snprintf(cmd, sizeof cmd, "sed -i 's/^\\.dynshared .*/.dynshared 98296\\n.optin/' %s/reduce_sequential.s", dir);
	ck_assert_int_eq(run_cmd(cmd, out, sizeof out), 0);
	snprintf(cmd, sizeof cmd, "cd '%s' && '%s' configs/h100.ini %s/reduce_sequential.s --json - 2>/dev/null", src_dir(), bin, dir);
	ck_assert_int_eq(run_cmd(cmd, out, sizeof out), 0);
	ck_assert_msg(strstr(out, "\"blocks_per_sm\": 2,"), "%s", out);
	snprintf(cmd, sizeof cmd, "cd '%s' && '%s' configs/g80.ini %s/reduce_sequential.s 2>&1", src_dir(), bin, dir);
	ck_assert_int_eq(run_cmd(cmd, out, sizeof out), 2);
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	run_cmd(cmd, out, sizeof out);
}
END_TEST

Suite *occupancy_suite(void)
{
	Suite *s = suite_create("occupancy");
	TCase *t = tcase_create("occupancy");
	tcase_add_test(t, h100_matches_cuda_calculator);
	tcase_add_test(t, h100_optin_matches_cuda_calculator);
	tcase_add_test(t, workload_optin);
	tcase_add_test(t, g80_cc10_rules);
	tcase_add_test(t, occupancy_command);
	suite_add_tcase(s, t);
	return s;
}
