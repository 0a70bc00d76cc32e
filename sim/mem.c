/* mem.c - fixed-latency memory (see mem.h). */
#include "mem.h"

#include <stdlib.h>

#include "isa.h"
#include "util.h"

struct memsys {
	uint64_t shared, global, cnst, warp;
};

enum mem_class mem_class_of(int op)
{
	switch (op) {
	case OP_LDG: case OP_STG: case OP_ATOMG: case OP_ATOMG_CAS: return MC_GLOBAL;
	case OP_LDS: case OP_STS: case OP_ATOMS: case OP_ATOMS_CAS: return MC_SHARED;
	case OP_LDC: return MC_CONST;
	case OP_SHFL: case OP_VOTE_ALL: case OP_VOTE_ANY: case OP_BALLOT: case OP_MATCH_ANY:
	case OP_ACTMASK: return MC_WARP;
	case OP_MEMBAR: return MC_FENCE;
	default: return MC_NONE;
	}
}

struct memsys *mem_create(const struct gpu_config *c)
{
	struct memsys *m = xcalloc(1, sizeof *m);
	m->shared = (uint64_t)c->shared_latency;
	m->global = (uint64_t)c->global_latency;
	m->cnst = (uint64_t)c->const_latency;
	m->warp = (uint64_t)c->warp_op_latency;
	return m;
}

void mem_destroy(struct memsys *m) { free(m); }

uint64_t mem_access(struct memsys *m, unsigned sm, const struct mem_request *rq, uint64_t now,
		    struct sim_stats *st)
{
	(void)sm;
	switch (rq->cls) {
	case MC_GLOBAL:
		st->global_accesses++;
		return now + m->global;
	case MC_SHARED:
		st->shared_accesses++;
		return now + m->shared;
	case MC_CONST:
		return now + m->cnst;
	case MC_WARP:
		return now + m->warp;
	default:
		return now;
	}
}
