/* test_cfg.c - reconvergence points (immediate post-dominators), worked
 * out by hand from each kernel's control-flow graph. */
#include "cfg.h"
#include "common.h"
#include "run.h"

#define HEAD ".grid 1\n.block 32\n"

START_TEST(if_else)
{
	/* if (p0) { A } else { X } Z : both paths meet at Z */
	struct program *p = must_assemble(HEAD
		"        isetp.lt.u32 p0, r0, 4\n" /* 0 */
		"        @!p0 bra else\n"          /* 1 */
		"        iadd r1, r1, 1\n"         /* 2  A */
		"        bra join\n"               /* 3 */
		"else:   iadd r1, r1, 2\n"         /* 4  X */
		"join:   iadd r1, r1, 3\n"         /* 5  Z */
		"        exit\n");                 /* 6 */
	ck_assert_uint_eq(p->ipdom[1], 5);
	ck_assert_uint_eq(p->ipdom[3], 5);
	ck_assert_uint_eq(p->ipdom[4], 5);
	ck_assert_uint_eq(p->ipdom[5], 7); /* the last block: kernel exit */
	program_free(p);
}
END_TEST

/* A bsync where the paths meet (as the CUDA front end writes ptxas's
 * BSYNC): the threads meet after it, so each path runs it; bssy changes
 * nothing. Under ITS each side of a divergent if issues the bsync once. */
START_TEST(bsync_meeting_point)
{
	struct program *p = must_assemble(HEAD
		"        s2r r0, %laneid\n"      /* 0 */
		"        isetp.lt.u32 p0, r0, 4\n" /* 1 */
		"        bssy\n"                 /* 2 */
		"        @!p0 bra join\n"        /* 3 */
		"        iadd r1, r1, 1\n"       /* 4 */
		"join:   bsync\n"                /* 5 */
		"        iadd r1, r1, 3\n"       /* 6 */
		"        exit\n");               /* 7 */
	ck_assert_uint_eq(p->ipdom[3], 6);
	program_free(p);
	struct run x;
	run_text(&x, HEAD
		"        s2r r0, %laneid\n"
		"        isetp.lt.u32 p0, r0, 4\n"
		"        bssy\n"
		"        @!p0 bra join\n"
		"        iadd r1, r1, 1\n"
		"join:   bsync\n"
		"        iadd r1, r1, 3\n"
		"        exit\n", "h100", NULL);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	ck_assert_uint_eq(x.r.stats.op_count[OP_BSSY], 1);
	ck_assert_uint_eq(x.r.stats.op_count[OP_BSYNC], 2);
	ck_assert_uint_eq(x.r.stats.op_count[OP_EXIT], 1); /* reconverged: one exit */
	done(&x);
}
END_TEST

START_TEST(nested_branches_ipdom)
{
	struct program *p = must_assemble(HEAD
		"        @!p0 bra z\n"    /* 0  if (A) */
		"        @!p1 bra b2\n"   /* 1  if (B) */
		"        @!p2 bra c2\n"   /* 2  if (C) */
		"        iadd r1, r1, 1\n"/* 3  c1 */
		"        bra cend\n"      /* 4 */
		"c2:     iadd r1, r1, 2\n"/* 5  c2 */
		"cend:   bra bend\n"      /* 6  end of if (C) */
		"b2:     iadd r1, r1, 3\n"/* 7  b2 */
		"bend:   iadd r1, r1, 0\n"/* 8  end of if (B) */
		"z:      iadd r1, r1, 4\n"/* 9  Z */
		"        exit\n");        /* 10 */
	ck_assert_uint_eq(p->ipdom[0], 9); /* A's paths meet at Z */
	ck_assert_uint_eq(p->ipdom[1], 8); /* B's at the end of if (B) */
	ck_assert_uint_eq(p->ipdom[2], 6); /* C's at the end of if (C) */
	program_free(p);
}
END_TEST

START_TEST(loops_and_exits)
{
	struct program *p = must_assemble(HEAD
		"top:    iadd r1, r1, 1\n"        /* 0 */
		"        isetp.lt.s32 p0, r1, r0\n"/* 1 */
		"        @p0 bra top\n"           /* 2  loop back edge */
		"        @p1 exit\n"              /* 3  some threads leave */
		"        iadd r2, r2, 1\n"        /* 4 */
		"        exit\n");                /* 5 */
	ck_assert_uint_eq(p->ipdom[2], 3); /* loop exit: the next instruction */
	ck_assert_uint_eq(p->ipdom[3], 6); /* exiting threads meet the rest only at kernel exit */
	program_free(p);
	/* a block that can never reach an exit post-dominates nothing */
	p = must_assemble(HEAD
		"        @p0 bra spin\n" /* 0 */
		"        exit\n"         /* 1 */
		"spin:   bra spin\n");   /* 2 */
	ck_assert_uint_eq(p->ipdom[0], 3);
	ck_assert_uint_eq(p->ipdom[2], 3);
	program_free(p);
}
END_TEST

/* Spin loops (cfg_spin): a loop whose leaving waits on memory, the clock
 * or a sleep, worked out by hand; a counted loop is not one, even when it
 * loads. */
START_TEST(spin_loops)
{
	/* the seed's lock: the exit tests the atomicCAS result */
	struct program *p = must_assemble(HEAD
		"top:    mov r2, 1\n"                 /* 0 */
		"        atomg.cas r4, [r1], 0, r2\n" /* 1 */
		"        isetp.eq.s32 p0, r4, 1\n"    /* 2 */
		"        @p0 bra top\n"               /* 3 */
		"        exit\n");
	for (unsigned pc = 0; pc < p->ncode; pc++)
		ck_assert_uint_eq(p->spin[pc], pc == 3 ? SPIN_YIELD : SPIN_NONE);
	program_free(p);
	/* a while loop tested at the top: the value reaches the exit test
	 * around the back edge, through a copy */
	p = must_assemble(HEAD
		"top:    isetp.eq.s32 p1, r3, 0\n"    /* 0 */
		"        @!p1 bra out\n"              /* 1 */
		"        ldg r2, [r1]\n"              /* 2 */
		"        mov r3, r2\n"                /* 3 */
		"        bra top\n"                   /* 4 */
		"out:    exit\n");
	ck_assert_uint_eq(p->spin[4], SPIN_YIELD);
	program_free(p);
	/* counted: the trip count is the thread's own, the load only feeds the sum */
	p = must_assemble(HEAD
		"top:    ldg r2, [r1]\n"              /* 0 */
		"        iadd r5, r5, r2\n"           /* 1 */
		"        iadd r3, r3, 1\n"            /* 2 */
		"        isetp.lt.s32 p0, r3, r4\n"   /* 3 */
		"        @p0 bra top\n"               /* 4 */
		"        exit\n");
	ck_assert_uint_eq(p->spin[4], SPIN_NONE);
	program_free(p);
	/* waiting on the clock, and sleeping */
	p = must_assemble(HEAD
		"top:    s2r r2, %clock\n"            /* 0 */
		"        isetp.lt.u32 p0, r2, r4\n"   /* 1 */
		"        @p0 bra top\n"               /* 2 */
		"again:  nanosleep 100\n"             /* 3 */
		"        iadd r3, r3, 1\n"            /* 4 */
		"        isetp.lt.s32 p0, r3, 4\n"    /* 5 */
		"        @p0 bra again\n"             /* 6 */
		"        exit\n");
	ck_assert_uint_eq(p->spin[2], SPIN_YIELD);
	ck_assert_uint_eq(p->spin[6], SPIN_SLEEP);
	program_free(p);
}
END_TEST

Suite *cfg_suite(void)
{
	Suite *s = suite_create("cfg");
	TCase *t = tcase_create("ipdom");
	tcase_add_test(t, if_else);
	tcase_add_test(t, bsync_meeting_point);
	tcase_add_test(t, nested_branches_ipdom);
	tcase_add_test(t, loops_and_exits);
	tcase_add_test(t, spin_loops);
	suite_add_tcase(s, t);
	return s;
}
