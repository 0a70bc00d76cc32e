/*
 * occupancy.h - how many blocks of a kernel fit on one SM, by the rules of
 * CUDA's occupancy calculator (cuda_occupancy.h for cc 2.0 and later; for
 * cc 1.x, registers per block in units of reg_alloc_unit with warps
 * allocated in pairs, as the CUDA Occupancy Calculator spreadsheet does).
 */
#ifndef SIMT_OCCUPANCY_H
#define SIMT_OCCUPANCY_H

#include <stdint.h>

#include "gpu_config.h"

enum occ_limit { OCC_BLOCK_SIZE, OCC_REGS_PER_THREAD, OCC_REGS_PER_BLOCK, OCC_SMEM_PER_BLOCK,
		 OCC_WARPS, OCC_BLOCKS, OCC_REGS, OCC_SMEM };

struct occ_result {
	unsigned blocks;          /* blocks per SM (0: the block cannot run at all) */
	enum occ_limit limiter;   /* the smallest limit (the first of equals, in enum order) */
	unsigned by_warps, by_blocks, by_regs, by_smem; /* each limit alone (UINT32_MAX: none) */
	unsigned warps_per_block;
	uint32_t regs_per_block;  /* registers allocated to one block */
	uint32_t smem_per_block;  /* shared memory allocated to one block (bytes) */
};

/* threads per block, registers per thread, shared memory per block (bytes). */
void occ_compute(const struct gpu_config *c, unsigned threads, unsigned regs, uint32_t smem,
		 struct occ_result *r);

#endif
