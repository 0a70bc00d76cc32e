/*
 * simt_stack.c - the pre-Volta SIMT reconvergence stack (Fung et al.,
 * MICRO 2007; the branch-stack slides of seed 002).
 *
 * Each entry is (pc, reconvergence pc, active mask); the top entry issues.
 * A divergent branch turns the top entry into the reconvergence entry
 * (pc = reconvergence pc) and pushes the taken path, then the fall-through
 * path, so the fall-through path runs first (the "if" body of
 * `if (c) {...} else {...}` as compilers lay it out) and the taken path when
 * the first reaches the reconvergence pc and is popped. Exited lanes leave
 * every entry; an emptied entry is popped. Predicated instructions never
 * diverge: only bra does.
 */
#include <string.h>

#include "simt.h"

#define STACK_MAX 66 /* each divergence splits a non-empty mask: depth <= 1 + 2*32 */

struct entry {
	uint32_t pc, rpc, mask;
};

struct stack {
	unsigned n;
	bool blocked;  /* the top entry waits (barrier): the whole warp waits */
	struct entry e[STACK_MAX];
};

static void init(void *st, uint32_t mask, int policy, const struct isa_insn *code)
{
	(void)policy;
	(void)code; /* each path runs to the reconvergence point on its own */
	struct stack *s = st;
	s->n = 1;
	s->blocked = false;
	s->e[0] = (struct entry){0, UINT32_MAX, mask};
}

static bool next(const void *st, uint32_t *pc, uint32_t *mask)
{
	const struct stack *s = st;
	if (!s->n || s->blocked)
		return false;
	*pc = s->e[s->n - 1].pc;
	*mask = s->e[s->n - 1].mask;
	return true;
}

static void pop_finished(struct stack *s)
{
	while (s->n && (s->e[s->n - 1].mask == 0 || s->e[s->n - 1].pc == s->e[s->n - 1].rpc))
		s->n--;
}

static bool step(void *st, const struct simt_step *x)
{
	struct stack *s = st;
	struct entry *top = &s->e[s->n - 1];
	if (x->exited)
		for (unsigned i = 0; i < s->n; i++)
			s->e[i].mask &= ~x->exited;
	if (x->in->op == OP_BRA) {
		uint32_t target = (uint32_t)x->in->off;
		uint32_t taken = x->taken & top->mask, fall = top->mask & ~taken;
		if (taken && fall) {
			top->pc = x->reconv;
			s->e[s->n++] = (struct entry){target, x->reconv, taken};
			s->e[s->n++] = (struct entry){x->pc + 1, x->reconv, fall};
		} else {
			top->pc = taken ? target : x->pc + 1;
		}
	} else {
		top->pc = x->pc + 1;
	}
	pop_finished(s);
	return false; /* the stack never yields */
}

static void block(void *st, uint32_t lanes)
{
	(void)lanes; /* one path at a time: the rest of the warp cannot go on */
	((struct stack *)st)->blocked = true;
}

static void release(void *st, uint32_t lanes)
{
	(void)lanes;
	((struct stack *)st)->blocked = false;
}

static uint32_t live(const void *st)
{
	const struct stack *s = st;
	return s->n ? s->e[0].mask : 0; /* exited lanes leave every entry */
}

static unsigned depth(const void *st) { return ((const struct stack *)st)->n; }

static void parked(const void *st, simt_parked_fn fn, void *ctx)
{
	const struct stack *s = st;
	for (unsigned i = 0; i + 1 < s->n; i++) {
		/* lanes of an entry that are not also in an entry above it */
		uint32_t m = s->e[i].mask;
		for (unsigned j = i + 1; j < s->n; j++)
			m &= ~s->e[j].mask;
		if (m)
			fn(ctx, m, s->e[i].pc, PARK_STACK);
	}
}

/* The top entry runs on until its reconvergence pc, where step pops it. */
static uint32_t straight(const void *st, uint32_t pc, uint32_t mask)
{
	const struct stack *s = st;
	(void)mask;
	if (!s->n || s->blocked)
		return pc;
	uint32_t rpc = s->e[s->n - 1].rpc;
	return rpc > pc ? rpc : UINT32_MAX;
}

static void advance(void *st, uint32_t pc, uint32_t mask)
{
	struct stack *s = st;
	(void)mask;
	s->e[s->n - 1].pc = pc;
	pop_finished(s);
}

static const char *const no_policies[] = {"none", NULL};

/* straight, advance and next in one: the top entry moves on to pc + 1,
 * popped where it reaches its reconvergence pc. */
static int move_on(void *st, uint32_t pc, uint32_t mask, uint32_t *next_pc, uint32_t *next_mask)
{
	struct stack *s = st;
	(void)mask;
	if (!s->n || s->blocked) /* (straight: no straight run) */
		return -1;
	struct entry *top = &s->e[s->n - 1];
	top->pc = pc + 1;
	if (top->pc == top->rpc || !top->mask) {
		pop_finished(s);
		return next(st, next_pc, next_mask);
	}
	*next_pc = top->pc;
	*next_mask = top->mask;
	return true;
}

const struct simt_ops simt_stack_ops = {"stack", sizeof(struct stack), no_policies, init, next, step,
					block, release, live, depth, parked, straight, advance,
					move_on};
