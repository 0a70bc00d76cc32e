/* test_func.c - the functional runner: divergence and reconvergence,
 * barriers between warps, warp sync, and the three ways a run can stop
 * (deadlock, memory fault, no forward progress). */
#include <stdio.h>
#include <string.h>

#include "common.h"
#include "func.h"
#include "workload.h"

static struct sim_result R;

static struct program *run_text(const char *text, struct gmem *g, uint64_t window)
{
	struct program *p = must_assemble(text);
	gmem_init(g);
	uint32_t args[16] = {0};
	struct diag d = {0};
	ck_assert(wl_setup(p, g, args, &d));
	struct func_opts o = {16, window, 0};
	func_run(p, g, args, &o, &R);
	return p;
}

/* The seed's divergence example: if (tid < 4) { A; B; } else { X; Y; } Z;
 * over one warp. Counting by hand: 3 setup instructions (s2r, isetp,
 * bra) for 32 threads; the else path X, Y, bra-to-Z for 28 threads; the if
 * path A, B for 4; then Z and exit for 32 (7 warp instructions: the two
 * paths run one after the other). */
START_TEST(divergence_counts)
{
	struct gmem g;
	struct program *p = run_text(
		".grid 1\n.block 32\n.buffer out u32 32 zero\n.arg out\n"
		"        s2r r0, %tid.x\n"
		"        isetp.lt.u32 p0, r0, 4\n"
		"        @p0 bra then\n"
		"        iadd r1, r1, 10\n"   /* X */
		"        iadd r1, r1, 20\n"   /* Y */
		"        bra join\n"
		"then:   iadd r1, r1, 1\n"    /* A */
		"        iadd r1, r1, 2\n"    /* B */
		"join:   ldc r2, out\n"       /* Z */
		"        shl r3, r0, 2\n"
		"        iadd r2, r2, r3\n"
		"        stg [r2], r1\n"
		"        exit\n",
		&g, 1000000);
	ck_assert_int_eq(R.status, SIM_DONE);
	/* 3 + 3 (else) + 2 (then) + 5 (join..exit) */
	ck_assert_uint_eq(R.stats.warp_insns, 13);
	ck_assert_uint_eq(R.stats.thread_insns, 3 * 32 + 3 * 28 + 2 * 4 + 5 * 32);
	const uint32_t *out = (const uint32_t *)g.bufs[0].data;
	ck_assert_uint_eq(out[0], 3);
	ck_assert_uint_eq(out[3], 3);
	ck_assert_uint_eq(out[4], 30);
	ck_assert_uint_eq(out[31], 30);
	program_free(p);
	gmem_free(&g);
}
END_TEST

/* Warp 1 writes shared memory, the barrier orders it, warp 0 reads. */
START_TEST(barrier_orders_shared_memory)
{
	struct gmem g;
	struct program *p = run_text(
		".grid 2\n.block 64\n.shared s 256\n.buffer out u32 128 zero\n.arg out\n"
		"        s2r r0, %tid.x\n"
		"        shl r1, r0, 2\n"
		"        iadd r2, r0, 1000\n"
		"        sts [r1+s], r2\n"          /* s[t] = t + 1000 */
		"        bar.sync\n"
		"        xor r3, r0, 32\n"           /* partner in the other warp */
		"        shl r3, r3, 2\n"
		"        lds r4, [r3+s]\n"
		"        s2r r5, %ctaid.x\n"
		"        imad r6, r5, 64, r0\n"
		"        shl r6, r6, 2\n"
		"        ldc r7, out\n"
		"        iadd r7, r7, r6\n"
		"        stg [r7], r4\n"
		"        exit\n",
		&g, 1000000);
	ck_assert_int_eq(R.status, SIM_DONE);
	const uint32_t *out = (const uint32_t *)g.bufs[0].data;
	for (uint32_t b = 0; b < 2; b++)
		for (uint32_t t = 0; t < 64; t++)
			ck_assert_uint_eq(out[b * 64 + t], (t ^ 32) + 1000);
	ck_assert_uint_eq(R.stats.blocks, 2);
	program_free(p);
	gmem_free(&g);
}
END_TEST

START_TEST(deadlock_is_reported)
{
	/* lanes 0..15 wait at warpsync for the whole warp while lanes 16..31
	 * wait at the block barrier: neither can ever be released */
	struct gmem g;
	struct program *p = run_text(
		".grid 1\n.block 32\n"
		"        s2r r0, %tid.x\n"
		"        isetp.lt.u32 p0, r0, 16\n"
		"        @!p0 bra other\n"
		"        warpsync 0xffffffff\n"
		"        exit\n"
		"other:  bar.sync\n"
		"        exit\n",
		&g, 1000000);
	ck_assert_int_eq(R.status, SIM_DEADLOCK);
	ck_assert_msg(strstr(R.diagnosis, "warp 0 threads 0-15 wait at warpsync (test.s:6)"), "%s", R.diagnosis);
	ck_assert_msg(strstr(R.diagnosis, "warp 0 threads 16-31 wait at bar.sync (test.s:8)"), "%s", R.diagnosis);
	program_free(p);
	gmem_free(&g);
}
END_TEST

START_TEST(fault_is_reported)
{
	struct gmem g;
	struct program *p = run_text(
		".grid 1\n.block 32\n.buffer v f32 16 zero\n.arg v\n"
		"        s2r r0, %tid.x\n"
		"        shl r0, r0, 2\n"
		"        ldc r1, v\n"
		"        iadd r1, r1, r0\n"
		"        stg [r1], r0\n"
		"        exit\n",
		&g, 1000000);
	ck_assert_int_eq(R.status, SIM_FAULT);
	char want[256];
	snprintf(want, sizeof want, "test.s:9: out-of-bounds global access of 4 bytes at address 0x%08x",
		 GMEM_BASE + 64);
	ck_assert_msg(strstr(R.diagnosis, want), "%s", R.diagnosis);
	ck_assert_msg(strstr(R.diagnosis, "warp 0, lane 16 (thread 16), pc 4: stg [r1], r0"), "%s", R.diagnosis);
	ck_assert_msg(strstr(R.diagnosis, "nearest buffer: v at [0x00100000, 0x00100040) (64 bytes)"), "%s", R.diagnosis);
	const uint32_t *v = (const uint32_t *)g.bufs[0].data;
	ck_assert_uint_eq(v[1], 0); /* the faulting store did nothing */
	program_free(p);
	gmem_free(&g);
}
END_TEST

START_TEST(spin_is_no_progress)
{
	/* waits for a flag nobody sets */
	struct gmem g;
	struct program *p = run_text(
		".grid 1\n.block 32\n.buffer flag u32 1 zero\n.arg flag\n"
		"        ldc r1, flag\n"
		"spin:   ldg r2, [r1]\n"
		"        isetp.eq.u32 p0, r2, 0\n"
		"        @p0 bra spin\n"
		"        exit\n",
		&g, 5000);
	ck_assert_int_eq(R.status, SIM_NO_PROGRESS);
	ck_assert_msg(strstr(R.diagnosis, "no forward progress in block (0,0,0)"), "%s", R.diagnosis);
	ck_assert_uint_le(R.stats.warp_insns, 5002);
	program_free(p);
	gmem_free(&g);
}
END_TEST

Suite *func_suite(void)
{
	Suite *s = suite_create("func");
	TCase *t = tcase_create("func");
	tcase_add_test(t, divergence_counts);
	tcase_add_test(t, barrier_orders_shared_memory);
	tcase_add_test(t, deadlock_is_reported);
	tcase_add_test(t, fault_is_reported);
	tcase_add_test(t, spin_is_no_progress);
	suite_add_tcase(s, t);
	return s;
}
