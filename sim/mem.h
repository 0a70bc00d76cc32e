/*
 * mem.h - the memory system as the SM sees it: when does a warp's memory
 * instruction complete? This version has fixed latencies per space from the
 * config; the memory hierarchy (banks, coalescing, caches, DRAM) replaces
 * the body of mem_access, not its callers.
 */
#ifndef SIMT_MEM_H
#define SIMT_MEM_H

#include <stdint.h>

#include "gpu_config.h"
#include "result.h"

enum mem_class { MC_NONE, MC_GLOBAL, MC_SHARED, MC_CONST, MC_WARP, MC_FENCE };

/* The memory class of an opcode (MC_NONE for non-memory instructions). */
enum mem_class mem_class_of(int op);

struct mem_request {
	enum mem_class cls;
	uint32_t mask;                    /* lanes that access */
	const uint32_t *addr;             /* per-lane byte addresses (exec_result.addr) */
	unsigned bytes;                   /* per lane */
	int is_store;                     /* no result register */
};

struct memsys;
struct memsys *mem_create(const struct gpu_config *c);
void mem_destroy(struct memsys *m);

/* Cycle at which the access issued at cycle now completes (its result is
 * usable). Counts the access in st. */
uint64_t mem_access(struct memsys *m, unsigned sm, const struct mem_request *rq, uint64_t now,
		    struct sim_stats *st);

#endif
