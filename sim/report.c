/*
 * report.c - records of why a run stopped and of what the checks found
 * (report.h), appended to the sim_result. No text: the frontend words them.
 */
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "unitq.h"
#include "util.h"

/* During an SM's cycle (s->cur): the report waits in the SM's list. */
static const struct sim_report *pend(struct sim *s, const struct sim_report *rep, bool finding)
{
	struct sm *m = s->cur;
	s->reported = true;
	if (m->npending == m->pending_cap) {
		m->pending_cap = m->pending_cap ? 2 * m->pending_cap : 8;
		m->pending = xrealloc(m->pending, m->pending_cap * sizeof *m->pending);
		m->pending_finding = xrealloc(m->pending_finding, m->pending_cap);
	}
	m->pending_finding[m->npending] = finding;
	m->pending[m->npending] = *rep;
	return &m->pending[m->npending++];
}

/* Append; past SIM_MAX_REPORTS a check's finding is only counted (NULL). */
const struct sim_report *report_add(struct sim *s, const struct sim_report *rep)
{
	if (s->cur)
		return pend(s, rep, false);
	struct sim_result *r = s->r;
	if (!report_is_end(rep->kind) && r->nreports >= SIM_MAX_REPORTS) {
		r->reports_dropped++;
		return NULL;
	}
	if (r->nreports == s->rep_cap) {
		s->rep_cap = s->rep_cap ? 2 * s->rep_cap : 16;
		r->reports = xrealloc(r->reports, s->rep_cap * sizeof *r->reports);
	}
	r->reports[r->nreports] = *rep;
	return &r->reports[r->nreports++];
}

/* A record about warp w of its block (sm, block and warp filled in). */
struct sim_report report_of(const struct warp *w, unsigned kind)
{
	struct sim_report rep;
	memset(&rep, 0, sizeof rep);
	rep.kind = (uint8_t)kind;
	rep.sm = w->blk->sm->id;
	memcpy(rep.block, w->blk->id, sizeof rep.block);
	rep.warp = w->warp_in_block;
	rep.slot = w->slot;
	return rep;
}

struct parked_ctx {
	struct sim *s;
	struct warp *w;
	unsigned kind; /* RPT_MISSING in a deadlock, RPT_PARKED in a livelock */
};

static void parked(void *ctx, uint32_t mask, uint32_t pc, unsigned why)
{
	struct parked_ctx *c = ctx;
	uint32_t m = mask & c->w->live_lanes & ~c->w->bar_mask & ~c->w->ws_lanes;
	if (!m)
		return;
	struct sim_report rep = report_of(c->w, c->kind);
	rep.lanes = m;
	rep.pc = pc;
	rep.why = (uint8_t)why;
	report_add(c->s, &rep);
}

static void warp_lanes(struct sim *s, const struct warp *w, unsigned kind, uint32_t lanes, uint32_t pc)
{
	struct sim_report rep = report_of(w, kind);
	rep.lanes = lanes;
	rep.pc = pc;
	report_add(s, &rep);
}

void report_deadlock(struct sim *s, struct block *b, enum deadlock_why why)
{
	if (s->stop)
		return;
	s->stop = true;
	s->r->status = SIM_DEADLOCK;
	struct sim_report rep;
	memset(&rep, 0, sizeof rep);
	rep.kind = RPT_DEADLOCK;
	rep.why = (uint8_t)why;
	rep.sm = b->sm->id;
	memcpy(rep.block, b->id, sizeof rep.block);
	rep.cycle = s->now;
	rep.pc = REPORT_NO_PC;
	for (unsigned i = 0; i < b->nwarps && rep.pc == REPORT_NO_PC; i++)
		if (b->warps[i]->live && b->warps[i]->bar_mask)
			rep.pc = b->warps[i]->bar_pc;
	report_add(s, &rep);
	for (unsigned i = 0; i < b->nwarps; i++) {
		struct warp *w = b->warps[i];
		if (!w->live)
			continue;
		if (w->bar_mask)
			warp_lanes(s, w, RPT_WAIT_BAR, w->bar_mask, w->bar_pc);
		if (w->ws_lanes)
			warp_lanes(s, w, RPT_WAIT_WARPSYNC, w->ws_lanes, w->ws_pc);
		if (w->runnable)
			warp_lanes(s, w, RPT_RUNNING, w->mask, w->pc);
		struct parked_ctx c = {s, w, RPT_MISSING};
		s->simt->parked(w->simt, parked, &c);
	}
	uint32_t done = 0;
	for (unsigned i = 0; i < b->nwarps; i++)
		done += (uint32_t)__builtin_popcount(b->warps[i]->exited);
	if (done) {
		memset(&rep, 0, sizeof rep);
		rep.kind = RPT_EXITED;
		rep.n = done;
		report_add(s, &rep);
	}
}

/* At most this many spinning warps are named in a livelock report. */
#define SPIN_SHOWN 8

void report_livelock(struct sim *s)
{
	s->stop = true;
	s->r->status = SIM_NO_PROGRESS;
	struct sim_report rep;
	memset(&rep, 0, sizeof rep);
	rep.kind = RPT_LIVELOCK;
	rep.n = s->now - s->last_progress;
	rep.cycle = s->now;
	report_add(s, &rep);
	unsigned shown = 0, total = 0;
	for (unsigned i = 0; i < s->nsms; i++)
		for (unsigned k = 0; k < (unsigned)s->c->max_warps; k++) {
			struct warp *w = &s->sms[i].slots[k];
			if (!w->live || w->spin_epoch != s->progress_epoch)
				continue;
			total++;
			if (shown >= SPIN_SHOWN)
				continue;
			shown++;
			/* name the loop: the last back edge taken since progress stopped */
			bool loop = w->loop_epoch == s->progress_epoch;
			rep = report_of(w, RPT_SPINNING);
			rep.lanes = w->mask;
			rep.pc = loop ? w->loop_lo : w->spin_lo;
			rep.pc2 = loop ? w->loop_hi : w->spin_hi;
			rep.why = loop;
			report_add(s, &rep);
			struct parked_ctx c = {s, w, RPT_PARKED};
			s->simt->parked(w->simt, parked, &c);
		}
	if (total > shown) {
		memset(&rep, 0, sizeof rep);
		rep.kind = RPT_MORE_SPINNING;
		rep.n = total - shown;
		report_add(s, &rep);
	}
}

void report_fault(struct sim *s, struct warp *w, uint32_t pc, const struct exec_result *x)
{
	s->r->status = SIM_FAULT;
	struct sim_report rep = report_of(w, RPT_FAULT);
	rep.why = (uint8_t)x->fault;
	rep.space = (uint8_t)x->fault_space;
	rep.lanes = 1u << x->fault_lane;
	rep.pc = pc;
	rep.addr = x->fault_addr;
	rep.bytes = x->fault_bytes;
	rep.cycle = s->now;
	report_add(s, &rep);
}

/* Nothing issued for a whole window although nothing is deadlocked: warps
 * are ready but their scheduler never picks them (a policy that starves). */
#define STARVED_SHOWN 8

void report_starved(struct sim *s)
{
	s->stop = true;
	s->r->status = SIM_NO_PROGRESS;
	struct sim_report rep;
	memset(&rep, 0, sizeof rep);
	rep.kind = RPT_STARVED;
	rep.n = s->starved;
	rep.cycle = s->now;
	report_add(s, &rep);
	unsigned shown = 0;
	for (unsigned i = 0; i < s->nsms && shown < STARVED_SHOWN; i++)
		for (unsigned k = 0; k < (unsigned)s->c->max_warps && shown < STARVED_SHOWN; k++) {
			struct warp *w = &s->sms[i].slots[k];
			if (!w->live || unitq_verdict(&s->sms[i].sp[w->subp], w) != STALL_NOT_SELECTED)
				continue;
			shown++;
			rep = report_of(w, RPT_NEVER_SELECTED);
			rep.pc = w->pc;
			rep.n = w->subp;
			report_add(s, &rep);
		}
}

/* Synccheck: once per pc and kind. */
void report_sync(struct sim *s, const struct warp *w, unsigned kind, uint32_t pc, uint32_t lanes,
		 uint32_t lanes2, uint32_t mask)
{
	if (pc >= s->p->ncode)
		return;
	unsigned bit = 1u << (kind - SYNC_BAR_PARTIAL);
	if (s->warned[pc] & bit)
		return;
	if (!s->cur) /* else when the cycle's reports join the result */
		s->warned[pc] |= (uint8_t)bit;
	struct sim_report rep = report_of(w, kind);
	rep.pc = pc;
	rep.op = (uint8_t)s->p->code[pc].op;
	rep.lanes = lanes;
	rep.lanes2 = lanes2;
	rep.mask = mask;
	rep.cycle = s->now;
	report_finding(s, &rep);
}

/* A check's finding: recorded, and shown to the observer (the trace). */
void report_finding(struct sim *s, const struct sim_report *rep)
{
	if (s->cur) {
		pend(s, rep, true);
		return;
	}
	const struct sim_report *kept = report_add(s, rep);
	if (kept && s->obs.on_report)
		s->obs.on_report(s->obs.ctx, kept);
}

void report_cycle_end(struct sim *s)
{
	bool stopped = false;
	for (unsigned i = 0; i < s->nsms; i++) {
		struct sm *m = &s->sms[i];
		for (unsigned k = 0; k < m->npending && !stopped; k++) {
			const struct sim_report *rep = &m->pending[k];
			if (report_is_sync(rep->kind)) { /* once per pc and kind, the first in SM order */
				unsigned bit = 1u << (rep->kind - SYNC_BAR_PARTIAL);
				if (s->warned[rep->pc] & bit)
					continue;
				s->warned[rep->pc] |= (uint8_t)bit;
			}
			if (m->pending_finding[k])
				report_finding(s, rep);
			else
				report_add(s, rep);
		}
		m->npending = 0;
		if (m->stopped && !stopped) {
			stopped = s->stop = true;
			s->r->status = m->stop_status;
		}
		m->stopped = false;
	}
}
