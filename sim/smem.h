/*
 * smem.h - shared-memory bank conflicts. Shared memory is smem.banks banks,
 * each smem.bank_bytes wide; word w (address / bank_bytes) lives in bank
 * w % banks. Lanes are served in groups of smem.group_lanes (16 on cc 1.x:
 * a half-warp at a time; 32 later). Within a group, a bank delivers one
 * word per pass, and every lane reading the same word gets it in that pass
 * (broadcast), so a group takes as many passes as its busiest bank has
 * distinct words (CUDA C Programming Guide, "Shared Memory"). Atomics get
 * no broadcast: each lane's operation is its own pass on its bank.
 *
 * Compute capability 1.x (one_broadcast) serves a group in steps, each
 * the remaining lanes reading within one word chosen as the broadcast
 * word (here: the lowest remaining lane's) and, for every other bank, one
 * address (its lowest remaining lane's; every lane on that address) (the
 * guide's cc 1.x "Shared Memory" section: __shared__ char shared[32];
 * shared[tid] is a 4-way conflict). For word-sized accesses an address is
 * its word and the two rules agree; bytes and half-words differ.
 */
#ifndef SIMT_SMEM_H
#define SIMT_SMEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct smem_geom {
	unsigned banks, bank_bytes, group_lanes;
	bool one_broadcast; /* smem.one_broadcast: cc 1.x's rule for accesses narrower than a bank */
};

struct smem_cost {
	unsigned passes;  /* total over the groups */
	unsigned ideal;   /* passes with no conflict: per group, ceil(distinct words / banks) */
};

/* addr[l] for each lane in mask; bytes per lane 1, 2, 4, 8 or 16, aligned. */
struct smem_cost smem_cost(const struct smem_geom *g, const uint32_t *addr, uint32_t mask,
			   unsigned bytes, bool atomic);

/* A memo of smem_cost by site (an instruction): a site's lanes mostly
 * keep one address pattern from one issue to the next (a tile's row or
 * column), and the cost depends only on the pattern, addr[l] - addr[0] for
 * every lane, and on addr[0] modulo a row of banks (banks x bank_bytes):
 * moving every address by whole rows moves every word by a multiple of
 * banks, so the same banks hold the same numbers of distinct words. It
 * holds for addresses that do not wrap around 2^32, as a shared window's
 * offsets do not. Direct-mapped by site; an entry that does not match is
 * recomputed and replaced. A host thread's own, shared by the SMs it runs
 * (they run one kernel: a site's pattern mostly repeats from SM to SM),
 * so it stays in that thread's cache; what it holds changes no result. */
#define SMEM_MEMO_SITES 64
struct smem_memo {
	struct smem_memo_entry {
		uint32_t diff[32];        /* addr[l] - addr[0], every lane (the inactive ones too) */
		uint32_t site, mask, a0_in_row;
		uint8_t bytes;
		bool atomic, used;
		struct smem_cost c;
	} e[SMEM_MEMO_SITES];
};

/* smem_cost(g, addr, mask, bytes, atomic), from memo's entry for site
 * when it matches (smem_memo_hit), else computed and kept there. */
struct smem_cost smem_cost_memo(struct smem_memo *memo, uint32_t site, const struct smem_geom *g,
				const uint32_t *addr, uint32_t mask, unsigned bytes, bool atomic);

/* The cost computed and kept in site's entry (smem_cost_memo where
 * smem_memo_hit found none). */
struct smem_cost smem_memo_fill(struct smem_memo *memo, uint32_t site, const struct smem_geom *g,
				const uint32_t *addr, uint32_t mask, unsigned bytes, bool atomic);

/* Whether addr[l] - a0 == diff[l] for every lane (the host's vectors where
 * it has them). */
bool smem_same_pattern(const uint32_t *addr, uint32_t a0, const uint32_t *diff);

/* addr[0]'s place in a row of banks (smem_memo's a0_in_row). */
static inline uint32_t smem_in_row(const struct smem_geom *g, uint32_t a0)
{
	uint32_t row = g->banks * g->bank_bytes;
	return (row & (row - 1)) ? a0 % row : a0 & (row - 1);
}

/* memo's cost for these lanes when its entry for site matches them; NULL:
 * ask smem_memo_fill. Inline: most accesses find their site's pattern. */
static inline const struct smem_cost *smem_memo_hit(const struct smem_memo *memo, uint32_t site,
						    const struct smem_geom *g, const uint32_t *addr,
						    uint32_t mask, unsigned bytes, bool atomic)
{
	const struct smem_memo_entry *e = &memo->e[site % SMEM_MEMO_SITES];
	if (e->used && e->site == site && e->mask == mask && e->bytes == bytes && e->atomic == atomic &&
	    e->a0_in_row == smem_in_row(g, addr[0]) && smem_same_pattern(addr, addr[0], e->diff))
		return &e->c;
	return NULL;
}

/* smem_cost(g, addr, mask, bytes, false).passes, for the shapes of global
 * loads (two halves, each one word or consecutive words: two matrix rows)
 * looked for first (the L1 data pipe's wavefronts, mem.c). */
unsigned smem_global_passes(const struct smem_geom *g, const uint32_t *addr, uint32_t mask, unsigned bytes);

#endif
