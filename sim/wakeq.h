/*
 * wakeq.h - when each warp a sub-partition evaluates one by one (those in
 * no unit queue) is evaluated next.
 *
 * A warp's verdict holds until its wake cycle unless something makes it
 * dirty (its issue, a release), so instead of looking at every warp at
 * every walk, a walk evaluates only those due: the dirty ones and those
 * eligible at the last walk (due), those whose wake comes within
 * WHEEL_SLOTS cycles of the walk that filed them (a wheel of per-cycle
 * slot sets), and those filed further ahead or with no wake at all (far,
 * looked through only once its earliest wake has come). The order in
 * which a walk evaluates warps changes nothing (an evaluation touches only
 * its own warp and the stall counts), so evaluating the due ones in slot
 * order gives the results of looking at every warp.
 *
 * wake_collect takes out and returns the warps due at the walk at cycle t;
 * wake_place files w after the walk at t looked at it; wake_next is the
 * earliest cycle a filed warp is due (t while some is due at once, NEVER
 * for none), which it also keeps (subpart.filed_min: each filing lowers it,
 * so that a walk before it knows without looking that none is due);
 * wake_due makes w due at the next walk (dirty); wake_forget unfiles w (it
 * retired). Small and hot: defined here, to be inlined into sm.c's walk.
 */
#ifndef SIMT_WAKEQ_H
#define SIMT_WAKEQ_H

#include "core.h"

static inline void wake_file(struct subpart *sp, unsigned slot, uint64_t wake)
{
	unsigned b = (unsigned)(wake & (WHEEL_SLOTS - 1));
	slot_add(&sp->wheel[b], slot);
	sp->wheel_used |= 1ull << b;
	if (wake < sp->filed_min)
		sp->filed_min = wake;
}

static inline void wake_forget(struct subpart *sp, const struct warp *w)
{
	if (!sp->filed)
		return;
	unsigned b = (unsigned)(w->wake & (WHEEL_SLOTS - 1)); /* its bucket, if in the wheel */
	slot_del(&sp->wheel[b], w->slot);
	if (slots_empty(&sp->wheel[b]))
		sp->wheel_used &= ~(1ull << b);
	slot_del(&sp->far, w->slot);
	slot_del(&sp->due, w->slot);
}

static inline void wake_due(struct subpart *sp, const struct warp *w)
{
	if (!sp->filed)
		return;
	wake_forget(sp, w);
	slot_add(&sp->due, w->slot);
	sp->filed_min = 0;
}

static inline struct slotset wake_collect(struct subpart *sp, const struct sm *m, uint64_t t)
{
	struct slotset v = sp->due;
	sp->due = (struct slotset){{0}};
	if (sp->wheel_used) { /* the buckets of cycles wheel_t + 1 .. t */
		uint64_t span = t - sp->wheel_t, range;
		if (span >= WHEEL_SLOTS) {
			range = ~0ull;
		} else {
			unsigned at = (unsigned)((sp->wheel_t + 1) & (WHEEL_SLOTS - 1));
			range = span ? (1ull << span) - 1 : 0;
			range = at ? range << at | range >> (WHEEL_SLOTS - at) : range;
		}
		for (uint64_t r = sp->wheel_used & range; r; r &= r - 1) {
			unsigned b = (unsigned)__builtin_ctzll(r);
			slots_join(&v, &sp->wheel[b]);
			sp->wheel[b] = (struct slotset){{0}};
		}
		sp->wheel_used &= ~range;
	}
	sp->wheel_t = t;
	if (t >= sp->far_wake) { /* the due ones, and those now near into the wheel */
		uint64_t next = NEVER;
		struct slotset far = sp->far;
		for (unsigned k = 0; k < SLOT_WORDS; k++)
			for (uint64_t b = far.w[k]; b; b &= b - 1) {
				unsigned slot = k * 64 + (unsigned)__builtin_ctzll(b);
				uint64_t wake = m->slots[slot].wake;
				if (wake > t && wake - t >= WHEEL_SLOTS) {
					if (wake < next)
						next = wake;
					continue;
				}
				slot_del(&sp->far, slot);
				if (wake <= t)
					slot_add(&v, slot);
				else
					wake_file(sp, slot, wake);
			}
		sp->far_wake = next;
	}
	return v;
}

static inline void wake_place(struct subpart *sp, const struct warp *w, uint64_t t)
{
	if (w->dirty || w->wake <= t) {
		slot_add(&sp->due, w->slot);
		sp->filed_min = 0;
	} else if (w->wake - t < WHEEL_SLOTS) {
		wake_file(sp, w->slot, w->wake);
	} else {
		slot_add(&sp->far, w->slot);
		if (w->wake < sp->far_wake)
			sp->far_wake = w->wake;
		if (w->wake < sp->filed_min)
			sp->filed_min = w->wake;
	}
}

static inline uint64_t wake_next(struct subpart *sp, uint64_t t)
{
	if (!slots_empty(&sp->due))
		return sp->filed_min = t;
	uint64_t next = sp->far_wake;
	if (sp->wheel_used) { /* the first bucket after t: the wheel holds cycles t + 1 .. t + WHEEL_SLOTS - 1 */
		unsigned at = (unsigned)((t + 1) & (WHEEL_SLOTS - 1));
		uint64_t r = at ? sp->wheel_used >> at | sp->wheel_used << (WHEEL_SLOTS - at) : sp->wheel_used;
		uint64_t c = t + 1 + (uint64_t)__builtin_ctzll(r);
		if (c < next)
			next = c;
	}
	return sp->filed_min = next;
}

#endif
