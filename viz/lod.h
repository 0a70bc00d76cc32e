/*
 * lod.h - the level-of-detail summary simt-view builds while it loads a
 * trace: per warp slot, the dominant state of every bucket of B0 cycles,
 * then of 4*B0, 16*B0, ... (exact: from per-bucket state histograms), and
 * an SM x time map of issue utilisation for the overview strip.
 */
#ifndef SIMT_LOD_H
#define SIMT_LOD_H

#include <stdint.h>

#include "trace_read.h"

#define LOD_MAX_LEVELS 24
#define LOD_OVERVIEW_COLS 2048

struct lod_build; /* per-slot histograms while loading */

struct lod {
	uint64_t total;              /* cycles */
	unsigned nslots;             /* all SMs' slots */
	unsigned nlev;
	uint64_t bsize[LOD_MAX_LEVELS]; /* cycles per bucket of each level (B0 * 4^l) */
	uint64_t nb[LOD_MAX_LEVELS];    /* buckets per slot */
	uint8_t *dom[LOD_MAX_LEVELS];   /* [slot * nb + bucket]: the state with most cycles */
	unsigned nsms, ocols;
	float *issue;                /* [sm * ocols + col]: warps issued per cycle per sub-partition,
				      * over the peak rate (1: the SM issued at its peak throughout) */
	uint64_t budget;
	struct lod_build *b;
};

/* budget: at most this many base buckets in all (memory: one byte each).
 * The summary's shape comes from t's header, on the first lod_visit. */
void lod_init(struct lod *l, uint64_t budget);
/* Size the summary for t's header (done by the first lod_visit otherwise;
 * call it before a threaded trace_check). */
void lod_shape(struct lod *l, const struct trace *t);
/* The trace_visit callback for trace_load or trace_check (ctx: the lod);
 * safe to call concurrently for different SMs once shaped. */
void lod_visit(void *ctx, const struct trace *t, const struct trace_rec *r, size_t n, uint32_t sm);
/* After a successful trace_load of t: close every slot at the end of the run. */
void lod_finish(struct lod *l, const struct trace *t);
void lod_free(struct lod *l);

/* The finest level whose buckets are at most cpp cycles (-1: none). */
int lod_level(const struct lod *l, double cpp);

#endif
