/* sched.c - the table of warp-scheduler policies. */
#include "sched.h"

#include <string.h>

static const struct sched_ops *const policies[] = {
	&sched_lrr,
	&sched_gto,
	&sched_two_level,
	&sched_oldest,
};

const struct sched_ops *sched_find(const char *name)
{
	for (size_t i = 0; i < sizeof policies / sizeof policies[0]; i++)
		if (!strcmp(policies[i]->name, name))
			return policies[i];
	return NULL;
}

const struct sched_ops *sched_at(size_t i)
{
	return i < sizeof policies / sizeof policies[0] ? policies[i] : NULL;
}

void sched_sort_by_age(const struct sched_cand *cands, unsigned n, unsigned *order)
{
	/* insertion sort: n is at most a few dozen warps */
	for (unsigned i = 0; i < n; i++) {
		unsigned j = i;
		while (j > 0 && cands[order[j - 1]].age > cands[i].age) {
			order[j] = order[j - 1];
			j--;
		}
		order[j] = i;
	}
}
