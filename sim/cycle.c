/*
 * cycle.c - one cycle of every SM, on one host thread or on several
 * (sim_set_jobs), with the same results whatever the number.
 *
 * What an SM's cycle touches is its own (warps, blocks, shared memory, its
 * L1 and shared-memory timing), except a global access (the L2, DRAM,
 * global memory and its atomics, which every SM shares) and what the run
 * adds up (statistics, stall counts, blocks done, progress, reports). So:
 *
 *   1. Every SM that may have work runs its cycle, the SMs side by side on
 *      the host threads (SM i on thread N - 1 - i mod N). Its global accesses
 *      issue with their addresses and faults checked and their data pipe
 *      taken (the SM's own), their memory effects and answers deferred; a
 *      plain load also makes its L1 part where nothing pending can change
 *      it (mem.h, mem_global_begin), and a load whose destination is not
 *      its address register loads its values (deps.early); at a fence
 *      after one (the L1 they share), and at a printf (the GPU's printfs
 *      take turns), the SM pauses.
 *   2. In SM order, each SM's deferred accesses are made, in issue order
 *      (sm_finish_global: an early load loads again only after a global
 *      write of the cycle, sim.gwritten), and the paused SMs finish their
 *      cycles.
 *   3. What the threads added up is summed, and each SM's reports join the
 *      result in SM order (report_cycle_end).
 *
 * Step 1 reads and writes only an SM's own state, and reads global memory,
 * which nothing writes in step 1 (nothing later in its cycle reads what a
 * deferred access changes: its registers wait for the warp's next cycle),
 * so the order in which SMs run it changes nothing;
 * step 2 makes the global accesses in the order a single thread would (SM
 * order, and within an SM its own order). One thread runs each SM's cycle
 * whole, in SM order, on the sim itself: the same results.
 *
 * A helper thread works on its own view of the sim (a copy of struct sim
 * whose counters start at zero each cycle and whose result collects its
 * statistics); views are summed into the sim after the cycle.
 */
#include <pthread.h>
#include <threads.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "livelock.h"
#include "util.h"

/* A cycle is shared out among the threads when it has at least this many
 * SMs with work per thread; below that the handing out costs more than it
 * saves. Either way the results are the same. */
#define SMS_PER_THREAD 4

struct view {
	struct sim v;
	struct sim_result r; /* its statistics (summed at the end of the run) and nothing else */
	/* what step 1 left of its SMs, so that the caller need not look at
	 * every SM (their fields sit in other cores' caches): */
	unsigned busy;       /* SMs that had work */
	bool issued;         /* one of those that finished their cycle issued */
	uint64_t wake;       /* the earliest wake of those that finished their cycle */
	uint64_t *late;      /* bit i: SM i has step 2 to do (deferred accesses, or paused) */
	struct smem_memo *memo; /* the view's thread's bank-count memo (sim.memo) */
	uint64_t hist[STALL_COUNT]; /* its stall counts' changes this cycle (sim.hist) */
	uint64_t hacc[STALL_COUNT]; /* (sim.hacc: unused beside other SMs) */
	char apart[64];      /* off the next thread's view's cache lines */
};

struct pool {
	unsigned n;                /* threads, the caller's included */
	unsigned nviews;           /* views made (n, or more where a helper failed to start) */
	pthread_t *threads;        /* n - 1 helpers */
	struct view *views;        /* n */
	struct sim *s;
	char apart1[64];
	atomic_uint go;            /* cycle generation: a helper runs step 1 when it changes */
	char apart2[64];           /* the helpers poll go and write finished: apart */
	atomic_uint finished;      /* helpers done with this generation */
	char apart3[64];
	atomic_bool quit;
	struct helper *helpers;
	unsigned words;            /* of each view's late */
	unsigned busy;             /* SMs with work in the last cycle: whether to share the next out */
};

struct helper {
	struct pool *pool;
	unsigned id;
};

/* Wait while *v == value (spin a little, then yield: the host may have
 * fewer cores than threads); returns the value it changed to. */
static unsigned wait_while(atomic_uint *v, unsigned value)
{
	unsigned now, spins = 0;
	while ((now = atomic_load_explicit(v, memory_order_acquire)) == value)
		if (++spins > 256)
			thrd_yield();
	return now;
}

/* A view of s for one cycle: the same machine, counters at zero. */
static void view_begin(struct view *vw, const struct sim *s)
{
	struct sim *v = &vw->v;
	*v = *s;
	v->r = &vw->r;
	v->memo = vw->memo;
	v->cur = NULL;
	v->stop = false;
	v->progress_due = false;
	v->reported = false;
	v->lv_unproven = v->lv_proven = v->lv_waiting = 0;
	v->blocks_done = v->free_slots = 0;
	memset(vw->hist, 0, sizeof vw->hist);
	v->hist = vw->hist;
	v->hacc = vw->hacc;
	v->defers = true;
}

/* Run SM m's cycle on view v (or on the sim itself, with one thread), or
 * the rest of it (resume: its deferred global access, then what it paused
 * before). */
static void run_sm(struct sim *v, struct sm *m, bool local_only, bool resume)
{
	v->cur = m;
	v->stop = false;
	v->r->status = SIM_DONE;
	if (resume && m->ndef)
		sm_finish_global(v, m);
	if (resume && m->paused)
		v->gwritten = true; /* (the rest of its cycle may write global memory) */
	bool done = !resume ? sm_cycle(v, m, local_only) : m->paused ? sm_resume(v, m) : true;
	m->paused = !done;
	if (v->stop) {
		v->reported = true;
		m->stopped = true;
		m->stop_status = v->r->status;
	}
	v->cur = NULL;
}

/* Step 1 for thread id's SMs that have work, on its view of s (begun
 * here: s does not change during step 1); what they did goes to the view.
 * SM i is thread n - 1 - i mod n's: where the SMs do not share out evenly
 * the caller's thread, 0, which has the cycle's serial work besides, has
 * one fewer. */
static void step_local(struct pool *p, unsigned id)
{
	struct view *vw = &p->views[id];
	struct sim *v = &vw->v;
	view_begin(vw, p->s);
	vw->busy = 0;
	vw->issued = false;
	vw->wake = NEVER;
	memset(vw->late, 0, p->words * sizeof *vw->late);
	for (unsigned i = p->n - 1 - id; i < v->nsms; i += p->n) {
		struct sm *m = &v->sms[i];
		m->paused = false;
		m->ran = m->dirty || v->now >= m->wake;
		if (m->ran) {
			vw->busy++;
			run_sm(v, m, true, false);
		}
		if (m->paused || m->ndef) {
			vw->late[i / 64] |= 1ull << (i % 64);
			continue;
		}
		vw->issued |= m->ran && m->issued;
		if (m->wake < vw->wake)
			vw->wake = m->wake;
	}
}

static void *helper_main(void *arg)
{
	struct helper *h = arg;
	struct pool *p = h->pool;
	unsigned seen = 0;
	for (;;) {
		seen = wait_while(&p->go, seen);
		if (atomic_load(&p->quit))
			return NULL;
		step_local(p, h->id);
		atomic_fetch_add_explicit(&p->finished, 1, memory_order_acq_rel);
	}
}

static struct pool *pool_create(struct sim *s, unsigned n)
{
	struct pool *p = xcalloc(1, sizeof *p);
	p->n = n;
	p->s = s;
	p->views = xcalloc(n, sizeof *p->views);
	p->nviews = n;
	p->words = (s->nsms + 63) / 64;
	p->busy = s->nsms;
	for (unsigned i = 0; i < n; i++) {
		p->views[i].r.sms = s->r->sms;
		p->views[i].late = xcalloc(p->words, sizeof *p->views[i].late);
		p->views[i].memo = xcalloc(1, sizeof *p->views[i].memo);
	}
	atomic_init(&p->go, 0);
	atomic_init(&p->finished, 0);
	atomic_init(&p->quit, false);
	if (n > 1) {
		p->threads = xcalloc(n - 1, sizeof *p->threads);
		p->helpers = xcalloc(n - 1, sizeof *p->helpers);
		for (unsigned i = 0; i + 1 < n; i++) {
			p->helpers[i] = (struct helper){p, i + 1};
			if (pthread_create(&p->threads[i], NULL, helper_main, &p->helpers[i])) {
				p->n = i + 1; /* run with the threads there are: the same results */
				break;
			}
		}
	}
	return p;
}

/* The run's statistics: every view's, added to s's result. */
static void pool_destroy(struct pool *p)
{
	atomic_store(&p->quit, true);
	atomic_fetch_add_explicit(&p->go, 1, memory_order_acq_rel);
	for (unsigned i = 0; i + 1 < p->n; i++)
		pthread_join(p->threads[i], NULL);
	uint64_t *to = (uint64_t *)&p->s->r->stats;
	for (unsigned i = 0; i < p->n; i++) {
		const uint64_t *from = (const uint64_t *)&p->views[i].r.stats;
		for (size_t k = 0; k < sizeof(struct sim_stats) / sizeof(uint64_t); k++)
			to[k] += from[k];
	}
	for (unsigned i = 0; i < p->nviews; i++) {
		free(p->views[i].late);
		free(p->views[i].memo);
	}
	free(p->threads);
	free(p->helpers);
	free(p->views);
	free(p);
}

/* The counters of this cycle's views, added to s (the counters wrap: a
 * view's decrements are differences). */
static void views_end(struct sim *s, struct pool *p)
{
	for (unsigned i = 0; i < p->n; i++) {
		const struct sim *v = &p->views[i].v;
		for (int k = 0; k < STALL_COUNT; k++)
			s->hist[k] += p->views[i].hist[k];
		s->lv_unproven += v->lv_unproven;
		s->lv_proven += v->lv_proven;
		s->lv_waiting += v->lv_waiting;
		s->blocks_done += v->blocks_done;
		s->free_slots += v->free_slots;
		s->progress_due |= v->progress_due;
		s->reported |= v->reported;
	}
}

_Static_assert(sizeof(struct sim_stats) % sizeof(uint64_t) == 0, "sim_stats is uint64_t counters");

void cycle_begin_run(struct sim *s)
{
	/* observers and check modes see events in the order they happen: one
	 * thread; and no more threads than could ever share out a cycle (the
	 * rest would only wait) */
	unsigned n = s->obs.on_state || s->obs.on_issue || s->obs.on_report || s->chk ? 1 : s->jobs;
	unsigned most = s->nsms / SMS_PER_THREAD;
	if (n > most)
		n = most;
	s->pool = pool_create(s, n ? n : 1);
}

void cycle_end_run(struct sim *s)
{
	pool_destroy(s->pool);
	s->pool = NULL;
}

void cycle_sms(struct sim *s, bool *issued, uint64_t *wake)
{
	struct pool *p = s->pool;
	s->reported = false;
	*issued = false;
	*wake = NEVER;
	if (p->n == 1) {
		/* one thread: each SM with work runs its whole cycle, in SM order,
		 * on s itself (no counters to sum); its cycle touches no other SM,
		 * so its figures are read at once (into locals: the loop visits
		 * every SM, most of them idle on a large GPU) */
		struct sm *sms = s->sms;
		const uint64_t now = s->now;
		const unsigned n = s->nsms;
		uint64_t earliest = NEVER;
		bool any = false;
		for (unsigned i = 0; i < n; i++) {
			struct sm *m = &sms[i];
			if (m->dirty || now >= m->wake) { /* (a whole cycle: run_sm leaves it not paused) */
				run_sm(s, m, false, false);
				any |= m->issued;
			}
			if (m->wake < earliest)
				earliest = m->wake;
		}
		*issued = any;
		*wake = earliest;
		s->stop = false; /* an SM's stop takes effect in report_cycle_end */
		if (s->reported)
			report_cycle_end(s);
		return;
	}
	if (p->busy < SMS_PER_THREAD * p->n) {
		/* too little to share out (last cycle: a guess, the results are
		 * the same either way): each SM's whole cycle, in SM order, here
		 * and on s itself */
		unsigned busy = 0;
		for (unsigned i = 0; i < s->nsms; i++) {
			struct sm *m = &s->sms[i];
			m->paused = false;
			m->ran = m->dirty || s->now >= m->wake;
			if (m->ran) {
				busy++;
				run_sm(s, m, false, false);
				*issued |= m->issued;
			}
			if (m->wake < *wake)
				*wake = m->wake;
		}
		p->busy = busy;
		s->stop = false;
		if (s->reported)
			report_cycle_end(s);
		return;
	}
	atomic_store_explicit(&p->finished, 0, memory_order_relaxed);
	atomic_fetch_add_explicit(&p->go, 1, memory_order_acq_rel);
	step_local(p, 0);
	for (unsigned f = 0; f < p->n - 1;) /* the helpers' count only grows */
		f = wait_while(&p->finished, f);
	/* in SM order, on view 0: each SM's deferred global access, and the
	 * rest of the cycle of those that paused */
	for (unsigned k = 0; k < p->words; k++) {
		uint64_t late = 0;
		for (unsigned i = 0; i < p->n; i++)
			late |= p->views[i].late[k];
		for (; late; late &= late - 1) {
			struct sm *m = &s->sms[k * 64 + (unsigned)__builtin_ctzll(late)];
			run_sm(&p->views[0].v, m, false, true);
			*issued |= m->ran && m->issued;
			if (m->wake < *wake)
				*wake = m->wake;
		}
	}
	p->busy = 0;
	for (unsigned i = 0; i < p->n; i++) {
		const struct view *vw = &p->views[i];
		p->busy += vw->busy;
		*issued |= vw->issued;
		if (vw->wake < *wake)
			*wake = vw->wake;
	}
	views_end(s, p);
	if (s->reported)
		report_cycle_end(s);
}

void sim_set_jobs(struct sim *s, unsigned n) { s->jobs = n ? n : 1; }
