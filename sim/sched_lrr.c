/*
 * sched_lrr.c - loose round robin: start from the warp after the one that
 * issued last and go around once; a warp that cannot issue is skipped
 * ("loose"), not waited for.
 */
#include <stdlib.h>

#include "sched.h"
#include "util.h"

struct lrr {
	unsigned last; /* slot that issued last */
};

static void *create(const struct gpu_config *c, unsigned nslots)
{
	(void)c;
	struct lrr *s = xcalloc(1, sizeof *s);
	s->last = nslots - 1;
	return s;
}

static unsigned rank(void *self, const struct sched_cand *cands, unsigned n, unsigned *order)
{
	const struct lrr *s = self;
	unsigned first = 0; /* the first candidate with a slot after the last issuer's */
	while (first < n && cands[first].slot <= s->last)
		first++;
	unsigned k = 0;
	for (unsigned i = first; i < n; i++)
		order[k++] = i;
	for (unsigned i = 0; i < first; i++)
		order[k++] = i;
	return n;
}

static unsigned pick(void *self, const uint64_t *set, unsigned nwords, const uint64_t *age)
{
	(void)age;
	unsigned after = ((struct lrr *)self)->last + 1; /* the first slot after the last issuer */
	if (nwords == 1) { /* (every SM today: at most 64 warps) */
		uint64_t later = after < 64 ? set[0] & ~0ull << after : 0;
		return (unsigned)__builtin_ctzll(later ? later : set[0]);
	}
	for (unsigned k = after / 64; k < nwords; k++) {
		uint64_t b = set[k] & (k == after / 64 ? ~0ull << (after % 64) : ~0ull);
		if (b)
			return k * 64 + (unsigned)__builtin_ctzll(b);
	}
	for (unsigned k = 0;; k++) /* around: the first eligible slot */
		if (set[k])
			return k * 64 + (unsigned)__builtin_ctzll(set[k]);
}

static void issued(void *self, unsigned slot) { ((struct lrr *)self)->last = slot; }

const struct sched_ops sched_lrr = {"lrr", "loose round robin", create, free, rank, issued, true, pick};
