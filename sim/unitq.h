/*
 * unitq.h - a sub-partition's unit queues: the warps whose next
 * instruction has its operands ready and waits only for its functional
 * unit (struct unit_queue in core.h).
 *
 * Such a warp's verdict is "eligible" while the unit is free and the
 * unit's throttle while it is busy (math_pipe_throttle; for the LD/ST
 * unit lg_throttle before a global access, mio_throttle before any other),
 * and nothing else can change it until the warp issues or a release makes
 * it dirty. Evaluating each one every time the unit turns busy or free (on
 * a G80 every few cycles, for most of its 24 warps) gives the same counts
 * as moving the queue's members between bins at once, which is what
 * unitq_sync does. The bins are those the warps would be in: the stall
 * counts, starvation and fast-forward see no difference.
 *
 * unitq_sync recounts queue u of sp as the unit is busy or free at t (its
 * moves dated t);
 * unitq_join adds w (evaluated, and filed nowhere in wakeq.h), whose
 * verdict its unit alone made, busy or not (w->bin is then the queue's bin
 * for it); unitq_leave takes w out (it issues or was released: due at the
 * next walk), its count its own again (w->bin, w->stall). Each moves
 * counts between s's stall bins only where a verdict changes.
 * Small and hot: defined here, to be inlined into sm.c's walk.
 */
#ifndef SIMT_UNITQ_H
#define SIMT_UNITQ_H

#include "core.h"
#include "wakeq.h"

/* The stall of a warp ready but for its unit u while u is busy; global:
 * it waits to issue a global access (the one definition: sm.c's walk and
 * issue loop use it too). */
static inline enum stall unit_throttle(unsigned u, bool global)
{
	return u != UNIT_LDST ? STALL_MATH_PIPE_THROTTLE : global ? STALL_LG_THROTTLE : STALL_MIO_THROTTLE;
}

/* The bin of a member of q (queue of unit u); global as above. */
static inline enum stall unitq_bin(const struct unit_queue *q, unsigned u, bool global)
{
	return q->busy ? unit_throttle(u, global) : STALL_NOT_SELECTED; /* eligible; selected ones leave first */
}

/* w's verdict at its last evaluation, or its queue's for it */
static inline enum stall unitq_verdict(const struct subpart *sp, const struct warp *w)
{
	if (w->queued < 0)
		return w->stall;
	return unitq_bin(&sp->uq[w->queued], (unsigned)w->queued, w->q_global);
}

/* n warps move from bin from to bin to at cycle t (sim.hacc) */
static inline void unitq_move(struct sim *s, enum stall from, enum stall to, unsigned n, uint64_t t)
{
	s->hist[from] -= n;
	s->hist[to] += n;
	s->hacc[from] += (uint64_t)n * t;
	s->hacc[to] -= (uint64_t)n * t;
}

static inline void unitq_sync(struct sim *s, struct subpart *sp, unsigned u, uint64_t t)
{
	struct unit_queue *q = &sp->uq[u];
	bool busy = sp->unit_free[u] > t;
	if (busy == q->busy)
		return;
	q->busy = busy;
	/* each member between not selected and its throttle: a math unit's
	 * one throttle for all, the LD/ST unit's two (before a global access
	 * and before any other) */
	enum stall g = unit_throttle(u, true), o = unit_throttle(u, false);
	unsigned other = q->n - q->n_global;
	if (g == o) {
		other = q->n;
	} else if (q->n_global) {
		unitq_move(s, busy ? STALL_NOT_SELECTED : g, busy ? g : STALL_NOT_SELECTED, q->n_global, t);
	}
	if (other)
		unitq_move(s, busy ? STALL_NOT_SELECTED : o, busy ? o : STALL_NOT_SELECTED, other, t);
}

static inline void unitq_join(struct subpart *sp, struct warp *w, unsigned u, bool global, bool busy)
{
	struct unit_queue *q = &sp->uq[u];
	if (!q->n) /* an empty queue's state is stale */
		q->busy = busy;
	sp->queues |= 1u << u;
	slot_add(&q->set, w->slot);
	q->n++;
	q->n_global += global;
	w->queued = (int8_t)u;
	w->q_global = global;
	w->bin = BIN_QUEUED;
}

static inline void unitq_leave(struct subpart *sp, struct warp *w)
{
	unsigned u = (unsigned)w->queued;
	struct unit_queue *q = &sp->uq[u];
	bool global = w->q_global;
	w->bin = (int8_t)unitq_bin(q, u, global);
	w->stall = (enum stall)w->bin;
	w->wake = q->busy ? sp->unit_free[u] : 0;
	slot_del(&q->set, w->slot);
	slot_add(&sp->due, w->slot); /* it issues or was released */
	sp->filed_min = 0;
	q->n--;
	q->n_global -= global;
	if (!q->n)
		sp->queues &= ~(1u << u);
	w->queued = -1;
}

#endif
