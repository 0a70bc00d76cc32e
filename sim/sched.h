/*
 * sched.h - warp-scheduler policies. Each sub-partition of an SM has one
 * scheduler; every cycle it is shown the warps it owns and ranks them, and
 * the SM issues the first eligible ones in that order (up to issue_width).
 *
 * A new policy is one file defining a struct sched_ops and one row in the
 * table in sched.c (docs/SCHEDULERS.md walks through an example).
 */
#ifndef SIMT_SCHED_H
#define SIMT_SCHED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gpu_config.h"

/* One warp as a scheduler sees it this cycle. */
struct sched_cand {
	unsigned slot;     /* warp slot in the SM (stable while the warp lives) */
	uint64_t age;      /* dispatch order: smaller is older */
	bool eligible;     /* could issue this cycle */
	bool long_wait;    /* stalled for long: on a global-memory result, at a
			    * barrier, or asleep */
};

struct sched_ops {
	const char *name;
	const char *summary;
	/* Per-scheduler state for an SM with nslots warp slots; NULL for none. */
	void *(*create)(const struct gpu_config *c, unsigned nslots);
	void (*destroy)(void *self);
	/* Write into order[] the indices into cands[] (n of them, in slot order)
	 * of the warps that may issue, most preferred first; return how many.
	 * The SM issues the first eligible ones. */
	unsigned (*rank)(void *self, const struct sched_cand *cands, unsigned n, unsigned *order);
	/* The warp in slot issued an instruction this cycle. */
	void (*issued)(void *self, unsigned slot);
	/* rank's order of the eligible warps does not depend on the others
	 * (lrr, gto, oldest): the SM may show it only the eligible ones, in
	 * slot order, which is cheaper. false (the default): it sees every
	 * warp (two_level's pool follows the stalled ones). */
	bool eligible_only;
	/* Optional, for an eligible_only policy: the slot rank would put first
	 * of the eligible warps, given as a set of slots (slot i eligible: bit
	 * i % 64 of set[i / 64]; nwords words, at least one bit set) and every
	 * slot's age (age[slot]), without ranking the rest. With one issue a
	 * cycle the first always issues, so the SM asks only for it and builds
	 * no candidate list; NULL: rank is used. */
	unsigned (*pick)(void *self, const uint64_t *set, unsigned nwords, const uint64_t *age);
};

/* The policy called name, or NULL. */
const struct sched_ops *sched_find(const char *name);

/* The oldest slot of a nonempty set of slots (pick's shape): the lowest
 * slot of equal ages (sched_sort_by_age's first, the candidates in slot
 * order). */
static inline unsigned sched_oldest_in(const uint64_t *set, unsigned nwords, const uint64_t *age)
{
	unsigned best = 0;
	uint64_t best_age = UINT64_MAX;
	for (unsigned k = 0; k < nwords; k++)
		for (uint64_t b = set[k]; b; b &= b - 1) {
			unsigned slot = k * 64 + (unsigned)__builtin_ctzll(b);
			if (age[slot] < best_age) {
				best_age = age[slot];
				best = slot;
			}
		}
	return best;
}

/* Fill order[] with 0..n-1 sorted by cands[].age, oldest first (stable). */
void sched_sort_by_age(const struct sched_cand *cands, unsigned n, unsigned *order);

/* The i-th policy of the table (lrr, gto, two_level, oldest), NULL past
 * the last. */
const struct sched_ops *sched_at(size_t i);

extern const struct sched_ops sched_lrr, sched_gto, sched_two_level, sched_oldest;

#endif
