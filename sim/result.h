/* result.h - what a simulation hands back: status, statistics, diagnosis. */
#ifndef SIMT_RESULT_H
#define SIMT_RESULT_H

#include <stdint.h>

#include "isa.h"
#include "report.h"

enum sim_status {
	SIM_DONE,        /* every block ran to completion */
	SIM_DEADLOCK,    /* threads wait for something that can never happen */
	SIM_FAULT,       /* a kernel memory access was out of bounds or misaligned */
	SIM_NO_PROGRESS, /* livelock, or the cycle limit was reached */
};

enum stall {
#define STALL(id, name) STALL_##id,
#include "stalls.def"
#undef STALL
	STALL_COUNT
};
extern const char *const stall_names[STALL_COUNT];

struct mem_stats {
#define MSTAT(field, key, label) uint64_t field;
#include "memstats.def"
#undef MSTAT
};

struct sim_stats {
#define STAT(field, key, label, unit) uint64_t field;
#include "stats.def"
#undef STAT
	uint64_t op_count[OP_COUNT];   /* warp instructions per opcode */
	uint64_t stalls[STALL_COUNT];  /* warp-cycles per reason */
	uint64_t unit_busy[UNIT_COUNT]; /* cycles each functional unit was occupied by issued warp
					 * instructions (its initiation interval), summed over
					 * sub-partitions and SMs */
	struct mem_stats mem;
};

struct sim_sm_stats {
	uint64_t blocks;        /* blocks run on this SM */
	uint64_t warp_insns;
	uint64_t active_cycles; /* cycles with at least one resident warp */
	unsigned max_blocks;    /* most blocks resident at once */
};

/* A printf of one thread (isa/exec.h's print), in the run's order: by
 * cycle (the one it issued in; a functional run's round), then SM, then
 * the SM's issue order, lanes in lane order. What it prints is taken as it
 * issues, at the result's print_bytes from off: its nbytes of arguments,
 * then ntext bytes of strings read from global memory: its format, then
 * the string of each %s conversion in order, each a byte saying what was
 * there (SIM_PSTR_*), its bytes (up to its NUL, its buffer's end or
 * SIM_PSTR_MAX) and a NUL. */
struct sim_print {
	uint64_t cycle;
	uint32_t sm, block, thread; /* block: linear in the grid (x fastest); thread: in the block */
	uint32_t fmt;               /* the format string's global address */
	uint32_t nbytes, ntext;
	uint64_t off;
};
enum { SIM_PSTR_NONE, SIM_PSTR_OK, SIM_PSTR_NULL }; /* no buffer at the address; a string; address 0 */
#define SIM_PSTR_MAX 4096u

/* The printfs a run keeps, at most (and their bytes): the first of the
 * run's order; the rest are counted only. */
#define SIM_MAX_PRINTS (1u << 20)
#define SIM_MAX_PRINT_BYTES (1u << 28)

struct sim_result {
	enum sim_status status;
	struct sim_stats stats;
	struct sim_sm_stats *sms; /* num_sms entries, owned by the result */
	unsigned nsms;
	unsigned blocks_per_sm;   /* occupancy limit used by the dispatcher */
	unsigned limiter;         /* what limits it: enum occ_limit */
	unsigned max_warps;       /* warp slots per SM */
	unsigned warps_per_block;
	/* Why the run stopped (status != SIM_DONE) and what the checks found,
	 * in the order found (report.h); owned by the result. Findings past
	 * SIM_MAX_REPORTS are counted in reports_dropped only. */
	struct sim_report *reports;
	unsigned nreports;
	uint64_t reports_dropped;
	/* the printfs made (struct sim_print), owned by the result */
	struct sim_print *prints;
	unsigned nprints;
	uint8_t *print_bytes;
	uint64_t prints_dropped;
};

#define SIM_MAX_REPORTS 4096u

void sim_result_free(struct sim_result *r);

#endif
