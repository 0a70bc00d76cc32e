/*
 * shadow.h - the check modes (--racecheck, --initcheck): shadow state kept
 * beside shared and global memory, fed by the timing core as instructions
 * issue, barriers open and warp syncs release, and findings recorded as
 * reports (report.h). With no check mode on none of this is called.
 *
 * racecheck follows the CUDA memory model at the granularity of 4-byte
 * words of shared memory (every access of the ISA is whole, aligned words):
 * two accesses of one word by different threads of a block, at least one a
 * write, race unless a barrier opened between them (bar.sync), or, for two
 * threads of one warp, a warpsync released both between them, or, under
 * the reconvergence stack, they are of one warp (its lanes run in lockstep).
 * Atomics take no part (an atomic never races with an atomic, and the
 * ordering of atomics with plain accesses is left to the programmer). One
 * report per pair of instructions and kind.
 *
 * initcheck: a load or atomic reading a word of shared memory that no
 * thread of the block wrote since the block started, or a word of a global
 * buffer filled "uninit" that nothing wrote. One report per instruction.
 */
#ifndef SIMT_SHADOW_H
#define SIMT_SHADOW_H

#include <stdint.h>

#include "core.h"

struct shadow *shadow_create(const struct sim *s, unsigned checks);
void shadow_free(struct shadow *c);

/* Block b starts on its slot: its shared memory is unwritten, no access recorded. */
void shadow_block_start(struct sim *s, struct block *b);
/* Warp w issued the memory instruction at pc; x holds its lanes' addresses. */
void shadow_access(struct sim *s, struct warp *w, uint32_t pc, const struct exec_result *x);
/* b's barrier opened: every access before it is ordered before every one after. */
void shadow_barrier(struct sim *s, struct block *b);
/* warpsync released lanes of w together. */
void shadow_warpsync(struct sim *s, struct warp *w, uint32_t lanes);

#endif
