/* occupancy.c - blocks per SM (see occupancy.h; rules cross-checked against
 * cuda_occupancy.h by tests/test_occupancy.c). */
#include "occupancy.h"

#include <string.h>

static uint64_t div_up(uint64_t x, uint64_t y) { return (x + y - 1) / y; }
static uint64_t round_up(uint64_t x, uint64_t y) { return div_up(x, y) * y; }

uint64_t occ_smem_limit(const struct gpu_config *c, bool optin)
{
	if (optin && c->max_shared_per_block_optin > c->max_shared_per_block)
		return (uint64_t)c->max_shared_per_block_optin;
	return (uint64_t)c->max_shared_per_block;
}

void occ_compute(const struct gpu_config *c, unsigned threads, unsigned regs, uint32_t smem, bool optin,
		 struct occ_result *r)
{
	memset(r, 0, sizeof *r);
	r->by_warps = r->by_blocks = r->by_regs = r->by_smem = UINT32_MAX;
	unsigned warps = (unsigned)div_up(threads ? threads : 1, 32);
	r->warps_per_block = warps;
	if (threads > (uint64_t)c->max_threads_per_block) {
		r->limiter = OCC_BLOCK_SIZE;
		return;
	}
	if (regs > (uint64_t)c->max_regs_per_thread) {
		r->limiter = OCC_REGS_PER_THREAD;
		return;
	}
	/* warps: CUDA uses threads per SM / warp size */
	uint64_t max_warps = (uint64_t)c->max_threads / 32;
	if ((uint64_t)c->max_warps < max_warps)
		max_warps = (uint64_t)c->max_warps;
	r->by_warps = (unsigned)(max_warps / warps);
	r->by_blocks = (unsigned)c->max_blocks;
	/* registers */
	if (!strcmp(c->reg_alloc_granularity, "block")) {
		uint64_t per_block = round_up(round_up(warps, (uint64_t)c->warp_alloc_granularity) * 32 * regs,
					      (uint64_t)c->reg_alloc_unit);
		r->regs_per_block = (uint32_t)per_block;
		if (per_block > (uint64_t)c->max_regs_per_block) {
			r->limiter = OCC_REGS_PER_BLOCK;
			return;
		}
		if (per_block)
			r->by_regs = (unsigned)((uint64_t)c->registers / per_block);
	} else {
		uint64_t subp = (uint64_t)c->reg_file_partitions;
		uint64_t per_warp = round_up((uint64_t)regs * 32, (uint64_t)c->reg_alloc_unit);
		uint64_t per_block = per_warp * warps;
		/* the hardware check assumes the block's warps spread over every sub-partition */
		uint64_t assumed = per_warp * round_up(warps, subp);
		r->regs_per_block = (uint32_t)per_block;
		if (assumed > (uint64_t)c->max_regs_per_block || per_block > (uint64_t)c->max_regs_per_block) {
			r->limiter = OCC_REGS_PER_BLOCK;
			return;
		}
		if (per_warp) {
			uint64_t warps_per_subp = ((uint64_t)c->registers / subp) / per_warp;
			r->by_regs = (unsigned)(warps_per_subp * subp / warps);
		}
	}
	/* shared memory: the reserved part counts against the SM, and the
	 * per-block limit (the opt-in one where the kernel opted in) grows by
	 * it (cuda_occupancy.h, cc 8.0 and later) */
	uint64_t sm_block = round_up((uint64_t)smem + (uint64_t)c->shared_reserved_per_block,
				     (uint64_t)c->shared_alloc_unit);
	r->smem_per_block = (uint32_t)sm_block;
	if (sm_block > occ_smem_limit(c, optin) + (uint64_t)c->shared_reserved_per_block) {
		r->limiter = OCC_SMEM_PER_BLOCK;
		return;
	}
	if (sm_block)
		r->by_smem = (unsigned)((uint64_t)c->shared_mem / sm_block);
	unsigned lim[4] = {r->by_warps, r->by_blocks, r->by_regs, r->by_smem};
	r->blocks = lim[0];
	r->limiter = OCC_WARPS;
	for (int i = 1; i < 4; i++)
		if (lim[i] < r->blocks) {
			r->blocks = lim[i];
			r->limiter = (enum occ_limit)(OCC_WARPS + i);
		}
}
