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
#include <string.h>

#include "shadow.h"
#include "core.h"
#include "unitq.h"
#include "wakeq.h"
#include "livelock.h"

void warp_refresh(struct sim *s, struct warp *w)
{
	struct subpart *sp = &w->blk->sm->sp[w->subp];
	if (w->queued >= 0) /* evaluated on its own again, at the next walk */
		unitq_leave(sp, w);
	else
		wake_due(sp, w);
	w->runnable = s->simt->next(w->simt, &w->pc, &w->mask);
	w->live_lanes = s->simt->live(w->simt);
	w->dirty = true;
	sp->dirty = true;
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

void bar_arrive(struct sim *s, struct warp *w, uint32_t pc, uint32_t lanes, uint32_t vote)
{
	struct block *b = w->blk;
	w->bar_vote |= vote;
	b->bar_red |= s->p->code[pc].op != OP_BAR;
	struct sm *m = b->sm;
	/* the SM's barrier unit counts one warp's arrival at a time */
	m->bar_unit_free = (m->bar_unit_free > s->now ? m->bar_unit_free : s->now) +
			   (uint64_t)s->c->barrier_arrive_cycles;
	b->bar_last = m->bar_unit_free;
	bool first = b->nwaiting == 0; /* no live warp waits yet */
	if (!w->bar_mask)
		b->nwaiting++;
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
	if (expect && s->bar == BAR_WARP)
		report_sync(s, w, SYNC_BAR_PARTIAL, pc, w->bar_mask, expect, 0);
	if (expect && s->its)
		report_sync(s, w, SYNC_BAR_DIVERGENT, pc, lanes, expect, 0);
	warp_refresh(s, w);
	bar_check(s, b);
}

/* bar.red's results as the barrier opens: over every arrived thread of the
 * block, the count whose predicate held (bar.red.popc, __syncthreads_count),
 * whether all did (and) or any did (or), written for each warp's arrived
 * lanes into the destination of the instruction it waits at. */
static void bar_red_results(struct sim *s, struct block *b)
{
	if (!b->bar_red)
		return;
	b->bar_red = false;
	uint32_t count = 0, arrived = 0;
	for (unsigned i = 0; i < b->nwarps; i++) {
		const struct warp *w = b->warps[i];
		if (!w->live || !w->bar_mask)
			continue;
		count += (uint32_t)__builtin_popcount(w->bar_vote);
		arrived += (uint32_t)__builtin_popcount(w->bar_mask);
	}
	for (unsigned i = 0; i < b->nwarps; i++) {
		struct warp *w = b->warps[i];
		if (!w->live || !w->bar_mask)
			continue;
		const struct isa_insn *in = &s->p->code[w->bar_pc];
		if (in->op == OP_BAR_POPC && in->dst != ISA_RZ) {
			for (uint32_t r = w->bar_mask; r; r &= r - 1)
				w->x.regs[in->dst * ISA_WARP_SIZE + (unsigned)__builtin_ctz(r)] = count;
		} else if ((in->op == OP_BAR_AND || in->op == OP_BAR_OR) && in->dst != ISA_PT) {
			bool v = in->op == OP_BAR_AND ? count == arrived : count != 0;
			w->x.preds[in->dst] = v ? w->x.preds[in->dst] | w->bar_mask : w->x.preds[in->dst] & ~w->bar_mask;
		}
		w->bar_vote = 0;
	}
}

void bar_check(struct sim *s, struct block *b)
{
	if (!b->nwaiting)
		return;
	/* open only if every live warp waits (a live warp has live lanes), and
	 * then, per thread, with all its live lanes */
	bool open = b->nwaiting == b->nwarps - b->warps_done;
	for (unsigned i = 0; i < b->nwarps && open; i++) {
		const struct warp *w = b->warps[i];
		if (w->live && (s->bar == BAR_WARP ? !w->bar_mask : (w->live_lanes & ~w->bar_mask) != 0))
			open = false;
	}
	if (open && b->bar_differ) {
		if (s->bar == BAR_STRICT) {
			report_deadlock(s, b, DL_BAR_DIFFER);
			return;
		}
		report_sync(s, b->warps[0], SYNC_BAR_DIFFER, b->bar_first_pc, 0, 0, 0);
	}
	if (open) {
		if (s->chk)
			shadow_barrier(s, b);
		bar_red_results(s, b);
		uint64_t go = b->bar_last + (uint64_t)s->c->barrier_latency;
		for (unsigned i = 0; i < b->nwarps; i++) {
			struct warp *w = b->warps[i];
			if (!w->live || !w->bar_mask)
				continue;
			s->simt->release(w->simt, w->bar_mask);
			w->bar_mask = 0;
			warp_hold(w, w->bar_until = go);
			warp_refresh(s, w);
		}
		b->nwaiting = 0;
		s->r->stats.barrier_waits++;
		return;
	}
	if (!block_can_move(b))
		report_deadlock(s, b, DL_BAR_NEVER_OPENS);
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
		if (s->chk)
			shadow_warpsync(s, w, rel);
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
			report_deadlock(s, w->blk, DL_WARPSYNC);
	}
}

void warpsync_arrive(struct sim *s, struct warp *w, uint32_t pc, uint32_t lanes, uint32_t mask)
{
	livelock_progress(s);
	if (!s->its) {
		uint32_t missing = mask & w->live_lanes & ~lanes;
		if (missing)
			report_sync(s, w, SYNC_WARPSYNC_STACK, pc, lanes, missing, mask);
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
