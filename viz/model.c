/*
 * model.c - loading a trace (checks and the level-of-detail summary in one
 * pass) and decoding exact intervals for windows and lookups.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

#define LOD_BUDGET ((uint64_t)64 << 20) /* base buckets: 64 MiB of summary */

struct load {
	struct lod *l;
	uint8_t *used; /* per global slot: has a record */
};

static void visit(void *ctx, const struct trace *t, const struct trace_rec *r, size_t n, uint32_t sm)
{
	struct load *ld = ctx;
	for (size_t i = 0; i < n; i++)
		ld->used[r[i].slot] = 1;
	lod_visit(ld->l, t, r, n, sm);
}

bool model_open(struct model *m, const char *path, unsigned threads)
{
	memset(m, 0, sizeof *m);
	m->lk_chunk = SIZE_MAX;
	char err[400];
	m->data = trace_map(path, &m->size, err, sizeof err);
	if (!m->data) {
		snprintf(m->err, sizeof m->err, "%s: %s", path, err);
		return false;
	}
	if (!trace_index(&m->t, m->data, m->size, err, sizeof err)) {
		snprintf(m->err, sizeof m->err, "%s: %s", path, err);
		return false;
	}
	/* checked and summarised by threads (0: one per CPU), each owning whole SMs */
	lod_init(&m->l, LOD_BUDGET);
	lod_shape(&m->l, &m->t);
	struct load ld = {&m->l, calloc((size_t)m->t.nsms * m->t.nslots, 1)};
	if (!trace_check(&m->t, visit, &ld, threads, err, sizeof err)) {
		snprintf(m->err, sizeof m->err, "%s: %s", path, err);
		free(ld.used);
		return false;
	}
	lod_finish(&m->l, &m->t);
	/* rows: the slots that ever held a warp (all of them if none did) */
	const struct trace *t = &m->t;
	m->row_slot = malloc((size_t)t->nsms * t->nslots * sizeof *m->row_slot);
	for (int all = 0; all < 2 && !m->nrows; all++)
		for (unsigned sm = 0; sm < t->nsms; sm++)
			for (unsigned p = 0; p < t->nsub; p++)
				for (unsigned k = p; k < t->nslots; k += t->nsub)
					if (all || ld.used[sm * t->nslots + k])
						m->row_slot[m->nrows++] = (uint16_t)(sm * t->nslots + k);
	free(ld.used);
	return true;
}

void model_close(struct model *m)
{
	lod_free(&m->l);
	trace_free(&m->t);
	if (m->data)
		trace_unmap(m->data, m->size);
	free(m->row_slot);
	free(m->win);
	free(m->win_first);
	free(m->all);
	free(m->lk);
	memset(m, 0, sizeof *m);
}

/* Grow-only buffers, kept across windows (no page faults when panning):
 * reserve drops the contents, grow keeps them. */
static void *reserve(void *p, size_t *cap, size_t n, size_t size)
{
	if (n <= *cap)
		return p;
	*cap = n + n / 2;
	free(p);
	return malloc(*cap * size);
}

static void *grow(void *p, size_t *cap, size_t n, size_t size)
{
	if (n <= *cap)
		return p;
	*cap = n + n / 2;
	return realloc(p, *cap * size);
}

/* The window decoded for the view [c0, c1): two view widths around it. */
static void window_of(uint64_t c0, uint64_t c1, uint64_t *w0, uint64_t *w1)
{
	uint64_t half = (c1 - c0) / 2 + 1;
	*w0 = c0 > half ? c0 - half : 0;
	*w1 = c1 + half;
}

uint64_t model_window_records(const struct model *m, uint64_t c0, uint64_t c1)
{
	if (m->have_window && c0 >= m->w0 && c1 <= m->w1)
		return m->nwin;
	uint64_t w0, w1, n = 0;
	window_of(c0, c1, &w0, &w1);
	for (size_t i = 0; i < m->t.nchunks; i++)
		if (m->t.chunks[i].min_start < w1 && m->t.chunks[i].max_end > w0)
			n += m->t.chunks[i].nrec;
	return n;
}

bool model_window(struct model *m, uint64_t c0, uint64_t c1)
{
	if (m->have_window && c0 >= m->w0 && c1 <= m->w1)
		return true;
	struct trace *t = &m->t;
	uint64_t w0, w1;
	window_of(c0, c1, &w0, &w1);
	m->have_window = false;
	/* decode each chunk into one chunk's scratch (lk), keep the records
	 * that overlap the window in all[] */
	size_t n = 0;
	for (size_t i = 0; i < t->nchunks; i++) {
		const struct trace_chunk *k = &t->chunks[i];
		if (k->min_start >= w1 || k->max_end <= w0)
			continue;
		m->lk = reserve(m->lk, &m->lk_cap, k->nrec, sizeof *m->lk);
		m->lk_chunk = SIZE_MAX;
		if (!trace_decode(t, i, m->lk, m->err, sizeof m->err))
			return false;
		m->all = grow(m->all, &m->all_cap, n + k->nrec, sizeof *m->all);
		for (size_t j = 0; j < k->nrec; j++)
			if (m->lk[j].end > w0 && m->lk[j].start < w1)
				m->all[n++] = m->lk[j];
	}
	/* stable counting sort by slot (each slot's records are in time order) */
	size_t ns = (size_t)t->nsms * t->nslots;
	if (!m->win_first)
		m->win_first = malloc((ns + 1) * sizeof *m->win_first);
	size_t *first = m->win_first;
	memset(first, 0, (ns + 1) * sizeof *first);
	for (size_t j = 0; j < n; j++)
		first[m->all[j].slot + 1]++;
	for (size_t s = 0; s < ns; s++)
		first[s + 1] += first[s];
	m->win = reserve(m->win, &m->win_cap, n ? n : 1, sizeof *m->win);
	size_t *fill = malloc((ns + 1) * sizeof *fill);
	memcpy(fill, first, (ns + 1) * sizeof *fill);
	for (size_t j = 0; j < n; j++)
		m->win[fill[m->all[j].slot]++] = m->all[j];
	free(fill);
	m->nwin = n;
	m->w0 = w0;
	m->w1 = w1;
	m->have_window = true;
	return true;
}

static bool find(const struct trace_rec *r, size_t n, unsigned slot, uint64_t c, struct trace_rec *out)
{
	for (size_t i = 0; i < n; i++)
		if (r[i].slot == slot && r[i].start <= c && c < r[i].end) {
			*out = r[i];
			return true;
		}
	return false;
}

bool model_lookup(struct model *m, unsigned slot, uint64_t c, struct trace_rec *out)
{
	struct trace *t = &m->t;
	memset(out, 0, sizeof *out);
	out->slot = (uint16_t)slot;
	out->state = (uint8_t)(t->st_idle >= 0 ? t->st_idle : 0);
	if (m->have_window && c >= m->w0 && c < m->w1) {
		/* binary search in the slot's records */
		size_t lo = m->win_first[slot], hi = m->win_first[slot + 1];
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (m->win[mid].end <= c)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < m->win_first[slot + 1] && m->win[lo].start <= c) {
			*out = m->win[lo];
			return true;
		}
		return false;
	}
	unsigned sm = model_sm(m, slot);
	if (m->lk_chunk != SIZE_MAX && find(m->lk, m->nlk, slot, c, out))
		return true;
	for (size_t i = 0; i < t->nchunks; i++) {
		const struct trace_chunk *k = &t->chunks[i];
		if (k->sm != sm || k->min_start > c || k->max_end <= c || i == m->lk_chunk)
			continue;
		m->lk = reserve(m->lk, &m->lk_cap, k->nrec, sizeof *m->lk);
		m->nlk = 0;
		m->lk_chunk = SIZE_MAX;
		if (!trace_decode(t, i, m->lk, m->err, sizeof m->err))
			return false;
		m->lk_chunk = i;
		m->nlk = k->nrec;
		if (find(m->lk, m->nlk, slot, c, out))
			return true;
	}
	return false;
}
