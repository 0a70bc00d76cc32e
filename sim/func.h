/*
 * func.h - the functional runner: executes every lane of every warp of every
 * block, with masks and predicates, with no notion of time.
 *
 * Blocks run one after another (block id order). Within a block, warps take
 * turns; each warp issues for the group of its ready threads that share the
 * lowest pc (min-pc scheduling), so divergent paths run one after the other
 * and reconverge where their pcs meet. A thread at bar.sync waits until every
 * thread of its block has arrived or exited; a thread at warpsync waits for
 * the threads of its mask. Instruction semantics come from isa/exec.
 */
#ifndef SIMT_FUNC_H
#define SIMT_FUNC_H

#include <stdint.h>

#include "gmem.h"
#include "program.h"
#include "result.h"

struct func_opts {
	uint32_t num_sms;         /* for %smid: block b runs on SM b % num_sms */
	uint64_t livelock_window; /* warp instructions in a block with no progress */
	uint64_t max_steps;       /* total warp instructions; 0 = no limit */
};

/* Run the program's grid over global memory g with the given kernel
 * argument words. Never fails on its own: problems in the kernel become
 * r->status and r->diagnosis. */
void func_run(const struct program *p, struct gmem *g, const uint32_t *args,
	      const struct func_opts *o, struct sim_result *r);

#endif
