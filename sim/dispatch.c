/*
 * dispatch.c - the block dispatcher: blocks start on SMs that have room,
 * one block per SM per pass, round robin, as many passes as fit (100
 * blocks on 16 SMs give 6 or 7 each); gpu.dispatch_per_kcycle can limit
 * how many start per cycle. A block's warps take free slots of its SM, in
 * slot order, with fresh registers and divergence state.
 */
#include <string.h>

#include "shadow.h"
#include "core.h"
#include "util.h"

static void start_block(struct sim *s, struct sm *m)
{
	const struct program *p = s->p;
	struct block *b = NULL;
	for (unsigned i = 0; i < s->occ.blocks && !b; i++)
		if (!m->blocks[i].live)
			b = &m->blocks[i];
	uint64_t lin = s->next_block++;
	b->live = true;
	b->linear = lin;
	b->id[0] = (uint32_t)(lin % p->grid[0]);
	b->id[1] = (uint32_t)(lin / p->grid[0] % p->grid[1]);
	b->id[2] = (uint32_t)(lin / ((uint64_t)p->grid[0] * p->grid[1]));
	b->sm = m;
	b->nthreads = p->block[0] * p->block[1] * p->block[2];
	b->nwarps = s->occ.warps_per_block;
	b->warps_done = 0;
	b->nwaiting = 0;
	b->bar_differ = false;
	memset(b->shared, 0, p->shared_bytes);
	/* local memory starts zeroed for each block (the GPU leaves it undefined:
	 * zeros keep a run's results the same in every mode) */
	size_t local = (size_t)p->local_bytes * b->nwarps * 32;
	if (local && !b->local)
		b->local = xcalloc(local, 1);
	else if (local)
		memset(b->local, 0, local);
	if (s->chk)
		shadow_block_start(s, b);
	struct exec_env *e = &b->env;
	memset(e, 0, sizeof *e);
	memcpy(e->ctaid, b->id, sizeof e->ctaid);
	memcpy(e->nctaid, p->grid, sizeof e->nctaid);
	memcpy(e->ntid, p->block, sizeof e->ntid);
	e->smid = m->id;
	e->clock_mhz = (uint32_t)s->c->clock_mhz;
	e->shared = b->shared;
	e->shared_size = p->shared_bytes;
	e->local = b->local;
	e->local_size = p->local_bytes;
	e->local_addr = b->local_addr;
	e->local_stride = s->local_stride;
	e->args = s->args;
	e->nargs = p->nargs;
	e->gmem.region = gmem_region;
	e->gmem.ctx = s->g;
	e->print = plog_record;
	e->print_ctx = &m->plog;
	m->plog.kept = s->printf_kept;
	if (!m->code_ready) /* the kernel's first block here: its code is fetched */
		m->code_ready = s->now + (uint64_t)s->c->code_fetch_cycles;
	unsigned k = 0;
	for (unsigned wi = 0; wi < b->nwarps; wi++) {
		while (m->slots[k].live || m->slots[k].blk)
			k++;
		struct warp *w = &m->slots[k];
		if (!w->x.regs) { /* the slot's first warp */
			w->x.regs = xcalloc((size_t)program_storage_regs(p) * 32, sizeof(uint32_t));
			w->reg_ready = xcalloc(program_storage_regs(p), sizeof(uint64_t));
			w->simt = xcalloc(1, s->simt->state_size);
		}
		w->blk = b;
		w->warp_in_block = wi;
		w->x.warp_in_block = wi;
		memset(w->x.regs, 0, sizeof(uint32_t) * program_storage_regs(p) * 32);
		memset(w->x.preds, 0, sizeof w->x.preds);
		w->x.preds[ISA_PT] = ~0u;
		uint32_t first = wi * 32, n = b->nthreads - first;
		w->valid = n >= 32 ? ~0u : (1u << n) - 1;
		w->exited = 0;
		w->live = true;
		w->age = s->next_age++;
		m->age[w->slot] = w->age;
		w->branch_until = w->mem_until = w->fence_until = w->bar_until = w->ldg_next_m = w->lds_next = 0;
		w->fetch_until = m->code_ready;
		w->held_until = w->fetch_until;
		w->sleep_lanes = 0;
		memset(w->reg_ready, 0, sizeof(uint64_t) * program_storage_regs(p));
		memset(w->pred_ready, 0, sizeof w->pred_ready);
		memset(w->pred_bra_ready, 0, sizeof w->pred_bra_ready);
		w->bar_mask = w->ws_lanes = 0;
		w->spin_epoch = w->loop_epoch = UINT64_MAX;
		memset(w->ld_pc, 0xff, sizeof w->ld_pc);
		s->simt->init(w->simt, w->valid, s->policy, s->p->code);
		w->runnable = s->simt->next(w->simt, &w->pc, &w->mask);
		w->live_lanes = w->valid;
		w->dirty = true;
		w->bin = -1;
		w->wake = 0;
		b->warps[wi] = w;
		sm_add_warp(m, w);
	}
	m->nblocks++;
	s->free_slots--;
	if (m->nblocks > s->r->sms[m->id].max_blocks)
		s->r->sms[m->id].max_blocks = m->nblocks;
	s->r->sms[m->id].blocks++;
}

/* The blocks SM m holds as the dispatcher sees them at s->now: an SM-major
 * run's SM may have run past blocks that retire after now (smmajor.c). */
static unsigned blocks_held(const struct sim *s, const struct sm *m)
{
	return m->nblocks + (m->retired_at >= s->now ? m->retired : 0);
}

/* First cycle block k (in dispatch order) may start: the dispatcher starts
 * gpu.dispatch_per_kcycle blocks per 1000 cycles (timed runs; 0: no limit). */
static uint64_t dispatch_time(const struct sim *s, uint64_t k)
{
	uint64_t rate = (uint64_t)s->c->dispatch_per_kcycle;
	return rate && !s->functional ? (k * 1000 + rate - 1) / rate : 0;
}

static bool may_dispatch(const struct sim *s)
{
	return s->next_block < s->total_blocks && dispatch_time(s, s->next_block) <= s->now;
}

/* When the clock must stop for the dispatcher: the next block's start
 * time, if an SM has room for it (NEVER otherwise). */
uint64_t gpu_dispatch_next(const struct sim *s)
{
	if (s->next_block >= s->total_blocks || !s->free_slots)
		return NEVER;
	for (unsigned i = 0; i < s->nsms; i++)
		if (blocks_held(s, &s->sms[i]) < s->occ.blocks) {
			uint64_t t = dispatch_time(s, s->next_block);
			return t > s->now ? t : s->now + 1;
		}
	return NEVER;
}

/* One block per SM per pass, round robin, while any SM has room and the
 * dispatcher's rate allows. */
void gpu_dispatch(struct sim *s)
{
	if (!s->free_slots)
		return;
	bool placed = true;
	while (placed && may_dispatch(s)) {
		placed = false;
		for (unsigned i = 0; i < s->nsms && may_dispatch(s); i++) {
			struct sm *m = &s->sms[(s->dispatch_rr + i) % s->nsms];
			if (blocks_held(s, m) < s->occ.blocks) {
				start_block(s, m);
				placed = true;
			}
		}
	}
	s->dispatch_rr = (unsigned)(s->next_block % s->nsms);
}
