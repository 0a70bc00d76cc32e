/*
 * sched_oldest.c - oldest first: always the earliest-dispatched warp that
 * can issue (no greediness).
 */
#include <stdlib.h>

#include "sched.h"

static unsigned rank(void *self, const struct sched_cand *cands, unsigned n, unsigned *order)
{
	(void)self;
	sched_sort_by_age(cands, n, order);
	return n;
}

static unsigned pick(void *self, const uint64_t *set, unsigned nwords, const uint64_t *age)
{
	(void)self;
	return sched_oldest_in(set, nwords, age);
}

const struct sched_ops sched_oldest = {"oldest", "oldest first", NULL, NULL, rank, NULL, true, pick};
