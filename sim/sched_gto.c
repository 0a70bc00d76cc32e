/*
 * sched_gto.c - greedy then oldest (Rogers et al., MICRO 2012): keep issuing
 * from the warp that issued last while it can; otherwise the oldest warp
 * (earliest dispatched) that can.
 */
#include <stdlib.h>

#include "sched.h"
#include "util.h"

struct gto {
	unsigned last;
	int have_last;
};

static void *create(const struct gpu_config *c, unsigned nslots)
{
	(void)c;
	(void)nslots;
	return xcalloc(1, sizeof(struct gto));
}


static unsigned rank(void *self, const struct sched_cand *cands, unsigned n, unsigned *order)
{
	struct gto *s = self;
	sched_sort_by_age(cands, n, order);
	if (s->have_last)
		for (unsigned i = 0; i < n; i++)
			if (cands[order[i]].slot == s->last) {
				unsigned keep = order[i];
				for (unsigned j = i; j > 0; j--)
					order[j] = order[j - 1];
				order[0] = keep;
				break;
			}
	return n;
}

static unsigned pick(void *self, const uint64_t *set, unsigned nwords, const uint64_t *age)
{
	struct gto *s = self;
	if (s->have_last && s->last / 64 < nwords && (set[s->last / 64] >> (s->last % 64) & 1))
		return s->last;
	return sched_oldest_in(set, nwords, age);
}

static void issued(void *self, unsigned slot)
{
	struct gto *s = self;
	s->last = slot;
	s->have_last = 1;
}

const struct sched_ops sched_gto = {"gto", "greedy then oldest", create, free, rank, issued, true, pick};
