/*
 * livelock.c - telling a livelock from a long computation.
 *
 * Cheap progress events (a store or atomic that changes memory, a load
 * that returns a new value, an exit, a barrier arrival: livelock_progress) reset
 * the watch. When warps keep issuing for half of sim.livelock_window cycles
 * without one, the watch starts checking: each warp that issues from then
 * on hashes its whole state (pc, active mask, the divergence model's parked
 * groups, every lane's registers and predicates) at each backward branch it
 * takes and looks for a repeated state with Brent's cycle finding. Memory
 * does not change meanwhile, so a warp whose state repeats is in a cycle it
 * cannot leave by itself: a spin loop. A warp whose registers keep changing
 * (a long register-only loop, a loop reading %clock) finds no repeat.
 *
 * At livelock_window cycles without cheap progress the watch decides: if
 * every warp that issued while checking has repeated a state, the run is
 * livelocked; otherwise some warp computes, which is progress, and the
 * watch starts over. A warp that went round its loop fewer than LV_EDGES
 * times has not shown either (a loop that sleeps between tries may come
 * round only once or twice in a short window): while one that issued in
 * the round's last stretch is such, the decision waits, the check going on
 * for as long again as it has run (so any finite period is covered in a
 * few stretches, and a warp that stops issuing stops holding it up).
 * Decisions are taken at issue cycles only, so stepping and fast-forward
 * decide alike.
 *
 * States are compared by a 64-bit hash: two different states collide with
 * probability about 2^-64 per comparison, which would report a livelock
 * that is not one.
 */
#include "livelock.h"

#include "core.h"

/* Backward branches after which a warp that found no repeated state is
 * taken to compute: Brent's search finds a loop of period p entered after
 * a tail of t iterations within about 2 max(p, t) of them, so spin loops
 * with a back-off that settles (spinlock_sleep: 8 ns doubling to 256 ns,
 * settled after 5 tries) are found well within it. */
#define LV_EDGES 64

/* w has not gone round a loop often enough to be judged (see above) */
static bool undecided(const struct warp *w) { return !w->lv_found && w->lv_edges < LV_EDGES; }

static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v;
	h *= 0x100000001b3ull; /* FNV-1a's prime, a word at a time */
	return h ^ (h >> 29);
}

static void hash_parked(void *ctx, uint32_t mask, uint32_t pc, unsigned why)
{
	(void)why;
	uint64_t *h = ctx;
	*h = mix(mix(*h, mask), pc);
}

static uint64_t warp_state_hash(const struct sim *s, const struct warp *w)
{
	uint64_t h = 0xcbf29ce484222325ull;
	h = mix(mix(h, w->pc), w->mask);
	h = mix(mix(h, w->bar_mask), w->sleep_lanes);
	s->simt->parked(w->simt, hash_parked, &h);
	for (int p = 0; p < ISA_NUM_PREDS; p++)
		h = mix(h, w->x.preds[p]);
	size_t n = (size_t)w->x.nregs * ISA_WARP_SIZE;
	const uint32_t *r = w->x.regs;
	for (size_t i = 0; i + 1 < n; i += 2)
		h = mix(h, (uint64_t)r[i] | (uint64_t)r[i + 1] << 32);
	if (n & 1)
		h = mix(h, r[n - 1]);
	return h;
}

void livelock_issue(struct sim *s, struct warp *w)
{
	if (w->lv_round != s->lv_round) {
		w->lv_round = s->lv_round;
		w->lv_found = false;
		w->lv_power = 1;
		w->lv_steps = 0;
		w->lv_saved = 0;
		w->lv_have = false;
		w->lv_edges = 0;
		s->lv_unproven++;
	}
	if (w->lv_ext != s->lv_ext) {
		w->lv_ext = s->lv_ext;
		if (undecided(w))
			s->lv_waiting++;
	}
}

void livelock_back_edge(struct sim *s, struct warp *w)
{
	if (w->lv_found || w->lv_round != s->lv_round)
		return;
	bool was = undecided(w);
	if (w->lv_edges < LV_EDGES)
		w->lv_edges++;
	uint64_t h = warp_state_hash(s, w);
	if (w->lv_have && h == w->lv_saved) {
		w->lv_found = true;
		s->lv_unproven--;
		s->lv_proven++;
	}
	if (was && !undecided(w) && w->lv_ext == s->lv_ext)
		s->lv_waiting--;
	if (w->lv_found)
		return;
	/* Brent: compare with a state saved at powers of two steps */
	if (!w->lv_have || ++w->lv_steps == w->lv_power) {
		w->lv_saved = h;
		w->lv_have = true;
		w->lv_power *= 2;
		w->lv_steps = 0;
	}
}

/* The watch starts over from cycle s->now. */
static void restart(struct sim *s)
{
	s->last_progress = s->now;
	s->progress_epoch++;
	s->lv_on = false;
}

void livelock_progress(struct sim *s) { s->progress_due = true; }

void livelock_cycle_end(struct sim *s)
{
	if (!s->progress_due)
		return;
	s->progress_due = false;
	restart(s);
}

bool livelock_watch(struct sim *s)
{
	uint64_t quiet = s->now - s->last_progress;
	uint64_t window = (uint64_t)s->c->livelock_window;
	if (!s->lv_on) {
		if (quiet > window / 2) {
			s->lv_on = true;
			s->lv_round++;
			s->lv_ext++;
			s->lv_unproven = s->lv_proven = s->lv_waiting = 0;
			s->lv_deadline = window;
		}
		return false;
	}
	if (quiet <= s->lv_deadline)
		return false;
	if (s->lv_waiting) { /* too few tries to judge: check as long again */
		s->lv_deadline = quiet + (quiet - window / 2);
		s->lv_ext++;
		s->lv_waiting = 0;
		return false;
	}
	if (!s->lv_unproven && s->lv_proven)
		return true;
	restart(s); /* some warp's registers kept changing: it computes */
	return false;
}
