/*
 * smmajor.c - a timed run on one host thread, SM by SM.
 *
 * The clock loop (gpu.c) runs every SM's cycle before any SM's next one,
 * so an SM's state is back in the host's caches only after every other
 * SM's has passed through them. Here each SM runs on its own clock through
 * the cycles that touch only its own state, and stops at the next global
 * event:
 *
 *   - before a global access (sm_cycle with local_only pauses there: the
 *     L2, DRAM, global memory and its atomics are shared), and before a
 *     printf (the GPU's printfs take turns: sim.printf_turn);
 *   - after a cycle in which it retired blocks while others wait to be
 *     dispatched (the dispatcher places them on SMs with room);
 *   - before the next cycle the dispatcher may place a block in.
 *
 * The SMs wait in a queue ordered by (cycle, SM), the dispatcher before the
 * SMs at a cycle: the least goes next, its global access (the rest of its
 * cycle) made then, after every access of an earlier cycle or of an
 * earlier SM in the same cycle, as the clock loop makes them. What an SM
 * does between its global events reads nothing another SM writes, so the
 * run's results are the clock loop's.
 *
 * Where that needs the whole GPU at one cycle, SM-major does not apply or
 * stops at once and asks for the run to be made again cycle by cycle
 * (sim_redo): a fault or a deadlock (the run ends at that cycle for every
 * SM), any report, a quiet stretch in which the livelock watch could start
 * (its progress epochs are the GPU's, cycle by cycle), and a cycle in which
 * an SM leaves a ready warp out without issuing (the starvation watchdog).
 *
 * The stall counts: each SM keeps its own (sm.hist, through sim.hist while
 * it runs), each change dated by the cycle it is made in (sm.hacc, through
 * sim.hacc), so that at the end hacc + hist x the run's last cycle is what
 * they held summed over the cycles (account), and the warp-cycles they sum
 * to: the clock loop's counts of the GPU's warps cycle by cycle, summed the
 * other way round. A move sm.c makes a cycle early (sim.early: a
 * sub-partition's next walk made as its cycle ends, early_next) is dated
 * by the cycle it is for.
 */
#include <stdlib.h>

#include "core.h"
#include "heap.h"
#include "util.h"

/* A queue key: cycle << WHO_BITS | who (0: the dispatcher, i + 1: SM i;
 * gpu.num_sms is at most 1024). */
#define WHO_BITS 11

struct queue {
	uint64_t *key;      /* min-heap of keys: every SM with work, and the dispatcher's turns */
	unsigned n;
	uint64_t *turns;    /* min-heap of the cycles of the dispatcher's turns queued */
	unsigned nturns;
	unsigned cap;
	uint64_t end;       /* the cycle after the latest one a block retired in */
	uint64_t limit;     /* the cycle limit (sim_run's max_cycles; NEVER: none) */
	unsigned *held;     /* per SM: its blocks before a dispatcher's turn */
	uint64_t half;      /* half sim.livelock_window: the quiet stretch the watch starts after */
};

bool smm_applies(const struct sim *s)
{
	return s->sm_major && !s->functional && s->jobs <= 1 && s->c->fast_forward && !s->checks &&
	       !s->obs.on_state && !s->obs.on_issue && !s->obs.on_report;
}

static void push(struct queue *q, uint64_t cycle, unsigned who)
{
	if (q->n == q->cap || q->nturns == q->cap) {
		q->cap *= 2;
		q->key = xrealloc(q->key, q->cap * sizeof *q->key);
		q->turns = xrealloc(q->turns, q->cap * sizeof *q->turns);
	}
	heap_push(q->key, &q->n, cycle << WHO_BITS | who);
	if (!who)
		heap_push(q->turns, &q->nturns, cycle);
}

/* The first cycle an SM may not run ahead into: the dispatcher's next
 * turn, or the cycle limit. */
static uint64_t horizon(const struct queue *q)
{
	return q->nturns && q->turns[0] < q->limit ? q->turns[0] : q->limit;
}

static void queue_sm(struct queue *q, struct sm *m, uint64_t cycle)
{
	m->clock = cycle;
	m->queued_smm = true;
	push(q, cycle, m->id + 1);
}

/* SM m's stall counts, summed over its cycles before t (its hist and hacc,
 * sim.hacc), added to the run's. */
static void account(struct sim *s, const struct sm *m, uint64_t t)
{
	uint64_t *stalls = s->r->stats.stalls;
	for (int k = 0; k < STALL_COUNT; k++)
		stalls[k] += m->hacc[k] + m->hist[k] * t;
}

/* After SM m's cycle c: what the clock loop does at a cycle's end, for
 * this SM. false: the run must be made cycle by cycle (the file's head). */
static bool cycle_end(struct sim *s, const struct queue *q, struct sm *m, uint64_t c)
{
	if (s->stop || s->reported)
		return false;
	if (s->progress_due) { /* (livelock.c's restart; its epochs serve only its reports) */
		s->progress_due = false;
		if (c > s->last_progress)
			s->last_progress = c;
		s->progress_epoch++;
	}
	uint64_t half = q->half;
	if (c > s->last_progress && c - s->last_progress > half)
		return false;
	/* a ready warp left out while the SM issues nothing: the clock loop
	 * counts such cycles (no SM issuing) toward its starvation report.
	 * Nothing changes an eligible warp but its issue, so a starving GPU has
	 * an SM starving as long as it does (its cycles skipped included). */
	if (!m->hist[STALL_NOT_SELECTED] || m->issued) {
		m->starved_from = NEVER;
		return true;
	}
	if (m->starved_from == NEVER)
		m->starved_from = c;
	return c + 1 - m->starved_from <= half;
}

/* Blocks retired so far in SM m's cycle c, which began with m->held: the
 * dispatcher sees their slots free only after c. */
static void note_retired(struct queue *q, struct sm *m, uint64_t c)
{
	if (m->nblocks >= m->held)
		return;
	m->retired_at = c;
	m->retired = m->held - m->nblocks;
	if (c + 1 > q->end)
		q->end = c + 1;
}

/* The dispatcher's turn at cycle c: blocks start where SMs have room; the
 * SMs given warps join the queue; its next turn is queued. */
static void dispatch_turn(struct sim *s, struct queue *q, uint64_t c)
{
	heap_pop(q->turns, &q->nturns);
	s->now = c;
	for (unsigned i = 0; i < s->nsms; i++)
		q->held[i] = s->sms[i].nblocks;
	gpu_dispatch(s);
	for (unsigned i = 0; i < s->nsms; i++) { /* (one queued for a later cycle comes now: its entry then is stale) */
		struct sm *m = &s->sms[i];
		if (m->nblocks > q->held[i] && (!m->queued_smm || m->clock > c))
			queue_sm(q, m, c);
	}
	uint64_t next = gpu_dispatch_next(s);
	if (next != NEVER)
		push(q, next, 0);
}

/* SM m retired blocks in the cycle before c while blocks wait: it waits
 * for the dispatcher's turn at c. */
static bool wait_dispatch(struct queue *q, struct sm *m, uint64_t c)
{
	if (horizon(q) > c)
		push(q, c, 0);
	queue_sm(q, m, c);
	return true;
}

/* SM m from cycle c (resuming that cycle where it paused) to its next
 * global event, and on where that is the least of the queue. false: the
 * run must be made cycle by cycle. */
static bool run_sm(struct sim *s, struct queue *q, struct sm *m, uint64_t c)
{
	m->queued_smm = false;
	const uint64_t until = horizon(q); /* (an SM's run queues no turn, nor moves the limit) */
	for (;;) {
		if (m->paused) { /* its global access, in (cycle, SM) order now */
			s->now = c;
			m->paused = !sm_resume(s, m);
			note_retired(q, m, c);
			if (!cycle_end(s, q, m, c))
				return false;
			c++;
			if (m->nblocks < m->held && s->next_block < s->total_blocks)
				return wait_dispatch(q, m, c);
		}
		while (c < until) {
			if (!m->dirty && c < m->wake) {
				if (m->wake == NEVER) /* until a dispatch or nothing: out of the queue */
					return true;
				c = m->wake;
				continue;
			}
			s->now = c;
			m->held = m->nblocks;
			bool whole = sm_cycle(s, m, true);
			note_retired(q, m, c);
			if (!whole) { /* paused before a global access: its turn now if nothing comes first */
				m->paused = true;
				if (q->n && (c << WHO_BITS | (m->id + 1)) > q->key[0]) {
					queue_sm(q, m, c);
					return true;
				}
				break;
			}
			if (!cycle_end(s, q, m, c))
				return false;
			c++;
			if (m->nblocks < m->held && s->next_block < s->total_blocks)
				return wait_dispatch(q, m, c);
		}
		if (!m->paused) {
			queue_sm(q, m, c);
			return true;
		}
	}
}

void smm_run(struct sim *s, uint64_t max_cycles)
{
	struct queue q = {NULL, 0, NULL, 0, s->nsms + 16, 0, max_cycles ? max_cycles : NEVER, NULL,
			  (uint64_t)s->c->livelock_window / 2};
	q.key = xcalloc(q.cap, sizeof *q.key);
	q.turns = xcalloc(q.cap, sizeof *q.turns);
	q.held = xcalloc(s->nsms, sizeof *q.held);
	for (unsigned i = 0; i < s->nsms; i++) {
		struct sm *m = &s->sms[i];
		m->starved_from = NEVER;
		for (int k = 0; k < STALL_COUNT; k++) /* (counts held from cycle 0) */
			m->hacc[k] = 0;
	}
	uint64_t events = 0;
	s->early = true;
	s->no_spin = true;
	push(&q, 0, 0);
	for (;;) {
		/* once every block is done, the SMs' cycles before the run's last
		 * one still run (the clock loop's last cycle runs every SM with
		 * work: retired warps leave the stall counts there) */
		bool all = s->blocks_done >= s->total_blocks;
		if (all)
			q.limit = q.end;
		if (!q.n || q.key[0] >> WHO_BITS >= q.limit) {
			/* with blocks left, the clock loop's deadlock (no SM can move
			 * again) or cycle-limit report */
			s->redo = !all;
			break;
		}
		uint64_t key = q.key[0];
		heap_pop(q.key, &q.n);
		uint64_t c = key >> WHO_BITS;
		unsigned who = (unsigned)(key & ((1u << WHO_BITS) - 1));
		if (!who) {
			dispatch_turn(s, &q, c);
			continue;
		}
		struct sm *m = &s->sms[who - 1];
		if (!m->queued_smm || m->clock != c)
			continue; /* stale: queued again for an earlier cycle, and run */
		s->hist = m->hist;
		s->hacc = m->hacc;
		s->cur = m;
		bool ok = run_sm(s, &q, m, c);
		s->cur = NULL;
		s->hist = s->hist_all;
		s->hacc = s->hacc_sink;
		if (!ok) {
			s->redo = true;
			break;
		}
		if (s->obs.on_progress && (++events & 0xfff) == 0)
			s->obs.on_progress(s->obs.ctx, c, s->blocks_done, s->total_blocks);
	}
	/* the run ends after the cycle its last block retired in, as the clock
	 * loop's; every SM's counts up to then, and the warp-cycles they add
	 * up to (the clock loop's sum of each cycle's counts) */
	s->early = false;
	s->no_spin = false;
	s->now = q.end;
	struct sim_stats *st = &s->r->stats;
	for (unsigned i = 0; i < s->nsms && !s->redo; i++)
		account(s, &s->sms[i], q.end);
	for (int k = 0; k < STALL_COUNT; k++)
		st->active_warp_cycles += st->stalls[k];
	free(q.key);
	free(q.turns);
	free(q.held);
}
