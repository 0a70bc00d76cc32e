/*
 * simt_its.c - Volta-style independent thread scheduling: every thread has
 * its own pc; each issue runs the group of ready threads of the warp that
 * share one pc, chosen by a convergence policy (sm.convergence):
 *
 *   ipdom  A divergent branch records its reconvergence point (the
 *          immediate post-dominator). A group that reaches a recorded
 *          point waits there while other threads of that divergence can
 *          still run elsewhere, so the paths reconverge when all of them
 *          get there. Among runnable groups the one that issued last goes
 *          on; otherwise the lowest pc.
 *   minpc  The group with the lowest pc, always.
 *
 * Under both, a group that takes the backward branch of a spin loop (one
 * whose leaving waits on memory, the clock or a sleep: cfg_spin) while any
 * other thread of the warp is ready yields: the next issue goes to another
 * group, the threads that just left the loop included. And if every other
 * group is waiting at a reconvergence point or yielding, a waiting group
 * goes on alone (its threads leave that reconvergence record). Together
 * these give the forward-progress guarantee: a spinning group cannot starve
 * the thread that would release it. This is what the H100 does (per-SASS
 * counts in docs/CUDA.md): ptxas puts a YIELD in a spin loop (or the loop
 * sleeps), the lock's winner runs its critical section to the end while
 * the losers wait, and no round of the spinlock is lost; a counted loop has
 * no YIELD, and the threads that left it wait at the reconvergence point
 * (BSYNC) for the rest.
 *
 * Threads block at bar.sync and warpsync (block/release from the SM); the
 * rest of the warp goes on.
 */
#include <string.h>

#include "simt.h"

#define RECORDS 64

enum { POLICY_IPDOM, POLICY_MINPC };
static const char *const policies[] = {"ipdom", "minpc", NULL};

struct record {
	uint32_t rpc;   /* reconvergence pc */
	uint32_t mask;  /* threads that diverged there and have not passed it */
};

struct its { /* (what every issue reads first: pc[] and rec[] only where the warp diverged) */
	int policy;
	const struct isa_insn *code; /* the kernel: where its bsyncs are */
	bool lazy;           /* converged, and every live lane's pc is cpc (pc[] stale) */
	uint32_t cpc;
	uint32_t live;       /* not exited */
	uint32_t blocked;    /* waiting at a barrier, warp sync or sleep */
	bool converged;      /* every live thread has the same pc (the fast path) */
	uint32_t last_pc;    /* the group that issued last goes on (ipdom) ... */
	uint32_t last_mask;
	uint32_t yield_pc;   /* ... unless it yielded */
	uint32_t yield_mask;
	unsigned nrec;
	uint32_t pc[32];     /* per lane, unless lazy */
	struct record rec[RECORDS];
};

static void init(void *st, uint32_t mask, int policy, const struct isa_insn *code)
{
	struct its *s = st;
	memset(s, 0, sizeof *s);
	s->policy = policy;
	s->code = code;
	s->live = mask;
	s->last_mask = mask;
	s->converged = true;
	s->lazy = true;
}

/* Lane l's pc (l live). */
static uint32_t lane_pc(const struct its *s, int l) { return s->lazy ? s->cpc : s->pc[l]; }

static uint32_t lanes_at(const struct its *s, uint32_t lanes, uint32_t pc)
{
	if (s->lazy)
		return pc == s->cpc ? lanes : 0;
	uint32_t m = 0;
	for (uint32_t r = lanes; r; r &= r - 1) {
		int l = __builtin_ctz(r);
		if (s->pc[l] == pc)
			m |= 1u << l;
	}
	return m;
}

/* Does the group at pc wait for other ready threads of a divergence? */
static bool held(const struct its *s, uint32_t pc, uint32_t ready)
{
	for (unsigned i = 0; i < s->nrec; i++)
		if (s->rec[i].rpc == pc && (s->rec[i].mask & ready & ~lanes_at(s, ready, pc)))
			return true;
	return false;
}

static bool next(const void *st, uint32_t *out_pc, uint32_t *out_mask)
{
	const struct its *s = st;
	uint32_t ready = s->live & ~s->blocked;
	if (!ready)
		return false;
	if (s->converged && !s->blocked) { /* one group: no choice to make */
		*out_pc = lane_pc(s, __builtin_ctz(ready));
		*out_mask = ready;
		return true;
	}
	/* candidates by rank: 0 runnable, 1 waiting at a reconvergence point,
	 * 2 yielding; within a rank: ipdom prefers the last group, then the
	 * lowest pc */
	int best_rank = 3;
	uint32_t best_pc = UINT32_MAX;
	bool best_last = false;
	uint32_t seen = 0;
	for (uint32_t r = ready; r; r &= r - 1) {
		int l = __builtin_ctz(r);
		if (seen >> l & 1)
			continue;
		uint32_t pc = lane_pc(s, l);
		uint32_t group = lanes_at(s, ready, pc);
		seen |= group;
		bool yielding = s->yield_mask && pc == s->yield_pc && (group & s->yield_mask) == group &&
				(ready & ~group);
		int rank = yielding ? 2 : (s->policy == POLICY_IPDOM && held(s, pc, ready)) ? 1 : 0;
		bool last = s->policy == POLICY_IPDOM && pc == s->last_pc && (group & s->last_mask);
		if (rank < best_rank || (rank == best_rank && ((last && !best_last) ||
								(last == best_last && pc < best_pc)))) {
			best_rank = rank;
			best_pc = pc;
			best_last = last;
		}
	}
	*out_pc = best_pc;
	*out_mask = lanes_at(s, ready, best_pc);
	/* at a bsync each path's threads run it on their own (the H100 counts
	 * a BSYNC per path): the group that just got there goes alone, before
	 * the threads already waiting there, where one divergence record holds
	 * them all, so that they meet again just after it */
	uint32_t m = *out_mask;
	if (s->code[best_pc].op == OP_BSYNC && best_pc == s->last_pc && (m & s->last_mask) && (m & ~s->last_mask))
		for (unsigned i = 0; i < s->nrec; i++)
			if (s->rec[i].rpc == best_pc + 1 && (s->rec[i].mask & m) == m) {
				*out_mask = m & s->last_mask;
				break;
			}
	return true;
}

static bool step(void *st, const struct simt_step *x)
{
	struct its *s = st;
	uint32_t mask = x->mask;
	/* the fast path: the whole converged warp issued and went one way, with
	 * no reconvergence record or yield to update (what the general path
	 * below computes in that case) */
	if (s->lazy && mask == s->live && !x->exited && !s->nrec && !s->yield_mask) {
		uint32_t taken = x->in->op == OP_BRA ? x->taken & mask : 0;
		if (!taken || taken == mask) {
			s->cpc = taken ? (uint32_t)x->in->off : x->pc + 1;
			s->last_pc = s->cpc;
			s->last_mask = mask;
			return false;
		}
	}
	if (s->lazy) {
		for (uint32_t r = s->live; r; r &= r - 1)
			s->pc[__builtin_ctz(r)] = s->cpc;
		s->lazy = false;
	}
	uint32_t ready_before = s->live & ~s->blocked;
	s->live &= ~x->exited;
	/* a group that passes a reconvergence point it was waiting at leaves
	 * that record (the others no longer wait for it) */
	for (unsigned i = 0; i < s->nrec; i++)
		if (s->rec[i].rpc == x->pc)
			s->rec[i].mask &= ~mask;
	uint32_t cont_pc = x->pc + 1, cont = mask & ~x->exited;
	bool yielded = false;
	if (x->in->op == OP_BRA) {
		uint32_t target = (uint32_t)x->in->off;
		uint32_t taken = x->taken & mask, fall = mask & ~taken;
		for (uint32_t r = mask; r; r &= r - 1) {
			int l = __builtin_ctz(r);
			s->pc[l] = (taken >> l & 1) ? target : x->pc + 1;
		}
		if (taken && fall && s->nrec < RECORDS)
			s->rec[s->nrec++] = (struct record){x->reconv, mask};
		/* the fall-through path goes on first, as with the stack */
		cont = fall ? fall : taken;
		cont_pc = fall ? x->pc + 1 : target;
		/* a spin loop's backward branch with other threads ready: yield */
		if (taken && target <= x->pc && x->spin && (ready_before & ~taken)) {
			s->yield_pc = target;
			s->yield_mask = taken;
			yielded = true;
		} else if (s->yield_mask && !(mask & s->yield_mask)) {
			s->yield_mask = 0; /* another group ran: the yield is over */
		}
	} else {
		for (uint32_t r = mask; r; r &= r - 1)
			s->pc[__builtin_ctz(r)] = x->pc + 1;
		/* another group ran: the yield is over; but not for a bsync,
		 * where a group only arrives at the point it waits at */
		if (s->yield_mask && !(mask & s->yield_mask) && x->in->op != OP_BSYNC)
			s->yield_mask = 0;
	}
	s->last_pc = cont_pc;
	s->last_mask = cont;
	/* every live thread issued and went the same way: still one pc */
	s->converged = (mask & s->live) == s->live && cont == (mask & s->live);
	/* drop records whose threads have all met (or left) */
	unsigned k = 0;
	for (unsigned i = 0; i < s->nrec; i++) {
		struct record *r = &s->rec[i];
		uint32_t m = r->mask & s->live;
		if (!m || lanes_at(s, m, r->rpc) == m)
			continue;
		s->rec[k++] = (struct record){r->rpc, m};
	}
	s->nrec = k;
	if (s->converged && s->live) {
		s->cpc = s->pc[__builtin_ctz(s->live)];
		s->lazy = true;
	}
	return yielded;
}

static void block(void *st, uint32_t lanes) { ((struct its *)st)->blocked |= lanes; }

static void release(void *st, uint32_t lanes)
{
	struct its *s = st;
	s->blocked &= ~lanes;
}

static uint32_t live(const void *st) { return ((const struct its *)st)->live; }

static unsigned depth(const void *st)
{
	const struct its *s = st;
	unsigned n = 0;
	uint32_t seen = 0;
	for (uint32_t r = s->live; r; r &= r - 1) {
		int l = __builtin_ctz(r);
		if (seen >> l & 1)
			continue;
		seen |= lanes_at(s, s->live, lane_pc(s, l));
		n++;
	}
	return n;
}

static void parked(const void *st, simt_parked_fn fn, void *ctx)
{
	const struct its *s = st;
	uint32_t pc, mask = 0;
	if (!next(st, &pc, &mask))
		pc = UINT32_MAX;
	uint32_t seen = mask;
	for (uint32_t r = s->live & ~mask; r; r &= r - 1) {
		int l = __builtin_ctz(r);
		if (seen >> l & 1)
			continue;
		uint32_t pc = lane_pc(s, l);
		uint32_t group = lanes_at(s, s->live & ~seen, pc);
		seen |= group;
		uint32_t b = group & s->blocked, f = group & ~s->blocked;
		if (b)
			fn(ctx, b, pc, PARK_BLOCKED);
		if (f)
			fn(ctx, f, pc, PARK_ITS);
	}
}

/* Straight on only as step's fast path goes: the whole converged warp,
 * no reconvergence record or yield to update. */
static uint32_t straight(const void *st, uint32_t pc, uint32_t mask)
{
	const struct its *s = st;
	return s->lazy && pc == s->cpc && mask == s->live && !s->nrec && !s->yield_mask ? UINT32_MAX : pc;
}

static void advance(void *st, uint32_t pc, uint32_t mask)
{
	struct its *s = st;
	s->cpc = pc;
	s->last_pc = pc;
	s->last_mask = mask;
}

static int move_on(void *st, uint32_t pc, uint32_t mask, uint32_t *next_pc, uint32_t *next_mask)
{
	const struct its *s = st;
	if (straight(st, pc, mask) <= pc)
		return -1;
	advance(st, pc + 1, mask);
	if (!s->blocked && s->live) { /* next's first case: lazy, so converged, every live lane at cpc */
		*next_pc = pc + 1;
		*next_mask = s->live;
		return 1;
	}
	return next(st, next_pc, next_mask);
}

const struct simt_ops simt_its_ops = {"its", sizeof(struct its), policies, init, next, step,
				      block, release, live, depth, parked, straight, advance,
				      move_on};
