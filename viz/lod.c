/*
 * lod.c - the level-of-detail pyramid. Records arrive per slot in time
 * order (trace_load checks it); each slot keeps one open bucket per level
 * with a histogram of cycles per state. A finished bucket stores its
 * dominant state and adds its histogram to its parent's.
 */
#include <stdlib.h>
#include <string.h>

#include "lod.h"

struct lod_build {
	unsigned ns;          /* states */
	uint64_t *cur;        /* per slot: cycles accounted so far */
	uint64_t *hist;       /* [(slot * nlev + level) * ns + state] */
	uint64_t *next;       /* [slot * nlev + level]: index of the open bucket */
	uint32_t *touched;    /* [slot * nlev + level]: states with cycles in the open bucket */
	uint64_t *ocount;     /* [sm * ocols + col]: issued warp-cycles */
};

void lod_init(struct lod *l, uint64_t budget)
{
	memset(l, 0, sizeof *l);
	l->budget = budget;
}

void lod_shape(struct lod *l, const struct trace *t)
{
	if (l->b)
		return;
	uint64_t budget = l->budget;
	l->total = t->total_cycles ? t->total_cycles : 1;
	l->nslots = t->nsms * t->nslots;
	uint64_t b0 = 1, per_slot = budget / l->nslots ? budget / l->nslots : 1;
	while (b0 < (uint64_t)1 << 62 && (l->total - 1) / b0 + 1 > per_slot)
		b0 *= 2;
	uint64_t bs = b0;
	for (unsigned k = 0; k < LOD_MAX_LEVELS; k++, bs *= 4) {
		l->bsize[k] = bs;
		l->nb[k] = (l->total - 1) / bs + 1;
		l->nlev = k + 1;
		if (l->nb[k] <= 1 || bs >= (uint64_t)1 << 61)
			break;
	}
	for (unsigned k = 0; k < l->nlev; k++) {
		l->dom[k] = malloc(l->nb[k] * l->nslots);
		memset(l->dom[k], t->st_idle >= 0 ? t->st_idle : 0, l->nb[k] * l->nslots);
	}
	l->nsms = t->nsms;
	l->ocols = l->total < LOD_OVERVIEW_COLS ? (unsigned)l->total : LOD_OVERVIEW_COLS;
	l->issue = calloc((size_t)l->nsms * l->ocols, sizeof *l->issue);
	struct lod_build *b = calloc(1, sizeof *b);
	b->ns = t->nstates;
	b->cur = calloc(l->nslots, sizeof *b->cur);
	b->hist = calloc((size_t)l->nslots * l->nlev * b->ns, sizeof *b->hist);
	b->next = calloc((size_t)l->nslots * l->nlev, sizeof *b->next);
	b->touched = calloc((size_t)l->nslots * l->nlev, sizeof *b->touched);
	b->ocount = calloc((size_t)l->nsms * l->ocols, sizeof *b->ocount);
	l->b = b;
}

/* Close slot's open bucket at level k: store its dominant state (ties: the
 * lower state number) and pass its histogram up. */
static void close_bucket(struct lod *l, unsigned slot, unsigned k)
{
	struct lod_build *b = l->b;
	size_t at = (size_t)slot * l->nlev + k;
	uint64_t *h = &b->hist[at * b->ns];
	uint32_t touched = b->touched[at];
	unsigned best = touched ? (unsigned)__builtin_ctz(touched) : 0;
	for (uint32_t r = touched; r; r &= r - 1) {
		unsigned s = (unsigned)__builtin_ctz(r);
		if (h[s] > h[best])
			best = s;
	}
	uint64_t idx = b->next[at]++;
	if (idx < l->nb[k])
		l->dom[k][(size_t)slot * l->nb[k] + idx] = (uint8_t)best;
	if (k + 1 < l->nlev) {
		uint64_t *up = h + b->ns;
		for (uint32_t r = touched; r; r &= r - 1)
			up[__builtin_ctz(r)] += h[__builtin_ctz(r)];
		b->touched[at + 1] |= touched;
	}
	for (uint32_t r = touched; r; r &= r - 1)
		h[__builtin_ctz(r)] = 0;
	b->touched[at] = 0;
	if (k + 1 < l->nlev && idx % 4 == 3)
		close_bucket(l, slot, k + 1);
}

/* A whole base bucket of slot in one state (the common case for long
 * stalls): no histogram to look at. */
static void close_whole(struct lod *l, unsigned slot, unsigned state)
{
	struct lod_build *b = l->b;
	size_t at = (size_t)slot * l->nlev;
	uint64_t idx = b->next[at]++;
	if (idx < l->nb[0])
		l->dom[0][(size_t)slot * l->nb[0] + idx] = (uint8_t)state;
	if (l->nlev > 1) {
		b->hist[(at + 1) * b->ns + state] += l->bsize[0];
		b->touched[at + 1] |= 1u << state;
		if (idx % 4 == 3)
			close_bucket(l, slot, 1);
	}
}

/* Account slot's cycles from its cursor up to until in state. */
static void advance(struct lod *l, unsigned slot, uint64_t until, unsigned state)
{
	struct lod_build *b = l->b;
	uint64_t cur = b->cur[slot], b0 = l->bsize[0], mask = b0 - 1;
	size_t at = (size_t)slot * l->nlev;
	uint64_t *h = &b->hist[at * b->ns];
	while (cur < until) {
		if (!(cur & mask) && until - cur >= b0 && !b->touched[at]) {
			close_whole(l, slot, state);
			cur += b0;
			continue;
		}
		uint64_t bend = (cur | mask) + 1;
		uint64_t e = until < bend ? until : bend;
		h[state] += e - cur;
		b->touched[at] |= 1u << state;
		cur = e;
		if (cur == bend)
			close_bucket(l, slot, 0);
	}
	b->cur[slot] = cur;
}

/* Overview column c holds cycles [col_start(c), col_start(c + 1)), where
 * col_start(c) = ceil(c T / cols), computed without overflowing 64 bits
 * (T / cols >= 1: there are at most T columns). */
static uint64_t col_start(const struct lod *l, uint64_t c)
{
	uint64_t q = l->total / l->ocols, r = l->total % l->ocols;
	return c * q + (c * r + l->ocols - 1) / l->ocols;
}

/* The column of cycle s: floor(s cols / T) (col_start(c) <= s exactly when
 * c <= s cols / T). Exact in 64 bits when s cols fits; else approximated
 * in long double and corrected. */
static uint64_t col_of(const struct lod *l, uint64_t s)
{
	if (s <= UINT64_MAX / l->ocols)
		return s * l->ocols / l->total;
	uint64_t c = (uint64_t)((long double)s * l->ocols / l->total);
	if (c >= l->ocols)
		c = l->ocols - 1;
	while (c > 0 && col_start(l, c) > s)
		c--;
	while (c + 1 < l->ocols && col_start(l, c + 1) <= s)
		c++;
	return c;
}

/* Add the part of [s, e) in each overview column of sm to a[]. */
static void spread(const struct lod *l, uint64_t *a, uint32_t sm, uint64_t s, uint64_t e)
{
	uint64_t *row = a + (size_t)sm * l->ocols;
	uint64_t col = col_of(l, s);
	while (s < e) {
		uint64_t cend = col + 1 < l->ocols ? col_start(l, col + 1) : l->total;
		uint64_t x = e < cend ? e : cend;
		row[col++] += x - s;
		s = x;
	}
}

void lod_visit(void *ctx, const struct trace *t, const struct trace_rec *r, size_t n, uint32_t sm)
{
	struct lod *l = ctx;
	lod_shape(l, t);
	unsigned idle = t->st_idle >= 0 ? (unsigned)t->st_idle : 0;
	for (size_t i = 0; i < n; i++) {
		advance(l, r[i].slot, r[i].start, idle);
		advance(l, r[i].slot, r[i].end, r[i].state);
		if ((int)r[i].state == t->st_selected)
			spread(l, l->b->ocount, sm, r[i].start, r[i].end);
	}
}

static void free_build(struct lod *l)
{
	struct lod_build *b = l->b;
	if (!b)
		return;
	free(b->cur);
	free(b->hist);
	free(b->next);
	free(b->touched);
	free(b->ocount);
	free(b);
	l->b = NULL;
}

void lod_finish(struct lod *l, const struct trace *t)
{
	lod_shape(l, t); /* a trace without records */
	struct lod_build *b = l->b;
	unsigned idle = t->st_idle >= 0 ? (unsigned)t->st_idle : 0;
	for (unsigned s = 0; s < l->nslots; s++) {
		advance(l, s, l->total, idle);
		/* the last, partial buckets, from the finest up (each passes its histogram up) */
		for (unsigned k = 0; k < l->nlev; k++)
			while (b->next[(size_t)s * l->nlev + k] < l->nb[k])
				close_bucket(l, s, k);
	}
	for (unsigned sm = 0; sm < l->nsms; sm++)
		for (unsigned c = 0; c < l->ocols; c++) {
			uint64_t c0 = col_start(l, c), c1 = c + 1 < l->ocols ? col_start(l, c + 1) : l->total;
			double cyc = c1 > c0 ? (double)(c1 - c0) : 1.0;
			size_t i = (size_t)sm * l->ocols + c;
			l->issue[i] = (float)((double)b->ocount[i] / cyc / t->nsub / t->peak_issue);
		}
	free_build(l);
}

void lod_free(struct lod *l)
{
	for (unsigned k = 0; k < l->nlev; k++)
		free(l->dom[k]);
	free(l->issue);
	free_build(l);
	memset(l, 0, sizeof *l);
}

int lod_level(const struct lod *l, double cpp)
{
	int best = -1;
	for (unsigned k = 0; k < l->nlev; k++)
		if ((double)l->bsize[k] <= cpp)
			best = (int)k;
	return best;
}
