/*
 * mem.h - the memory system as the SM sees it: when does a warp's memory
 * instruction complete, and when can the SM's memory path take the next
 * one? Shared memory with bank conflicts (smem.c), global accesses
 * coalesced into transactions (coalesce.c) through an optional L1 per SM
 * with MSHRs and an optional L2 shared by all SMs (cache.c), to a DRAM with
 * a latency and a bandwidth queue; atomics at the L2 (or DRAM), serialised
 * per address. docs/MEMORY.md describes the model and its choices.
 *
 * The memory system decides timing only: values live in global memory
 * (gmem.c) and shared memory, read and written by the executor.
 */
#ifndef SIMT_MEM_H
#define SIMT_MEM_H

#include <stdbool.h>
#include <stdint.h>

#include "coalesce.h"
#include "gpu_config.h"
#include "refusal.h"
#include "result.h"
#include "smem.h"

/* A cycle that never comes (the wake time of no event) */
#define NEVER UINT64_MAX

/* MC_CONST: a kernel argument (ldc); MC_CMEM: constant memory (ldk);
 * MC_GLOBAL: global memory, and local memory (ldl, stl) at the global
 * addresses its words are kept at (exec.h, exec_env) */
enum mem_class { MC_NONE, MC_GLOBAL, MC_SHARED, MC_CONST, MC_CMEM, MC_WARP, MC_FENCE };

/* The memory class of an opcode (MC_NONE for non-memory instructions). */
enum mem_class mem_class_of(int op);

struct mem_request {
	enum mem_class cls;
	uint32_t mask;                    /* lanes that access */
	const uint32_t *addr;             /* per-lane byte addresses (exec_result.addr) */
	unsigned bytes;                   /* per lane: 1, 2, 4, 8 or 16 */
	bool is_store;                    /* writes memory, no result register */
	bool is_atomic;                   /* read-modify-write */
	bool bypass_l1;                   /* a load the L2 serves, the L1 neither probed nor filled (ldg.cg) */
	uint64_t not_before;              /* shared: the cycle its warp's previous shared access lets it
					     start its passes (mem_timing.own of that one; 0: any) */
	uint32_t site;                    /* the instruction (its pc): where a pattern is kept (smem_memo) */
	bool local;                       /* local memory (ldl, stl): a store fills the L1 as it writes
					     through */
};

struct mem_timing {
	uint64_t done;  /* cycle the result is usable (a store: accepted by the level that keeps it) */
	uint64_t busy;  /* cycle the SM's path for this class (LD/ST unit and L1, or the shared-memory
			   banks) accepts its next request */
	uint64_t own;   /* shared: cycle the same warp's next shared access may start its passes; else 0 */
};

struct memsys;

/* NULL, with d set, when the config's memory geometry is unusable. */
struct memsys *mem_create(const struct gpu_config *c, struct sim_refused *why);
void mem_destroy(struct memsys *m);

/* The access of SM sm issued at cycle now (now never decreases from one
 * call to the next). Counts it in st->mem. memo: the calling host
 * thread's memo of bank counts (smem_cost_memo; shared accesses). */
struct mem_timing mem_access(struct memsys *m, unsigned sm, const struct mem_request *rq, uint64_t now,
			     struct smem_memo *memo, struct sim_stats *st);

/* mem_access of a shared-memory access (rq->cls MC_SHARED), without the
 * class's dispatch. */
struct mem_timing mem_shared(struct memsys *m, unsigned sm, const struct mem_request *rq, uint64_t now,
			     struct smem_memo *memo, struct sim_stats *st);

/* A fence of scope (enum isa_scope) that SM sm's warp issued at cycle now:
 * the cycle before which it holds the warp at the least (the caller also
 * waits for the warp's earlier accesses); drops the SM's L1 where the config
 * says GPU- and system-scope fences do. */
uint64_t mem_fence(struct memsys *m, unsigned sm, unsigned scope, uint64_t now);

/* A global access (rq->cls MC_GLOBAL) in two parts, for an SM that runs
 * its cycle beside others (sim/cycle.c): mem_global_begin, at issue,
 * coalesces it and takes the SM's own L1 data pipe (its shared accesses
 * later in the cycle queue behind it), keeping both in *b (and, local, a
 * split load's L1 part, below); mem_global_end, when the SMs' global
 * accesses are made in SM order, does the rest (LD/ST path, L1, L2, DRAM,
 * atomics; a split load's L2 reads alone) from *b. Together: mem_access
 * of the request, whatever was split. */
struct mem_begun {
	uint64_t pipe_wait;       /* its wait for the data pipe, cycles */
	unsigned waves;           /* its wavefronts in the data pipe at issue */
	unsigned n;               /* its transactions */
	struct txn x[TXN_MAX];
	/* split: a load whose L1 part was made at issue (mem_global_begin's
	 * local), mem_global_end making only its L2 reads */
	bool split;
	uint64_t busy;            /* its LD/ST path's answer (mem_timing.busy) */
	uint64_t done;            /* the latest of its L1 hits' data */
	unsigned nmiss;
	struct miss {             /* its L1 misses, in transaction order */
		uint64_t t;       /* cycle it asks the L2 */
		uint8_t i;        /* its transaction */
		uint8_t pend;     /* its fill in the SM's pending fills (mem.c) */
		bool partial;     /* the line held some of its sectors: its data waits for them too */
		uint64_t prior;   /* ... arriving then */
	} miss[TXN_MAX];
};
/* local: the access is deferred beside other SMs (sm.c); a plain load
 * through the L1 then makes its L1 part here, where no result of this
 * cycle's earlier deferred accesses can change it (else all of it waits
 * for mem_global_end, as do the SM's later accesses of the cycle). */
void mem_global_begin(struct memsys *m, unsigned sm, const struct mem_request *rq, uint64_t now,
		      struct sim_stats *st, struct mem_begun *b, bool local);
struct mem_timing mem_global_end(struct memsys *m, unsigned sm, const struct mem_request *rq, uint64_t now,
				 const struct mem_begun *b, struct sim_stats *st);
/* The end of a cycle's deferred accesses of SM sm (each mem_global_end
 * made): its pending fills forgotten. */
void mem_global_cycle_end(struct memsys *m, unsigned sm);

#endif
