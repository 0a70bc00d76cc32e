/*
 * smem.h - shared-memory bank conflicts. Shared memory is smem.banks banks,
 * each smem.bank_bytes wide; word w (address / bank_bytes) lives in bank
 * w % banks. Lanes are served in groups of smem.group_lanes (16 on cc 1.x:
 * a half-warp at a time; 32 later). Within a group, a bank delivers one
 * word per pass, and every lane reading the same word gets it in that pass
 * (broadcast), so a group takes as many passes as its busiest bank has
 * distinct words (CUDA C Programming Guide, "Shared Memory"). Atomics get
 * no broadcast: each lane's operation is its own pass on its bank.
 */
#ifndef SIMT_SMEM_H
#define SIMT_SMEM_H

#include <stdbool.h>
#include <stdint.h>

struct smem_geom {
	unsigned banks, bank_bytes, group_lanes;
};

struct smem_cost {
	unsigned passes;  /* total over the groups */
	unsigned ideal;   /* passes with no conflict: per group, ceil(distinct words / banks) */
};

/* addr[l] for each lane in mask; bytes per lane 4, 8 or 16, aligned. */
struct smem_cost smem_cost(const struct smem_geom *g, const uint32_t *addr, uint32_t mask,
			   unsigned bytes, bool atomic);

/* smem_cost(g, addr, mask, bytes, false).passes, for the shapes of global
 * loads (two halves, each one word or consecutive words: two matrix rows)
 * looked for first (the L1 data pipe's wavefronts, mem.c). */
unsigned smem_global_passes(const struct smem_geom *g, const uint32_t *addr, uint32_t mask, unsigned bytes);

#endif
