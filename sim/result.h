/* result.h - what a simulation hands back: status, statistics, diagnosis. */
#ifndef SIMT_RESULT_H
#define SIMT_RESULT_H

#include <stdint.h>

#include "isa.h"

enum sim_status {
	SIM_DONE,        /* every block ran to completion */
	SIM_DEADLOCK,    /* threads wait for something that can never happen */
	SIM_FAULT,       /* a kernel memory access was out of bounds or misaligned */
	SIM_NO_PROGRESS, /* livelock, or the step/cycle limit was reached */
};

/* Counters (units in comments). */
struct sim_stats {
	uint64_t warp_insns;            /* warp instructions issued */
	uint64_t thread_insns;          /* sum over issues of active threads */
	uint64_t op_count[OP_COUNT];    /* warp instructions per opcode */
	uint64_t blocks;                /* blocks completed */
};

struct sim_result {
	enum sim_status status;
	struct sim_stats stats;
	char diagnosis[4096]; /* for status != SIM_DONE: what happened, where */
};

#endif
