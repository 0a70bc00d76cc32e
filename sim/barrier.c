/*
 * barrier.c - CTA barriers (bar.sync, __syncthreads) with three semantics,
 * chosen by sm.barrier, and warp syncs (warpsync, __syncwarp).
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
 * Timing: the SM's barrier unit counts one warp's arrival every
 * sm.barrier_arrive_cycles; the released warps issue again
 * sm.barrier_latency cycles after the last arrival was counted (both 0:
 * at once).
 *
 * Arriving lanes block in the divergence model: with the reconvergence
 * stack that stops the whole warp (lanes masked off behind the barrier can
 * never arrive); with independent thread scheduling only those lanes. As
 * soon as no thread of the block can move and the barrier still cannot
 * open, the block is deadlocked and the run stops with a diagnosis.
 *
 * warpsync (its): the executing lanes wait until every non-exited lane of
 * their mask waits at a warpsync too (at any pc, as Volta allows). With the
 * stack a warpsync cannot wait for lanes on another path; it goes on, with
 * a warning, as pre-Volta hardware does.
 */
#include <stdio.h>
#include <string.h>

#include "core.h"
#include "livelock.h"

bool warn_once(struct sim *s, uint32_t pc, unsigned kind)
{
	if (pc >= s->p->ncode || (s->warned[pc] & kind))
		return false;
	s->warned[pc] |= (uint8_t)kind;
	return true;
}

void warp_refresh(struct sim *s, struct warp *w)
{
	w->runnable = s->simt->next(w->simt, &w->pc, &w->mask);
	w->live_lanes = s->simt->live(w->simt);
	w->dirty = true;
	w->blk->sm->sp[w->subp].dirty = true;
	w->blk->sm->dirty = true;
}

/* Can some lane of the block still issue? */
static bool block_can_move(const struct block *b)
{
	for (unsigned i = 0; i < b->nwarps; i++)
		if (b->warps[i]->live && (b->warps[i]->runnable || b->warps[i]->sleep_lanes))
			return true; /* sleepers wake up on their own */
	return false;
}

void bar_arrive(struct sim *s, struct warp *w, uint32_t pc, uint32_t lanes)
{
	struct block *b = w->blk;
	struct sm *m = b->sm;
	/* the SM's barrier unit counts one warp's arrival at a time */
	m->bar_unit_free = (m->bar_unit_free > s->now ? m->bar_unit_free : s->now) +
			   (uint64_t)s->c->barrier_arrive_cycles;
	b->bar_last = m->bar_unit_free;
	bool first = true;
	for (unsigned i = 0; i < b->nwarps; i++)
		if (b->warps[i]->live && b->warps[i]->bar_mask)
			first = false;
	if (first) {
		b->bar_first_pc = pc;
		b->bar_differ = false;
	} else if (pc != b->bar_first_pc) {
		b->bar_differ = true;
	}
	w->bar_mask |= lanes;
	w->bar_pc = pc;
	s->simt->block(w->simt, lanes);
	livelock_progress(s);
	uint32_t expect = w->live_lanes & ~w->bar_mask;
	char where[160], who[160], missing[160];
	if (expect && s->bar == BAR_WARP && warn_once(s, pc, WARN_BAR_PARTIAL)) {
		diag_threads(who, sizeof who, w->bar_mask, w->warp_in_block * 32);
		diag_threads(missing, sizeof missing, expect, w->warp_in_block * 32);
		diag_warn(s->r, "bar.sync at %s reached by threads %s of warp %u only (threads %s are on another path); the warp counts as arrived (sm.barrier = warp), undefined under the CUDA rules\n",
			  diag_where(s->p, pc, where, sizeof where), who, w->warp_in_block, missing);
	}
	if (expect && s->its && warn_once(s, pc, WARN_BAR_ITS)) {
		diag_threads(who, sizeof who, lanes, w->warp_in_block * 32);
		diag_threads(missing, sizeof missing, expect, w->warp_in_block * 32);
		diag_warn(s->r, "bar.sync at %s reached by threads %s of warp %u while threads %s of that warp are on another path (synccheck: a divergent __syncthreads is undefined under the CUDA rules)\n",
			  diag_where(s->p, pc, where, sizeof where), who, w->warp_in_block, missing);
	}
	warp_refresh(s, w);
	bar_check(s, b);
}

void bar_check(struct sim *s, struct block *b)
{
	bool open = true, any = false;
	for (unsigned i = 0; i < b->nwarps; i++) {
		const struct warp *w = b->warps[i];
		if (!w->live)
			continue;
		any |= w->bar_mask != 0;
		if (s->bar == BAR_WARP ? !w->bar_mask : (w->live_lanes & ~w->bar_mask) != 0)
			open = false;
	}
	if (!any)
		return;
	if (open && b->bar_differ) {
		if (s->bar == BAR_STRICT) {
			diag_deadlock(s, b, "threads wait at different bar.sync instructions (sm.barrier = strict requires one)");
			return;
		}
		char a[160];
		if (warn_once(s, b->bar_first_pc, WARN_BAR_DIFFER))
			diag_warn(s->r, "block (%u,%u,%u): threads arrived at different bar.sync instructions (first at %s); they are released together\n",
				  b->id[0], b->id[1], b->id[2], diag_where(s->p, b->bar_first_pc, a, sizeof a));
	}
	if (open) {
		uint64_t go = b->bar_last + (uint64_t)s->c->barrier_latency;
		for (unsigned i = 0; i < b->nwarps; i++) {
			struct warp *w = b->warps[i];
			if (!w->live || !w->bar_mask)
				continue;
			s->simt->release(w->simt, w->bar_mask);
			w->bar_mask = 0;
			w->bar_until = go;
			warp_refresh(s, w);
		}
		s->r->stats.barrier_waits++;
		return;
	}
	if (!block_can_move(b))
		diag_deadlock(s, b, "the barrier can never open");
}

void warpsync_check(struct sim *s, struct warp *w)
{
	/* release every waiting lane whose mask is all waiting or exited */
	uint32_t rel = 0;
	for (uint32_t r = w->ws_lanes; r; r &= r - 1) {
		int l = __builtin_ctz(r);
		if (!(w->ws_mask[l] & w->live_lanes & ~w->ws_lanes))
			rel |= 1u << l;
	}
	if (rel) {
		w->ws_lanes &= ~rel;
		s->simt->release(w->simt, rel);
		warp_refresh(s, w);
	}
	if (w->live && !w->runnable && !block_can_move(w->blk)) {
		bool bar = false;
		for (unsigned i = 0; i < w->blk->nwarps; i++)
			bar |= w->blk->warps[i]->live && w->blk->warps[i]->bar_mask;
		if (bar)
			bar_check(s, w->blk); /* reports the deadlock if the barrier cannot open */
		else
			diag_deadlock(s, w->blk, "threads wait at warpsync for threads that can never arrive");
	}
}

void warpsync_arrive(struct sim *s, struct warp *w, uint32_t pc, uint32_t lanes, uint32_t mask)
{
	livelock_progress(s);
	if (!s->its) {
		uint32_t missing = mask & w->live_lanes & ~lanes;
		if (missing && warn_once(s, pc, WARN_WARPSYNC)) {
			char where[160], who[160];
			diag_threads(who, sizeof who, missing, w->warp_in_block * 32);
			diag_warn(s->r, "warpsync at %s: threads %s of warp %u are on another path of the reconvergence stack; they do not wait (undefined under the CUDA rules)\n",
				  diag_where(s->p, pc, where, sizeof where), who, w->warp_in_block);
		}
		return;
	}
	for (uint32_t r = lanes; r; r &= r - 1) {
		int l = __builtin_ctz(r);
		w->ws_mask[l] = mask | (1u << l);
	}
	w->ws_lanes |= lanes;
	w->ws_pc = pc;
	s->simt->block(w->simt, lanes);
	warp_refresh(s, w);
	warpsync_check(s, w);
}
