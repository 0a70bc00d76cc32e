/* refusal.h - why the simulator refuses a config or a launch, as a code
 * (sim/ builds no text; frontend/explain.c words it). */
#ifndef SIMT_REFUSAL_H
#define SIMT_REFUSAL_H

enum sim_refusal {
	REFUSE_NONE,
	REFUSE_SCHEDULER,   /* sm.scheduler names no policy */
	REFUSE_DIVERGENCE,  /* sm.divergence names no divergence model */
	REFUSE_LAUNCH,      /* not one block fits on an SM: limiter says why */
	REFUSE_TXN_LINE,    /* a cache's line is not the 128-byte transaction */
	REFUSE_LINE_POW2,   /* a cache's line is not a power of two */
	REFUSE_SECTOR,      /* a cache's sector is not a power of two dividing the line, <= 8 per line */
	REFUSE_CACHE_SIZE,  /* a cache's size is not a multiple of line x ways */
	REFUSE_L2_FETCH,    /* l2.fetch_bytes is not a power of two multiple of l2.sector */
	REFUSE_SMEM_GROUP,  /* smem.group_lanes does not divide 32 */
	REFUSE_SMEM_BANK,   /* smem.bank_bytes is not 4 or 8 */
	REFUSE_CONST_CACHE, /* the constant cache's line is not a power of two (level 0), or its
			     * size not a multiple of line x ways (level 1) */
	REFUSE_CONST_GROUP, /* const.group_lanes does not divide 32 */
	REFUSE_LOCAL,       /* the kernel's local memory, for every thread the GPU holds at once,
			     * does not fit the 32-bit global space above its buffers */
	REFUSE_FP64,        /* double-precision arithmetic (at pc: an instruction of the FP64
			     * unit, or an f64 atomic) on a GPU with no FP64 unit
			     * (units.fp64_lanes = 0); moving a double's bits is no arithmetic */
};

struct sim_refused {
	enum sim_refusal why;
	unsigned level;     /* the cache at fault: 1 (l1) or 2 (l2); REFUSE_CONST_CACHE: the key */
	unsigned limiter;   /* REFUSE_LAUNCH: enum occ_limit */
	unsigned pc;        /* REFUSE_FP64: the first f64 instruction */
};

#endif
