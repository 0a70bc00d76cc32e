/* test_its.c - independent thread scheduling against the reconvergence
 * stack, on the seed's synchronisation workloads. Expected sequences and
 * values are worked out by hand from the rules in docs/DIVERGENCE.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "common.h"
#include "run.h"
#include "simt.h"

static const char *const ITS[] = {"sm.divergence=its", "sm.barrier=thread", NULL};
static const char *const ITS_MINPC[] = {"sm.divergence=its", "sm.barrier=thread", "sm.convergence=minpc",
					NULL};
static const char *const STACK[] = {"sm.divergence=stack", NULL};

struct seq {
	uint32_t pc, mask;
	unsigned depth;
};

static void expect_seq(const struct seq *want, unsigned n, const char *what)
{
	ck_assert_msg(nev == n, "%s: %u issues, expected %u", what, nev, n);
	for (unsigned i = 0; i < n; i++)
		ck_assert_msg(ev[i].pc == want[i].pc && ev[i].mask == want[i].mask && ev[i].depth == want[i].depth,
			      "%s, issue %u: pc %u mask %08x depth %u; expected pc %u mask %08x depth %u", what, i,
			      ev[i].pc, ev[i].mask, ev[i].depth, want[i].pc, want[i].mask, want[i].depth);
}

/* divergence.s: `@!p0 bra else` sends lanes 4-31 to X, Y; lanes 0-3 fall
 * through to A, B. Every model runs A, B first (the fall-through path; for
 * minpc also the lower pc), then X, Y, then Z with all 32 lanes. The stack
 * reports entries (3 after the branch, 2 once A, B reach Z, 1 at Z), ITS
 * reports groups (2 while split, 1 once all threads are at Z). */
START_TEST(if_else_all_models)
{
	const uint32_t lo = 0xf, hi = ~0xfu;
	static const char *const *cfgs[] = {STACK, ITS, ITS_MINPC};
	static const char *const names[] = {"stack", "its ipdom", "its minpc"};
	for (int k = 0; k < 3; k++) {
		struct run x;
		run_file(&x, "workloads/divergence.s", "g80", cfgs[k], NULL, 0);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		bool stack = k == 0;
		struct seq want[] = {
			{0, ~0u, 1}, {1, ~0u, 1}, {2, ~0u, 1}, {3, ~0u, stack ? 3u : 2u},
			{4, lo, stack ? 3u : 2u}, {5, lo, stack ? 3u : 2u}, {6, lo, 2},   /* A, B, bra join */
			{7, hi, 2}, {8, hi, 1},                                            /* X, Y */
			{9, ~0u, 1}, {10, ~0u, 1}, {11, ~0u, 1}, {12, ~0u, 1}, {13, ~0u, 0}, /* Z, exit */
		};
		expect_seq(want, sizeof want / sizeof want[0], names[k]);
		ck_assert_uint_eq(x.r.stats.split_issues, 5);
		ck_assert_uint_eq(x.r.stats.thread_insns, 4 * 32 + 3 * 4 + 2 * 28 + 5 * 32);
		done(&x);
	}
}
END_TEST

/* A fall-through path that jumps past the taken target:
 *   2 @p0 bra t (10): lanes 0-15 taken; 16-31 fall to 3, which jumps to f2 (12)
 * ipdom goes on with the group that issued last (16-31 at 12) until it
 * reaches the reconvergence point j (13), then runs the other (10, 11);
 * minpc always takes the lowest pc: 10, 11 before 12. */
START_TEST(convergence_policies_differ)
{
	const char *text = ".grid 1\n.block 32\n"
			   "        s2r r0, %laneid\n"          /* 0 */
			   "        isetp.lt.u32 p0, r0, 16\n"  /* 1 */
			   "        @p0 bra t\n"                /* 2 */
			   "        bra f2\n"                   /* 3 */
			   "        iadd r1, r1, 99\n"          /* 4..9 never run */
			   "        iadd r1, r1, 99\n"
			   "        iadd r1, r1, 99\n"
			   "        iadd r1, r1, 99\n"
			   "        iadd r1, r1, 99\n"
			   "        iadd r1, r1, 99\n"
			   "t:      iadd r1, r1, 1\n"           /* 10 */
			   "        bra j\n"                    /* 11 */
			   "f2:     iadd r1, r1, 2\n"           /* 12 */
			   "j:      exit\n";                    /* 13 */
	const uint32_t lo = 0xffff, hi = 0xffff0000u;
	struct run x;
	run_text(&x, text, "g80", ITS);
	struct seq ipdom[] = {{0, ~0u, 1}, {1, ~0u, 1}, {2, ~0u, 2}, {3, hi, 2}, {12, hi, 2},
			      {10, lo, 2}, {11, lo, 1}, {13, ~0u, 0}};
	expect_seq(ipdom, 8, "ipdom");
	done(&x);
	run_text(&x, text, "g80", ITS_MINPC);
	struct seq minpc[] = {{0, ~0u, 1}, {1, ~0u, 1}, {2, ~0u, 2}, {3, hi, 2}, {10, lo, 2},
			      {11, lo, 2}, {12, hi, 1}, {13, ~0u, 0}};
	expect_seq(minpc, 8, "minpc");
	done(&x);
}
END_TEST

static uint32_t word(const struct run *x, unsigned buf, unsigned i)
{
	return ((const uint32_t *)x->g.bufs[buf].data)[i];
}

START_TEST(spinlock_stack_livelocks_its_passes)
{
	struct run x;
	run_file(&x, "workloads/spinlock.s", "g80", STACK, NULL, 0);
	ck_assert_int_eq(x.r.status, SIM_NO_PROGRESS);
	ck_assert_msg(strstr(x.diagnosis, "spinning: block (0,0,0) warp 0 (SM 0), threads 1-31, in the loop over pcs 3..5 (") &&
			      strstr(x.diagnosis, "spinlock.s:30-32)"),
		      "%s", x.diagnosis);
	ck_assert_msg(strstr(x.diagnosis, "parked: threads 0 of warp 0 are masked off in the reconvergence stack, waiting at line 33"),
		      "%s", x.diagnosis);
	done(&x);
	run_file(&x, "workloads/spinlock.s", "g80", ITS, NULL, 0);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	ck_assert_uint_eq(word(&x, 1, 0), 32);
	ck_assert_uint_eq(word(&x, 0, 0), 0); /* released */
	done(&x);
	run_file(&x, "workloads/spinlock.s", "g80", ITS_MINPC, NULL, 0);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	ck_assert_uint_eq(word(&x, 1, 0), 32);
	done(&x);
	struct param_override big[] = {{"BLOCKS", "4"}, {"THREADS", "256"}};
	run_file(&x, "workloads/spinlock.s", "h100", NULL, big, 2); /* h100: its by default */
	ck_assert_int_eq(x.r.status, SIM_DONE);
	ck_assert_uint_eq(word(&x, 1, 0), 1024);
	done(&x);
	run_file(&x, "workloads/spinlock.s", "h100", STACK, big, 2);
	ck_assert_int_eq(x.r.status, SIM_NO_PROGRESS);
	done(&x);
}
END_TEST

/* The seed's lock under ITS, round by round as an H100 runs it (per-SASS
 * counts with ncu, docs/CUDA.md): the losers' backward branch yields to the
 * round's winner, which runs its critical section to exit before they try
 * again, so no round is lost: 32 rounds for 32 threads, and the acquiring
 * atomicCAS (pc 3) runs for 32 + 31 + ... + 1 = 528 threads, the H100's
 * count; the critical section (pc 6) runs 32 times, one thread each. */
START_TEST(spinlock_rounds_as_h100)
{
	struct run x;
	run_file(&x, "workloads/spinlock.s", "h100", NULL, NULL, 0);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	unsigned cas = 0, cas_threads = 0, crit = 0;
	for (unsigned i = 0; i < nev; i++) {
		if (ev[i].pc == 3) {
			cas++;
			cas_threads += (unsigned)__builtin_popcount(ev[i].mask);
		}
		if (ev[i].pc == 6) {
			crit++;
			ck_assert_int_eq(__builtin_popcount(ev[i].mask), 1);
		}
	}
	ck_assert_uint_eq(cas, 32);
	ck_assert_uint_eq(cas_threads, 528);
	ck_assert_uint_eq(crit, 32);
	done(&x);
}
END_TEST

/* The convergence barriers run as the H100 runs them (ncu SourceCounters,
 * docs/data/cuda-h100/src_spinlock.csv, src_warp_aggregated_atomic.csv):
 * spinlock.cu's BSSY once, before the loop, its BSYNC once per thread
 * leaving the loop (32), and the lock still taken in 32 rounds (32 CAS
 * tries); in warp_aggregated_atomic.cu each of the 2 warps runs BSSY once
 * and BSYNC twice, once per side of its divergent `if`. */
START_TEST(convergence_barriers_as_h100)
{
	struct sim_stats st = run_done_stats("workloads/cuda/spinlock.s", "h100", NULL, 0);
	ck_assert_uint_eq(st.op_count[OP_BSSY], 1);
	ck_assert_uint_eq(st.op_count[OP_BSYNC], 32);
	ck_assert_uint_eq(st.op_count[OP_ATOMG_CAS], 32 + 32); /* tries, releases */
	st = run_done_stats("workloads/cuda/warp_aggregated_atomic.s", "h100", NULL, 0);
	ck_assert_uint_eq(st.op_count[OP_BSSY], 2);
	ck_assert_uint_eq(st.op_count[OP_BSYNC], 4);
}
END_TEST

/* A yield holds its warp for sm.yield_cycles (docs/DIVERGENCE.md): in
 * spinlock.s every round but the last ends with the losers' backward branch
 * (pc 5) yielding to the winner, and the warp's next issue comes that many
 * cycles later; the last round has no loser, no yield, and no wait. A spin
 * loop that sleeps has no YIELD in ptxas's code and is not charged: the
 * same lock backing off with nanosleep takes the same cycles whatever the
 * key. */
START_TEST(yield_holds_the_warp)
{
	static const char *const y500[] = {"sm.yield_cycles=500", NULL};
	struct run x;
	run_file(&x, "workloads/spinlock.s", "h100", y500, NULL, 0);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	unsigned yields = 0, last_round = 0;
	for (unsigned i = 0; i + 1 < nev; i++) {
		if (ev[i].pc != 5)
			continue;
		uint64_t gap = ev[i + 1].cycle - ev[i].cycle;
		if (__builtin_popcount(ev[i].mask) > 1) {
			ck_assert_uint_ge(gap, 500);
			yields++;
		} else {
			ck_assert_uint_lt(gap, 500);
			last_round++;
		}
	}
	ck_assert_uint_eq(yields, 31);
	ck_assert_uint_eq(last_round, 1);
	done(&x);
	const char *sleepy = ".grid 1\n.block 32\n.buffer m u32 1 zero\n.arg m\n"
			     "        ldc r1, m\n"
			     "        mov r6, 1\n"
			     "spin:   atomg.cas r3, [r1], rz, r6\n"
			     "        isetp.eq.u32 p0, r3, 1\n"
			     "        @!p0 bra got\n"
			     "        nanosleep 100\n"
			     "        bra spin\n"
			     "got:    atomg.cas r5, [r1], r6, rz\n"
			     "        exit\n";
	uint64_t cycles[2];
	for (int k = 0; k < 2; k++) {
		run_text(&x, sleepy, "h100", k ? y500 : NULL);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		ck_assert_uint_eq(x.p->spin[6], SPIN_SLEEP);
		cycles[k] = x.r.stats.cycles;
		done(&x);
	}
	ck_assert_uint_eq(cycles[0], cycles[1]);
}
END_TEST

/* A counted loop does not yield: lane l runs it l times, the lanes that
 * leave wait at the reconvergence point, and the code after the loop
 * (pc 6) issues once, for the whole warp (as the H100's BSYNC makes it in
 * divergent_loop.cu). */
START_TEST(counted_loop_reconverges)
{
	const char *text = ".grid 1\n.block 32\n"
			   "        s2r r0, %laneid\n"          /* 0 */
			   "top:    isetp.ge.s32 p0, r1, r0\n"  /* 1 */
			   "        @p0 bra out\n"              /* 2 */
			   "        iadd r2, r2, r1\n"          /* 3 */
			   "        iadd r1, r1, 1\n"           /* 4 */
			   "        bra top\n"                  /* 5 */
			   "out:    iadd r3, r2, 1\n"           /* 6 */
			   "        exit\n";                    /* 7 */
	struct run x;
	run_text(&x, text, "h100", ITS);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	unsigned after = 0;
	for (unsigned i = 0; i < nev; i++)
		if (ev[i].pc == 6) {
			after++;
			ck_assert_uint_eq(ev[i].mask, ~0u);
		}
	ck_assert_uint_eq(after, 1);
	done(&x);
}
END_TEST

START_TEST(barrier_divergence_its_completes)
{
	struct run x;
	run_file(&x, "workloads/barrier_divergence.s", "h100", NULL, NULL, 0);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	ck_assert_msg(strstr(x.warnings, "bar.sync at ") &&
			      strstr(x.warnings, "reached by threads 0,2,4,...,30 of warp 0 while threads 1,3,5,...,31 of that warp are on another path (synccheck"),
		      "%s", x.warnings);
	const float *d = (const float *)x.g.bufs[0].data;
	ck_assert(d[0] == 1.0f && d[1] == 2.0f && d[31] == 2.0f);
	done(&x);
}
END_TEST

/* Each half of the warp writes its slot, syncs at its own warpsync (two
 * pcs), then, still on its own path, reads the other half's slot. With ITS
 * both halves wait for each other; with the stack the first half goes on
 * alone (warning) and reads the slot before the other half rewrote it. */
START_TEST(warpsync_waits_across_paths)
{
	const char *text = ".grid 1\n.block 32\n.shared s 128\n.buffer out u32 32 zero\n.arg out\n"
			   "        s2r r0, %laneid\n"
			   "        shl r1, r0, 2\n"
			   "        iadd r2, r0, 100\n"
			   "        sts [r1+s], r2\n"            /* s[lane] = lane + 100 */
			   "        isetp.lt.u32 p0, r0, 16\n"
			   "        xor r3, r0, 16\n"
			   "        shl r3, r3, 2\n"
			   "        ldc r5, out\n"
			   "        iadd r5, r5, r1\n"
			   "        @!p0 bra upper\n"
			   "        warpsync 0xffffffff\n"       /* lower half syncs here ... */
			   "        lds r4, [r3+s]\n"            /* ... and reads the upper half's slot */
			   "        stg [r5], r4\n"
			   "        exit\n"
			   "upper:  iadd r2, r2, 1000\n"
			   "        sts [r1+s], r2\n"            /* upper half rewrites: lane + 1100 */
			   "        warpsync 0xffffffff\n"       /* ... upper half syncs here */
			   "        lds r4, [r3+s]\n"
			   "        stg [r5], r4\n"
			   "        exit\n";
	struct run x;
	run_text(&x, text, "g80", ITS);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	ck_assert_uint_eq(word(&x, 0, 0), 16 + 1100); /* lane 0 reads lane 16's final value */
	ck_assert_uint_eq(word(&x, 0, 16), 0 + 100);
	ck_assert_str_eq(x.warnings, "");
	done(&x);
	run_text(&x, text, "g80", STACK);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	ck_assert_uint_eq(word(&x, 0, 0), 16 + 100); /* read before the upper half rewrote it */
	ck_assert_msg(strstr(x.warnings, "warpsync at test.s:16 (pc 10): threads 16-31 of warp 0 are on another path of the reconvergence stack"),
		      "%s", x.warnings);
	done(&x);
	/* lanes 0-15 wait at warpsync for lanes 16-31, which wait at the block
	 * barrier for lanes 0-15: deadlock under ITS too */
	run_text(&x, ".grid 1\n.block 32\n        s2r r0, %laneid\n        isetp.lt.u32 p0, r0, 16\n"
		     "        @!p0 bra other\n        warpsync 0xffffffff\n        exit\n"
		     "other:  bar.sync\n        exit\n", "g80", ITS);
	ck_assert_int_eq(x.r.status, SIM_DEADLOCK);
	ck_assert_msg(strstr(x.diagnosis, "waiting: warp 0 threads 0-15 at warpsync test.s:6 (pc 3)") &&
			      strstr(x.diagnosis, "waiting: warp 0 threads 16-31 at test.s:8 (pc 5)"),
		      "%s", x.diagnosis);
	done(&x);
}
END_TEST

START_TEST(warp_primitives_and_masks)
{
	static const char *const *cfgs[] = {STACK, ITS};
	for (int k = 0; k < 2; k++) {
		struct run x;
		run_file(&x, "workloads/warp_reduce_syncwarp.s", "g80", cfgs[k], NULL, 0);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		ck_assert_uint_eq(word(&x, 1, 0), 496);
		done(&x);
		run_file(&x, "workloads/shfl_reduce.s", "g80", cfgs[k], NULL, 0);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		ck_assert_uint_eq(word(&x, 1, 0), 496);
		done(&x);
		run_file(&x, "workloads/ballot_mask.s", "g80", cfgs[k], NULL, 0);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		ck_assert_uint_eq(word(&x, 1, 0), 190);
		/* lane l reads l + offset; lanes 20-31 are outside the branch */
		ck_assert_msg(strstr(x.warnings, "shfl at ") &&
				      strstr(x.warnings, "reads threads 20-31 of warp 0, which are not in the issuing group"),
			      "%s", x.warnings);
		done(&x);
		/* counters 22, 21, 21; each counter hands out 0..n-1 once */
		run_file(&x, "workloads/warp_aggregated_atomic.s", "g80", cfgs[k], NULL, 0);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		ck_assert(word(&x, 0, 0) == 22 && word(&x, 0, 1) == 21 && word(&x, 0, 2) == 21);
		for (unsigned j = 0; j < 3; j++) {
			unsigned seen[32] = {0}, n = 0;
			for (unsigned t = j; t < 64; t += 3, n++) {
				uint32_t v = word(&x, 1, t);
				ck_assert_msg(v < word(&x, 0, j) && !seen[v]++, "counter %u: value %u twice or out of range", j, v);
			}
			ck_assert_uint_eq(n, word(&x, 0, j));
		}
		/* one predicated atomic instruction per warp, its 3 leader lanes active */
		ck_assert_uint_eq(x.r.stats.op_count[OP_ATOMG], 2);
		done(&x);
	}
	/* a full mask inside a divergent branch names threads of the other path */
	struct run x;
	run_text(&x, ".grid 1\n.block 32\n        s2r r0, %laneid\n        isetp.lt.u32 p0, r0, 8\n"
		     "        @!p0 bra out\n        shfl.idx r1, r0, 0, 0xffffffff\nout:    exit\n", "g80", ITS);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	ck_assert_msg(strstr(x.warnings, "shfl at test.s:6 (pc 3): the mask 0xffffffff names threads 8-31 of warp 0, which are not in the issuing group"),
		      "%s", x.warnings);
	done(&x);
}
END_TEST

START_TEST(nested_divergence_both_models)
{
	static const char *const *cfgs[] = {STACK, ITS, ITS_MINPC};
	uint64_t insns = 0;
	for (int k = 0; k < 3; k++) {
		struct run x;
		run_file(&x, "workloads/divergence_nested.s", "g80", cfgs[k], NULL, 0);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		/* the same instructions run, in the same groups, under every model */
		if (k == 0)
			insns = x.r.stats.thread_insns;
		ck_assert_uint_eq(x.r.stats.thread_insns, insns);
		done(&x);
	}
}
END_TEST

/* nanosleep puts the issuing threads to sleep: under ITS the other path of
 * the warp goes on meanwhile; the stack sleeps the whole warp. Each lane
 * stores the clock when it gets past the branch. */
START_TEST(sleep_is_per_thread_under_its)
{
	const char *text = ".grid 1\n.block 32\n.buffer out u32 32 zero\n.arg out\n"
			   "        s2r r0, %laneid\n"
			   "        shl r1, r0, 2\n"
			   "        ldc r2, out\n"
			   "        iadd r2, r2, r1\n"
			   "        isetp.lt.u32 p0, r0, 16\n"
			   "        @!p0 bra fast\n"
			   "        nanosleep 2000\n"      /* lanes 0-15 sleep ... */
			   "fast:   s2r r3, %clock\n"        /* ... lanes 16-31 go straight on */
			   "        stg [r2], r3\n"
			   "        exit\n";
	struct run x;
	run_text(&x, text, "g80", ITS);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	/* 2000 ns at 1350 MHz = 2700 cycles */
	ck_assert_uint_lt(word(&x, 0, 16) + 2000, word(&x, 0, 0));
	ck_assert_uint_ge(x.r.stats.stalls[STALL_SLEEPING], 2600);
	done(&x);
	run_text(&x, text, "g80", STACK);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	/* the sleeping path runs first and holds the whole warp; the paths
	 * reconverge at fast and store the same clock, after the sleep */
	ck_assert_uint_eq(word(&x, 0, 16), word(&x, 0, 0));
	ck_assert_uint_ge(word(&x, 0, 16), 2700);
	done(&x);
}
END_TEST

/* A straight run (functional mode) leaves a divergence model as the same
 * instructions stepped one by one do: a converged warp runs straight to
 * the end; after a divergent branch the stack runs a path straight to its
 * reconvergence pc (and pops there) while ITS, with a reconvergence record
 * to keep, runs nothing straight until the paths meet again. */
static void step_plain(const struct simt_ops *ops, void *st, const struct program *p, uint32_t pc, uint32_t mask)
{
	struct simt_step x = {&p->code[pc], pc, mask, 0, 0, p->ipdom[pc], false};
	ops->step(st, &x);
}

/* Two fresh states of the model for a converged full warp of p. */
static void fresh_pair(const struct simt_ops *ops, const struct program *p, void **a, void **b)
{
	*a = calloc(1, ops->state_size);
	*b = calloc(1, ops->state_size);
	ops->init(*a, ~0u, 0, p->code);
	ops->init(*b, ~0u, 0, p->code);
}

static void same_state(const struct simt_ops *ops, const void *a, const void *b, const char *what)
{
	uint32_t pa = 0, ma = 0, pb = 0, mb = 0;
	bool ra = ops->next(a, &pa, &ma), rb = ops->next(b, &pb, &mb);
	ck_assert_msg(ra == rb && pa == pb && ma == mb && ops->depth(a) == ops->depth(b) &&
			      ops->live(a) == ops->live(b),
		      "%s %s: next pc %u mask %08x depth %u, stepped: pc %u mask %08x depth %u", ops->name, what,
		      pa, ma, ops->depth(a), pb, mb, ops->depth(b));
}

START_TEST(straight_runs_step_by_step)
{
	struct program *p = must_assemble(".grid 1\n.block 32\n.regs 4\n"
					  "    s2r r0, %laneid\n"             /* 0 */
					  "    isetp.lt.u32 p0, r0, 16\n"     /* 1 */
					  "@p0 bra T\n"                       /* 2: lanes 0-15 to T */
					  "    iadd r1, r1, 1\n"              /* 3 */
					  "    iadd r1, r1, 1\n"              /* 4 */
					  "    bra J\n"                       /* 5 */
					  "T:  iadd r1, r1, 2\n"              /* 6 */
					  "    iadd r1, r1, 2\n"              /* 7 */
					  "    iadd r1, r1, 2\n"              /* 8 */
					  "J:  iadd r2, r2, 1\n"              /* 9: the reconvergence pc */
					  "    iadd r2, r2, 1\n"              /* 10 */
					  "    exit\n");                      /* 11 */
	ck_assert_uint_eq(p->ipdom[2], 9);
	const uint32_t lo = 0xffffu, hi = ~0xffffu;
	const struct simt_ops *models[] = {&simt_stack_ops, &simt_its_ops};
	for (int k = 0; k < 2; k++) {
		const struct simt_ops *ops = models[k];
		bool stack = k == 0;
		void *a, *b;
		fresh_pair(ops, p, &a, &b);
		ck_assert_uint_eq(ops->straight(a, 0, ~0u), UINT32_MAX); /* converged: no limit */
		ops->advance(a, 2, ~0u);
		step_plain(ops, b, p, 0, ~0u);
		step_plain(ops, b, p, 1, ~0u);
		same_state(ops, a, b, "converged run");
		struct simt_step br = {&p->code[2], 2, ~0u, lo, 0, 9, false};
		ops->step(a, &br);
		ops->step(b, &br);
		same_state(ops, a, b, "after the branch");
		uint32_t pc = 0, mask = 0;
		ck_assert(ops->next(a, &pc, &mask));
		ck_assert_uint_eq(pc, 3); /* the fall-through path first */
		ck_assert_uint_eq(mask, hi);
		ck_assert_uint_eq(ops->straight(a, 3, hi), stack ? 9 : 3);
		if (stack)
			ops->advance(a, 5, hi);
		else {
			step_plain(ops, a, p, 3, hi);
			step_plain(ops, a, p, 4, hi);
		}
		step_plain(ops, b, p, 3, hi);
		step_plain(ops, b, p, 4, hi);
		same_state(ops, a, b, "fall-through path");
		struct simt_step bj = {&p->code[5], 5, hi, hi, 0, p->ipdom[5], false};
		ops->step(a, &bj);
		ops->step(b, &bj);
		ck_assert(ops->next(a, &pc, &mask));
		ck_assert_uint_eq(pc, 6); /* the taken path */
		ck_assert_uint_eq(mask, lo);
		ck_assert_uint_eq(ops->straight(a, 6, lo), stack ? 9 : 6);
		if (stack)
			ops->advance(a, 9, lo); /* reaches the reconvergence pc: popped */
		else
			for (uint32_t q = 6; q < 9; q++)
				step_plain(ops, a, p, q, lo);
		for (uint32_t q = 6; q < 9; q++)
			step_plain(ops, b, p, q, lo);
		same_state(ops, a, b, "taken path");
		ck_assert(ops->next(a, &pc, &mask));
		ck_assert_uint_eq(pc, 9); /* together again */
		ck_assert_uint_eq(mask, ~0u);
		if (!stack) { /* one issue of the whole warp makes it one group again */
			ck_assert_uint_eq(ops->straight(a, 9, ~0u), 9);
			step_plain(ops, a, p, 9, ~0u);
			step_plain(ops, b, p, 9, ~0u);
			ck_assert_uint_eq(ops->straight(a, 10, ~0u), UINT32_MAX);
		} else {
			ck_assert_uint_eq(ops->straight(a, 9, ~0u), UINT32_MAX);
			step_plain(ops, b, p, 9, ~0u);
		}
		ops->advance(a, 11, ~0u);
		step_plain(ops, b, p, 10, ~0u);
		same_state(ops, a, b, "after reconverging");
		ops->block(a, 1u); /* a blocked lane: no straight run */
		ck_assert_uint_eq(ops->straight(a, 11, stack ? ~0u : ~1u), 11);
		free(a);
		free(b);
	}
	program_free(p);
}
END_TEST

/* move_on is straight, advance and next in one: the same state and group
 * as a step, and -1 with nothing changed where straight refuses. */
START_TEST(move_on_is_one_plain_step)
{
	struct program *p = must_assemble(".grid 1\n.block 32\n.regs 4\n"
					  "    s2r r0, %laneid\n"             /* 0 */
					  "    isetp.lt.u32 p0, r0, 16\n"     /* 1 */
					  "@p0 bra T\n"                       /* 2: lanes 0-15 to T */
					  "    iadd r1, r1, 1\n"              /* 3 */
					  "    bra J\n"                       /* 4 */
					  "T:  iadd r1, r1, 2\n"              /* 5 */
					  "J:  iadd r2, r2, 1\n"              /* 6: the reconvergence pc */
					  "    exit\n");                      /* 7 */
	const uint32_t lo = 0xffffu, hi = ~0xffffu;
	const struct simt_ops *models[] = {&simt_stack_ops, &simt_its_ops};
	for (int k = 0; k < 2; k++) {
		const struct simt_ops *ops = models[k];
		void *a, *b;
		fresh_pair(ops, p, &a, &b);
		uint32_t pc = 99, mask = 0;
		ck_assert_int_eq(ops->move_on(a, 0, ~0u, &pc, &mask), 1);
		ck_assert_uint_eq(pc, 1);
		ck_assert_uint_eq(mask, ~0u);
		step_plain(ops, b, p, 0, ~0u);
		same_state(ops, a, b, "move_on converged");
		struct simt_step br = {&p->code[2], 2, ~0u, lo, 0, 6, false};
		ck_assert_int_eq(ops->move_on(a, 1, ~0u, &pc, &mask), 1);
		step_plain(ops, b, p, 1, ~0u);
		ops->step(a, &br);
		ops->step(b, &br);
		ck_assert(ops->next(a, &pc, &mask));
		ck_assert_uint_eq(pc, 3);
		ck_assert_uint_eq(mask, hi);
		int moved = ops->move_on(a, 3, hi, &pc, &mask);
		if (k == 0) { /* the stack's top entry runs on */
			ck_assert_int_eq(moved, 1);
			ck_assert_uint_eq(pc, 4);
			ck_assert_uint_eq(mask, hi);
			step_plain(ops, b, p, 3, hi);
		} else { /* diverged: ITS takes step */
			ck_assert_int_eq(moved, -1);
			ck_assert_uint_eq(pc, 3);
		}
		same_state(ops, a, b, "move_on diverged");
		ops->block(a, ~0u); /* every lane blocked: no group */
		if (k == 0)
			ck_assert_int_eq(ops->move_on(a, 4, hi, &pc, &mask), -1);
		free(a);
		free(b);
	}
	program_free(p);
}
END_TEST

Suite *its_suite(void)
{
	Suite *s = suite_create("its");
	TCase *t = tcase_create("its");
	tcase_set_timeout(t, 300);
	tcase_add_test(t, if_else_all_models);
	tcase_add_test(t, convergence_policies_differ);
	tcase_add_test(t, spinlock_stack_livelocks_its_passes);
	tcase_add_test(t, barrier_divergence_its_completes);
	tcase_add_test(t, warpsync_waits_across_paths);
	tcase_add_test(t, warp_primitives_and_masks);
	tcase_add_test(t, nested_divergence_both_models);
	tcase_add_test(t, sleep_is_per_thread_under_its);
	tcase_add_test(t, spinlock_rounds_as_h100);
	tcase_add_test(t, convergence_barriers_as_h100);
	tcase_add_test(t, yield_holds_the_warp);
	tcase_add_test(t, counted_loop_reconverges);
	tcase_add_test(t, straight_runs_step_by_step);
	tcase_add_test(t, move_on_is_one_plain_step);
	suite_add_tcase(s, t);
	return s;
}
