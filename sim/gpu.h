/*
 * gpu.h - the cycle-level simulator. sim_create takes a config, a program
 * and its global memory; sim_run runs the grid to completion (or to a
 * deadlock, fault, livelock or the cycle limit) and fills a sim_result.
 * Nothing here prints; observers see issues and progress.
 */
#ifndef SIMT_GPU_H
#define SIMT_GPU_H

#include <stdbool.h>
#include <stdint.h>

#include "gmem.h"
#include "gpu_config.h"
#include "program.h"
#include "refusal.h"
#include "result.h"

/* One issued warp instruction. */
struct issue_event {
	uint64_t cycle;
	unsigned sm, slot, subp;
	uint64_t block;        /* linear block id */
	unsigned warp_in_block;
	uint32_t pc;
	uint32_t mask;         /* lanes it issued for (the active mask) */
	uint32_t exec_mask;    /* lanes whose guard held */
	uint32_t live;         /* the warp's lanes not exited, before the issue */
	unsigned depth;        /* after the issue: stack entries, or ITS groups (distinct pcs) */
};

/* Warp-slot states of the trace: the stall reasons (STALL_SELECTED is the
 * cycle a warp issued), then the two states of a slot with no running warp. */
enum {
	WSTATE_IDLE = STALL_COUNT, /* no warp in the slot */
	WSTATE_EXITED,             /* its warp finished; the slot waits for the rest of its block */
	WSTATE_COUNT
};

/* A warp slot's state changed: from cycle on (until its next event, or the
 * end of the run) it is in state, at pc with the active mask, running
 * warp warp_in_block of block (linear id). Every slot is idle at cycle 0
 * until its first event; events of one slot come in nondecreasing cycle
 * order, and a later event at the same cycle replaces the earlier one. */
struct state_event {
	uint64_t cycle;
	unsigned sm, slot;
	unsigned state;        /* enum stall or WSTATE_* */
	uint32_t pc, mask;     /* 0 when idle */
	uint64_t block;
	unsigned warp_in_block;
};

struct sim_observer {
	void (*on_issue)(void *ctx, const struct issue_event *e);
	/* Optional: called on every change of a warp slot's state (a run
	 * without it pays nothing for it). */
	void (*on_state)(void *ctx, const struct state_event *e);
	/* Called now and then (every 1024 loop iterations) with the cycle and
	 * the blocks finished so far. */
	void (*on_progress)(void *ctx, uint64_t cycle, uint64_t blocks_done, uint64_t blocks_total);
	/* Optional: a check's finding (synccheck, racecheck, initcheck) as it
	 * is recorded in the result, at the cycle it happened (rep->cycle). */
	void (*on_report)(void *ctx, const struct sim_report *rep);
	void *ctx;
};

/* The check modes (sim_set_checks). Synccheck's reports are made in every
 * run; the flag makes them findings of a check the frontend gates on. */
enum sim_check {
	CHECK_RACE = 1, /* shared-memory hazards between threads of a block */
	CHECK_INIT = 2, /* reads of memory nothing wrote */
	CHECK_SYNC = 4, /* misuse of bar.sync, warpsync and warp-wide operations */
	CHECK_RACE_GLOBAL = 8, /* racecheck of global memory too, between any threads of the grid */
};

struct sim;

/* Check the config's named choices and the kernel's launch against the GPU.
 * On refusal returns NULL with why set (a usage error: exit code 2). */
struct sim *sim_create(const struct gpu_config *c, const struct program *p, struct gmem *g,
		       const uint32_t *args, const struct sim_observer *obs, struct sim_refused *why)
	__attribute__((warn_unused_result));

/* Run; max_cycles 0 means no limit. r is filled and owns r->sms. */
void sim_run(struct sim *s, uint64_t max_cycles, struct sim_result *r);

/* Turn on check modes (enum sim_check bits) before sim_run. initcheck
 * counts a buffer as written unless gmem marks it uninitialized. */
void sim_set_checks(struct sim *s, unsigned checks);

/* Functional mode, before sim_run: the kernel's results only. Warps run
 * their instructions back to back (up to 64 at a time, in slot order), with
 * no latencies, no functional units and no memory-hierarchy timing. The
 * same faults, barrier and warp-sync semantics, deadlock and livelock
 * diagnoses and check modes. stats.cycles is 0 (no GPU cycle is simulated;
 * the cycle of a report, and %clock, advance 64 per round), and the
 * stall, pipe, memory-hierarchy and active-cycle figures stay zero. */
void sim_set_functional(struct sim *s, bool on);

/* Timed runs, before sim_run: simulate the SMs on n host threads (default
 * 1). The results are the same for every n (sim/cycle.c says how); with an
 * observer or a check mode the run keeps to one thread. */
void sim_set_jobs(struct sim *s, unsigned n);

/* Timed runs on one host thread, before sim_run: run the SMs one by one
 * between global events (sim/smmajor.c) where nothing needs the whole GPU
 * cycle by cycle (no observer but progress, no check mode, fast-forward
 * on). A run that then ends early (a fault, a deadlock, no progress, the
 * cycle limit) or reports anything stops where it sees that, its result
 * not to be used: sim_redo says so, and the kernel must be run again, from
 * its inputs on a fresh sim, without this. Otherwise the results are the
 * clock loop's (faster: each SM's state stays in the host's caches
 * through its cycles). */
void sim_set_sm_major(struct sim *s, bool on);
bool sim_redo(const struct sim *s);

void sim_destroy(struct sim *s);

/* The most warp instructions a sub-partition can issue per cycle in a
 * steady stream of FP32 work: sm.issue_width, or fewer when a warp
 * instruction occupies the FP32 lanes several cycles (a G80's 8 SPs take
 * 4 cycles: 0.25). The viewer draws issue utilisation against it. */
double sim_peak_issue_rate(const struct gpu_config *c);

#endif
