/*
 * occupancy.h - how many blocks of a kernel fit on one SM, by the rules of
 * CUDA's occupancy calculator (cuda_occupancy.h for cc 2.0 and later; for
 * cc 1.x, registers per block in units of reg_alloc_unit with warps
 * allocated in pairs, as the CUDA Occupancy Calculator spreadsheet does).
 */
#ifndef SIMT_OCCUPANCY_H
#define SIMT_OCCUPANCY_H

#include <stdbool.h>
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

/* threads per block, registers per thread, shared memory per block (bytes);
 * optin: the kernel opted in to sm.max_shared_per_block_optin bytes per
 * block (cudaFuncSetAttribute MaxDynamicSharedMemorySize set to the
 * device's sharedMemPerBlockOptin), which then replaces
 * sm.max_shared_per_block as the per-block limit. */
void occ_compute(const struct gpu_config *c, unsigned threads, unsigned regs, uint32_t smem, bool optin,
		 struct occ_result *r);

/* The per-block shared memory limit (bytes) with or without opting in. */
uint64_t occ_smem_limit(const struct gpu_config *c, bool optin);

#endif
