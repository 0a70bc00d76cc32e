/*
 * livelock.h - the livelock watch (livelock.c): a spin loop that revisits
 * the same state is a livelock, a loop whose registers keep changing is not.
 */
#ifndef SIMT_LIVELOCK_H
#define SIMT_LIVELOCK_H

#include <stdbool.h>

struct sim;
struct warp;

/* Something made progress (a store that changed memory, a new load value,
 * an exit, a barrier arrival): the watch starts over at the end of the
 * cycle (livelock_cycle_end). Until then the cycle goes on as it began,
 * whichever SM or warp came first, so SMs may run a cycle in any order. */
void livelock_progress(struct sim *s);
/* After every SM has run the cycle s->now: apply the progress noted in it. */
void livelock_cycle_end(struct sim *s);
/* Warp w issues an instruction (call only while s->lv_on). */
void livelock_issue(struct sim *s, struct warp *w);
/* Warp w took a backward branch; its state is the one after the branch
 * (call only while s->lv_on, after livelock_issue). */
void livelock_back_edge(struct sim *s, struct warp *w);
/* At the end of a cycle in which something issued: true when the run is
 * livelocked (the caller diagnoses and stops). */
bool livelock_watch(struct sim *s);

#endif
