/*
 * core.h - the state of the machine, shared by the files of the timing core
 * (gpu.c, sm.c, barrier.c, report.c, shadow.c). Not part of the interface: users of
 * sim/ include gpu.h.
 */
#ifndef SIMT_CORE_H
#define SIMT_CORE_H

#include <stdbool.h>
#include <stdint.h>

#include "exec.h"
#include "gmem.h"
#include "gpu.h"
#include "mem.h"
#include "occupancy.h"
#include "program.h"
#include "sched.h"
#include "simt.h"

enum barrier_mode { BAR_STRICT, BAR_WARP, BAR_THREAD };

/* Global accesses an SM defers in one cycle beside other SMs (one per
 * sub-partition: sm.sub_partitions is at most 8); past it the SM pauses. */
#define MAX_DEFERRED 8
enum reg_kind { RK_WAIT, RK_SHORT, RK_LONG }; /* which scoreboard stall a pending result causes */

/* A set of an SM's warp slots (sm.max_warps is at most SIM_MAX_WARPS),
 * iterated in slot order. */
#define SLOT_WORDS ((SIM_MAX_WARPS + 63) / 64)
struct slotset {
	uint64_t w[SLOT_WORDS];
};
/* slot i's word (a slot is below SIM_MAX_WARPS: with one word, always 0) */
#define SLOT_WORD(i) (SLOT_WORDS == 1 ? 0 : (i) >> 6)
static inline void slot_add(struct slotset *s, unsigned i) { s->w[SLOT_WORD(i)] |= 1ull << (i & 63); }
static inline void slot_del(struct slotset *s, unsigned i) { s->w[SLOT_WORD(i)] &= ~(1ull << (i & 63)); }
static inline bool slots_empty(const struct slotset *s)
{
	uint64_t any = 0;
	for (unsigned k = 0; k < SLOT_WORDS; k++)
		any |= s->w[k];
	return !any;
}
/* Whether the set holds exactly one slot; if so, *slot gets it. */
static inline bool slots_single(const struct slotset *s, unsigned *slot)
{
	unsigned n = 0;
	for (unsigned k = 0; k < SLOT_WORDS; k++)
		if (s->w[k]) {
			if (n++ || (s->w[k] & (s->w[k] - 1)))
				return false;
			*slot = k * 64 + (unsigned)__builtin_ctzll(s->w[k]);
		}
	return n == 1;
}
static inline void slots_join(struct slotset *to, const struct slotset *from)
{
	for (unsigned k = 0; k < SLOT_WORDS; k++)
		to->w[k] |= from->w[k];
}

/* The warps of a sub-partition that are ready to issue but for one unit
 * (unitq.h): their operands are ready and nothing but that unit decides
 * their verdict until they issue or are released, so they are counted as
 * one group when the unit turns busy or free instead of evaluated one by
 * one (the results are those of evaluating each). */
struct unit_queue {
	struct slotset set;       /* its warps */
	unsigned n;               /* how many */
	unsigned n_global;        /* of them, waiting to issue a global access (lg_throttle) */
	bool busy;                /* counted as throttled: the unit was busy when last synced */
};
#define BIN_QUEUED (-2)       /* warp.bin of a queued warp: its queue counts it */
#define WHEEL_SLOTS 64        /* cycles ahead a sub-partition's wake wheel holds (struct subpart) */

struct block;

/* A warp slot's state. Laid out for the host's caches: an SM's slots are
 * one 64-byte-aligned array (gpu.c), the fields an evaluation reads fill
 * the first line, those an issue reads the next ones, the seldom used come
 * last (a timed run on a full GPU visits thousands of warps in turn, each
 * mostly out of the host's caches: docs/PERFORMANCE.md). */
struct warp {
	/* line 0: what a walk and an evaluation read */
	enum stall stall;         /* the last evaluation's verdict, valid until wake unless dirty */
	bool dirty;               /* it issued or was released: evaluate again */
	bool sb_clear;            /* its next instruction's operands are ready (until it issues) */
	bool runnable;            /* the divergence model has a group to issue */
	int8_t bin;               /* the stall count it is in (struct sim's hist); -1: none;
				   * BIN_QUEUED: its unit queue's */
	int8_t queued;            /* the unit whose queue holds it (struct unit_queue), -1: none */
	bool q_global;            /* ... there waiting to issue a global access */
	uint32_t sleep_lanes;     /* lanes asleep after nanosleep (sleep_at: until when) */
	uint64_t wake;            /* when its stall can end (NEVER: only by others) */
	uint64_t held_until;      /* at least each of fetch_until, bar_until, branch_until and
				   * fence_until (warp_hold): none holds it before */
	uint32_t pc, mask;        /* what it issues next (cached from the divergence model) */
	uint64_t *reg_ready;      /* per register: its pending result, ready_pack(cycle usable, kind) */
	unsigned slot, subp;
	/* line 1: what an issue reads */
	struct exec_warp x;       /* registers and predicates */
	struct block *blk;
	void *simt;               /* divergence model state */
	uint32_t live_lanes;      /* lanes not exited (from the divergence model) */
	uint32_t exited;          /* lanes whose thread has exited */
	/* line 2: the rest of an issue's */
	uint64_t spin_epoch;      /* livelock diagnosis: pcs issued since the last progress event */
	uint32_t spin_lo, spin_hi;
	uint64_t mem_until;       /* every memory instruction it issued is done */
	uint64_t lds_next;        /* cycle its next shared access may start its passes (smem.cycles_per_pass) */
	uint64_t ldg_next_m;      /* thousandths of a cycle: its next global load may enter the L1 (mem.warp_load_mcycles) */
	uint64_t branch_until;    /* cycle its last branch resolves */
	bool live;                /* resident and not finished */
	uint32_t bar_vote;        /* bar.red: the arrived lanes whose predicate held (here: in
				   * the hole before pred_ready, struct warp stays 896 bytes) */
	/* line 3 */
	uint64_t pred_ready[ISA_NUM_PREDS + 1] __attribute__((aligned(64))); /* ready_pack(cycle usable, kind) */
	/* line 4 */
	uint64_t pred_bra_ready[ISA_NUM_PREDS + 1]; /* ready_pack(cycle a bra can read it, kind)
						     * (units.branch_pred_latency) */
	/* then, by use */
	uint64_t fence_until;     /* a fence it issued holds it until this cycle */
	uint64_t bar_until;       /* released from a barrier: issues again from this cycle */
	uint64_t fetch_until;     /* first issue from this cycle: the SM's code fetch (sm.code_fetch_cycles) */
	uint64_t age;             /* dispatch order, for oldest-first policies */
	uint32_t valid;           /* lanes holding threads */
	unsigned warp_in_block;
	uint64_t loop_epoch;      /* the last backward branch taken, in that epoch */
	uint32_t loop_lo, loop_hi;
	/* livelock detection: the last value (folded over lanes) this warp loaded
	 * at a few load pcs (slot pc % LD_SEEN); a different one is progress */
#define LD_SEEN 8
	uint32_t ld_pc[LD_SEEN], ld_val[LD_SEEN];
	/* barrier: lanes that arrived at the block barrier and wait, and where */
	uint32_t bar_mask, bar_pc;
	/* warp sync (its): lanes waiting (ws_mask: the mask each waits for) */
	uint32_t ws_lanes, ws_pc;
	/* livelock watch (livelock.c): Brent's cycle finding over state hashes */
	uint64_t lv_round;        /* the check round these fields belong to */
	uint64_t lv_saved;        /* the state hash compared against */
	uint32_t lv_power, lv_steps;
	uint32_t lv_ext;          /* the last stretch of a round it issued in (sim.lv_ext) */
	bool lv_have, lv_found;   /* a saved hash; a repeated state was seen */
	uint8_t lv_edges;         /* backward branches taken in the round (at most LV_EDGES) */
	/* trace (only with an on_state observer): the slot's last reported state */
	unsigned tr_state;
	uint32_t tr_pc, tr_mask;
	uint64_t tr_block;
	/* seldom used */
	uint64_t sleep_at[32];    /* per lane asleep (sleep_lanes): the cycle it wakes */
	uint32_t ws_mask[32];     /* per lane waiting in a warp sync (ws_lanes): its mask */
} __attribute__((aligned(64)));

/* A pending result's ready cycle and enum reg_kind in one word
 * (warp.reg_ready, pred_ready, pred_bra_ready: one cache line fewer per
 * evaluation than two arrays). Cycles stay far below 2^62. */
static inline uint64_t ready_pack(uint64_t at, uint8_t kind) { return at << 2 | kind; }
static inline uint64_t ready_at(uint64_t packed) { return packed >> 2; }
static inline uint8_t ready_kind(uint64_t packed) { return (uint8_t)(packed & 3); }

/* w is held (fetch, barrier, branch or fence) until at least cycle until:
 * every write of those four goes through here, so that an evaluation past
 * held_until looks at none of them. */
static inline void warp_hold(struct warp *w, uint64_t until)
{
	if (until > w->held_until)
		w->held_until = until;
}

struct block {
	bool live;
	uint32_t id[3];
	uint64_t linear;
	struct sm *sm;
	struct warp **warps;
	unsigned nwarps, warps_done;
	uint32_t nthreads;
	uint8_t *shared;          /* the block's shared memory (program shared_bytes) */
	uint8_t *local;           /* its threads' local memory (exec_env.local), NULL until the
				   * slot's first block of a kernel with local memory */
	uint32_t local_addr;      /* exec_env.local_addr of the blocks in this slot */
	struct exec_env env;
	uint32_t bar_first_pc;    /* pc of the first arrival at the current barrier */
	uint64_t bar_last;        /* cycle its latest arrival was counted (sm.barrier_arrive_cycles) */
	unsigned nwaiting;        /* live warps with lanes waiting at the barrier (bar_mask set):
				   * barrier.c keeps it, warp_done drops a warp that leaves waiting */
	bool bar_differ;          /* arrivals at different bar.sync instructions */
	bool bar_red;             /* a warp waits at a bar.red: results to write as it opens */
};

struct subpart {
	/* line 0: what every cycle of its SM reads, and its walk first */
	unsigned nlive;
	bool dirty;               /* something changed: evaluate its warps this cycle */
	bool can_file;            /* the scheduler sees only eligible warps and no trace is kept (sm.c) */
	bool filed;               /* its warps are filed (sm.c): queued, or in the sets below */
	unsigned queues;          /* bit u: uq[u] is not empty */
	unsigned ngone;
	uint64_t wake;            /* earliest wake of its warps at the last evaluation */
	uint64_t unit_free[UNIT_COUNT]; /* cycle each unit accepts its next instruction */
	/* line 1: the rest of a walk's */
	void *sched;
	struct warp **live;       /* its resident unfinished warps, in slot order */
	int8_t *gone;             /* the bins of warps retired since, uncounted at its next evaluation */
	struct slotset members;   /* the slots of live[] */
	/* filed (sm.c): when each warp in no unit queue is evaluated next (wakeq.h): */
	struct slotset due;       /* at the next walk: dirty, or eligible at the last */
	uint64_t wheel_used;      /* bit i: wheel[i] may hold warps */
	uint64_t wheel_t;         /* the last walk's cycle */
	struct slotset far;       /* later than that, or only when released (wake NEVER) */
	uint64_t far_wake;        /* no later than the earliest wake in far */
	uint64_t filed_min;       /* no warp in due, the wheel or far is due before this cycle
				   * (0: one may be due now; wakeq.h) */
	struct slotset *wheel;    /* WHEEL_SLOTS sets: at cycle c, within WHEEL_SLOTS of the last
				   * walk, wheel[c % WHEEL_SLOTS] (apart: a cold kilobyte) */
	/* and its unit queues */
	struct unit_queue uq[UNIT_COUNT];
} __attribute__((aligned(64))); /* (an SM's are one array: gpu.c) */

/* An SM's printfs in its issue order (printlog.c). */
struct plog {
	struct sim_print *p;
	unsigned n, cap;
	uint8_t *bytes;
	size_t nbytes, cap_bytes;
	uint64_t dropped;
	uint64_t *kept;  /* the run's printfs kept so far, every SM's, and their bytes
			  * (sim.printf_kept, two counts): a printf issues only in the clock
			  * loop's order, so the first of the run's order are kept */
};

struct sm {
	/* line 0: what each of its cycles reads first */
	uint64_t wake;            /* earliest wake over its sub-partitions */
	bool dirty;               /* a sub-partition is dirty or lost its last warp: run sm_cycle */
	bool sp_issued, issued;
	unsigned id;
	struct subpart *sp;
	struct warp *slots;       /* max_warps warp slots */
	uint64_t warp_insns;      /* issued here (the result's per-SM figure, at the end of the run) */
	uint64_t counted;         /* its warps in the stall counts (active this cycle) */
	unsigned nlive;           /* resident unfinished warps */
	unsigned nblocks;         /* resident blocks */
	/* SM-major runs (smmajor.c): the SM's own clock and stall counts */
	uint64_t clock;           /* the cycle it runs next (or resumes, paused) */
	uint64_t retired_at;      /* the last cycle it retired blocks in (retired of them): the
				   * dispatcher sees their slots free only after it (dispatch.c) */
	unsigned retired;
	unsigned held;            /* the blocks it held as its cycle in progress began */
	uint64_t starved_from;    /* first of its cycles in a row leaving a ready warp out and
				   * issuing nothing (NEVER: none) */
	bool queued_smm;          /* in the schedule's queue */
	uint64_t hist[STALL_COUNT];
	uint64_t hacc[STALL_COUNT]; /* SM-major: its stall counts' warp-cycles up to cycle T are
				     * hacc[k] + hist[k] x T (modulo 2^64; sim.hacc) */
	/* then */
	uint64_t active_from;     /* cycle counted last became non-zero: its active cycles since are
				   * added when it drops to zero, or at the end of the run */
	struct block *blocks;     /* blocks_per_sm block slots */
	uint64_t code_ready;      /* cycle the kernel's code has reached it (0: no block yet) */
	uint64_t bar_unit_free;   /* cycle its barrier unit counts the next arrival */
	/* scratch for scheduling, max_warps of each (an SM's own: SMs may run
	 * a cycle side by side) */
	struct sched_cand *cands;
	unsigned *order;
	uint64_t *age;            /* per slot: warp.age, beside the others for the candidates' scan */
	uint32_t *ev_pc, *ev_mask;  /* per slot: pc and mask at evaluation (trace) */
	/* the cycle in progress (sm.c): the issue loop's place and size, the
	 * warps evaluated one by one, and what the cycle did */
	unsigned at_sp, at_j, no, done;
	struct warp *issuer;      /* the sub-partition's last issuer this cycle, of nissued */
	unsigned nissued;
	uint64_t wake_before;     /* paused: the earliest wake of the sub-partitions before at_sp */
	struct slotset walked;    /* evaluated this cycle (for the trace: set only where not filed) */
	struct slotset el_rest;   /* of them, eligible and not yet tried by the issue loop */
	struct deferred {         /* its global accesses deferred this cycle, in issue order: */
		struct warp *w;
		uint32_t pc, mask;
		struct mem_begun begun; /* its transactions and wait for the data pipe */
		uint64_t delay;         /* cycles it waited for its warp's turn in the L1 */
		uint32_t exec_mask;     /* the lanes it executed for (an early load: loaded at issue) */
	} def[MAX_DEFERRED];
	unsigned ndef;
	/* cycle.c: this cycle it ran, paused before a global access, stopped
	 * the run (with stop_status); its reports wait here until the cycle
	 * ends, then join the result in SM order */
	bool ran, paused, stopped;
	enum sim_status stop_status;
	struct sim_report *pending;
	uint8_t *pending_finding;  /* per pending report: report_finding's (shown to on_report) */
	unsigned npending, pending_cap;
	struct plog plog;         /* its printfs (printlog.c) */
} __attribute__((aligned(64))); /* (the SMs are one array, gpu.c: no two share a cache line of
				 * the host, and SMs run on different host threads) */

struct deps {
	struct isa_deps d;
	uint8_t nwait, wait[12];  /* the registers whose pending results it waits for: those it
				   * reads, then those it writes that it does not read (each once) */
	uint8_t unit;             /* functional unit after sm.int_on_fp32 mapping */
	uint8_t mclass;           /* enum mem_class */
	bool store, atomic;       /* the opcode's IF_STORE, IF_ATOMIC */
	bool bypass_l1;           /* ldg.cg: the L2 serves it past the L1 */
	bool local;               /* ldl, stl: local memory (mem_request.local) */
	uint8_t bytes;            /* a memory access's bytes a lane (isa_access_bytes) */
	bool branch;              /* bra: reads its guard at pred_bra_ready */
	uint8_t preds;            /* the predicates whose pending results it waits for: those it
				   * reads (d.pread) and the one it writes (d.pwrite) */
	bool loads;               /* its result is a value read from memory (a global or shared
				   * load or atomic; not a local load): load_progress looks at it */
	bool plain;               /* no branch, exit, barrier, sleep or warp-wide effect
				   * (no IF_BRANCH, IF_SYNC or IF_WARP): the divergence model
				   * only moves the pc on (functional mode runs these straight) */
	uint32_t plain_end;       /* the first pc from this one on that is not plain */
	bool early;               /* a global load (no store or atomic) whose destination is
				   * not its address register: deferred beside other SMs, it
				   * loads at issue and again only where a global write came
				   * before it in SM order (sm_finish_global) */
	bool global_event;        /* a global access or a printf: beside other SMs (sm_cycle's
				   * local_only) it is deferred (a global access) or waits for
				   * the cycle to go on in SM order */
};

struct sim {
	const struct gpu_config *c;
	const struct program *p;
	struct gmem *g;
	const uint32_t *args;
	const struct sched_ops *sched;
	const struct simt_ops *simt;
	enum barrier_mode bar;
	bool sleep_pow2;          /* sm.nanosleep = pow2 */
	bool its;                 /* lanes wait individually (independent thread scheduling) */
	int policy;               /* convergence policy of the divergence model */
	struct occ_result occ;
	uint32_t local_stride;    /* exec_env.local_stride: 4 bytes for each thread the GPU holds
				   * at once (every SM's block slots full), padded to an odd
				   * number of 128-byte lines (gpu.c) */
	struct deps *deps;        /* per pc */
	uint64_t ii[UNIT_COUNT];  /* cycles a warp instruction occupies each unit */
	uint64_t lat[UNIT_COUNT]; /* result latency of each unit */
	struct sm *sms;
	unsigned nsms;
	struct memsys *mem;
	struct smem_memo *memo;   /* bank counts by instruction (smem.h): the host thread's own,
				   * shared by the SMs it runs (a --jobs view has its own) */
	struct sim_observer obs;
	uint64_t now;
	uint64_t next_block, total_blocks, blocks_done;
	uint64_t next_age;
	unsigned dispatch_rr;     /* SM the next dispatch pass starts at */
	uint64_t free_slots;      /* block slots free over all SMs */
	uint64_t last_progress, progress_epoch;
	bool progress_due;        /* progress this cycle, applied at its end (livelock_cycle_end) */
	uint64_t starved;         /* cycles in a row with a warp ready to issue and none issuing */
	bool lv_on;               /* the livelock watch is checking states (livelock.c) */
	uint64_t lv_round;        /* ... in this round */
	uint64_t lv_unproven, lv_proven; /* warps that issued in the round: without, with a repeat */
	uint32_t lv_ext;          /* the round's current stretch (counted over the run: 2^32 of
				   * them, each at least half sim.livelock_window, before it
				   * wraps) */
	uint64_t lv_waiting;      /* warps that issued in it too few times round a loop to judge */
	uint64_t lv_deadline;     /* the quiet cycles at which the round decides (or is extended) */
	struct sim_result *r;
	uint64_t *hist;           /* warps per stall reason, at their last evaluations: hist_all, or
				   * in an SM-major run the running SM's (sm.hist; smmajor.c) */
	uint64_t hist_all[STALL_COUNT];
	/* where each change of hist by d at cycle s->now also adds -d x now
	 * (so that hacc[k] + hist[k] x T sums hist[k] over the cycles before
	 * T): in an SM-major run the running SM's (sm.hacc); else hacc_sink,
	 * read by no one */
	uint64_t *hacc;
	uint64_t hacc_sink[STALL_COUNT];
	bool stop;
	bool reported;            /* this cycle an SM has reports waiting or stopped (cycle.c) */
	struct sm *cur;           /* the SM whose cycle runs on this view of the sim (cycle.c): reports
				   * wait in its list; NULL: reports join the result at once */
	bool functional;          /* sim_set_functional: results only, no timing */
	unsigned jobs;            /* sim_set_jobs: host threads for the SMs' cycles */
	/* the GPU's printfs take turns (sm.printf_turn_cycles): the cycle the
	 * next may start, one for the GPU (printf_turn points at the sim's own
	 * printf_turn_at, in the sim and in its --jobs views); a printf issues
	 * only in the clock loop's order (cycle, SM), never beside other SMs
	 * (sm.c's local_only stops before it) */
	uint64_t printf_turn_at;
	uint64_t *printf_turn;
	uint64_t printf_kept_at[2]; /* printfs kept and their bytes: printf_kept points here, in the
				     * sim and its views (struct plog.kept) */
	uint64_t *printf_kept;
	struct pool *pool;        /* cycle.c: the threads and their views, during sim_run */
	bool defers;              /* a cycle beside other SMs defers its global accesses (cycle.c's
				   * step 1); else it pauses before them (smmajor.c) */
	bool sm_major;            /* sim_set_sm_major: timed runs on one thread may run SM-major */
	bool redo;                /* an SM-major run stopped early or reported: run it again without */
	bool early;               /* SM-major: a sub-partition's lone issuer is evaluated for the next
				   * cycle as its cycle ends (sm.c early_next) */
	bool no_spin;             /* SM-major: the warps' spin ranges (warp.spin_lo, spin_hi), read only
				   * by a livelock report, are not kept: SM-major makes none (a quiet
				   * stretch ends it, and the clock loop runs the kernel again) */
	bool gwritten;            /* step 2 of this cycle (cycle.c) wrote global memory, or may
				   * have: an early load after it loads again */
	bool usual;               /* sm_begin_run: the usual case, the SMs' cycles compiled for it
				   * (sm.c): no trace is kept, and the scheduler's pick issues alone
				   * (sm.c picks_alone) */
	uint8_t *warned;          /* per pc: synccheck kinds already reported (bit kind - SYNC_BAR_PARTIAL) */
	unsigned rep_cap;         /* capacity of r->reports */
	unsigned checks;          /* enum sim_check bits */
	struct shadow *chk;       /* racecheck and initcheck shadow state (shadow.c), or NULL */
};

/* sm.c: run one cycle of every sub-partition that may have work: sets
 * m->issued (anything issued) and m->wake. With local_only a global
 * access is deferred (sim.defers: --jobs' step 1, cycle.c) or, as a fence
 * after one, or any global access without defers (SM by SM, smmajor.c),
 * the cycle pauses before it and returns false; sm_resume then finishes
 * the cycle. true: the cycle is done. */
bool sm_cycle(struct sim *s, struct sm *m, bool local_only);
bool sm_resume(struct sim *s, struct sm *m);
/* sm.c: the memory effects and answers of the global accesses m deferred
 * this cycle (m->def), in issue order, made when the SMs' global accesses
 * are made in SM order. */
void sm_finish_global(struct sim *s, struct sm *m);
/* sm.c: functional mode's round on one SM: every warp that can run issues
 * up to FUNC_BURST instructions back to back, with no timing; sets *issued
 * when any did. */
#define FUNC_BURST 64
void sm_functional_round(struct sim *s, struct sm *m, bool *issued);
/* A dispatched warp joins its sub-partition's live warps (slot order). */
void sm_add_warp(struct sm *m, struct warp *w);
/* sm.c: before a timed run (after the observers are set): sets usual */
void sm_begin_run(struct sim *s);

/* cycle.c: around a timed run, and one cycle of every SM that may have
 * work (sets *issued when anything issued; *wake: the earliest wake-up of
 * any SM) */
void cycle_begin_run(struct sim *s);
void cycle_sms(struct sim *s, bool *issued, uint64_t *wake);
void cycle_end_run(struct sim *s);
/* printlog.c: exec_env.print for the blocks of SM m (ctx: &m->plog); the
 * SMs' printfs into the result in the run's order (their logs emptied) */
void plog_record(void *ctx, const struct exec_env *env, uint32_t t, uint32_t fmt, const uint8_t *args,
		 uint32_t n);
void plog_collect(struct sim *s, struct sim_result *r);
void plog_free(struct plog *g);
/* smmajor.c: a timed run on one thread, SM by SM between global events;
 * whether it applies (sim_run asks), and the run. */
bool smm_applies(const struct sim *s);
void smm_run(struct sim *s, uint64_t max_cycles);
/* dispatch.c: start blocks where SMs have room (at s->now); when the next
 * dispatch may place one (NEVER: none waits, or no room) */
void gpu_dispatch(struct sim *s);
uint64_t gpu_dispatch_next(const struct sim *s);

/* barrier.c */
/* lanes arrive at the barrier at pc; vote: those of them whose bar.red
 * predicate holds (0 for bar.sync) */
void bar_arrive(struct sim *s, struct warp *w, uint32_t pc, uint32_t lanes, uint32_t vote);
void bar_check(struct sim *s, struct block *b);
void warpsync_arrive(struct sim *s, struct warp *w, uint32_t pc, uint32_t lanes, uint32_t mask);
void warpsync_check(struct sim *s, struct warp *w);
void warp_refresh(struct sim *s, struct warp *w); /* re-ask the divergence model */


/* observe.c: report slot w's state from cycle t to the on_state observer
 * if it changed. */
void trace_state(struct sim *s, const struct sm *m, struct warp *w, uint64_t t, unsigned state, uint32_t pc,
		 uint32_t mask);

/* report.c: records for sim_result (report.h) */
const struct sim_report *report_add(struct sim *s, const struct sim_report *rep);
struct sim_report report_of(const struct warp *w, unsigned kind);
void report_finding(struct sim *s, const struct sim_report *rep);
void report_sync(struct sim *s, const struct warp *w, unsigned kind, uint32_t pc, uint32_t lanes,
		 uint32_t lanes2, uint32_t mask);
void report_deadlock(struct sim *s, struct block *b, enum deadlock_why why);
void report_livelock(struct sim *s);
void report_starved(struct sim *s);
void report_fault(struct sim *s, struct warp *w, uint32_t pc, const struct exec_result *x);
/* At the end of a cycle: each SM's waiting reports join the result in SM
 * order; the first SM that stopped stops the run (its status), and the
 * reports of the SMs after it are dropped. */
void report_cycle_end(struct sim *s);

#endif
