/*
 * report.h - what a run found, as records: why a run stopped (deadlock,
 * livelock, starvation, a fault, the cycle limit), misuse of warp and block
 * synchronisation that a mode let through (synccheck), and the hazards of
 * the check modes (racecheck, initcheck). sim/ builds no text: the frontend
 * says each record to people (frontend/report.c) and writes it as JSON.
 *
 * Fields not named by a kind are 0. Threads are (block, warp in block,
 * lanes); thread numbers within the block are warp * 32 + lane.
 */
#ifndef SIMT_REPORT_H
#define SIMT_REPORT_H

#include <stdint.h>

enum report_kind {
	/* Why the run stopped: the first record of sim_result's end list, then
	 * details. */
	RPT_DEADLOCK,        /* sm, block, cycle; why: enum deadlock_why; pc: the bar.sync
			      * the first waiting warp waits at, or REPORT_NO_PC */
	RPT_WAIT_BAR,        /* warp, lanes wait at the bar.sync pc */
	RPT_WAIT_WARPSYNC,   /* warp, lanes wait at the warpsync pc */
	RPT_RUNNING,         /* warp, lanes could issue at pc */
	RPT_MISSING,         /* deadlock: warp, lanes parked at pc; why: enum park_why */
	RPT_EXITED,          /* n: threads of the block that exited */
	RPT_LIVELOCK,        /* n: cycles without progress */
	RPT_SPINNING,        /* sm, block, warp, lanes issue over pcs pc..pc2; why: 1 when
			      * pc..pc2 is the loop whose back edge it last took */
	RPT_PARKED,          /* livelock: warp, lanes parked at pc; why: enum park_why */
	RPT_MORE_SPINNING,   /* n: spinning warps not listed */
	RPT_STARVED,         /* n: cycles with no issue although a warp was ready */
	RPT_NEVER_SELECTED,  /* sm, block, warp ready at pc; n: its scheduler */
	RPT_FAULT,           /* sm, block, warp, lanes (one lane), pc, space, addr, bytes;
			      * why: enum fault_kind */
	RPT_CYCLE_LIMIT,     /* n: the limit (--max-cycles); n2 of n3 blocks finished */
	/* synccheck: reported once per pc (all modes; --synccheck makes them hazards) */
	SYNC_BAR_PARTIAL,    /* sm.barrier = warp: warp, lanes arrived at pc, lanes2 elsewhere */
	SYNC_BAR_DIVERGENT,  /* its: warp, lanes arrived at pc while lanes2 are on another path */
	SYNC_BAR_DIFFER,     /* block: threads arrived at different bar.sync, the first at pc */
	SYNC_WARPSYNC_STACK, /* stack: warpsync at pc; warp, lanes2 on another path do not wait */
	SYNC_MASK_OUTSIDE,   /* op at pc: its mask names warp's lanes2, live but not issuing */
	SYNC_MASK_EXITED,    /* op at pc: its mask names warp's lanes2, exited or absent */
	SYNC_SHFL_SRC,       /* op at pc reads warp's lanes2, which are not issuing */
	/* racecheck: an access of shared (or, with CHECK_RACE_GLOBAL, global)
	 * memory (pc, warp, lanes: one lane) and an earlier one of another
	 * thread (pc2, warp2 of block2, lanes2) to the same bytes with nothing
	 * ordering them; why: enum race_kind; space, addr, bytes */
	HAZ_RACE,
	/* initcheck: warp, lanes (one) read addr (bytes) in space at pc before
	 * anything wrote it */
	HAZ_UNINIT,
	REPORT_KIND_COUNT
};

#define REPORT_NO_PC UINT32_MAX

enum deadlock_why {
	DL_NO_ISSUE,        /* no warp of the GPU can issue again */
	DL_BAR_NEVER_OPENS, /* the barrier can never open */
	DL_BAR_DIFFER,      /* sm.barrier = strict: threads at different bar.sync */
	DL_WARPSYNC,        /* threads wait at warpsync for threads that can never arrive */
};

/* Why lanes are parked away from the issuing group (the divergence model). */
enum park_why {
	PARK_STACK,         /* masked off in the reconvergence stack */
	PARK_ITS,           /* on another path (independent thread scheduling) */
	PARK_BLOCKED,       /* its: blocked (a barrier, a warp sync or asleep) */
};

enum race_kind { RACE_RAW, RACE_WAR, RACE_WAW };

struct sim_report {
	uint8_t kind;        /* enum report_kind */
	uint8_t why;         /* kind-specific code (above) */
	uint8_t space;       /* enum mem_space */
	uint8_t op;          /* the opcode at pc (sync reports) */
	unsigned sm, slot;     /* slot: the warp slot of warp on its SM */
	uint32_t block[3];
	uint64_t block2;       /* a race: the linear id of the other thread's block */
	unsigned warp, warp2;  /* warps in the block (warp2: in block2) */
	uint32_t lanes, lanes2;
	uint32_t pc, pc2;
	uint32_t addr, bytes;  /* bytes accessed at addr */
	uint32_t mask;         /* the operand mask of a sync report */
	uint64_t cycle;
	uint64_t n, n2, n3;
};

/* Does this kind describe why the run stopped (not a check's finding)? */
static inline int report_is_end(unsigned kind) { return kind <= RPT_CYCLE_LIMIT; }
static inline int report_is_sync(unsigned kind) { return kind >= SYNC_BAR_PARTIAL && kind <= SYNC_SHFL_SRC; }

#endif
