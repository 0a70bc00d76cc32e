/* test_core.c - the cycle-level core. Every expected value is derived by
 * hand from the seeds or the model's stated rules (written next to each
 * test), never copied from a run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "core.h"
#include "unitq.h"
#include "wakeq.h"
#include "config.h"
#include "gpu.h"
#include "util.h"
#include "workload.h"
#include "run.h"

/* The seed's if (tid < 4) { A; B; } else { X; Y; } Z; on one warp. The
 * stack runs the fall-through path first (X, Y: lanes 4-31), then the
 * taken path (A, B: lanes 0-3), then reconverges at Z with all 32 lanes.
 * Depths: 1 before the branch, 3 after it (reconvergence entry + two
 * paths), 2 once the first path reaches Z and is popped, 1 at Z. */
START_TEST(stack_if_else_sequence)
{
	struct run x;
	run_text(&x,
		 ".grid 1\n.block 32\n.buffer out u32 32 zero\n.arg out\n"
		 "        s2r r0, %tid.x\n"          /* 0 */
		 "        isetp.lt.u32 p0, r0, 4\n"  /* 1 */
		 "        @p0 bra then\n"            /* 2 */
		 "        iadd r1, r1, 10\n"         /* 3  X */
		 "        iadd r1, r1, 20\n"         /* 4  Y */
		 "        bra join\n"                /* 5 */
		 "then:   iadd r1, r1, 1\n"          /* 6  A */
		 "        iadd r1, r1, 2\n"          /* 7  B */
		 "join:   ldc r2, out\n"             /* 8  Z */
		 "        shl r3, r0, 2\n"
		 "        iadd r2, r2, r3\n"
		 "        stg [r2], r1\n"
		 "        exit\n",
		 "g80", NULL);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	static const struct { uint32_t pc, mask; unsigned depth; } want[] = {
		{0, ~0u, 1}, {1, ~0u, 1}, {2, ~0u, 3},
		{3, ~0xfu, 3}, {4, ~0xfu, 3}, {5, ~0xfu, 2},
		{6, 0xfu, 2}, {7, 0xfu, 1},
		{8, ~0u, 1}, {9, ~0u, 1}, {10, ~0u, 1}, {11, ~0u, 1}, {12, ~0u, 0},
	};
	ck_assert_uint_eq(nev, 13);
	for (unsigned i = 0; i < 13; i++) {
		ck_assert_msg(ev[i].pc == want[i].pc && ev[i].mask == want[i].mask && ev[i].depth == want[i].depth,
			      "issue %u: pc %u mask %08x depth %u, expected pc %u mask %08x depth %u", i, ev[i].pc,
			      ev[i].mask, ev[i].depth, want[i].pc, want[i].mask, want[i].depth);
	}
	ck_assert_uint_eq(x.r.stats.thread_insns, 3 * 32 + 3 * 28 + 2 * 4 + 5 * 32);
	ck_assert_uint_eq(x.r.stats.divergent_branches, 1);
	const uint32_t *out = (const uint32_t *)x.g.bufs[0].data;
	ck_assert(out[0] == 3 && out[3] == 3 && out[4] == 30 && out[31] == 30);
	done(&x);
}
END_TEST

/* The nested branches of the branch-stack slides (seed 002):
 *   if (A) { if (B) { if (C) { c1 } else { c2 } } else { b2 } } Z
 * with A true for lanes 0-15, B for 0-7, C for 0-3. Each branch below
 * jumps when its condition is false, so the fall-through (true) side runs
 * first; each level pushes two entries and pops them at its join. */
START_TEST(stack_nested_sequence)
{
	struct run x;
	run_text(&x,
		 ".grid 1\n.block 32\n"
		 "        s2r r0, %tid.x\n"            /* 0 */
		 "        isetp.lt.u32 p0, r0, 16\n"   /* 1  A */
		 "        isetp.lt.u32 p1, r0, 8\n"    /* 2  B */
		 "        isetp.lt.u32 p2, r0, 4\n"    /* 3  C */
		 "        @!p0 bra z\n"                /* 4 */
		 "        @!p1 bra b2\n"               /* 5 */
		 "        @!p2 bra c2\n"               /* 6 */
		 "        iadd r1, r1, 1\n"            /* 7  c1 */
		 "        bra cend\n"                  /* 8 */
		 "c2:     iadd r1, r1, 2\n"            /* 9  c2 */
		 "cend:   bra bend\n"                  /* 10 */
		 "b2:     iadd r1, r1, 3\n"            /* 11 b2 */
		 "bend:   iadd r1, r1, 0\n"            /* 12 */
		 "z:      exit\n",                     /* 13 Z */
		 "g80", NULL);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	static const struct { uint32_t pc, mask; unsigned depth; } want[] = {
		{0, ~0u, 1}, {1, ~0u, 1}, {2, ~0u, 1}, {3, ~0u, 1},
		{4, ~0u, 3},            /* A diverges: [Z:all] [z:16-31] [5:0-15] */
		{5, 0xffffu, 5},        /* B diverges: + [b2:8-15] [6:0-7] */
		{6, 0xffu, 7},          /* C diverges: + [c2:4-7] [7:0-3] */
		{7, 0xfu, 7},           /* c1 */
		{8, 0xfu, 6},           /* reaches cend: pop */
		{9, 0xf0u, 5},          /* c2, reaches cend: pop */
		{10, 0xffu, 4},         /* if (C) joined; bra bend reaches bend: pop */
		{11, 0xff00u, 3},       /* b2 reaches bend: pop */
		{12, 0xffffu, 1},       /* if (B) joined; reaches z: pop, and the A-false
		                         * entry, which starts at z, pops too */
		{13, ~0u, 0},           /* Z with every lane; exit empties the stack */
	};
	unsigned n = sizeof want / sizeof want[0];
	ck_assert_uint_eq(nev, n);
	for (unsigned i = 0; i < n; i++)
		ck_assert_msg(ev[i].pc == want[i].pc && ev[i].mask == want[i].mask && ev[i].depth == want[i].depth,
			      "issue %u: pc %u mask %08x depth %u, expected pc %u mask %08x depth %u", i, ev[i].pc,
			      ev[i].mask, ev[i].depth, want[i].pc, want[i].mask, want[i].depth);
	done(&x);
}
END_TEST

/* Seed 000 Example II: 100 blocks of 64 threads on a G80 (16 SMs, 768
 * threads per SM): 768/64 = 12 by threads but 8 blocks per SM at most,
 * so all 100 are resident at once, dealt round robin: 100 = 16*6 + 4, so
 * four SMs run 7 blocks and twelve run 6. */
START_TEST(example_ii_blocks_per_sm)
{
	struct run x;
	run_text(&x, ".grid 100\n.block 64\n        iadd r1, r1, 1\n        exit\n", "g80", NULL);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	ck_assert_uint_eq(x.r.blocks_per_sm, 8);
	unsigned six = 0, seven = 0, total = 0;
	for (unsigned i = 0; i < x.r.nsms; i++) {
		six += x.r.sms[i].blocks == 6;
		seven += x.r.sms[i].blocks == 7;
		total += (unsigned)x.r.sms[i].blocks;
		ck_assert_uint_eq(x.r.sms[i].max_blocks, x.r.sms[i].blocks); /* all at once */
	}
	ck_assert_uint_eq(total, 100);
	ck_assert_uint_eq(seven, 4);
	ck_assert_uint_eq(six, 12);
	done(&x);
}
END_TEST

/* Seed 000 Example I (workloads/latency_hiding.s): FP32 utilisation in the
 * steady state is min(1, 16 W / 213) for W warps (the workload's comment
 * derives the 213-cycle period from the seed's assumptions), with each
 * warp running its 4 multiply-adds back to back as the seed counts them
 * (greedy-then-oldest scheduling). */
static double fp_utilisation(const char *warps)
{
	struct param_override ov[] = {{"WARPS", warps}};
	static const char *const sets[] = {"dram.latency=200", "mem.coalescing=sector", "sm.scheduler=gto", NULL};
	struct run x;
	run_file(&x, "workloads/latency_hiding.s", "g80", sets, ov, 1);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	/* window: warp 0's second load to its last load, when every warp is active */
	uint64_t ta = 0, tb = 0, busy = 0;
	unsigned loads = 0;
	for (unsigned i = 0; i < nev; i++)
		if (x.p->code[ev[i].pc].op == OP_LDG && ev[i].warp_in_block == 0) {
			if (++loads == 2)
				ta = ev[i].cycle;
			tb = ev[i].cycle;
		}
	for (unsigned i = 0; i < nev; i++)
		if (x.p->code[ev[i].pc].op == OP_FFMA && ev[i].cycle >= ta && ev[i].cycle < tb)
			busy += 4; /* 32 threads on 8 SPs */
	done(&x);
	ck_assert(tb > ta);
	return (double)busy / (double)(tb - ta);
}

START_TEST(example_i_latency_hiding)
{
	double u12 = fp_utilisation("12"), u13 = fp_utilisation("13"), u14 = fp_utilisation("14");
	ck_assert_msg(u12 > 192.0 / 213 - 0.005 && u12 < 192.0 / 213 + 0.005, "12 warps: %.4f", u12);
	ck_assert_msg(u13 > 208.0 / 213 - 0.005 && u13 < 208.0 / 213 + 0.005, "13 warps: %.4f", u13);
	ck_assert_msg(u14 > 0.995, "14 warps: %.4f", u14);
}
END_TEST

/* The even/odd kernel under each barrier semantics, with the stack. */
START_TEST(barrier_semantics_even_odd)
{
	struct run x;
	static const char *const strict[] = {"sm.barrier=strict", NULL};
	run_file(&x, "workloads/barrier_divergence.s", "g80", strict, NULL, 0);
	ck_assert_int_eq(x.r.status, SIM_DEADLOCK);
	ck_assert_msg(strstr(x.diagnosis, "deadlock: block (0,0,0) on SM 0"), "%s", x.diagnosis);
	ck_assert_msg(strstr(x.diagnosis, "barrier: bar.sync at ") &&
			      strstr(x.diagnosis, "barrier_divergence.s:35 (pc 9), sm.barrier = strict"),
		      "%s", x.diagnosis);
	ck_assert_msg(strstr(x.diagnosis, "waiting: warp 0 threads 0,2,4,...,30 at"), "%s", x.diagnosis);
	ck_assert_msg(strstr(x.diagnosis, "missing: threads 1,3,5,...,31 of warp 0 are masked off in the "
					    "reconvergence stack, waiting at line 38 (pc 11"),
		      "%s", x.diagnosis);
	done(&x);
	static const char *const thread[] = {"sm.barrier=thread", NULL};
	run_file(&x, "workloads/barrier_divergence.s", "g80", thread, NULL, 0);
	ck_assert_int_eq(x.r.status, SIM_DEADLOCK); /* per-thread counting needs the odd threads too */
	done(&x);
	static const char *const warp[] = {"sm.barrier=warp", NULL};
	run_file(&x, "workloads/barrier_divergence.s", "g80", warp, NULL, 0);
	ck_assert_int_eq(x.r.status, SIM_DONE); /* one arriving thread counts its warp */
	ck_assert_msg(strstr(x.warnings, "reached by threads 0,2,4,...,30 of warp 0 only (threads 1,3,5,...,31 are on another path)"),
		      "%s", x.warnings);
	const float *data = (const float *)x.g.bufs[0].data;
	ck_assert(data[0] == 1.0f && data[1] == 2.0f && data[30] == 1.0f && data[31] == 2.0f);
	done(&x);
}
END_TEST

/* Warp 0 waits at one bar.sync, warp 1 at another (no divergence inside a
 * warp): strict refuses, thread and warp release them together. */
START_TEST(barrier_semantics_two_barriers)
{
	const char *text = ".grid 1\n.block 64\n"
			   "        s2r r0, %warpid\n"
			   "        isetp.eq.u32 p0, r0, 0\n"
			   "        @!p0 bra second\n"
			   "        bar.sync\n"
			   "        exit\n"
			   "second: bar.sync\n"
			   "        exit\n";
	struct run x;
	static const char *const strict[] = {"sm.barrier=strict", NULL};
	run_text(&x, text, "g80", strict);
	ck_assert_int_eq(x.r.status, SIM_DEADLOCK);
	ck_assert_msg(strstr(x.diagnosis, "threads wait at different bar.sync instructions"), "%s", x.diagnosis);
	done(&x);
	static const char *const thread[] = {"sm.barrier=thread", NULL};
	run_text(&x, text, "g80", thread);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	ck_assert_msg(strstr(x.warnings, "arrived at different bar.sync instructions"), "%s", x.warnings);
	ck_assert_uint_eq(x.r.stats.barrier_waits, 1);
	done(&x);
	static const char *const warp[] = {"sm.barrier=warp", NULL};
	run_text(&x, text, "g80", warp);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	done(&x);
	/* exited threads count as arrived (thread and strict) */
	run_text(&x, ".grid 1\n.block 64\n        s2r r0, %warpid\n        isetp.eq.u32 p0, r0, 1\n"
		     "        @p0 exit\n        bar.sync\n        exit\n", "g80", strict);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	done(&x);
}
END_TEST

/* Warp 1 writes shared memory, the barrier orders it, warp 0 reads. */
START_TEST(barrier_orders_shared_memory)
{
	struct run x;
	run_text(&x,
		 ".grid 2\n.block 64\n.shared s 256\n.buffer out u32 128 zero\n.arg out\n"
		 "        s2r r0, %tid.x\n"
		 "        shl r1, r0, 2\n"
		 "        iadd r2, r0, 1000\n"
		 "        sts [r1+s], r2\n"
		 "        bar.sync\n"
		 "        xor r3, r0, 32\n"
		 "        shl r3, r3, 2\n"
		 "        lds r4, [r3+s]\n"
		 "        s2r r5, %ctaid.x\n"
		 "        imad r6, r5, 64, r0\n"
		 "        shl r6, r6, 2\n"
		 "        ldc r7, out\n"
		 "        iadd r7, r7, r6\n"
		 "        stg [r7], r4\n"
		 "        exit\n",
		 "h100", NULL);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	const uint32_t *out = (const uint32_t *)x.g.bufs[0].data;
	for (uint32_t b = 0; b < 2; b++)
		for (uint32_t t = 0; t < 64; t++)
			ck_assert_uint_eq(out[b * 64 + t], (t ^ 32) + 1000);
	done(&x);
}
END_TEST

START_TEST(fault_is_reported)
{
	struct run x;
	run_file(&x, "tests/workloads/fault_oob.s", "g80", NULL, NULL, 0);
	ck_assert_int_eq(x.r.status, SIM_FAULT);
	char want[256];
	snprintf(want, sizeof want, "fault_oob.s:11: out-of-bounds global access of 4 bytes at address 0x%08x",
		 GMEM_BASE + 64);
	ck_assert_msg(strstr(x.diagnosis, want), "%s", x.diagnosis);
	ck_assert_msg(strstr(x.diagnosis, "SM 0, block (0,0,0), warp 0, lane 16 (thread 16), pc 4: stg [r1], r0"),
		      "%s", x.diagnosis);
	ck_assert_msg(strstr(x.diagnosis, "nearest buffer: v at [0x00100000, 0x00100040) (64 bytes)"), "%s",
		      x.diagnosis);
	ck_assert_uint_eq(((const uint32_t *)x.g.bufs[0].data)[1], 0); /* nothing was stored */
	done(&x);
}
END_TEST

START_TEST(livelock_is_reported)
{
	struct run x;
	static const char *const sets[] = {"sim.livelock_window=5000", NULL};
	run_file(&x, "tests/workloads/spin_forever.s", "g80", sets, NULL, 0);
	ck_assert_int_eq(x.r.status, SIM_NO_PROGRESS);
	ck_assert_msg(strstr(x.diagnosis, "no forward progress: for "), "%s", x.diagnosis);
	/* the loop is pcs 1..3, lines 7-9 of the file */
	ck_assert_msg(strstr(x.diagnosis, "spinning: block (0,0,0) warp 0 (SM 0), threads 0-31, in the loop over pcs 1..3 (") &&
			      strstr(x.diagnosis, "spin_forever.s:7-9)"),
		      "%s", x.diagnosis);
	ck_assert_uint_ge(x.r.stats.cycles, 5000);
	ck_assert_uint_le(x.r.stats.cycles, 5000 + 1000);
	done(&x);
}
END_TEST

static void same_stats(const struct sim_result *a, const struct sim_result *b, const char *what)
{
	ck_assert_msg(!memcmp(&a->stats, &b->stats, sizeof a->stats), "%s: stats differ (cycles %llu vs %llu)",
		      what, (unsigned long long)a->stats.cycles, (unsigned long long)b->stats.cycles);
	for (unsigned i = 0; i < a->nsms; i++)
		ck_assert_msg(!memcmp(&a->sms[i], &b->sms[i], sizeof a->sms[i]), "%s: SM %u differs", what, i);
}

/* Fast-forward gives exactly what stepping every cycle gives, and a run is
 * deterministic. */
START_TEST(fast_forward_equals_stepping)
{
	static const char *const ff[] = {"sim.fast_forward=1", NULL};
	static const char *const step[] = {"sim.fast_forward=0", NULL};
	static const char *const files[] = {"workloads/tiled_mm.s", "workloads/naive_mm.s",
					    "workloads/latency_hiding.s", "workloads/barrier_divergence.s"};
	static const char *const cfgs[] = {"g80", "h100", "gtx480", "v100"};
	struct param_override ov[] = {{"M", "40"}, {"N", "24"}, {"K", "33"}, {"TILE", "8"}};
	for (int f = 0; f < 4; f++) {
		unsigned nov = f < 2 ? 4 : 0;
		struct run a, b, c;
		run_file(&a, files[f], cfgs[f], ff, ov, nov);
		run_file(&b, files[f], cfgs[f], step, ov, nov);
		run_file(&c, files[f], cfgs[f], ff, ov, nov);
		ck_assert_int_eq(a.r.status, b.r.status);
		same_stats(&a.r, &b.r, files[f]);
		same_stats(&a.r, &c.r, files[f]);
		ck_assert_str_eq(a.diagnosis, b.diagnosis);
		for (unsigned i = 0; i < a.g.n; i++)
			ck_assert(!memcmp(a.g.bufs[i].data, b.g.bufs[i].data, a.g.bufs[i].size));
		done(&a);
		done(&b);
		done(&c);
	}
}
END_TEST

/* Stall accounting covers every resident warp-cycle exactly once. */
START_TEST(stalls_add_up)
{
	struct run x;
	run_file(&x, "workloads/tiled_mm.s", "h100", NULL, NULL, 0);
	uint64_t sum = 0;
	for (int k = 0; k < STALL_COUNT; k++)
		sum += x.r.stats.stalls[k];
	ck_assert_uint_eq(sum, x.r.stats.active_warp_cycles);
	ck_assert_uint_eq(x.r.stats.stalls[STALL_SELECTED], x.r.stats.warp_insns);
	done(&x);
}
END_TEST

/* The launch costs (docs/CONFIG.md, "Launch"), each by its stated rule:
 * gpu.launch_cycles adds exactly its value to cycles and nothing else;
 * sm.code_fetch_cycles delays a lone warp's every step by its value, spent
 * stalled on no_instruction; gpu.dispatch_per_kcycle = R starts block k no
 * earlier than ceil(1000 k / R), so B one-warp blocks, one per SM, end
 * ceil(1000 (B - 1) / R) cycles after one block alone would. */
START_TEST(launch_costs)
{
	struct param_override one[] = {{"THREADS", "32"}, {"N", "32"}};
	struct param_override many[] = {{"THREADS", "32"}, {"N", "2048"}}; /* 64 blocks */
	struct run a, b;
	/* one L2 partition: every block's loads alike, wherever it runs */
	static const char *const none[] = {"gpu.launch_cycles=0", "sm.code_fetch_cycles=0",
					   "gpu.dispatch_per_kcycle=0", "l2.far_cycles=0", NULL};
	static const char *const launch[] = {"gpu.launch_cycles=3333", "sm.code_fetch_cycles=0",
					     "gpu.dispatch_per_kcycle=0", "l2.far_cycles=0", NULL};
	run_file(&a, "workloads/vecadd.s", "h100", none, many, 2);
	run_file(&b, "workloads/vecadd.s", "h100", launch, many, 2);
	ck_assert_uint_eq(a.r.stats.launch_cycles, 0);
	ck_assert_uint_eq(b.r.stats.launch_cycles, 3333);
	ck_assert_uint_eq(b.r.stats.cycles, a.r.stats.cycles + 3333);
	b.r.stats.cycles = a.r.stats.cycles;
	b.r.stats.launch_cycles = 0;
	same_stats(&a.r, &b.r, "launch_cycles");
	done(&b);

	static const char *const fetch[] = {"gpu.launch_cycles=0", "sm.code_fetch_cycles=500",
					    "gpu.dispatch_per_kcycle=0", "l2.far_cycles=0", NULL};
	struct run c;
	run_file(&c, "workloads/vecadd.s", "h100", none, one, 2);
	run_file(&b, "workloads/vecadd.s", "h100", fetch, one, 2);
	ck_assert_uint_eq(b.r.stats.cycles, c.r.stats.cycles + 500);
	ck_assert_uint_eq(b.r.stats.stalls[STALL_NO_INSTRUCTION], 500);
	ck_assert_uint_eq(c.r.stats.stalls[STALL_NO_INSTRUCTION], 0);
	done(&b);

	static const char *const rate[] = {"gpu.launch_cycles=0", "sm.code_fetch_cycles=0",
					   "gpu.dispatch_per_kcycle=270", "l2.far_cycles=0", NULL};
	run_file(&b, "workloads/vecadd.s", "h100", rate, many, 2);
	ck_assert_uint_eq(b.r.stats.blocks, 64);
	ck_assert_uint_eq(b.r.stats.cycles, c.r.stats.cycles + (1000 * 63 + 269) / 270); /* 234 */
	ck_assert_uint_eq(b.r.stats.warp_insns, a.r.stats.warp_insns);
	done(&a);
	done(&b);
	done(&c);
}
END_TEST


/* A filed sub-partition's wake wheel (sim/wakeq.h): each warp is due at
 * the first walk at or after its wake (dirty and eligible ones at the
 * next walk), within the wheel's 64 cycles, beyond them (far) and across
 * the wheel's wrap; wake_next names the next cycle one is due. Expected
 * sets worked out by hand from the wakes below. */
static struct warp *at(struct sm *m, unsigned slot, uint64_t wake, bool dirty)
{
	struct warp *w = &m->slots[slot];
	w->slot = slot;
	w->wake = wake;
	w->dirty = dirty;
	return w;
}

static bool holds(struct slotset v, const unsigned *slots, unsigned n)
{
	struct slotset want = {{0}};
	for (unsigned i = 0; i < n; i++)
		slot_add(&want, slots[i]);
	return memcmp(&v, &want, sizeof v) == 0;
}

START_TEST(wake_wheel_files_warps_by_wake)
{
	struct sm m = {0};
	m.slots = xcalloc_aligned(SIM_MAX_WARPS, sizeof *m.slots, 64);
	struct subpart sp = {0};
	sp.wheel = calloc(WHEEL_SLOTS, sizeof *sp.wheel);
	sp.filed = true;
	sp.far_wake = NEVER;
	struct slotset none = {{0}};
	ck_assert(holds(wake_collect(&sp, &m, 1000), NULL, 0));
	wake_place(&sp, at(&m, 3, 1005, false), 1000);
	wake_place(&sp, at(&m, 61, 1063, false), 1000); /* the wheel's last cycle */
	wake_place(&sp, at(&m, 5, 1064, false), 1000);  /* beyond it */
	wake_place(&sp, at(&m, 6, 1100, false), 1000);  /* into the wheel when 5 is due */
	wake_place(&sp, at(&m, 9, NEVER, false), 1000); /* waits to be released */
	wake_place(&sp, at(&m, 12, 1000, false), 1000); /* eligible */
	wake_place(&sp, at(&m, 47, 2000, true), 1000); /* dirty */
	wake_place(&sp, at(&m, 20, 1010, false), 1000);
	wake_forget(&sp, &m.slots[20]);                /* retired */
	ck_assert_uint_eq(wake_next(&sp, 1000), 1000);
	ck_assert(holds(wake_collect(&sp, &m, 1001), (unsigned[]){12, 47}, 2));
	ck_assert_uint_eq(wake_next(&sp, 1001), 1005);
	ck_assert(holds(wake_collect(&sp, &m, 1004), NULL, 0));
	ck_assert(holds(wake_collect(&sp, &m, 1005), (unsigned[]){3}, 1));
	ck_assert_uint_eq(wake_next(&sp, 1005), 1063);
	ck_assert(holds(wake_collect(&sp, &m, 1062), NULL, 0));
	ck_assert(holds(wake_collect(&sp, &m, 1063), (unsigned[]){61}, 1));
	ck_assert_uint_eq(wake_next(&sp, 1063), 1064);
	ck_assert(holds(wake_collect(&sp, &m, 1064), (unsigned[]){5}, 1));
	ck_assert_uint_eq(wake_next(&sp, 1064), 1100);
	ck_assert_uint_eq(sp.wheel_used, 1ull << (1100 % 64)); /* slot 20's bucket emptied when it was forgotten */
	wake_due(&sp, &m.slots[9]);           /* released */
	ck_assert(holds(wake_collect(&sp, &m, 1100), (unsigned[]){6, 9}, 2));
	ck_assert_uint_eq(wake_next(&sp, 1100), NEVER);
	/* across the wrap: filed at 127 for 128 (bucket 0) and 190 (bucket 62);
	 * a far one comes into the wheel when the far set is looked through */
	wake_place(&sp, at(&m, 1, 128, false), 127);
	wake_place(&sp, at(&m, 2, 190, false), 127);
	wake_place(&sp, at(&m, 4, 250, false), 127);
	ck_assert_uint_eq(wake_next(&sp, 127), 128);
	ck_assert(holds(wake_collect(&sp, &m, 190), (unsigned[]){1, 2}, 2));
	ck_assert_uint_eq(wake_next(&sp, 190), 250);
	ck_assert(holds(wake_collect(&sp, &m, 249), NULL, 0));
	ck_assert(holds(wake_collect(&sp, &m, 250), (unsigned[]){4}, 1));
	ck_assert(memcmp(&sp.due, &none, sizeof none) == 0);
	free(sp.wheel);
	free(m.slots);
}
END_TEST

/* A unit queue's members change bins together (sim/unitq.h): throttled
 * (lg_throttle before a global access, mio_throttle before another) while
 * the unit is busy, not_selected while it is free; a warp leaving takes
 * its bin with it. The counts, and the warp-cycles they add up to (each
 * move dated by its cycle, sim.hacc), are worked out by hand. */
START_TEST(unit_queue_moves_its_members_together)
{
	struct sim s = {0};
	s.hist = s.hist_all;
	s.hacc = s.hacc_sink; /* (zero: the counts below held from cycle 0) */
	struct sm m = {0};
	m.slots = xcalloc_aligned(8, sizeof *m.slots, 64);
	struct subpart sp = {0};
	sp.unit_free[UNIT_LDST] = 10; /* busy until cycle 10 */
	bool global[3] = {true, true, false};
	for (unsigned i = 0; i < 3; i++) {
		struct warp *w = at(&m, i, 10, false);
		enum stall b = global[i] ? STALL_LG_THROTTLE : STALL_MIO_THROTTLE;
		s.hist[b]++; /* its count, as the walk's rebin left it */
		unitq_join(&sp, w, UNIT_LDST, global[i], true);
	}
	ck_assert_uint_eq(sp.uq[UNIT_LDST].n, 3);
	ck_assert_uint_eq(sp.uq[UNIT_LDST].n_global, 2);
	ck_assert_int_eq(unitq_verdict(&sp, &m.slots[2]), STALL_MIO_THROTTLE);
	unitq_sync(&s, &sp, UNIT_LDST, 9); /* still busy: nothing moves */
	ck_assert_uint_eq(s.hist[STALL_LG_THROTTLE], 2);
	unitq_sync(&s, &sp, UNIT_LDST, 10); /* free */
	ck_assert_uint_eq(s.hist[STALL_LG_THROTTLE], 0);
	ck_assert_uint_eq(s.hist[STALL_MIO_THROTTLE], 0);
	ck_assert_uint_eq(s.hist[STALL_NOT_SELECTED], 3);
	ck_assert_uint_eq(s.hist[STALL_NOT_SELECTED], 3);
	ck_assert_int_eq(unitq_verdict(&sp, &m.slots[0]), STALL_NOT_SELECTED);
	sp.unit_free[UNIT_LDST] = 14; /* one of them issued at 10 */
	unitq_sync(&s, &sp, UNIT_LDST, 11);
	ck_assert_uint_eq(s.hist[STALL_LG_THROTTLE], 2);
	ck_assert_uint_eq(s.hist[STALL_MIO_THROTTLE], 1);
	ck_assert_uint_eq(s.hist[STALL_NOT_SELECTED], 0);
	unitq_leave(&sp, &m.slots[1]); /* released: its count is its own */
	ck_assert_int_eq(m.slots[1].bin, STALL_LG_THROTTLE);
	ck_assert_uint_eq(m.slots[1].wake, 14);
	ck_assert_int_eq(m.slots[1].queued, -1);
	ck_assert_uint_eq(sp.uq[UNIT_LDST].n_global, 1);
	ck_assert(holds(sp.uq[UNIT_LDST].set, (unsigned[]){0, 2}, 2));
	ck_assert(holds(sp.due, (unsigned[]){1}, 1)); /* evaluated at the next walk */
	ck_assert_uint_eq(s.hist[STALL_LG_THROTTLE], 2); /* the same warps, the same bins */
	unitq_sync(&s, &sp, UNIT_LDST, 14);
	ck_assert_uint_eq(s.hist[STALL_NOT_SELECTED], 2);
	ck_assert_uint_eq(s.hist[STALL_LG_THROTTLE], 1); /* the one that left */
	/* warp-cycles over cycles 0..15, by hand: lg_throttle, warps 0 and 1
	 * in cycles 0-9 and 11-13 and warp 1 in 14-15: 20 + 6 + 2; mio_throttle,
	 * warp 2 in 0-9 and 11-13: 13; not_selected, all three in cycle 10 and
	 * warps 0 and 2 in 14-15: 3 + 4 */
	uint64_t T = 16;
	ck_assert_uint_eq(s.hacc[STALL_LG_THROTTLE] + s.hist[STALL_LG_THROTTLE] * T, 28);
	ck_assert_uint_eq(s.hacc[STALL_MIO_THROTTLE] + s.hist[STALL_MIO_THROTTLE] * T, 13);
	ck_assert_uint_eq(s.hacc[STALL_NOT_SELECTED] + s.hist[STALL_NOT_SELECTED] * T, 7);
	free(m.slots);
}
END_TEST

Suite *core_suite(void)
{
	Suite *s = suite_create("core");
	TCase *t = tcase_create("core");
	tcase_set_timeout(t, 300);
	tcase_add_test(t, stack_if_else_sequence);
	tcase_add_test(t, stack_nested_sequence);
	tcase_add_test(t, example_ii_blocks_per_sm);
	tcase_add_test(t, example_i_latency_hiding);
	tcase_add_test(t, barrier_semantics_even_odd);
	tcase_add_test(t, barrier_semantics_two_barriers);
	tcase_add_test(t, barrier_orders_shared_memory);
	tcase_add_test(t, fault_is_reported);
	tcase_add_test(t, livelock_is_reported);
	tcase_add_test(t, fast_forward_equals_stepping);
	tcase_add_test(t, stalls_add_up);
	tcase_add_test(t, launch_costs);
	tcase_add_test(t, wake_wheel_files_warps_by_wake);
	tcase_add_test(t, unit_queue_moves_its_members_together);
	suite_add_tcase(s, t);
	return s;
}
