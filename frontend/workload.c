/* workload.c - buffer fills, kernel arguments and host-side result checks. */
#include "workload.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hostvec.h"
#include "util.h"

uint32_t wl_lowbias32(uint32_t x)
{
	x ^= x >> 16;
	x *= 0x7feb352du;
	x ^= x >> 15;
	x *= 0x846ca68bu;
	x ^= x >> 16;
	return x;
}

uint32_t wl_random_bits(uint32_t seed, uint32_t i) { return wl_lowbias32(i ^ (seed * 0x9e3779b9u)); }

float wl_random_f32(uint32_t seed, uint32_t i)
{
	/* exact in binary32: a 24-bit integer times 2^-23, minus 1 */
	return (float)(wl_random_bits(seed, i) >> 8) * 0x1p-23f - 1.0f;
}

static uint32_t fbits(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

static float bitsf(uint32_t u)
{
	float f;
	memcpy(&f, &u, 4);
	return f;
}

bool wl_setup(const struct program *p, struct gmem *g, uint32_t *args, struct diag *d)
{
	for (unsigned bi = 0; bi < p->nbuffers; bi++) {
		const struct buffer_spec *b = &p->buffers[bi];
		int idx = gmem_add(g, b->name, b->count * 4);
		if (idx == GMEM_NO_HOST_MEMORY)
			return diag_error(d, p->files[b->file], b->line, 0, "",
					  "buffer %s (%llu bytes) does not fit in this host's memory", b->name,
					  (unsigned long long)b->count * 4);
		if (idx < 0)
			return diag_error(d, p->files[b->file], b->line, 0, "",
					  "buffer %s does not fit in the 4 GiB global address space",
					  b->name);
		uint32_t *w = (uint32_t *)g->bufs[idx].data;
		g->bufs[idx].readonly = b->constant;
		switch (b->fill) {
		case FILL_ZERO:
			break;
		case FILL_UNINIT:
			g->bufs[idx].uninit = true;
			break;
		case FILL_VALUE:
			for (uint32_t i = 0; i < b->count; i++)
				w[i] = b->value;
			break;
		case FILL_IOTA:
			for (uint32_t i = 0; i < b->count; i++)
				w[i] = b->type == ELEM_F32 ? fbits((float)i) : i;
			break;
		case FILL_RANDOM:
			for (uint32_t i = 0; i < b->count; i++)
				w[i] = b->type == ELEM_F32 ? fbits(wl_random_f32(b->seed, i))
							   : wl_random_bits(b->seed, i);
			break;
		case FILL_CHASE: /* a pointer chain: each word holds the address STRIDE bytes on, wrapping */
			for (uint32_t i = 0; i < b->count; i++)
				w[i] = g->bufs[idx].base + (uint32_t)(((uint64_t)i * 4 + b->seed) % ((uint64_t)b->count * 4));
			break;
		case FILL_LIST:
			memcpy(w, b->list, (size_t)b->count * 4);
			break;
		case FILL_FILE: {
			size_t len;
			char why[128];
			char *data = read_input(b->path, (size_t)b->count * 4 + 4096, &len, why, sizeof why);
			if (!data)
				return diag_error(d, p->files[b->file], b->line, b->path_col, b->line_text,
						  "buffer %s: cannot read '%s': %s", b->name, b->path, why);
			if (len != (size_t)b->count * 4) {
				free(data);
				return diag_error(d, p->files[b->file], b->line, b->path_col, b->line_text,
						  "buffer %s: '%s' has %zu bytes, the buffer needs %u (%u elements of 4 bytes, little-endian)",
						  b->name, b->path, len, b->count * 4, b->count);
			}
			memcpy(w, data, len);
			free(data);
			break;
		}
		}
	}
	for (unsigned i = 0; i < p->nargs; i++) {
		const struct arg_spec *a = &p->args[i];
		args[i] = a->buffer >= 0 ? g->bufs[a->buffer].base : a->value;
	}
	return true;
}

static void elem_str(char *buf, size_t n, enum elem_type t, uint32_t v)
{
	if (t == ELEM_F32)
		snprintf(buf, n, "%.9g (0x%08" PRIx32 ")", (double)bitsf(v), v);
	else if (t == ELEM_S32)
		snprintf(buf, n, "%d", (int)(int32_t)v);
	else
		snprintf(buf, n, "%" PRIu32, v);
}

struct cmp {
	uint32_t first, nbad;
	uint32_t got, want;
};

static void compare(struct cmp *c, uint32_t i, uint32_t got, uint32_t want)
{
	if (got == want)
		return;
	if (!c->nbad++) {
		c->first = i;
		c->got = got;
		c->want = want;
	}
}

struct ectx {
	const struct program *p;
	const struct check_spec *c; /* the check evaluated */
	const struct gmem *initial; /* buffers as filled before the run */
	uint32_t i;
};

/* BUF[idx] in a check expression: the element as filled before the run. */
static bool index_initial(void *ctx, const char *s, unsigned len, struct value ix, struct value *out, char *why,
			  size_t n)
{
	struct ectx *e = ctx;
	int64_t idx = ix.i; /* (known: nothing is unknown after the run) */
	for (unsigned b = 0; b < e->p->nbuffers; b++) {
		const struct buffer_spec *bs = &e->p->buffers[b];
		if (strlen(bs->name) != len || memcmp(bs->name, s, len))
			continue;
		if (idx < 0 || idx >= (int64_t)bs->count) {
			snprintf(why, n, "index %lld is outside buffer %s (%u elements) for i = %u", (long long)idx,
				 bs->name, bs->count, e->i);
			return false;
		}
		uint32_t v;
		memcpy(&v, e->initial->bufs[b].data + 4 * (size_t)idx, 4);
		if (bs->type == ELEM_F32)
			*out = (struct value){true, 0, (double)bitsf(v), false};
		else if (bs->type == ELEM_S32)
			*out = (struct value){false, (int32_t)v, 0, false};
		else
			*out = (struct value){false, v, 0, false};
		return true;
	}
	snprintf(why, n, "unknown buffer '%.*s'", (int)(len > 40 ? 40 : len), s);
	return false;
}

/* A name in a check expression: those the assembler resolved
 * (check_spec.binds, which it looked up before i), then i. */
static bool lookup_i(void *ctx, const char *s, unsigned len, struct value *out)
{
	struct ectx *e = ctx;
	for (unsigned k = 0; k < e->c->nbinds; k++)
		if (strlen(e->c->binds[k].name) == len && !memcmp(e->c->binds[k].name, s, len)) {
			*out = e->c->binds[k].v;
			return true;
		}
	if (len == 1 && s[0] == 'i') {
		*out = (struct value){false, e->i, 0, false};
		return true;
	}
	return false;
}

/* acc[j] = fmaf(a, b[j], acc[j]) for j < n: one step i of every element
 * of a matmul row, each element's sum still over i ascending (the same
 * bits as element by element; hostvec.h: 8 at a time where the host can) */
HOST_VECTOR_CLONES
static void fma_row(float *restrict acc, float a, const float *restrict b, uint32_t n)
{
	for (uint32_t j = 0; j < n; j++)
		acc[j] = fmaf(a, b[j], acc[j]);
}

/* Check c's expected element i (its expression evaluated with i), or false
 * with d set: an index outside a buffer, a division by zero, a value no
 * integer element holds. */
static bool expr_want(const struct program *p, const struct check_spec *c, const struct gmem *initial, uint32_t i,
		      uint32_t *want, struct diag *d)
{
	const struct buffer_spec *bs = &p->buffers[c->buffer];
	struct ectx e = {p, c, initial, i};
	struct expr_env env = {lookup_i, index_initial, &e, p->files[c->file], c->line, c->line_text, d};
	int pos = 0;
	struct value v;
	if (!expr_eval(c->expr_toks, &pos, &env, &v))
		return false;
	if (bs->type == ELEM_F32) {
		float f = (float)value_f(v);
		*want = f != f ? 0x7fffffffu : fbits(f); /* the GPU's one NaN (docs/ISA.md) */
		return true;
	}
	/* an integer element: the value (a float truncated toward zero, as C
	 * converts) must be a 32-bit pattern */
	double x = value_f(v);
	if (!elem_holds(bs->type, v))
		return diag_error(d, p->files[c->file], c->line, c->expr_toks[0].col, c->line_text,
				  "check of %s: expr(%s) is %.17g for i = %u, which no 32-bit element holds (%d..%u)",
				  bs->name, c->expr_text, x, i, INT32_MIN, UINT32_MAX);
	*want = (uint32_t)(v.is_float ? (int64_t)x : v.i);
	return true;
}

bool wl_check_ready(const struct program *p, const struct gmem *initial, struct wl_expected *x, struct diag *d)
{
	x->n = p->nchecks;
	x->want = xcalloc(p->nchecks ? p->nchecks : 1, sizeof *x->want);
	for (unsigned ci = 0; ci < p->nchecks; ci++) {
		const struct check_spec *c = &p->checks[ci];
		uint32_t n = p->buffers[c->buffer].count;
		if (c->kind == CHECK_EXPR) {
			x->want[ci] = xmalloc((n ? n : 1) * sizeof **x->want);
			for (uint32_t i = 0; i < n; i++)
				if (!expr_want(p, c, initial, i, &x->want[ci][i], d))
					return false;
		} else if (c->kind == CHECK_FILE) {
			char why[128];
			size_t len;
			char *data = read_input(c->path, (size_t)n * 4 + 4096, &len, why, sizeof why);
			free(data);
			if (!data)
				return diag_error(d, p->files[c->file], c->line, c->path_col, c->line_text,
						  "check of %s: cannot read '%s': %s",
						  p->buffers[c->buffer].name, c->path, why);
			if (len != (size_t)n * 4)
				return diag_error(d, p->files[c->file], c->line, c->path_col, c->line_text,
						  "check of %s: '%s' has %zu bytes, the buffer has %u", p->buffers[c->buffer].name,
						  c->path, len, n * 4);
		}
	}
	return true;
}

void wl_expected_free(struct wl_expected *x)
{
	for (unsigned i = 0; i < x->n && x->want; i++)
		free(x->want[i]);
	free(x->want);
	x->want = NULL;
	x->n = 0;
}

int wl_check(const struct program *p, const struct gmem *initial, const struct wl_expected *x, const struct gmem *g,
	     FILE *out, struct diag *d)
{
	int failures = 0;
	for (unsigned ci = 0; ci < p->nchecks; ci++) {
		const struct check_spec *c = &p->checks[ci];
		const struct buffer_spec *bs = &p->buffers[c->buffer];
		const uint32_t *got = (const uint32_t *)g->bufs[c->buffer].data;
		struct cmp r = {0, 0, 0, 0};
		uint32_t n = bs->count;
		char what[256];
		switch (c->kind) {
		case CHECK_MATMUL: {
			/* C[row*k + col] = fmaf over i ascending of A[row*n + i] * B[i*k + col],
			 * from 0: what the seed kernel computes with FMA contraction */
			const float *A = (const float *)initial->bufs[c->a].data;
			const float *B = (const float *)initial->bufs[c->b].data;
			float *acc = xmalloc((c->k ? c->k : 1) * sizeof *acc); /* a row of C, built i by i */
			for (uint32_t row = 0; row < c->m; row++) {
				for (uint32_t col = 0; col < c->k; col++)
					acc[col] = 0.0f;
				for (uint32_t i = 0; i < c->n; i++)
					fma_row(acc, A[(size_t)row * c->n + i], &B[(size_t)i * c->k], c->k);
				for (uint32_t col = 0; col < c->k; col++) {
					uint32_t idx = row * c->k + col;
					compare(&r, idx, got[idx], fbits(acc[col]));
				}
			}
			free(acc);
			n = c->m * c->k;
			snprintf(what, sizeof what, "matmul(%s, %s, %u, %u, %u)", p->buffers[c->a].name,
				 p->buffers[c->b].name, c->m, c->n, c->k);
			break;
		}
		case CHECK_EXPR:
			for (uint32_t i = 0; i < n; i++) {
				uint32_t want = 0;
				if (x && ci < x->n && x->want[ci])
					want = x->want[ci][i];
				else if (!expr_want(p, c, initial, i, &want, d))
					return -1;
				compare(&r, i, got[i], want);
			}
			snprintf(what, sizeof what, "expr(%s)", c->expr_text);
			break;
		case CHECK_FILE: {
			size_t len;
			char why[128];
			char *data = read_input(c->path, (size_t)n * 4 + 4096, &len, why, sizeof why);
			if (!data)
				return diag_error(d, p->files[c->file], c->line, c->path_col, c->line_text,
						  "check of %s: cannot read '%s': %s", bs->name, c->path, why),
				       -1;
			if (len != (size_t)n * 4) {
				free(data);
				return diag_error(d, p->files[c->file], c->line, c->path_col, c->line_text,
						  "check of %s: '%s' has %zu bytes, the buffer has %u",
						  bs->name, c->path, len, n * 4),
				       -1;
			}
			for (uint32_t i = 0; i < n; i++) {
				uint32_t want;
				memcpy(&want, data + 4 * (size_t)i, 4);
				compare(&r, i, got[i], want);
			}
			free(data);
			snprintf(what, sizeof what, "file(\"%s\")", c->path);
			break;
		}
		case CHECK_LIST:
			n = c->count;
			for (uint32_t i = 0; i < n; i++)
				compare(&r, i, got[i], c->list[i]);
			snprintf(what, sizeof what, "list of %u values", n);
			break;
		}
		if (!r.nbad) {
			fprintf(out, "check %s %s: pass (%u elements bit-exact)\n", bs->name, what, n);
			continue;
		}
		failures++;
		char gs[64], ws[64];
		elem_str(gs, sizeof gs, bs->type, r.got);
		elem_str(ws, sizeof ws, bs->type, r.want);
		fprintf(out, "check %s %s: FAIL: %u of %u elements differ; first %s[%u] = %s, expected %s\n",
			bs->name, what, r.nbad, n, bs->name, r.first, gs, ws);
	}
	return failures;
}

const char *wl_check_word(const struct program *p, int failures)
{
	if (!p->nchecks)
		return "none";
	return failures ? "fail" : "pass";
}

void wl_report_value(const struct program *p, const struct gmem *g, unsigned i, char *buf, size_t n)
{
	const struct report_spec *r = &p->reports[i];
	uint32_t v;
	memcpy(&v, g->bufs[r->buffer].data + 4 * (size_t)r->index, 4);
	switch (p->buffers[r->buffer].type) {
	case ELEM_U32: snprintf(buf, n, "%" PRIu32, v); break;
	case ELEM_S32: snprintf(buf, n, "%" PRId32, (int32_t)v); break;
	case ELEM_F32: {
		float f;
		memcpy(&f, &v, 4);
		if (isfinite(f))
			snprintf(buf, n, "%.9g", (double)f);
		else
			snprintf(buf, n, "null");
		break;
	}
	}
}
