/*
 * model.h - what simt-view knows about a loaded trace: the file, its level
 * of detail summary, the rows of the picture, and exact intervals of a
 * window of cycles decoded on demand.
 */
#ifndef SIMT_MODEL_H
#define SIMT_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "lod.h"
#include "trace_read.h"

struct model {
	struct trace t;
	struct lod l;
	const uint8_t *data;
	size_t size;
	unsigned nrows;
	uint16_t *row_slot;        /* row -> global slot: the slots that ever held a warp,
				      SM-major, then by sub-partition */
	/* exact intervals of [w0, w1) for every slot, sorted by slot then time */
	uint64_t w0, w1;
	bool have_window;
	struct trace_rec *win;
	size_t nwin, win_cap;
	struct trace_rec *all;     /* scratch: the decoded chunks */
	size_t all_cap;
	size_t *win_first;         /* per slot: index of its first record (nslots + 1 entries) */
	/* the chunk last decoded for a lookup */
	size_t lk_chunk;
	struct trace_rec *lk;
	size_t nlk, lk_cap;
	char err[512];
};

/* Map, check and summarise path with threads threads (0: one per CPU). On
 * error returns false with m->err. */
bool model_open(struct model *m, const char *path, unsigned threads);
void model_close(struct model *m);

/* Make sure [c0, c1) is in the exact window: decode the chunks of two view
 * widths around it (kept until the view leaves them). */
bool model_window(struct model *m, uint64_t c0, uint64_t c1);
/* How many intervals model_window would decode for [c0, c1) (at most). */
uint64_t model_window_records(const struct model *m, uint64_t c0, uint64_t c1);

/* The interval of global slot at cycle c (state idle and false when the
 * slot was idle then). */
bool model_lookup(struct model *m, unsigned slot, uint64_t c, struct trace_rec *out);

/* "sm, slot in the SM" of a global slot. */
static inline unsigned model_sm(const struct model *m, unsigned g) { return g / m->t.nslots; }
static inline unsigned model_slot(const struct model *m, unsigned g) { return g % m->t.nslots; }

#endif
