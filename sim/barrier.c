/*
 * barrier.c - CTA barriers (bar.sync, __syncthreads) with three semantics,
 * chosen by sm.barrier:
 *
 *   strict  the CUDA language rule: every non-exited thread of the block
 *           must arrive, at the same bar.sync; threads at different
 *           barriers, or threads that can never arrive, are a deadlock.
 *   warp    pre-Volta hardware: a warp arrives when any of its threads
 *           executes bar.sync; the barrier opens when every unfinished warp
 *           has arrived. A partial warp arriving is reported as a warning.
 *   thread  Volta and later: counted per thread, exited threads count as
 *           arrived; arrivals at different bar.sync instructions count
 *           together (with a warning).
 *
 * A waiting warp issues nothing, so with the reconvergence stack its lanes
 * that are masked off behind the barrier can never arrive: as soon as every
 * unfinished warp of the block waits and the barrier still cannot open, the
 * block is deadlocked and the run stops with a diagnosis.
 */
#include <stdio.h>
#include <string.h>

#include "core.h"

void bar_arrive(struct sim *s, struct warp *w, uint32_t pc, uint32_t lanes)
{
	w->at_barrier = true;
	w->bar_pc = pc;
	w->bar_mask = lanes;
	gpu_progress(s);
	if (s->bar == BAR_WARP) {
		uint32_t expect = w->valid & ~w->exited;
		if (lanes != expect && (unsigned)pc < sizeof s->warned_pc_bar * 8 &&
		    !(s->warned_pc_bar[pc / 8] >> (pc % 8) & 1)) {
			s->warned_pc_bar[pc / 8] |= (char)(1 << (pc % 8));
			char where[160], who[160], missing[160];
			diag_threads(who, sizeof who, lanes, w->warp_in_block * 32);
			diag_threads(missing, sizeof missing, expect & ~lanes, w->warp_in_block * 32);
			diag_warn(s->r, "bar.sync at %s reached by threads %s of warp %u only (threads %s are on another path); the warp counts as arrived (sm.barrier = warp), undefined under the CUDA rules\n",
				  diag_where(s->p, pc, where, sizeof where), who, w->warp_in_block, missing);
		}
	}
	bar_check(s, w->blk);
}

void bar_check(struct sim *s, struct block *b)
{
	bool all_waiting = true, open = true, any = false;
	uint32_t pc = UINT32_MAX;
	bool same_pc = true;
	for (unsigned i = 0; i < b->nwarps; i++) {
		struct warp *w = b->warps[i];
		if (!w->live)
			continue;
		if (!w->at_barrier) {
			all_waiting = false;
			open = false;
			continue;
		}
		any = true;
		if (pc == UINT32_MAX)
			pc = w->bar_pc;
		else if (w->bar_pc != pc)
			same_pc = false;
		if (s->bar != BAR_WARP && ((w->bar_mask | w->exited) & w->valid) != w->valid)
			open = false;
	}
	if (!any)
		return;
	if (open && !same_pc) {
		if (s->bar == BAR_STRICT) {
			diag_deadlock(s, b, "threads wait at different bar.sync instructions (sm.barrier = strict requires one)");
			return;
		}
		char a[160];
		diag_warn(s->r, "block (%u,%u,%u): threads arrived at different bar.sync instructions (first at %s); they are released together\n",
			  b->id[0], b->id[1], b->id[2], diag_where(s->p, pc, a, sizeof a));
	}
	if (open) {
		for (unsigned i = 0; i < b->nwarps; i++) {
			b->warps[i]->at_barrier = false;
			b->warps[i]->dirty = true;
			b->sm->sp[b->warps[i]->subp].dirty = true;
		}
		s->r->stats.barrier_waits++;
		return;
	}
	if (all_waiting)
		diag_deadlock(s, b, "the barrier can never open");
}
