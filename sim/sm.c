/*
 * sm.c - one SM for one cycle: evaluate every resident warp (can it issue,
 * and if not, why and until when), let each sub-partition's scheduler rank
 * its warps, issue the first eligible ones, and account what they did.
 */
#include <string.h>

#include "core.h"

/* Can w issue at cycle t? Sets w->stall (STALL_SELECTED meaning "eligible"
 * until the scheduler decides) and w->wake. */
static void evaluate(struct sim *s, struct sm *m, struct warp *w, uint64_t t)
{
	/* Nothing but its own issue or a barrier release (both set dirty) can
	 * end a stall before its wake time, so the last verdict still holds. */
	if (!w->dirty && t < w->wake)
		return;
	w->dirty = false;
	w->wake = NEVER;
	if (w->at_barrier) {
		w->stall = STALL_BARRIER;
		return;
	}
	if (w->sleep_until > t) {
		w->stall = STALL_SLEEPING;
		w->wake = w->sleep_until;
		return;
	}
	if (w->branch_until > t) {
		w->stall = STALL_BRANCH_RESOLVING;
		w->wake = w->branch_until;
		return;
	}
	const struct deps *d = &s->deps[w->pc];
	uint64_t ready = 0;
	uint8_t kind = RK_WAIT;
	for (unsigned i = 0; i < d->d.nread; i++)
		if (w->reg_ready[d->d.read[i]] > ready) {
			ready = w->reg_ready[d->d.read[i]];
			kind = w->reg_kind[d->d.read[i]];
		}
	for (unsigned i = 0; i < d->d.nwrite; i++)
		if (w->reg_ready[d->d.write[i]] > ready) {
			ready = w->reg_ready[d->d.write[i]];
			kind = w->reg_kind[d->d.write[i]];
		}
	uint8_t preds = d->d.pread;
	if (d->d.pwrite >= 0)
		preds |= (uint8_t)(1u << d->d.pwrite);
	for (unsigned p = 0; p < ISA_NUM_PREDS; p++)
		if ((preds >> p & 1) && w->pred_ready[p] > ready) {
			ready = w->pred_ready[p];
			kind = w->pred_kind[p];
		}
	if (ready > t) {
		w->stall = kind == RK_LONG ? STALL_LONG_SCOREBOARD
			 : kind == RK_SHORT ? STALL_SHORT_SCOREBOARD : STALL_WAIT;
		w->wake = ready;
		return;
	}
	if (d->mclass == MC_FENCE && w->mem_until > t) {
		w->stall = STALL_MEMBAR;
		w->wake = w->mem_until;
		return;
	}
	uint64_t free_at = m->sp[w->subp].unit_free[d->unit];
	if (free_at > t) {
		w->stall = d->unit != UNIT_LDST ? STALL_MATH_PIPE_THROTTLE
			 : d->mclass == MC_GLOBAL ? STALL_LG_THROTTLE : STALL_MIO_THROTTLE;
		w->wake = free_at;
		return;
	}
	w->stall = STALL_SELECTED;
	w->wake = t;
}

static void set_ready(struct warp *w, const struct deps *d, uint64_t at, uint8_t kind)
{
	for (unsigned i = 0; i < d->d.nwrite; i++) {
		w->reg_ready[d->d.write[i]] = at;
		w->reg_kind[d->d.write[i]] = kind;
	}
	if (d->d.pwrite >= 0) {
		w->pred_ready[d->d.pwrite] = at;
		w->pred_kind[d->d.pwrite] = kind;
	}
}

static void issue(struct sim *s, struct sm *m, struct warp *w)
{
	const struct program *p = s->p;
	uint64_t t = s->now;
	uint32_t pc = w->pc, mask = w->mask;
	const struct isa_insn *in = &p->code[pc];
	const struct deps *d = &s->deps[pc];
	struct block *b = w->blk;
	struct exec_result x;
	b->env.clock = t;
	exec_insn(in, &w->x, &b->env, mask, &x);
	if (x.fault) {
		diag_fault(s, w, pc, &x);
		s->stop = true;
		return;
	}
	struct sim_stats *st = &s->r->stats;
	st->warp_insns++;
	st->thread_insns += (uint64_t)__builtin_popcount(mask);
	st->op_count[in->op]++;
	s->r->sms[m->id].warp_insns++;
	struct subpart *sp = &m->sp[w->subp];
	sp->unit_free[d->unit] = t + s->ii[d->unit];
	/* results */
	if (d->mclass != MC_NONE && d->mclass != MC_FENCE) {
		struct mem_request rq = {(enum mem_class)d->mclass, x.exec_mask, x.addr,
					 4 * isa_width_regs(in), in->op == OP_STG || in->op == OP_STS};
		uint64_t done = mem_access(s->mem, m->id, &rq, t, st);
		if (done > w->mem_until)
			w->mem_until = done;
		uint8_t kind = d->mclass == MC_GLOBAL ? RK_LONG : d->mclass == MC_CONST ? RK_WAIT : RK_SHORT;
		set_ready(w, d, done, kind);
	} else if (d->mclass == MC_NONE) {
		set_ready(w, d, t + s->lat[d->unit], d->unit == UNIT_SFU ? RK_SHORT : RK_WAIT);
	}
	bool progress = x.mem_written;
	uint32_t exited = 0;
	switch (in->op) {
	case OP_BRA:
		w->branch_until = t + (uint64_t)s->c->branch_latency;
		if (x.taken && (uint32_t)in->off <= pc) { /* a loop's back edge */
			w->loop_epoch = s->progress_epoch;
			w->loop_lo = (uint32_t)in->off;
			w->loop_hi = pc;
		}
		if (x.taken && (mask & ~x.taken))
			st->divergent_branches++;
		break;
	case OP_EXIT:
		exited = x.exec_mask;
		w->exited |= exited;
		progress |= exited != 0;
		break;
	case OP_NANOSLEEP:
		if (x.exec_mask)
			w->sleep_until = t + (uint64_t)x.sleep_ns * (uint64_t)s->c->clock_mhz / 1000;
		break;
	case OP_WARPSYNC: {
		/* the stack runs one path at a time: lanes of the mask that are on
		 * another path cannot meet this one; pre-Volta hardware goes on */
		uint32_t missing = x.sync_mask & w->valid & ~w->exited & ~mask;
		if (x.exec_mask && missing) {
			char where[160], who[160];
			diag_threads(who, sizeof who, missing, w->warp_in_block * 32);
			diag_warn(s->r, "warpsync at %s: threads %s of warp %u are on another path of the reconvergence stack; they do not wait (undefined under the CUDA rules)\n",
				  diag_where(p, pc, where, sizeof where), who, w->warp_in_block);
		}
		break;
	}
	default:
		break;
	}
	struct simt_step step = {in, pc, mask, x.taken, exited, p->ipdom[pc]};
	s->simt->step(w->simt, &step);
	bool more = s->simt->next(w->simt, &w->pc, &w->mask);
	w->dirty = true;
	if (s->obs.on_issue) {
		struct issue_event e = {t, m->id, w->slot, w->subp, b->linear, w->warp_in_block, pc, mask,
					x.exec_mask, s->simt->depth(w->simt)};
		s->obs.on_issue(s->obs.ctx, &e);
	}
	/* livelock diagnosis: the pcs this warp issues between progress events */
	if (w->spin_epoch != s->progress_epoch) {
		w->spin_epoch = s->progress_epoch;
		w->spin_lo = w->spin_hi = pc;
	} else {
		if (pc < w->spin_lo)
			w->spin_lo = pc;
		if (pc > w->spin_hi)
			w->spin_hi = pc;
	}
	if (progress)
		gpu_progress(s);
	if (in->op == OP_BAR && x.exec_mask) {
		bar_arrive(s, w, pc, x.exec_mask);
		return;
	}
	if (!more)
		gpu_warp_done(s, w);
}

void sm_cycle(struct sim *s, struct sm *m, bool *issued)
{
	uint64_t t = s->now;
	unsigned nsub = (unsigned)s->c->sub_partitions;
	*issued = false;
	m->dirty = false;
	m->wake = NEVER;
	memset(m->hist, 0, sizeof m->hist);
	for (unsigned i = 0; i < m->nlive; i++)
		evaluate(s, m, m->live[i], t);
	/* copy: issuing can retire warps and change m->live */
	struct warp *warps[m->nlive ? m->nlive : 1];
	unsigned nw = m->nlive;
	memcpy(warps, m->live, nw * sizeof *warps);
	bool any_eligible = false;
	for (unsigned i = 0; i < m->nlive && !any_eligible; i++)
		any_eligible = m->live[i]->stall == STALL_SELECTED;
	for (unsigned k = 0; k < nsub && !s->stop && any_eligible; k++) {
		unsigned n = 0;
		for (unsigned i = 0; i < nw; i++) {
			struct warp *w = warps[i];
			if (w->subp != k)
				continue;
			s->cands[n] = (struct sched_cand){w->slot, w->age, w->stall == STALL_SELECTED,
							  w->stall == STALL_LONG_SCOREBOARD};
			s->cand_warp[n++] = i;
		}
		if (!n)
			continue;
		unsigned no = s->sched->rank(m->sp[k].sched, s->cands, n, s->order);
		unsigned width = (unsigned)s->c->issue_width, done = 0;
		bool chosen[n];
		memset(chosen, 0, sizeof chosen);
		for (unsigned j = 0; j < no && done < width && !s->stop; j++) {
			unsigned c = s->order[j];
			struct warp *w = warps[s->cand_warp[c]];
			if (!s->cands[c].eligible)
				continue;
			/* an earlier issue this cycle may have taken the unit */
			const struct deps *d = &s->deps[w->pc];
			if (m->sp[k].unit_free[d->unit] > t) {
				w->stall = d->unit != UNIT_LDST ? STALL_MATH_PIPE_THROTTLE
					 : d->mclass == MC_GLOBAL ? STALL_LG_THROTTLE : STALL_MIO_THROTTLE;
				w->wake = m->sp[k].unit_free[d->unit];
				s->cands[c].eligible = false;
				continue;
			}
			chosen[c] = true;
			done++;
			if (s->sched->issued)
				s->sched->issued(m->sp[k].sched, w->slot);
			issue(s, m, w);
			*issued = true;
		}
		for (unsigned c = 0; c < n; c++) {
			struct warp *w = warps[s->cand_warp[c]];
			if (s->cands[c].eligible && !chosen[c])
				w->stall = STALL_NOT_SELECTED;
		}
	}
	for (unsigned i = 0; i < nw; i++) {
		m->hist[warps[i]->stall]++;
		if (warps[i]->wake < m->wake)
			m->wake = warps[i]->wake;
	}
	if (*issued)
		m->dirty = true;
}
