/*
 * ptx.c - the PTX front end's driver: parse the entry, select instructions,
 * allocate registers, and hand back the kernel with where each instruction
 * came from (PTX line, .cu line).
 */
#include "ptx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx_int.h"
#include "util.h"

const char *const ptx_ptype_names[PTX_P_BYTES] = {"u32", "s32", "u64", "s64", "f32", "b32", "b64",
						   "u16", "s16", "b16", "u8",  "s8",  "b8", "f64"};

int ptx_ptype_lookup(const char *name)
{
	for (int t = 0; t < PTX_P_BYTES; t++)
		if (!strcmp(name, ptx_ptype_names[t]))
			return t;
	return -1;
}

void ptx_kernel_free(struct ptx_kernel *k)
{
	if (k->src_text)
		for (uint32_t i = 0; i < k->ncode; i++)
			free(k->src_text[i]);
	for (unsigned i = 0; i < k->ncuda_files; i++)
		free(k->cuda_files[i]);
	free(k->cuda_files);
	free(k->src_text);
	free(k->code);
	free(k->line);
	free(k->cuda);
	free(k->labels);
	free(k->shared);
	for (unsigned i = 0; i < k->nparams; i++)
		free(k->params[i].fields);
	free(k->params);
	for (unsigned i = 0; i < k->nglobals; i++)
		free(k->globals[i].init);
	free(k->globals);
	memset(k, 0, sizeof *k);
}

/* Whether .file number f (1-based) names a CUDA source (.cu) rather than a
 * header of the toolkit's (.h, .hpp, .cuh). */
static bool is_cu(const struct ptx_kernel *k, unsigned f)
{
	if (f < 1 || f > k->ncuda_files || !k->cuda_files[f - 1])
		return false;
	const char *n = k->cuda_files[f - 1];
	size_t len = strlen(n);
	return len > 3 && !strcmp(n + len - 3, ".cu");
}

/* The .cu line of every statement: its .loc when that is in a .cu file; in
 * a header (an intrinsic inlined into the kernel), where it was inlined from
 * when that is in a .cu file; else the last .cu line before it. */
static void user_lines(const struct pentry *e, struct src_loc *out)
{
	struct src_loc last = {0, 0};
	for (unsigned i = 0; i < e->nstmts; i++) {
		const struct stmt *s = &e->stmts[i];
		if (s->cu_line && is_cu(e->k, s->cu_file))
			last = (struct src_loc){(uint16_t)(s->cu_file - 1), s->cu_line};
		else if (s->inl_line && is_cu(e->k, s->inl_file))
			last = (struct src_loc){(uint16_t)(s->inl_file - 1), s->inl_line};
		out[i] = last;
	}
}

bool ptx_translate(const char *path, const char *text, const char *entry, unsigned target_cc,
		   struct ptx_kernel *k, struct diag *d)
{
	memset(k, 0, sizeof *k);
	struct pentry e;
	memset(&e, 0, sizeof e);
	e.k = k;
	struct vcode c;
	memset(&c, 0, sizeof c);
	bool ok = ptx_parse(path, text, entry, &e, d) && ptx_param_words(&e) && ptx_select(&e, &c);
	if (ok) {
		ptx_peephole(&e, &c);
		ptx_unroll(&e, &c);
		ptx_schedule(&e, &c, target_cc);
		ptx_converge(&e, &c);
	}
	ok = ok && ptx_regalloc(&e, &c);
	if (ok) {
		k->ncode = c.n;
		k->code = xcalloc(c.n, sizeof *k->code);
		k->line = xcalloc(c.n, sizeof *k->line);
		k->cuda = xcalloc(c.n, sizeof *k->cuda);
		k->src_text = xcalloc(c.n, sizeof *k->src_text);
		struct src_loc *user = xcalloc(e.nstmts ? e.nstmts : 1, sizeof *user);
		user_lines(&e, user);
		for (unsigned pc = 0; pc < c.n; pc++) {
			const struct stmt *s = &e.stmts[c.v[pc].stmt];
			k->code[pc] = c.v[pc].in;
			k->line[pc] = s->line;
			k->cuda[pc] = user[c.v[pc].stmt];
			k->src_text[pc] = xstrdup(s->text);
		}
		free(user);
		k->ptx_insns = e.nstmts;
		k->labels = xcalloc(e.nlabels ? e.nlabels : 1, sizeof *k->labels);
		for (unsigned i = 0; i < e.nlabels; i++) {
			const char *nm = e.labels[i].name;
			while (*nm == '$')
				nm++;
			if (strlen(nm) >= sizeof k->labels[0].name)
				continue; /* too long to show: the code does not need it */
			memcpy(k->labels[k->nlabels].name, nm, strlen(nm) + 1);
			k->labels[k->nlabels++].pc = c.label_pc[i];
		}
	}
	free(c.v);
	free(c.label_pc);
	ptx_pentry_free(&e);
	if (!ok)
		ptx_kernel_free(k);
	return ok;
}
