/*
 * gpu.c - the clock loop and fast-forward (a timed run on one host thread
 * runs SM by SM instead where it can: smmajor.c, the same results).
 *
 * Every cycle: dispatch blocks to SMs that have room (dispatch.c); then
 * each SM evaluates its warps and issues. If no SM issued,
 * nothing can change before the earliest wake-up of any warp, so the clock
 * jumps there (sim.fast_forward) and every warp's stall reason is counted
 * for the skipped cycles: the same result as stepping cycle by cycle.
 */
#include <stdlib.h>
#include <string.h>

#include "shadow.h"
#include "core.h"
#include "livelock.h"
#include "util.h"

const char *const stall_names[STALL_COUNT] = {
#define STALL(id, name) name,
#include "stalls.def"
#undef STALL
};

void sim_result_free(struct sim_result *r)
{
	free(r->sms);
	r->sms = NULL;
	free(r->reports);
	r->reports = NULL;
	r->nreports = 0;
	free(r->prints);
	free(r->print_bytes);
	r->prints = NULL;
	r->print_bytes = NULL;
	r->nprints = 0;
}

static unsigned ceil_div(uint64_t a, uint64_t b) { return (unsigned)((a + b - 1) / b); }

/* A load writes the register its address comes from (source 0, if a
 * register), so that loading again would read another address. */
static bool writes_base(const struct isa_insn *in)
{
	if (in->imm_src == 1 || in->imm2_src == 1 || in->src[0] == ISA_RZ || in->dst == ISA_RZ)
		return false;
	return in->src[0] >= in->dst && in->src[0] < in->dst + isa_width_regs(in);
}

struct sim *sim_create(const struct gpu_config *c, const struct program *p, struct gmem *g,
		       const uint32_t *args, const struct sim_observer *obs, struct sim_refused *why)
{
	memset(why, 0, sizeof *why);
	const struct sched_ops *sched = sched_find(c->scheduler);
	if (!sched) {
		why->why = REFUSE_SCHEDULER;
		return NULL;
	}
	const struct simt_ops *simt = simt_find(c->divergence);
	if (!simt) {
		why->why = REFUSE_DIVERGENCE;
		return NULL;
	}
	int policy = simt_policy_find(simt, c->convergence);
	if (policy < 0)
		policy = 0; /* the stack has no policies; its checks sm.convergence's allowed words */
	if (!c->fp64_lanes) /* double-precision arithmetic: the FP64 unit's, or an f64 atomic's */
		for (uint32_t pc = 0; pc < p->ncode; pc++)
			if (isa_ops[p->code[pc].op].unit == UNIT_FP64 ||
			    ((p->code[pc].op == OP_ATOMG || p->code[pc].op == OP_ATOMS) && p->code[pc].mod[1] == ATYPE_F64)) {
				why->why = REFUSE_FP64;
				why->pc = pc;
				return NULL;
			}
	uint32_t threads = p->block[0] * p->block[1] * p->block[2];
	struct occ_result occ;
	occ_compute(c, threads, p->nregs, p->shared_bytes, p->optin, &occ);
	if (!occ.blocks) {
		why->why = REFUSE_LAUNCH;
		why->limiter = occ.limiter;
		return NULL;
	}
	/* local memory: every thread slot of the GPU a window of words, kept
	 * interleaved above the buffers (exec.h, exec_env). A row (one word of
	 * every thread) is padded to an odd number of 128-byte lines, so that a
	 * thread's words fall in different sets of a cache indexed by line
	 * (cache.c; a GPU hashes its sets) */
	uint64_t local_threads = (uint64_t)c->num_sms * occ.blocks * occ.warps_per_block * 32;
	uint64_t local_row = ((local_threads * 4 + 127) / 128 | 1) * 128;
	uint64_t local_base = ((g ? g->next : GMEM_BASE) + 255ull) & ~255ull;
	if (p->local_bytes && local_base + (p->local_bytes + 3ull) / 4 * local_row > 0x100000000ull) {
		why->why = REFUSE_LOCAL;
		return NULL;
	}
	struct memsys *mem = mem_create(c, why);
	if (!mem)
		return NULL;
	struct sim *s = xcalloc(1, sizeof *s);
	s->c = c;
	s->p = p;
	s->g = g;
	s->args = args;
	s->sched = sched;
	s->simt = simt;
	s->bar = !strcmp(c->barrier, "warp") ? BAR_WARP : !strcmp(c->barrier, "thread") ? BAR_THREAD : BAR_STRICT;
	s->its = simt == &simt_its_ops;
	s->sleep_pow2 = !strcmp(c->nanosleep, "pow2");
	s->policy = policy;
	s->jobs = 1;
	s->printf_turn = &s->printf_turn_at;
	s->printf_kept = s->printf_kept_at;
	s->warned = xcalloc(p->ncode, 1);
	s->occ = occ;
	s->local_stride = (uint32_t)local_row; /* (fits: checked above, or no local memory) */
	if (obs)
		s->obs = *obs;
	const int64_t lanes[UNIT_COUNT] = {c->int_lanes, c->fp32_lanes, c->sfu_lanes, c->ldst_lanes, 32,
					   c->fp64_lanes ? c->fp64_lanes : 1};
	const int64_t lats[UNIT_COUNT] = {c->int_latency, c->fp32_latency, c->sfu_latency, 1, 1, c->fp64_latency};
	for (int u = 0; u < UNIT_COUNT; u++) {
		s->ii[u] = ceil_div(32, (uint64_t)lanes[u]);
		s->lat[u] = (uint64_t)lats[u];
	}
	s->deps = xcalloc(p->ncode, sizeof *s->deps);
	for (uint32_t pc = 0; pc < p->ncode; pc++) {
		struct deps *dp = &s->deps[pc];
		isa_deps(&p->code[pc], &dp->d);
		for (unsigned i = 0; i < dp->d.nread + dp->d.nwrite; i++) {
			uint8_t r = i < dp->d.nread ? dp->d.read[i] : dp->d.write[i - dp->d.nread];
			bool seen = false;
			for (unsigned k = 0; k < dp->nwait; k++)
				seen |= dp->wait[k] == r;
			if (!seen)
				dp->wait[dp->nwait++] = r;
		}
		unsigned u = isa_ops[p->code[pc].op].unit;
		if (u == UNIT_INT && c->int_on_fp32)
			u = UNIT_FP32;
		s->deps[pc].unit = (uint8_t)u;
		s->deps[pc].mclass = (uint8_t)mem_class_of(p->code[pc].op);
		s->deps[pc].store = (isa_ops[p->code[pc].op].flags & IF_STORE) != 0;
		s->deps[pc].atomic = (isa_ops[p->code[pc].op].flags & IF_ATOMIC) != 0;
		s->deps[pc].bypass_l1 = p->code[pc].op == OP_LDG && p->code[pc].mod[1] == CACHE_CG;
		s->deps[pc].local = (isa_ops[p->code[pc].op].flags & IF_LOCAL) != 0;
		s->deps[pc].bytes = (uint8_t)isa_access_bytes(&p->code[pc]);
		s->deps[pc].branch = p->code[pc].op == OP_BRA;
		s->deps[pc].preds = (uint8_t)(s->deps[pc].d.pread |
					      (s->deps[pc].d.pwrite >= 0 ? 1u << s->deps[pc].d.pwrite : 0));
		s->deps[pc].plain = !(isa_ops[p->code[pc].op].flags & (IF_BRANCH | IF_SYNC | IF_WARP));
		/* (a local load reads what its own thread wrote: no sign of progress) */
		s->deps[pc].loads = (s->deps[pc].mclass == MC_GLOBAL || s->deps[pc].mclass == MC_SHARED) &&
				    !s->deps[pc].store && !(isa_ops[p->code[pc].op].flags & IF_LOCAL);
		s->deps[pc].early = s->deps[pc].mclass == MC_GLOBAL && s->deps[pc].loads && !s->deps[pc].atomic &&
				    !writes_base(&p->code[pc]);
		s->deps[pc].global_event = s->deps[pc].mclass == MC_GLOBAL || p->code[pc].op == OP_PRINTF;
	}
	for (uint32_t pc = p->ncode; pc-- > 0;)
		s->deps[pc].plain_end = !s->deps[pc].plain ? pc : pc + 1 < p->ncode ? s->deps[pc + 1].plain_end : pc + 1;
	s->nsms = (unsigned)c->num_sms;
	s->free_slots = (uint64_t)s->nsms * occ.blocks;
	s->sms = xcalloc_aligned(s->nsms, sizeof *s->sms, 64);
	unsigned nslots = (unsigned)c->max_warps, nsub = (unsigned)c->sub_partitions;
	for (unsigned i = 0; i < s->nsms; i++) {
		struct sm *m = &s->sms[i];
		m->id = i;
		m->slots = xcalloc_aligned(nslots, sizeof *m->slots, 64); /* (struct warp's lines) */
		for (unsigned k = 0; k < nslots; k++) {
			struct warp *w = &m->slots[k];
			w->slot = k;
			w->tr_state = WSTATE_IDLE;
			w->subp = k % nsub;
			w->x.nregs = program_storage_regs(p);
			/* registers and divergence state come with the slot's first
			 * warp (dispatch): only slots that ever hold one cost memory */
		}
		m->blocks = xcalloc(occ.blocks, sizeof *m->blocks);
		for (unsigned b = 0; b < occ.blocks; b++) {
			m->blocks[b].warps = xcalloc(occ.warps_per_block, sizeof(struct warp *));
			m->blocks[b].shared = xcalloc(p->shared_bytes ? p->shared_bytes : 1, 1);
			m->blocks[b].local_addr = (uint32_t)(local_base + ((uint64_t)i * occ.blocks + b) *
								       occ.warps_per_block * 32 * 4);
		}
		m->sp = xcalloc_aligned(nsub, sizeof *m->sp, 64);
		for (unsigned k = 0; k < nsub; k++) {
			m->sp[k].sched = sched->create ? sched->create(c, nslots) : NULL;
			m->sp[k].live = xcalloc(nslots, sizeof *m->sp[k].live);
			m->sp[k].gone = xcalloc(nslots, sizeof *m->sp[k].gone);
			m->sp[k].wheel = xcalloc(WHEEL_SLOTS, sizeof *m->sp[k].wheel);
			m->sp[k].dirty = true;
			m->sp[k].wake = NEVER; /* no warp yet */
			m->sp[k].can_file = sched->eligible_only && !(obs && obs->on_state);
		}
		m->dirty = true;
		m->cands = xcalloc(nslots, sizeof *m->cands);
		m->order = xcalloc(nslots, sizeof *m->order);
		m->age = xcalloc(nslots, sizeof *m->age);
		m->ev_pc = xcalloc(nslots, sizeof *m->ev_pc);
		m->ev_mask = xcalloc(nslots, sizeof *m->ev_mask);
	}
	s->mem = mem;
	s->memo = xcalloc(1, sizeof *s->memo);
	s->hist = s->hist_all;
	s->hacc = s->hacc_sink;
	s->total_blocks = (uint64_t)p->grid[0] * p->grid[1] * p->grid[2];
	return s;
}

void sim_set_checks(struct sim *s, unsigned checks)
{
	s->checks = checks;
	shadow_free(s->chk);
	s->chk = checks & (CHECK_RACE | CHECK_INIT | CHECK_RACE_GLOBAL) ? shadow_create(s, checks) : NULL;
}

void sim_destroy(struct sim *s)
{
	if (!s)
		return;
	unsigned nslots = (unsigned)s->c->max_warps, nsub = (unsigned)s->c->sub_partitions;
	for (unsigned i = 0; i < s->nsms; i++) {
		struct sm *m = &s->sms[i];
		for (unsigned k = 0; k < nslots; k++) {
			free(m->slots[k].x.regs);
			free(m->slots[k].reg_ready);
			free(m->slots[k].simt);
		}
		for (unsigned b = 0; b < s->occ.blocks; b++) {
			free(m->blocks[b].warps);
			free(m->blocks[b].shared);
			free(m->blocks[b].local);
		}
		for (unsigned k = 0; k < nsub; k++) {
			if (s->sched->destroy)
				s->sched->destroy(m->sp[k].sched);
			free(m->sp[k].live);
			free(m->sp[k].gone);
			free(m->sp[k].wheel);
		}
		plog_free(&m->plog);
		free(m->slots);
		free(m->blocks);
		free(m->sp);
		free(m->cands);
		free(m->order);
		free(m->age);
		free(m->ev_pc);
		free(m->ev_mask);
		free(m->pending);
		free(m->pending_finding);
	}
	free(s->sms);
	free(s->deps);
	free(s->warned);
	shadow_free(s->chk);
	mem_destroy(s->mem);
	free(s->memo);
	free(s);
}

double sim_peak_issue_rate(const struct gpu_config *c)
{
	double fp32 = (double)c->fp32_lanes / 32.0;
	double w = (double)c->issue_width;
	return fp32 < 1.0 ? (fp32 < w ? fp32 : w) : w;
}

/* At the cycle limit (max_cycles, 0: none): the run stops, no forward progress. */
static bool cycle_limit_reached(struct sim *s, uint64_t max_cycles)
{
	if (!max_cycles || s->now < max_cycles)
		return false;
	s->r->status = SIM_NO_PROGRESS;
	struct sim_report rep = {.kind = RPT_CYCLE_LIMIT, .cycle = s->now, .n = max_cycles,
				 .n2 = s->blocks_done, .n3 = s->total_blocks};
	report_add(s, &rep);
	return true;
}

/* Nobody can issue ever again: every live block is deadlocked (every warp
 * waits on another). */
static void report_all_stuck(struct sim *s)
{
	for (unsigned i = 0; i < s->nsms && !s->stop; i++)
		for (unsigned k = 0; k < s->occ.blocks && !s->stop; k++)
			if (s->sms[i].blocks[k].live)
				report_deadlock(s, &s->sms[i].blocks[k], DL_NO_ISSUE);
}

/* Functional mode (sim_set_functional): rounds instead of cycles. Each
 * round every SM's warps that can run issue up to FUNC_BURST instructions
 * each, in slot order; a round in which nobody can issue is a deadlock, as
 * a cycle with nobody able to issue ever again is in timed mode. The
 * clock (%clock, the livelock watch's window, the cycle of a report)
 * advances FUNC_BURST per round. */
static void run_functional(struct sim *s, uint64_t max_cycles)
{
	uint64_t iter = 0;
	while (s->blocks_done < s->total_blocks && !s->stop) {
		if (cycle_limit_reached(s, max_cycles))
			break;
		gpu_dispatch(s);
		bool issued = false, asleep = false;
		for (unsigned i = 0; i < s->nsms && !s->stop; i++) {
			sm_functional_round(s, &s->sms[i], &issued);
			for (unsigned k = 0; k < (unsigned)s->c->sub_partitions && !asleep; k++)
				for (unsigned j = 0; j < s->sms[i].sp[k].nlive && !asleep; j++)
					asleep = s->sms[i].sp[k].live[j]->sleep_lanes != 0;
		}
		livelock_cycle_end(s);
		if (s->stop)
			break;
		if (!issued && !asleep && s->blocks_done < s->total_blocks) {
			report_all_stuck(s);
			break;
		}
		s->now += FUNC_BURST; /* a round counts as the cycles of a burst */
		if (issued && livelock_watch(s)) {
			report_livelock(s);
			break;
		}
		if (s->obs.on_progress && (++iter & 0x3ff) == 0)
			s->obs.on_progress(s->obs.ctx, s->now, s->blocks_done, s->total_blocks);
	}
	s->r->stats.cycles = 0; /* not simulated (the reports' cycles are rounds) */
}

void sim_set_functional(struct sim *s, bool on) { s->functional = on; }

void sim_set_sm_major(struct sim *s, bool on) { s->sm_major = on; }

bool sim_redo(const struct sim *s) { return s->redo; }

/* The per-SM figures the SMs kept themselves during the run, and the
 * run's warp instructions, their sum. */
static void sm_figures(struct sim *s)
{
	s->r->stats.warp_insns = 0;
	for (unsigned i = 0; i < s->nsms; i++) {
		s->r->sms[i].warp_insns = s->sms[i].warp_insns;
		s->r->stats.warp_insns += s->sms[i].warp_insns;
	}
}

/* A timed run cycle by cycle: every SM's cycle (cycle.c) before any SM's
 * next one. */
static void run_clock(struct sim *s, uint64_t max_cycles)
{
	struct sim_stats *st = &s->r->stats;
	uint64_t iter = 0;
	cycle_begin_run(s);
	while (s->blocks_done < s->total_blocks && !s->stop) {
		if (cycle_limit_reached(s, max_cycles))
			break;
		gpu_dispatch(s);
		bool issued;
		uint64_t wake;
		cycle_sms(s, &issued, &wake);
		livelock_cycle_end(s);
		if (s->stop)
			break;
		uint64_t delta = 1;
		if (!issued && s->blocks_done < s->total_blocks) {
			if (s->c->dispatch_per_kcycle) { /* a block waiting for the dispatcher */
				uint64_t d = gpu_dispatch_next(s);
				if (d < wake)
					wake = d;
			}
			if (wake == NEVER) {
				report_all_stuck(s); /* nobody can ever move again */
				break;
			}
			if (s->c->fast_forward)
				delta = wake - s->now;
			if (max_cycles && s->now + delta > max_cycles)
				delta = max_cycles - s->now;
			/* land where stepping would find starvation, not past it */
			uint64_t window = (uint64_t)s->c->livelock_window;
			if (s->hist[STALL_NOT_SELECTED] && s->starved + delta > window + 1)
				delta = window + 1 - s->starved;
			if (!delta)
				delta = 1;
		}
		uint64_t warps = 0;
		for (int k = 0; k < STALL_COUNT; k++) {
			st->stalls[k] += s->hist[k] * delta;
			warps += s->hist[k];
		}
		st->active_warp_cycles += warps * delta;
		/* starvation: warps ready but none issuing (a policy that leaves
		 * eligible warps out); waiting for memory or a unit is not it */
		if (issued || !s->hist[STALL_NOT_SELECTED])
			s->starved = 0;
		else
			s->starved += delta;
		s->now += delta;
		if (issued && livelock_watch(s)) {
			report_livelock(s);
			break;
		}
		if (s->starved > (uint64_t)s->c->livelock_window) {
			report_starved(s);
			break;
		}
		if (s->obs.on_progress && (++iter & 0x3ff) == 0)
			s->obs.on_progress(s->obs.ctx, s->now, s->blocks_done, s->total_blocks);
	}
	cycle_end_run(s);
}

void sim_run(struct sim *s, uint64_t max_cycles, struct sim_result *r)
{
	memset(r, 0, sizeof *r);
	s->r = r;
	r->nsms = s->nsms;
	r->sms = xcalloc(s->nsms, sizeof *r->sms);
	r->blocks_per_sm = s->occ.blocks;
	r->limiter = s->occ.limiter;
	r->max_warps = (unsigned)s->c->max_warps;
	r->warps_per_block = s->occ.warps_per_block;
	if (s->functional) {
		run_functional(s, max_cycles);
		sm_figures(s);
		plog_collect(s, r);
		return;
	}
	struct sim_stats *st = &r->stats;
	sm_begin_run(s);
	if (smm_applies(s))
		smm_run(s, max_cycles);
	else
		run_clock(s, max_cycles);
	/* the SMs still active: their cycles up to the last one counted */
	for (unsigned i = 0; i < s->nsms; i++) {
		if (s->sms[i].counted)
			r->sms[i].active_cycles += s->now - s->sms[i].active_from;
		st->active_sm_cycles += r->sms[i].active_cycles;
	}
	sm_figures(s);
	/* the SMs' span plus the launch's fixed cost outside them */
	st->launch_cycles = (uint64_t)s->c->launch_cycles;
	st->cycles = s->now + st->launch_cycles;
	plog_collect(s, r);
}
