/*
 * sm.c - one SM for one cycle: evaluate every resident warp (can it issue,
 * and if not, why and until when), let each sub-partition's scheduler rank
 * its warps, issue the first eligible ones, and account what they did.
 */
#include <string.h>

#include "cfg.h"
#include "shadow.h"
#include "core.h"
#include "unitq.h"
#include "wakeq.h"
#include "livelock.h"

static enum stall throttle_of(const struct deps *d) { return unit_throttle(d->unit, d->mclass == MC_GLOBAL); }

static inline __attribute__((always_inline)) void evaluate_runnable(struct sim *s, const struct subpart *sp,
								  struct warp *w, uint64_t t);

/* The verdict for a warp whose operands are ready: eligible at t unless
 * its functional unit is still busy. */
static inline void unit_verdict(const struct subpart *sp, struct warp *w, const struct deps *d, uint64_t t)
{
	uint64_t unit_free = sp->unit_free[d->unit];
	if (unit_free > t) {
		w->stall = throttle_of(d);
		w->wake = unit_free;
		return;
	}
	w->stall = STALL_SELECTED;
	w->wake = t;
}

/* How long nanosleep(ns) sleeps, in nanoseconds (sm.nanosleep,
 * sm.nanosleep_min_ns). */
static uint64_t sleep_ns(const struct sim *s, uint32_t ns)
{
	uint64_t d = ns;
	if (s->sleep_pow2) /* the smallest power of two above ns */
		d = (uint64_t)1 << (ns ? 32 - __builtin_clz(ns) : 0);
	uint64_t least = (uint64_t)s->c->nanosleep_min_ns;
	return d > least ? d : least;
}

/* Wake the lanes of w whose nanosleep is over at cycle t; *next gets the
 * earliest wake of those still asleep (left as is when none). Returns
 * whether any lane woke. */
static bool wake_sleepers(struct sim *s, struct warp *w, uint64_t t, uint64_t *next)
{
	uint32_t due = 0;
	for (uint32_t r = w->sleep_lanes; r; r &= r - 1) {
		int l = __builtin_ctz(r);
		if (w->sleep_at[l] <= t)
			due |= 1u << l;
		else if (w->sleep_at[l] < *next)
			*next = w->sleep_at[l];
	}
	if (!due)
		return false;
	w->sleep_lanes &= ~due;
	s->simt->release(w->simt, due);
	warp_refresh(s, w);
	return true;
}

/* Can w (of sub-partition sp) issue at cycle t? Sets w->stall
 * (STALL_SELECTED meaning "eligible" until the scheduler decides) and
 * w->wake. Inlined into both of
 * subpart_select's walks (a call per evaluation costs 5% of a run). */
static inline __attribute__((always_inline)) void evaluate(struct sim *s, const struct subpart *sp, struct warp *w,
							    uint64_t t)
{
	/* (the walks call it only where the last verdict may have ended: dirty,
	 * or its wake come; nothing but its own issue or a barrier release,
	 * both setting dirty, can end a stall before its wake time) */
	if (!w->dirty && w->sb_clear && !w->sleep_lanes) {
		/* found ready but for its unit, and only time has passed since:
		 * the unit alone decides */
		unit_verdict(sp, w, &s->deps[w->pc], t);
		return;
	}
	if (w->dirty)
		w->sb_clear = false;
	w->dirty = false;
	w->wake = NEVER;
	uint64_t sleep_wake = NEVER;
	if (w->sleep_lanes && wake_sleepers(s, w, t, &sleep_wake)) {
		w->dirty = false;
		w->sb_clear = false;
	}
	if (!w->runnable) { /* every live lane waits: barrier, warp sync or sleep */
		bool asleep = w->sleep_lanes && !w->bar_mask && !w->ws_lanes;
		w->stall = asleep ? STALL_SLEEPING : STALL_BARRIER;
		w->wake = sleep_wake;
		return;
	}
	evaluate_runnable(s, sp, w, t);
	if (sleep_wake < w->wake)
		w->wake = sleep_wake; /* come back when the sleepers wake */
}

/* The verdict for a warp that has a group to issue. */
static inline __attribute__((always_inline)) void evaluate_runnable(struct sim *s, const struct subpart *sp,
								  struct warp *w, uint64_t t)
{
	if (w->held_until <= t) /* (none of the four below) */
		goto unheld;
	if (w->fetch_until > t) { /* the SM's first instructions are on their way */
		w->stall = STALL_NO_INSTRUCTION;
		w->wake = w->fetch_until;
		return;
	}
	if (w->bar_until > t) { /* released, not yet back (sm.barrier_latency) */
		w->stall = STALL_BARRIER;
		w->wake = w->bar_until;
		return;
	}
	if (w->branch_until > t) {
		w->stall = STALL_BRANCH_RESOLVING;
		w->wake = w->branch_until;
		return;
	}
	if (w->fence_until > t) { /* a fence is not done */
		w->stall = STALL_MEMBAR;
		w->wake = w->fence_until;
		return;
	}
unheld:;
	const struct deps *d = &s->deps[w->pc];
	if (w->sb_clear)
		goto operands_ready; /* only its own issue can change its scoreboard */
	/* the latest pending result, packed (ready_pack): the first of equal
	 * readies decides the kind, so a later one replaces it only where its
	 * cycle is greater (r > (best | 3): ready_at(r) > ready_at(best)) */
	uint64_t best = ready_pack(0, RK_WAIT);
	for (unsigned i = 0; i < d->nwait; i++) {
		uint64_t r = w->reg_ready[d->wait[i]];
		if (r > (best | 3))
			best = r;
	}
	const uint64_t *pred_ready = d->branch ? w->pred_bra_ready : w->pred_ready;
	for (unsigned r = d->preds; r; r &= r - 1) {
		uint64_t p = pred_ready[__builtin_ctz(r)];
		if (p > (best | 3))
			best = p;
	}
	uint64_t ready = ready_at(best);
	uint8_t kind = ready_kind(best);
	if (ready > t) {
		w->stall = kind == RK_LONG ? STALL_LONG_SCOREBOARD
			 : kind == RK_SHORT ? STALL_SHORT_SCOREBOARD : STALL_WAIT;
		w->wake = ready;
		return;
	}
	w->sb_clear = true;
operands_ready:
	unit_verdict(sp, w, d, t);
}

/* An instruction's results are ready at at (kind says what a wait on them
 * is); a predicate it writes is ready for a branch at bra_at (no earlier
 * than at). */
static void set_ready(struct warp *w, const struct deps *d, uint64_t at, uint8_t kind, uint64_t bra_at)
{
	for (unsigned i = 0; i < d->d.nwrite; i++)
		w->reg_ready[d->d.write[i]] = ready_pack(at, kind);
	if (d->d.pwrite >= 0) {
		w->pred_ready[d->d.pwrite] = ready_pack(at, kind);
		w->pred_bra_ready[d->d.pwrite] = ready_pack(bra_at > at ? bra_at : at, kind);
	}
}

/* shfl, vote, match and warpsync name their participants in a mask: a
 * named thread outside the issuing group (inactive, or on another path)
 * makes the result undefined, as does one that exited or that the warp
 * does not hold (a partial warp), and reading a lane outside the group. */
static void check_sync_mask(struct sim *s, struct warp *w, uint32_t pc, const struct isa_insn *in,
			    const struct exec_result *x, uint32_t mask)
{
	uint32_t gone = x->op_mask & ~w->live_lanes;
	if (gone)
		report_sync(s, w, SYNC_MASK_EXITED, pc, mask, gone, x->op_mask);
	if (in->op == OP_WARPSYNC)
		return; /* its lanes wait for the others (barrier.c) */
	uint32_t outside = x->op_mask & w->live_lanes & ~mask;
	if (outside)
		report_sync(s, w, SYNC_MASK_OUTSIDE, pc, mask, outside, x->op_mask);
	uint32_t read = x->shfl_src & ~mask;
	if (read)
		report_sync(s, w, SYNC_SHFL_SRC, pc, mask, read, x->op_mask);
}

/* A load or atomic is progress when it returns something other than what
 * this warp's previous execution of the same instruction returned: a spin
 * loop reads the same value again and again, a loop walking through memory
 * (a pointer chase, a reduction) does not. */
static bool load_progress(struct warp *w, uint32_t pc, const struct isa_insn *in, const struct exec_result *x)
{
	uint32_t lanes = x->exec_mask;
	if (!lanes || in->dst == ISA_RZ)
		return false;
	uint32_t fold = x->folded ? x->fold : exec_fold(&w->x.regs[(size_t)in->dst * ISA_WARP_SIZE], lanes);
	unsigned k = pc % LD_SEEN;
	bool changed = w->ld_pc[k] == pc && w->ld_val[k] != fold;
	w->ld_pc[k] = pc;
	w->ld_val[k] = fold;
	return changed;
}

/* A sub-partition that may (can_file) files its warps (unit queues, wake
 * wheel) from FILE_ON live warps on, and walks them all again below
 * FILE_OFF: with a few warps, looking at each is cheaper than the filing
 * (measured: docs/PERFORMANCE.md). Either way the results are the same. */
#define FILE_ON 8
#define FILE_OFF 4

/* Switch sp to filing its warps (every warp due at once) or back to
 * walking them all (every queued warp out of its queue, as evaluated). */
static void set_filed(struct sm *m, struct subpart *sp, bool on)
{
	if (!on)
		for (unsigned r = sp->queues; r; r &= r - 1) {
			struct slotset set = sp->uq[__builtin_ctz(r)].set;
			for (unsigned k = 0; k < SLOT_WORDS; k++)
				for (uint64_t b = set.w[k]; b; b &= b - 1)
					unitq_leave(sp, &m->slots[k * 64 + (unsigned)__builtin_ctzll(b)]);
		}
	memset(sp->wheel, 0, WHEEL_SLOTS * sizeof *sp->wheel);
	sp->wheel_used = 0;
	sp->far = (struct slotset){{0}};
	sp->far_wake = NEVER;
	sp->due = on ? sp->members : (struct slotset){{0}}; /* (none queued: it walked all) */
	sp->filed_min = 0;
	sp->filed = on;
}

void sm_add_warp(struct sm *m, struct warp *w)
{
	struct subpart *sp = &m->sp[w->subp];
	/* keep slot order */
	unsigned i = sp->nlive++;
	while (i > 0 && sp->live[i - 1]->slot > w->slot) {
		sp->live[i] = sp->live[i - 1];
		i--;
	}
	sp->live[i] = w;
	slot_add(&sp->members, w->slot);
	w->queued = -1;
	wake_due(sp, w);
	if (sp->can_file && !sp->filed && sp->nlive >= FILE_ON)
		set_filed(m, sp, true);
	sp->dirty = true;
	m->dirty = true;
	m->nlive++;
}

static void remove_live(struct sm *m, struct warp *w)
{
	struct subpart *sp = &m->sp[w->subp];
	if (w->queued >= 0) /* (a warp retires as it issues, out of its queue) */
		unitq_leave(sp, w);
	slot_del(&sp->members, w->slot);
	wake_forget(sp, w);
	for (unsigned i = 0; i < sp->nlive; i++)
		if (sp->live[i] == w) {
			memmove(&sp->live[i], &sp->live[i + 1], (sp->nlive - i - 1) * sizeof *sp->live);
			sp->nlive--;
			if (w->bin >= 0) /* counted this cycle; uncounted at the next evaluation */
				sp->gone[sp->ngone++] = w->bin;
			if (sp->filed && sp->nlive < FILE_OFF) /* its queues hold this cycle's verdicts */
				set_filed(m, sp, false);
			m->nlive--;
			m->dirty = true; /* sm_cycle clears an emptied sub-partition's stall counts */
			if (!sp->nlive)
				sp->wake = NEVER; /* (run_from's earliest wake skips it) */
			return;
		}
}

/* Warp w has no live thread left: it leaves its slot; its block retires
 * with its last warp. */
static void warp_done(struct sim *s, struct warp *w)
{
	struct block *b = w->blk;
	struct sm *m = b->sm;
	w->live = false;
	if (w->bar_mask) /* (block.nwaiting counts live warps) */
		b->nwaiting--;
	remove_live(m, w);
	b->warps_done++;
	if (b->warps_done < b->nwarps) {
		if (s->obs.on_state) /* from the next cycle: its issue of exit is this one */
			trace_state(s, m, w, s->now + 1, WSTATE_EXITED, 0, 0);
		bar_check(s, b); /* exited threads may complete a barrier */
		return;
	}
	for (unsigned i = 0; i < b->nwarps; i++) {
		if (s->obs.on_state)
			trace_state(s, m, b->warps[i], s->now + 1, WSTATE_IDLE, 0, 0);
		b->warps[i]->blk = NULL;
	}
	b->live = false;
	m->nblocks--;
	s->free_slots++;
	s->blocks_done++;
	s->r->stats.blocks++;
}

/* What an executed memory instruction asks of the memory system. */
static struct mem_request request_of(const struct deps *d, uint32_t pc,
				     const struct exec_result *x, const struct warp *w)
{
	return (struct mem_request){(enum mem_class)d->mclass, x->exec_mask, x->addr, d->bytes,
				    d->store, d->atomic, d->bypass_l1, w->lds_next, pc, d->local};
}

/* A memory access's answer: its warp's results ready, the SM's memory
 * path busy until mt.busy. */
static void access_done(struct subpart *sp, struct warp *w, const struct deps *d, struct mem_timing mt,
			uint64_t delay)
{
	mt.done += delay;
	if (d->mclass == MC_SHARED)
		w->lds_next = mt.own;
	if (mt.busy > sp->unit_free[UNIT_LDST])
		sp->unit_free[UNIT_LDST] = mt.busy; /* the SM's memory path is still busy */
	if (mt.done > w->mem_until)
		w->mem_until = mt.done;
	uint8_t kind = d->mclass == MC_GLOBAL ? RK_LONG : d->mclass == MC_CONST ? RK_WAIT : RK_SHORT;
	set_ready(w, d, mt.done, kind, mt.done);
}

/* A warp's global loads take the L1 one after another, at most one each
 * mem.warp_load_mcycles, or mem.warp_wave_base_mcycles + waves x
 * mem.warp_wave_mcycles after one of waves data-pipe wavefronts where that
 * is longer (measured on an H100: ldg_issue, gmem_rows, docs/MEMORY.md);
 * returns how many cycles the load issued at t waits for its turn after its
 * wait for the data pipe (pipe_wait), by which its data comes later. Other
 * accesses: none. */
static uint64_t warp_load_turn(const struct sim *s, struct warp *w, const struct deps *d, uint64_t t,
			       unsigned waves, uint64_t pipe_wait, struct sim_stats *st)
{
	if (d->mclass != MC_GLOBAL || d->store || d->atomic)
		return 0;
	uint64_t gap = (uint64_t)s->c->warp_load_mcycles;
	if (s->c->warp_wave_mcycles) {
		uint64_t own = (uint64_t)s->c->warp_wave_base_mcycles + (uint64_t)waves * (uint64_t)s->c->warp_wave_mcycles;
		if (own > gap)
			gap = own;
	}
	if (!gap)
		return 0;
	uint64_t start = t * 1000 > w->ldg_next_m ? t * 1000 : w->ldg_next_m;
	w->ldg_next_m = start + gap;
	uint64_t delay = (start - t * 1000 + 999) / 1000;
	delay = delay > pipe_wait ? delay - pipe_wait : 0; /* the pipe's wait counts toward its turn */
	st->mem.warp_load_wait_cycles += delay;
	return delay;
}

/* account_timing's memory and fence instructions but shared accesses (its
 * unit taken). */
static void account_memory(struct sim *s, struct sm *m, struct warp *w, const struct deps *d,
			   const struct isa_insn *in, const struct exec_result *x, uint64_t t, bool defer)
{
	struct sim_stats *st = &s->r->stats;
	struct subpart *sp = &m->sp[w->subp];
	if (d->mclass != MC_FENCE) {
		struct mem_request rq = request_of(d, w->pc, x, w);
		if (d->mclass != MC_GLOBAL) {
			access_done(sp, w, d, mem_access(s->mem, m->id, &rq, t, s->memo, st), 0);
		} else if (defer) {
			struct deferred *f = &m->def[m->ndef];
			mem_global_begin(s->mem, m->id, &rq, t, st, &f->begun, true);
			f->delay = warp_load_turn(s, w, d, t, f->begun.waves, f->begun.pipe_wait, st);
		} else {
			struct mem_begun b;
			mem_global_begin(s->mem, m->id, &rq, t, st, &b, false);
			uint64_t delay = warp_load_turn(s, w, d, t, b.waves, b.pipe_wait, st);
			access_done(sp, w, d, mem_global_end(s->mem, m->id, &rq, t, &b, st), delay);
		}
	} else if (d->mclass == MC_FENCE) {
		if (x->exec_mask) { /* done when the warp's earlier accesses are, and not before its own time */
			uint64_t own = mem_fence(s->mem, m->id, in->mod[0], t);
			w->fence_until = own > w->mem_until ? own : w->mem_until;
			warp_hold(w, w->fence_until);
		}
	}
}

/* The timing of an issued instruction: its unit busy, its results ready
 * (the memory system's answer for an access), the SM's memory path.
 * defer: a global access's memory effect waits for sm_finish_global; here
 * it takes only the SM's data pipe. (Inlined: most instructions are
 * neither memory nor fence.) */
static inline __attribute__((always_inline)) void account_timing(struct sim *s, struct sm *m, struct warp *w,
								 const struct deps *d, const struct isa_insn *in,
								 const struct exec_result *x, uint64_t t, bool defer)
{
	m->sp[w->subp].unit_free[d->unit] = t + s->ii[d->unit];
	s->r->stats.unit_busy[d->unit] += s->ii[d->unit];
	if (d->mclass == MC_SHARED) { /* (the usual memory instruction, inlined) */
		struct mem_request rq = request_of(d, w->pc, x, w);
		access_done(&m->sp[w->subp], w, d, mem_shared(s->mem, m->id, &rq, t, s->memo, &s->r->stats), 0);
	} else if (d->mclass != MC_NONE) {
		account_memory(s, m, w, d, in, x, t, defer);
	}
	else
		set_ready(w, d, t + s->lat[d->unit], d->unit == UNIT_SFU ? RK_SHORT : RK_WAIT,
			  t + (uint64_t)s->c->branch_pred_latency);
}

/* n instructions issued by w for the lanes in mask: the run's counts. */
static void count_issued(struct sim *s, struct sm *m, const struct warp *w, uint32_t mask, unsigned n)
{
	struct sim_stats *st = &s->r->stats;
	st->thread_insns += (uint64_t)n * (mask == ~0u ? ISA_WARP_SIZE : (uint64_t)__builtin_popcount(mask)); /* a full warp, mostly */
	m->warp_insns += n; /* (the run's figure is the SMs' sum: sm_figures) */
	if (w->live_lanes & ~mask)
		st->split_issues += n;
}

/* The livelock diagnosis: the pcs lo..hi w issued join those it issued
 * since the last progress event. */
static void spin_range(const struct sim *s, struct warp *w, uint32_t lo, uint32_t hi)
{
	if (w->spin_epoch != s->progress_epoch) {
		w->spin_epoch = s->progress_epoch;
		w->spin_lo = lo;
		w->spin_hi = hi;
	} else {
		if (lo < w->spin_lo)
			w->spin_lo = lo;
		if (hi > w->spin_hi)
			w->spin_hi = hi;
	}
}

/* Each issue of a plain instruction may take the short way (straight
 * runs, issue's plain copy): no check mode, livelock watch or issue
 * observer needs to see it. */
static bool issues_plainly(const struct sim *s)
{
	/* (an SM-major run has none of the three: smm_applies, and the watch
	 * starts only in the clock loop) */
	return s->early || (!s->chk && !s->lv_on && !s->obs.on_issue);
}

/* Issue w's next instruction at s->now. defer (a global access, on an SM
 * running beside others): its memory effect and answer wait for
 * sm_finish_global, which makes them in SM order. plain: see issue. */
static inline __attribute__((always_inline)) void issue_as(struct sim *s, struct sm *m, struct warp *w, bool defer,
							    bool plain)
{
	const struct program *p = s->p;
	uint64_t t = s->now;
	uint32_t pc = w->pc, mask = w->mask;
	const struct isa_insn *in = &p->code[pc];
	const struct deps *d = &s->deps[pc];
	struct block *b = w->blk;
	struct exec_result x;
	b->env.clock = t;
	if (!plain && defer && !d->early) /* (an early load loads now: sm_finish_global) */
		exec_addresses(in, &w->x, &b->env, mask, &x);
	else
		exec_insn(in, &w->x, &b->env, mask, &x);
	if (x.fault) {
		report_fault(s, w, pc, &x);
		s->stop = true;
		return;
	}
	if (!plain && s->chk)
		shadow_access(s, w, pc, &x);
	struct sim_stats *st = &s->r->stats;
	count_issued(s, m, w, mask, 1);
	st->op_count[in->op]++;
	if (plain || !s->functional) /* functional mode: no units, latencies or memory timing */
		account_timing(s, m, w, d, in, &x, t, defer);
	if (!plain && defer) {
		m->def[m->ndef].w = w;
		m->def[m->ndef].pc = pc;
		m->def[m->ndef].mask = mask;
		m->def[m->ndef].exec_mask = x.exec_mask;
		m->ndef++;
	}
	bool progress = x.mem_written;
	if (d->loads && (plain || !defer))
		progress |= load_progress(w, pc, in, &x);
	uint32_t exited = 0;
	bool back_edge = false; /* a loop's back edge taken while the livelock watch checks */
	if (!plain && s->lv_on)
		livelock_issue(s, w);
	if (!plain && !d->plain) /* (a plain instruction is none of these) */
		switch (in->op) {
		case OP_BRA:
			if (!s->functional)
				warp_hold(w, w->branch_until = t + (uint64_t)s->c->branch_latency);
			if (x.taken && (uint32_t)in->off <= pc) { /* a loop's back edge */
				w->loop_epoch = s->progress_epoch;
				w->loop_lo = (uint32_t)in->off;
				w->loop_hi = pc;
				back_edge = s->lv_on;
			}
			if (x.taken && (mask & ~x.taken))
				st->divergent_branches++;
			break;
		case OP_BSYNC:
			/* the warp's pc is resolved again, as after a branch (the H100's
			 * samples: the instruction after a BSYNC waits branch_resolving);
			 * units.bsync_latency */
			if (!s->functional)
				warp_hold(w, w->branch_until = t + (uint64_t)s->c->bsync_latency);
			break;
		case OP_EXIT:
			exited = x.exec_mask;
			w->exited |= exited;
			progress |= exited != 0;
			break;
		case OP_PRINTF:
			/* the call of vprintf: the GPU's printfs take turns
			 * (sm.printf_turn_cycles + sm.printf_turn_lane_cycles a lane),
			 * and each holds its warp from its turn's start for
			 * sm.printf_cycles + sm.printf_lane_cycles a lane (an H200's,
			 * docs/CUDA.md, "printf") */
			if (!s->functional && x.exec_mask) {
				const struct gpu_config *c = s->c;
				uint64_t lanes = (uint64_t)__builtin_popcount(x.exec_mask);
				uint64_t start = t > *s->printf_turn ? t : *s->printf_turn;
				*s->printf_turn = start + (uint64_t)c->printf_turn_cycles + (uint64_t)c->printf_turn_lane_cycles * lanes;
				uint64_t until = start + (uint64_t)c->printf_cycles + (uint64_t)c->printf_lane_cycles * lanes;
				if (until > w->fence_until)
					warp_hold(w, w->fence_until = until);
			}
			break;
		case OP_NANOSLEEP:
			/* the lanes sleep (sm.nanosleep: ns at the SM clock, at least a cycle) */
			for (uint32_t r = x.exec_mask; r; r &= r - 1) {
				uint64_t c = s->functional ? 0 : sleep_ns(s, x.sleep_ns) * (uint64_t)s->c->clock_mhz / 1000;
				w->sleep_at[__builtin_ctz(r)] = t + (c ? c : 1);
			}
			break;
		default:
			break;
		}
	if (!plain && !d->plain && (((isa_ops[in->op].flags & IF_WARP) && in->op != OP_ACTMASK) || in->op == OP_WARPSYNC))
		if (x.exec_mask)
			check_sync_mask(s, w, pc, in, &x, mask);
	uint32_t live_before = w->live_lanes;
	/* one instruction of a straight run: the model moves the pc on (what
	 * step does here, cheaper); no lane exited */
	int moved = plain || d->plain ? s->simt->move_on(w->simt, pc, mask, &w->pc, &w->mask) : -1;
	if (moved >= 0) {
		w->runnable = moved;
	} else {
		struct simt_step step = {in, pc, mask, x.taken, exited, p->ipdom[pc], p->spin[pc] != SPIN_NONE};
		if (s->simt->step(w->simt, &step) && p->spin[pc] == SPIN_YIELD && !s->functional) {
			/* a yield (ptxas's YIELD; a sleeping loop has none) holds
			 * the warp (sm.yield_cycles, docs/DIVERGENCE.md) */
			uint64_t until = t + (uint64_t)s->c->yield_cycles;
			if (until > w->branch_until)
				warp_hold(w, w->branch_until = until);
		}
		w->runnable = s->simt->next(w->simt, &w->pc, &w->mask);
		w->live_lanes = s->simt->live(w->simt);
	}
	w->dirty = true;
	if (!plain && back_edge)
		livelock_back_edge(s, w); /* the state the loop's next iteration starts from */
	if (!plain && s->obs.on_issue) {
		struct issue_event e = {t, m->id, w->slot, w->subp, b->linear, w->warp_in_block, pc, mask,
					x.exec_mask, live_before, s->simt->depth(w->simt)};
		s->obs.on_issue(s->obs.ctx, &e);
	}
	if (!plain || !s->no_spin)
		spin_range(s, w, pc, pc);
	if (progress)
		livelock_progress(s);
	if (!plain && !w->live_lanes) { /* (a plain instruction exits no lane) */
		warp_done(s, w);
		return;
	}
	if (plain || d->plain)
		return; /* (none of what follows) */
	if (in->op == OP_NANOSLEEP && x.exec_mask) {
		w->sleep_lanes |= x.exec_mask;
		s->simt->block(w->simt, x.exec_mask);
		warp_refresh(s, w);
	} else if (in->op == OP_BAR && x.exec_mask) {
		bar_arrive(s, w, pc, x.exec_mask, 0);
	} else if ((in->op == OP_BAR_POPC || in->op == OP_BAR_AND || in->op == OP_BAR_OR) && x.exec_mask) {
		uint32_t p = w->x.preds[in->src[0]];
		bar_arrive(s, w, pc, x.exec_mask, x.exec_mask & (in->pneg & 1 ? ~p : p));
	}
	else if (in->op == OP_WARPSYNC && x.exec_mask)
		warpsync_arrive(s, w, pc, x.exec_mask, x.op_mask);
	else if (exited && (w->ws_lanes || w->bar_mask))
		warpsync_check(s, w); /* exited lanes count as arrived */
	if (exited)
		bar_check(s, b);
}

/* Whether a timed run's issue takes its plain copy for an instruction
 * (its deps d): a plain one (deps.plain), not deferred, with no check
 * mode, livelock watch or issue observer. */
static bool issue_plain(const struct sim *s, const struct deps *d, bool defer)
{
	return !defer && d->plain && issues_plainly(s);
}

/* issue_as inlined twice: for a plain instruction in a timed run
 * (issue_plain), where the rest of its flags are constants, and for any
 * other. */
static void issue(struct sim *s, struct sm *m, struct warp *w, bool defer)
{
	if (!s->functional && issue_plain(s, &s->deps[w->pc], defer))
		issue_as(s, m, w, false, true);
	else
		issue_as(s, m, w, defer, false);
}


/* The trace: this cycle's verdict of each warp evaluated one by one that
 * did not issue (an issuing warp was reported as it issued). With the
 * trace on no warp is queued (subpart_select). */
static void trace_verdicts(struct sim *s, struct sm *m, struct slotset set)
{
	for (unsigned k = 0; k < SLOT_WORDS; k++)
		for (uint64_t b = set.w[k]; b; b &= b - 1) {
			unsigned slot = k * 64 + (unsigned)__builtin_ctzll(b);
			struct warp *w = &m->slots[slot];
			if (w->live && w->stall != STALL_SELECTED)
				trace_state(s, m, w, s->now, w->stall, m->ev_pc[slot], m->ev_mask[slot]);
		}
}

/* Move warp w's count from the bin it is in (if any) to bin b: the stall
 * counts change only where a verdict does. */
static void rebin(struct sim *s, struct sm *m, struct warp *w, enum stall b)
{
	int from = w->bin;
	if (from == (int8_t)b)
		return;
	uint64_t now = s->now, *hist = s->hist, *hacc = s->hacc; /* (read once: the counts are
								 * words, as now is) */
	if (from >= 0) {
		hist[from]--;
		hacc[from] += now;
	} else if (m->counted++ == 0) {
		m->active_from = now; /* active from this cycle (sm_figures) */
	}
	hist[b]++;
	hacc[b] -= now;
	w->bin = (int8_t)b;
}

/* Uncount the warps that retired since the last evaluation (their issue
 * of exit was counted in its cycle). */
static void uncount_gone(struct sim *s, struct sm *m, struct subpart *sp)
{
	for (unsigned i = 0; i < sp->ngone; i++) {
		s->hist[sp->gone[i]]--;
		s->hacc[sp->gone[i]] += s->now;
		if (--m->counted == 0) /* not active in this cycle */
			s->r->sms[m->id].active_cycles += s->now - m->active_from;
	}
	sp->ngone = 0;
}

/* The scheduler's view of warp w (evaluated one by one). */
static struct sched_cand cand_of(const struct warp *w)
{
	return (struct sched_cand){w->slot, w->age, w->stall == STALL_SELECTED,
				   w->stall == STALL_LONG_SCOREBOARD || w->stall == STALL_BARRIER ||
					   w->stall == STALL_SLEEPING};
}

/* After its evaluation at t: the verdict of w is its unit's alone until it
 * issues or is released (evaluate's shortcut), so it may wait in the
 * unit's queue. */
static bool unit_decides(const struct warp *w) { return w->sb_clear && !w->dirty && !w->sleep_lanes; }

/* w (evaluated, filed nowhere) joins its unit's queue; busy: the unit was
 * busy at the evaluation. */
static void queue_warp(struct sim *s, struct subpart *sp, struct warp *w, bool busy)
{
	const struct deps *d = &s->deps[w->pc];
	unitq_join(sp, w, d->unit, d->mclass == MC_GLOBAL, busy);
}

/* A filed sub-partition's walk at t of the warps due (subpart_select_as):
 * evaluate, count reasons (eligible ones as not selected until the
 * scheduler picks), file them for their next evaluation; sp's wake the
 * earliest filed one's. Returns the eligible ones. Evaluating retires no
 * warp and queues none but the one evaluated. (A function of its own: the
 * walk's caller keeps fewer values live across it.) */
static __attribute__((noinline)) struct slotset walk_due(struct sim *s, struct sm *m, struct subpart *sp,
							 uint64_t t)
{
	struct slotset el = {{0}};
	struct slotset walk = wake_collect(sp, m, t);
	for (unsigned k = 0; k < SLOT_WORDS; k++)
		for (uint64_t b = walk.w[k]; b; b &= b - 1) {
			unsigned slot = k * 64 + (unsigned)__builtin_ctzll(b);
			struct warp *w = &m->slots[slot];
			if (!w->dirty && t < w->wake) { /* the last verdict holds, and is not eligible */
				wake_place(sp, w, t);
				continue;
			}
			evaluate(s, sp, w, t);
			bool eligible = w->stall == STALL_SELECTED;
			if (!eligible) /* (an eligible one is counted once the issue loop decides) */
				rebin(s, m, w, w->stall);
			if (eligible) { /* it joins its queue if it is not selected (subpart_finish) */
				slot_add(&el, slot);
			} else if (unit_decides(w)) { /* its unit is busy */
				queue_warp(s, sp, w, true);
				continue;
			}
			wake_place(sp, w, t);
		}
	sp->wake = wake_next(sp, t);
	return el;
}

/* Evaluate sp's warps at s->now, count their stall reasons and, when any
 * is eligible, let the scheduler rank them: the issue loop's candidates
 * are then in m (cands; order and no, or the pick in cands[0]) and its
 * place at the start.
 * Returns whether any warp is eligible.
 *
 * Where the scheduler sees only the eligible warps and no trace is kept,
 * a sub-partition with enough warps files them: a warp whose verdict its
 * unit alone decides waits in the unit's queue (unitq.h), counted with the
 * others there, and the rest are evaluated when due (wakeq.h). Otherwise
 * the walk looks at every warp. The candidates are the eligible warps, in
 * slot order. observed: a trace is kept (obs.on_state); only: the
 * scheduler ranks only eligible warps; pick: it picks its first of them
 * (sched_ops.pick) and that one issues alone (sm.issue_width 1). */
static inline __attribute__((always_inline)) bool subpart_select_as(struct sim *s, struct sm *m,
								     struct subpart *sp, bool observed, bool only,
								     bool pick)
{
	uint64_t t = s->now;
	sp->dirty = false;
	uncount_gone(s, m, sp);
	/* the unit queues, synced to t (a walk joins a warp only to the queue
	 * of a busy unit, so what the free units' queues add is known now):
	 * the earliest a queued warp's verdict can change, and those eligible */
	unsigned queued = sp->queues;
	uint64_t q_wake = NEVER;
	struct slotset q_el = {{0}};
	for (unsigned r = queued; r; r &= r - 1) {
		unsigned u = (unsigned)__builtin_ctz(r);
		bool busy = sp->unit_free[u] > t;
		if (busy != sp->uq[u].busy)
			unitq_sync(s, sp, u, t);
		if (busy) {
			if (sp->unit_free[u] < q_wake)
				q_wake = sp->unit_free[u];
		} else {
			q_wake = t;
			slots_join(&q_el, &sp->uq[u].set);
		}
	}
	unsigned nc = 0;
	struct slotset el = {{0}}; /* the eligible warps */
	if (sp->filed) {
		/* the warps due (walk_due); before filed_min none is: nothing to
		 * collect, and filed_min is the earliest wake (wakeq.h) */
		if (t < sp->filed_min) {
			sp->wheel_t = t;
			sp->wake = sp->filed_min;
		} else {
			el = walk_due(s, m, sp, t);
		}
		m->el_rest = el;
		for (unsigned r = sp->queues & ~queued; r; r &= r - 1) { /* queues the walk began: busy */
			unsigned u = (unsigned)__builtin_ctz(r);
			if (sp->unit_free[u] < q_wake)
				q_wake = sp->unit_free[u];
		}
		if (q_wake < sp->wake)
			sp->wake = q_wake;
		slots_join(&el, &q_el);
		if (slots_empty(&el))
			return false;
		if (!pick) /* the candidates: the eligible warps, in slot order */
			for (unsigned k = 0; k < SLOT_WORDS; k++)
				for (uint64_t b = el.w[k]; b; b &= b - 1) {
					unsigned slot = k * 64 + (unsigned)__builtin_ctzll(b);
					m->cands[nc++] = (struct sched_cand){slot, m->age[slot], true, false};
				}
	} else {
		/* every warp (none is queued): the same, with the earliest wake,
		 * and the eligible ones the candidates as they come, in slot order */
		sp->wake = NEVER;
		if (observed)
			m->walked = sp->members;
		struct warp *const *live = sp->live;
		unsigned nw = sp->nlive;
		if (observed)
			for (unsigned i = 0; i < nw; i++) {
				m->ev_pc[live[i]->slot] = live[i]->pc;
				m->ev_mask[live[i]->slot] = live[i]->mask;
			}
		for (unsigned i = 0; i < nw; i++) {
			struct warp *w = live[i];
			if (!w->dirty && t < w->wake) {
				if (w->wake < sp->wake)
					sp->wake = w->wake;
				continue;
			}
			evaluate(s, sp, w, t);
			bool eligible = w->stall == STALL_SELECTED;
			if (!eligible) /* (as above) */
				rebin(s, m, w, w->stall);
			if (eligible) {
				slot_add(&el, w->slot);
				if (only && !pick)
					m->cands[nc++] = (struct sched_cand){w->slot, w->age, true, false};
			}
			if (w->wake < sp->wake)
				sp->wake = w->wake;
		}
		m->el_rest = el;
		if (slots_empty(&el)) {
			if (observed)
				trace_verdicts(s, m, m->walked);
			return false;
		}
		if (!only) /* every warp, with its last verdict */
			for (unsigned i = 0; i < nw; i++)
				m->cands[nc++] = cand_of(live[i]);
	}
	if (pick) { /* the one candidate (any policy's first of one eligible warp is that one) */
		unsigned slot;
		if (!slots_single(&el, &slot))
			slot = s->sched->pick(sp->sched, el.w, SLOT_WORDS, m->age);
		m->cands[0].slot = slot; /* (what the issue loop reads of it) */
		m->cands[0].eligible = true;
		if (observed) { /* (the issue loop's any copy reads the order: usual's
				 * picks, observed only where not usual) */
			m->no = 1;
			m->order[0] = 0;
		}
	} else {
		m->no = s->sched->rank(sp->sched, m->cands, nc, m->order);
	}
	m->at_j = m->done = m->nissued = 0;
	m->sp_issued = false;
	return true;
}

/* With one issue a cycle the scheduler's first eligible warp issues: it
 * picks it from the set of eligible warps, with no candidate list. */
static bool picks_alone(const struct sim *s)
{
	return s->sched->eligible_only && s->sched->pick && s->c->issue_width == 1;
}

void sm_begin_run(struct sim *s) { s->usual = !s->obs.on_state && picks_alone(s); }

/* subpart_select_as inlined twice: for the usual case (struct sim's
 * usual), where its flags are constants, and for any other. */
static bool subpart_select(struct sim *s, struct sm *m, struct subpart *sp, bool usual)
{
	if (usual)
		return subpart_select_as(s, m, sp, false, true, true);
	return subpart_select_as(s, m, sp, s->obs.on_state != NULL, s->sched->eligible_only, picks_alone(s));
}

/* The issue loop from its place in m: the first eligible candidates in the
 * scheduler's order issue, up to issue_width. With local_only an
 * instruction that reaches global memory (the state SMs share) is deferred
 * (sim.defers) or the loop stops before it and returns false, its place
 * kept; true when the loop is over. pick: the
 * scheduler picked one candidate (subpart_select_as's pick). */
static inline __attribute__((always_inline)) bool subpart_issue_as(struct sim *s, struct sm *m,
								    struct subpart *sp, bool local_only,
								    unsigned width, bool observed, bool pick)
{
	uint64_t t = s->now;
	unsigned no = pick ? 1 : m->no; /* (pick: the one candidate, cands[0]) */
	for (unsigned j = m->at_j; j < no && (pick || m->done < width) && !s->stop; j++) {
		unsigned c = pick ? 0 : m->order[j];
		struct warp *w = &m->slots[m->cands[c].slot];
		if (!m->cands[c].eligible)
			continue;
		const struct deps *d = &s->deps[w->pc];
		/* beside other SMs: a global access is deferred (sm_finish_global);
		 * a fence after one (the L1 they share), or one with two issues a
		 * cycle (the unit it keeps busy), and a printf (the GPU's turns),
		 * wait for the cycle to go on in SM order */
		bool defer = false;
		if (local_only && (d->global_event || (d->mclass == MC_FENCE && m->ndef))) {
			defer = s->defers && d->mclass == MC_GLOBAL && m->ndef < MAX_DEFERRED && width == 1;
			if (!defer) {
				m->at_j = j;
				return false;
			}
		}
		m->cands[c].eligible = false;
		slot_del(&m->el_rest, w->slot);
		if (w->queued >= 0) /* its verdict is its own again (not selected, so far) */
			unitq_leave(sp, w);
		/* an earlier issue this cycle may have taken the unit (not the
		 * pick's: the one issue of its sub-partition's cycle, its unit free
		 * at its evaluation or its queue's sync this cycle) */
		if (!pick && sp->unit_free[d->unit] > t) {
			w->stall = throttle_of(d);
			w->wake = sp->unit_free[d->unit];
			rebin(s, m, w, w->stall);
			continue;
		}
		w->stall = STALL_SELECTED;
		rebin(s, m, w, STALL_SELECTED);
		if (!pick) /* (the pick is the loop's one candidate) */
			m->done++;
		if (s->sched->issued)
			s->sched->issued(sp->sched, w->slot);
		if (observed) /* before the issue moves its pc, or retires it */
			trace_state(s, m, w, t, STALL_SELECTED, m->ev_pc[w->slot], m->ev_mask[w->slot]);
		if (width == 1 && !observed && issue_plain(s, d, defer)) /* (issue's plain copy, inlined
									 * here for the usual case: a
									 * timed run) */
			issue_as(s, m, w, false, true);
		else
			issue(s, m, w, defer);
		m->sp_issued = m->issued = true;
		m->issuer = w;
		m->nissued++;
	}
	return true;
}

/* subpart_issue_as inlined twice, as subpart_select_as, each copy a
 * function of its own (the usual one saves only the registers it uses). */
static bool subpart_issue_usual(struct sim *s, struct sm *m, struct subpart *sp, bool local_only)
{
	return subpart_issue_as(s, m, sp, local_only, 1, false, true);
}

static bool subpart_issue_any(struct sim *s, struct sm *m, struct subpart *sp, bool local_only)
{
	return subpart_issue_as(s, m, sp, local_only, (unsigned)s->c->issue_width, s->obs.on_state != NULL, false);
}

static inline bool subpart_issue(struct sim *s, struct sm *m, struct subpart *sp, bool local_only, bool usual)
{
	return usual ? subpart_issue_usual(s, m, sp, local_only) : subpart_issue_any(s, m, sp, local_only);
}

/* A warp moved between stall bins from and to at s->now (rebin) for the
 * next cycle (early_next): its move dated a cycle later in the SM's counts
 * (sim.hacc: a move at cycle c adds c to from's, takes it from to's). */
static inline void moved_early(uint64_t *hacc, enum stall from, enum stall to)
{
	hacc[from]++;
	hacc[to]--;
}

/* SM-major (sim.early), as sub-partition sp's cycle t ends with one warp
 * issued and nothing else to do at t + 1: the walk at t + 1, which would
 * evaluate only that warp, made now, so that the cycle need not run when
 * nothing else happens in it. It applies where sp is filed, not dirty (no
 * release or dispatch), no warp retired, the issuer is live and awake, no
 * other warp is due at t + 1 (due set, wheel bucket t + 1) and every unit
 * queue's unit is busy at t + 1 (none eligible then); else it returns false
 * and the walk at t + 1 runs. The issuer is evaluated at t + 1 and filed,
 * the unit queues turned busy as they are at t + 1, and sp's wake is what
 * that walk would find. Until t + 1 nothing but a release or a dispatch
 * (each making sp dirty, so the walk runs) changes what they read: a
 * unit's free cycle moves only by sp's own issues.
 *
 * The stall counts move now, each move dated t + 1 (unitq_sync's at t1,
 * the issuer's by moved_early). The issuer's bin is the issue loop's
 * selected (checked). */
static bool early_next(struct sim *s, struct sm *m, struct subpart *sp)
{
	uint64_t t = s->now, t1 = t + 1;
	/* (the most frequent reason to give way first: a queue eligible at t1) */
	for (unsigned r = sp->queues; r; r &= r - 1) {
		unsigned u = (unsigned)__builtin_ctz(r);
		if (sp->unit_free[u] <= t1)
			return false;
	}
	struct warp *w = m->issuer;
	if (sp->dirty || m->nissued != 1 || sp->ngone || !w->live || !w->dirty || w->sleep_lanes ||
	    w->bin != STALL_SELECTED)
		return false;
	uint64_t wake = NEVER;
	/* where the walk at t1 has more to do (a warp due or eligible then),
	 * it runs */
	struct slotset due = sp->due;
	slot_del(&due, w->slot); /* (where the walk at t filed the issuer: it was eligible) */
	if (!slots_empty(&due) || (sp->wheel_used >> (t1 & (WHEEL_SLOTS - 1)) & 1))
		return false;
	sp->due = due;
	for (unsigned r = sp->queues; r; r &= r - 1) { /* every one busy at t1 */
		unsigned u = (unsigned)__builtin_ctz(r);
		struct unit_queue *q = &sp->uq[u];
		if (!q->busy)
			unitq_sync(s, sp, u, t1); /* (its moves dated t1) */
		if (sp->unit_free[u] < wake)
			wake = sp->unit_free[u];
	}
	evaluate(s, sp, w, t1);
	if (w->stall == STALL_SELECTED) {
		wake_place(sp, w, t); /* (eligible at t1: due there) */
	} else {
		enum stall from = (enum stall)w->bin;
		rebin(s, m, w, w->stall);
		moved_early(s->hacc, from, w->stall);
		if (unit_decides(w)) { /* its unit busy at t1: its queue is, or empty */
			queue_warp(s, sp, w, true);
			if (w->wake < wake)
				wake = w->wake;
		} else {
			wake_place(sp, w, t);
		}
	}
	uint64_t filed = wake_next(sp, t);
	sp->wake = filed < wake ? filed : wake;
	return true;
}

/* After the issue loop: candidates left out stay not selected (and are
 * counted so: the walk leaves an eligible warp's count to the issue loop
 * and here, which saves the issuer a move between bins); filed,
 * those evaluated one by one whose unit alone decides join its queue (it
 * was free at the evaluation; a queued candidate's verdict is its
 * queue's). */
static void subpart_finish(struct sim *s, struct sm *m, struct subpart *sp)
{
	for (unsigned k = 0; k < SLOT_WORDS; k++)
		for (uint64_t b = m->el_rest.w[k]; b; b &= b - 1) {
			unsigned slot = k * 64 + (unsigned)__builtin_ctzll(b);
			struct warp *w = &m->slots[slot];
			w->stall = STALL_NOT_SELECTED;
			rebin(s, m, w, STALL_NOT_SELECTED);
			if (sp->filed && w->queued < 0 && unit_decides(w)) {
				slot_del(&sp->due, slot); /* where the walk filed it */
				queue_warp(s, sp, w, false);
			}
		}
	if (s->obs.on_state)
		trace_verdicts(s, m, m->walked);
	if (m->sp_issued && !(sp->filed && s->early && early_next(s, m, sp))) {
		sp->dirty = true;
		m->dirty = true;
	}
}

/* The sub-partitions from k on; resume: sub-partition k's issue loop goes
 * on from its kept place. */
static bool run_from(struct sim *s, struct sm *m, unsigned k, bool resume, bool local_only)
{
	unsigned nsub = (unsigned)s->c->sub_partitions;
	uint64_t t = s->now;
	bool usual = s->usual;
	/* the earliest wake (an empty sub-partition's is NEVER: remove_live);
	 * resumed, that of those before k as the paused run left it */
	uint64_t wake = k ? m->wake_before : NEVER;
	for (; k < nsub; k++, resume = false) { /* (s->stop is false on entry) */
		struct subpart *sp = &m->sp[k];
		if (!resume) {
			if (!sp->nlive) {
				uncount_gone(s, m, sp);
				goto next;
			}
			if (!sp->dirty && t < sp->wake)
				goto next;
			if (!subpart_select(s, m, sp, usual))
				goto next;
		}
		if (!subpart_issue(s, m, sp, local_only, usual)) {
			m->at_sp = k;
			m->wake_before = wake;
			return false;
		}
		subpart_finish(s, m, sp);
		if (s->stop) { /* the rest stay as they are */
			for (; k < nsub; k++)
				wake = m->sp[k].wake < wake ? m->sp[k].wake : wake;
			break;
		}
	next:
		wake = sp->wake < wake ? sp->wake : wake;
	}
	m->wake = wake;
	return true;
}

bool sm_cycle(struct sim *s, struct sm *m, bool local_only)
{
	m->issued = false;
	m->dirty = false;
	return run_from(s, m, 0, false, local_only);
}

bool sm_resume(struct sim *s, struct sm *m) { return run_from(s, m, m->at_sp, true, false); }

/* Step 2 of a cycle beside other SMs (cycle.c) for m: its deferred global
 * accesses, in issue order, each as if made at issue in SM order. Global
 * memory is then as step 1 saw it until the first write of the cycle's
 * step 2 (s->gwritten): an early load (deps.early) made at issue before it
 * stands, its registers and addresses unchanged since (its warp issues
 * nothing more this cycle), unless its L1 part waited whole for here (its
 * addresses are needed again); any other loads now. */
void sm_finish_global(struct sim *s, struct sm *m)
{
	for (unsigned k = 0; k < m->ndef; k++) {
		const struct deferred *f = &m->def[k];
		struct warp *w = f->w;
		const struct isa_insn *in = &s->p->code[f->pc];
		const struct deps *d = &s->deps[f->pc];
		struct exec_result x;
		if (d->early && f->begun.split && !s->gwritten) {
			x.exec_mask = f->exec_mask; /* (split_end reads no address) */
			x.mem_written = false;
			x.folded = false;
		} else {
			w->blk->env.clock = s->now;
			exec_insn(in, &w->x, &w->blk->env, f->mask, &x); /* its addresses were checked at issue */
			s->gwritten |= x.mem_written;
		}
		struct mem_request rq = request_of(d, f->pc, &x, w);
		access_done(&m->sp[w->subp], w, d, mem_global_end(s->mem, m->id, &rq, s->now, &f->begun, &s->r->stats),
			    f->delay);
		bool progress = x.mem_written;
		if (d->loads) /* (as at issue: a load or atomic, not a local load) */
			progress |= load_progress(w, f->pc, in, &x);
		if (progress)
			livelock_progress(s);
	}
	m->ndef = 0;
	mem_global_cycle_end(s->mem, m->id);
}

/* Functional mode: the next warp's registers on their way into the host's
 * caches while the warp before it runs (a round visits every SM's warps in
 * turn: on a large GPU their registers outgrow the host's caches), a few
 * lines each instruction rather than all at once, which would stall the
 * host on its queue of misses. A hint only: no effect on results. */
struct prefetch {
	const char *p, *end;
};

#define PREFETCH_LINE 64 /* the host's cache line, bytes */
#define PREFETCH_STEP 2  /* lines an instruction */

static struct prefetch prefetch_of(const struct warp *w)
{
	const char *p = (const char *)w->x.regs;
	return (struct prefetch){p, p + (size_t)w->x.nregs * ISA_WARP_SIZE * sizeof *w->x.regs};
}

/* The warp a functional round runs after the one at bit b of word q of
 * sub-partition k's live set (rest: that word's bits after b), or NULL. */
static const struct warp *round_next(const struct sim *s, const struct sm *m, unsigned k, unsigned q, uint64_t rest)
{
	while (!rest) {
		if (++q == SLOT_WORDS) {
			q = 0;
			if (++k == (unsigned)s->c->sub_partitions)
				return NULL;
		}
		rest = m->sp[k].members.w[q];
	}
	return &m->slots[q * 64 + (unsigned)__builtin_ctzll(rest)];
}

/* PREFETCH_STEP lines from f on (a line past the end is harmless: a
 * prefetch never faults) */
static inline void prefetch_some(struct prefetch *f)
{
	if (f->p < f->end) {
		for (unsigned i = 0; i < PREFETCH_STEP; i++)
			__builtin_prefetch(f->p + i * PREFETCH_LINE, 1, 3);
		f->p += PREFETCH_STEP * PREFETCH_LINE;
	}
}

/* Functional mode: w issues its run of plain instructions (deps.plain)
 * from its pc, at most max of them, as issue() would one by one (the same
 * effects, counts, load-progress fold and spin range), with one step of
 * the divergence model for the whole run. Returns how many issued; 0 where
 * the warp cannot run straight here (issue() takes the instruction): with
 * a check mode, the livelock watch or an issue observer on, each issue
 * goes through issue(). */
static unsigned straight_run(struct sim *s, struct sm *m, struct warp *w, unsigned max, struct prefetch *pf)
{
	uint32_t pc = w->pc, mask = w->mask;
	if (!s->deps[pc].plain || !issues_plainly(s))
		return 0;
	uint32_t end = s->simt->straight(w->simt, pc, mask);
	if (end <= pc)
		return 0;
	if (end - pc > max)
		end = pc + max;
	if (end > s->deps[pc].plain_end)
		end = s->deps[pc].plain_end;
	const struct program *p = s->p;
	struct block *b = w->blk;
	struct sim_stats *st = &s->r->stats;
	b->env.clock = s->now;
	bool progress = false;
	uint32_t at = pc;
	struct exec_result x;
	x.fault = FAULT_NONE;
	for (; at < end; at++) {
		const struct isa_insn *in = &p->code[at];
		const struct deps *d = &s->deps[at];
		prefetch_some(pf);
		exec_insn(in, &w->x, &b->env, mask, &x);
		if (x.fault)
			break;
		st->op_count[in->op]++;
		progress |= x.mem_written;
		if (d->loads)
			progress |= load_progress(w, at, in, &x);
	}
	unsigned n = at - pc;
	count_issued(s, m, w, mask, n);
	if (n) {
		spin_range(s, w, pc, at - 1);
		s->simt->advance(w->simt, at, mask);
		w->runnable = s->simt->next(w->simt, &w->pc, &w->mask);
		w->live_lanes = s->simt->live(w->simt);
		w->dirty = true;
	}
	if (progress)
		livelock_progress(s);
	if (x.fault) { /* as issue(): the faulting instruction is not counted */
		report_fault(s, w, at, &x);
		s->stop = true;
		return n + 1; /* the round stops (s->stop) */
	}
	return n;
}

void sm_functional_round(struct sim *s, struct sm *m, bool *issued)
{
	uint64_t t = s->now;
	for (unsigned k = 0; k < (unsigned)s->c->sub_partitions && !s->stop; k++) {
		struct slotset live = m->sp[k].members; /* (issuing can retire warps) */
		for (unsigned q = 0; q < SLOT_WORDS; q++)
			for (uint64_t b = live.w[q]; b && !s->stop; b &= b - 1) {
				struct warp *w = &m->slots[q * 64 + (unsigned)__builtin_ctzll(b)];
				const struct warp *after = round_next(s, m, k, q, b & (b - 1));
				struct prefetch pf = after ? prefetch_of(after) : (struct prefetch){NULL, NULL};
				uint64_t next = NEVER;
				if (w->sleep_lanes)
					wake_sleepers(s, w, t, &next);
				for (unsigned n = 0; n < FUNC_BURST && w->live && w->runnable && !s->stop;) {
					unsigned k = straight_run(s, m, w, FUNC_BURST - n, &pf);
					if (!k) {
						issue(s, m, w, false);
						k = 1;
					}
					n += k;
					*issued = true;
				}
			}
	}
}
