/* observe.c - reporting a warp slot's state to the on_state observer (the
 * trace), for every file of the core; it calls nothing back. */
#include "core.h"

void trace_state(struct sim *s, const struct sm *m, struct warp *w, uint64_t t, unsigned state, uint32_t pc,
		 uint32_t mask)
{
	uint64_t block = w->blk && state != WSTATE_IDLE ? w->blk->linear : 0;
	if (state == w->tr_state && pc == w->tr_pc && mask == w->tr_mask && block == w->tr_block)
		return;
	w->tr_state = state;
	w->tr_pc = pc;
	w->tr_mask = mask;
	w->tr_block = block;
	struct state_event e = {t, m->id, w->slot, state, pc, mask, block, state == WSTATE_IDLE ? 0 : w->warp_in_block};
	s->obs.on_state(s->obs.ctx, &e);
}
