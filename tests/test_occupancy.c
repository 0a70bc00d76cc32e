/* test_occupancy.c - blocks per SM against CUDA's own calculator: 1092
 * (threads, registers, shared memory) cases for an H100 generated from
 * cuda_occupancy.h by scripts/occupancy_golden.cpp, and cc 1.0 cases for
 * the G80 worked out by hand from the CUDA Occupancy Calculator's rules. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "explain.h"
#include "config.h"
#include "occupancy.h"
#include "run.h"

START_TEST(h100_matches_cuda_calculator)
{
	struct gpu_config c = load_shipped_config("h100");
	FILE *f = fopen(src_path("tests/data/occupancy_h100.txt"), "r");
	ck_assert(f);
	char line[256];
	int n = 0, nonzero = 0;
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#')
			continue;
		unsigned t, r, s, want;
		ck_assert_int_eq(sscanf(line, "%u %u %u %u", &t, &r, &s, &want), 4);
		struct occ_result o;
		occ_compute(&c, t, r, s, &o);
		ck_assert_msg(o.blocks == want, "threads %u regs %u smem %u: %u blocks, CUDA says %u (limiter %s)", t, r,
			      s, o.blocks, want, explain_limiter(o.limiter));
		n++;
		nonzero += want > 0;
	}
	fclose(f);
	ck_assert_int_ge(n, 200);
	ck_assert_int_ge(nonzero, 200);
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
		occ_compute(&c, k[i].t, k[i].r, k[i].s, &o);
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
}
END_TEST

Suite *occupancy_suite(void)
{
	Suite *s = suite_create("occupancy");
	TCase *t = tcase_create("occupancy");
	tcase_add_test(t, h100_matches_cuda_calculator);
	tcase_add_test(t, g80_cc10_rules);
	tcase_add_test(t, occupancy_command);
	suite_add_tcase(s, t);
	return s;
}
