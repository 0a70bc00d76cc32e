/*
 * ptx_params.c - the kernel's argument words: a struct or vector passed by
 * value (.param .align A .b8 NAME[N]) is the fields its ld.param statements
 * read, one argument word each, in offset order; every other parameter is
 * one word. The words are numbered parameter by parameter (docs/CUDA.md,
 * "Parameters").
 */
#include <stdlib.h>
#include <string.h>

#include "ptx_int.h"
#include "util.h"

/* A field as read: its parameter, bytes, and the statement reading it. */
struct read {
	unsigned param;
	struct ptx_field f;
	unsigned stmt, col;
};

static int by_place(const void *pa, const void *pb)
{
	const struct read *a = pa, *b = pb;
	if (a->param != b->param)
		return a->param < b->param ? -1 : 1;
	if (a->f.offset != b->f.offset)
		return a->f.offset < b->f.offset ? -1 : 1;
	return a->stmt < b->stmt ? -1 : a->stmt > b->stmt; /* the first read first */
}

static int find_param(const struct ptx_kernel *k, const char *name)
{
	for (unsigned i = 0; i < k->nparams; i++)
		if (!strcmp(k->params[i].name, name))
			return (int)i;
	return -1;
}

/* The fields statement s reads of a parameter passed as bytes, appended to
 * *rs; statements of other forms are left to selection (which refuses what
 * it does not support). */
static bool reads_of(const struct pentry *e, unsigned si, struct read **rs, unsigned *n, unsigned *cap)
{
	const struct stmt *s = &e->stmts[si];
	if (strncmp(s->op, "ld.param.", 9) || s->no != 2)
		return true;
	const struct opnd *m = &s->o[1];
	if (m->kind != PO_ADDR || !m->name[0] || m->reg >= 0)
		return true;
	int pi = find_param(e->k, m->name);
	if (pi < 0 || e->k->params[pi].type != PTX_P_BYTES)
		return true;
	const char *t = strrchr(s->op, '.') + 1;
	unsigned vn = strstr(s->op, ".v4.") ? 4 : strstr(s->op, ".v2.") ? 2 : 1;
	int ty = ptx_ptype_lookup(t);
	if (ty < 0)
		return true; /* (refused by selection) */
	const struct ptx_param *p = &e->k->params[pi];
	unsigned sz = ptx_ptype_bytes((enum ptx_ptype)ty);
	if (m->imm < 0)
		return ptx_err(e, s, m->col, "%s: operand 2: a negative offset into parameter %s", s->op, p->name);
	if (m->imm % (int64_t)(sz * vn))
		return ptx_err(e, s, m->col, "%s: operand 2: byte %lld of parameter %s is not aligned to the %u bytes read",
			       s->op, (long long)m->imm, p->name, sz * vn);
	if (m->imm + (int64_t)(sz * vn) > (int64_t)p->size)
		return ptx_err(e, s, m->col, "%s: operand 2: reads past the end of parameter %s (%u bytes)", s->op,
			       p->name, p->size);
	for (unsigned j = 0; j < vn; j++) {
		GROW(*rs, *cap, *n + 1);
		(*rs)[(*n)++] = (struct read){(unsigned)pi, {(uint32_t)m->imm + j * sz, (enum ptx_ptype)ty}, si,
					     m->col};
	}
	return true;
}

bool ptx_param_words(struct pentry *e)
{
	struct ptx_kernel *k = e->k;
	struct read *rs = NULL;
	unsigned n = 0, cap = 0;
	bool ok = true;
	for (unsigned i = 0; i < e->nstmts && ok; i++)
		ok = reads_of(e, i, &rs, &n, &cap);
	if (ok && n)
		qsort(rs, n, sizeof *rs, by_place);
	/* each parameter's fields: reads of the same bytes are one field (the
	 * first read's type); reads that overlap otherwise are refused */
	for (unsigned i = 0; i < n && ok; i++) {
		struct ptx_param *p = &k->params[rs[i].param];
		if (p->nfields) {
			const struct ptx_field *last = &p->fields[p->nfields - 1];
			unsigned lsz = ptx_ptype_bytes(last->type);
			if (last->offset == rs[i].f.offset && lsz == ptx_ptype_bytes(rs[i].f.type))
				continue;
			if (rs[i].f.offset < last->offset + lsz) { /* (rs[i - 1] reads last's bytes) */
				const struct stmt *s = &e->stmts[rs[i].stmt];
				ok = ptx_err(e, s, rs[i].col,
					     "%s: operand 2: reads bytes %u..%u of parameter %s, which line %u reads as %u bytes at byte %u: reads of overlapping bytes are not supported",
					     s->op, rs[i].f.offset, rs[i].f.offset + ptx_ptype_bytes(rs[i].f.type) - 1,
					     p->name, e->stmts[rs[i - 1].stmt].line, lsz, last->offset);
				break;
			}
		}
		p->fields = xrealloc(p->fields, (p->nfields + 1) * sizeof *p->fields);
		p->fields[p->nfields++] = rs[i].f;
	}
	free(rs);
	unsigned w = 0;
	for (unsigned i = 0; i < k->nparams; i++) {
		k->params[i].word = w;
		w += k->params[i].type == PTX_P_BYTES ? k->params[i].nfields : 1;
	}
	k->nwords = w;
	return ok;
}
