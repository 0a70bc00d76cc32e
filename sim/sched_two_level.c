/*
 * sched_two_level.c - two-level warp scheduling (Narasiman et al., "Improving
 * GPU Performance via Large Warps and Two-Level Warp Scheduling", MICRO
 * 2011). Only the warps of a small active pool (sched.two_level_active per
 * scheduler) may issue, in round-robin order. A warp of the pool that
 * stalls on a long-latency operation is demoted to the tail of the pending
 * queue, and pending warps are promoted, oldest first in queue order, while
 * the pool has room. Waiting at a barrier or sleeping counts as a long
 * stall too: a pool full of warps at a barrier would otherwise keep out the
 * warps the barrier waits for.
 */
#include <stdlib.h>
#include <string.h>

#include "sched.h"
#include "util.h"

struct two_level {
	unsigned cap;        /* pool size */
	unsigned nslots;
	uint8_t *in_pool;    /* per slot */
	uint64_t *queued_at; /* per slot: when it joined the pending queue */
	uint8_t *present;    /* per slot: scratch for rank */
	uint64_t tick;
	unsigned last;       /* round robin within the pool */
};

static void *create(const struct gpu_config *c, unsigned nslots)
{
	struct two_level *s = xcalloc(1, sizeof *s);
	s->cap = (unsigned)c->two_level_active;
	s->nslots = nslots;
	s->in_pool = xcalloc(nslots, 1);
	s->queued_at = xcalloc(nslots, sizeof(uint64_t));
	s->present = xcalloc(nslots, 1);
	s->last = nslots - 1;
	return s;
}

static void destroy(void *self)
{
	struct two_level *s = self;
	free(s->in_pool);
	free(s->queued_at);
	free(s->present);
	free(s);
}

static unsigned rank(void *self, const struct sched_cand *cands, unsigned n, unsigned *order)
{
	struct two_level *s = self;
	unsigned pooled = 0;
	/* forget slots whose warp is gone; demote long-latency stalls */
	uint8_t *present = s->present;
	memset(present, 0, s->nslots);
	for (unsigned i = 0; i < n; i++)
		present[cands[i].slot] = 1;
	for (unsigned k = 0; k < s->nslots; k++)
		if (!present[k])
			s->in_pool[k] = 0, s->queued_at[k] = 0;
	for (unsigned i = 0; i < n; i++) {
		unsigned k = cands[i].slot;
		if (s->in_pool[k] && cands[i].long_wait) {
			s->in_pool[k] = 0;
			s->queued_at[k] = ++s->tick;
		} else if (!s->in_pool[k] && !s->queued_at[k]) {
			s->queued_at[k] = ++s->tick; /* a new warp joins the queue */
		}
		pooled += s->in_pool[k];
	}
	/* promote from the head of the pending queue */
	while (pooled < s->cap) {
		int best = -1;
		for (unsigned i = 0; i < n; i++) {
			unsigned k = cands[i].slot;
			if (!s->in_pool[k] && !cands[i].long_wait &&
			    (best < 0 || s->queued_at[k] < s->queued_at[cands[best].slot]))
				best = (int)i;
		}
		if (best < 0)
			break;
		s->in_pool[cands[best].slot] = 1;
		s->queued_at[cands[best].slot] = 0;
		pooled++;
	}
	/* round robin over the pool, starting after the last issuer */
	unsigned m = 0, first = 0;
	while (first < n && cands[first].slot <= s->last)
		first++;
	for (unsigned i = 0; i < n; i++) {
		unsigned c = (first + i) % n;
		if (s->in_pool[cands[c].slot])
			order[m++] = c;
	}
	return m;
}

static void issued(void *self, unsigned slot) { ((struct two_level *)self)->last = slot; }

const struct sched_ops sched_two_level = {"two_level", "two-level (active pool + pending queue)",
					  create, destroy, rank, issued, false, NULL};
