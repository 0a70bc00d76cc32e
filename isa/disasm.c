/*
 * disasm.c - instructions and whole workloads back to source text.
 *
 * The contract: assembling the output of disasm_program gives the same
 * instructions (bit for bit), registers, launch geometry, buffers, arguments
 * and checks. Labels keep their names; branch targets without one get L<pc>.
 */
#define _DEFAULT_SOURCE /* realpath */
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "program.h"
#include "util.h"

struct sb {
	char *s;
	size_t n, cap;
};

static void sb_printf(struct sb *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void sb_printf(struct sb *b, const char *fmt, ...)
{
	va_list ap;
	for (;;) {
		va_start(ap, fmt);
		int k = vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
		va_end(ap);
		if (k >= 0 && (size_t)k < b->cap - b->n) {
			b->n += (size_t)k;
			return;
		}
		b->cap = b->cap * 2 + (k > 0 ? (size_t)k : 64);
		b->s = xrealloc(b->s, b->cap);
	}
}

/* A float literal that reads back to the same binary32 value. */
static void fmt_float(char *buf, size_t size, float f)
{
	if (f != f) { /* its bits (a quiet NaN: an expression holds no other) */
		uint32_t u;
		memcpy(&u, &f, 4);
		snprintf(buf, size, "f32bits(0x%08" PRIx32 ")", u);
		return;
	}
	if (f > 3.4028235e38f || f < -3.4028235e38f) {
		snprintf(buf, size, f > 0 ? "1e39" : "-1e39");
		return;
	}
	snprintf(buf, size, "%.9g", (double)f);
	if (!strpbrk(buf, ".en"))
		strncat(buf, ".0", size - strlen(buf) - 1);
}

/* A double literal that reads back to the same value (an infinity as
 * +-1e999, a NaN by its binary32 bits: expressions make no other). */
static void fmt_double(char *buf, size_t size, double v)
{
	if (v != v) {
		fmt_float(buf, size, (float)v);
	} else if (v > 1.7976931348623157e308 || v < -1.7976931348623157e308) {
		snprintf(buf, size, v > 0 ? "1e999" : "-1e999");
	} else {
		snprintf(buf, size, "%.17g", v);
		if (!strpbrk(buf, ".en"))
			strncat(buf, ".0", size - strlen(buf) - 1);
	}
}

static void fmt_int(char *buf, size_t size, uint32_t v)
{
	if ((int32_t)v >= -65536 && (int32_t)v <= 65536)
		snprintf(buf, size, "%d", (int)(int32_t)v);
	else
		snprintf(buf, size, "0x%08" PRIx32, v);
}

static const char *label_at(const struct program *p, uint32_t pc)
{
	if (!p)
		return NULL;
	for (unsigned i = 0; i < p->nlabels; i++)
		if (p->labels[i].pc == pc)
			return p->labels[i].name;
	return NULL;
}

void disasm_insn(const struct program *p, const struct isa_insn *in, char *buf, size_t size)
{
	struct sb b = {xmalloc(128), 0, 128};
	const struct isa_opinfo *oi = &isa_ops[in->op];
	const struct isa_fmtinfo *fi = &isa_fmts[oi->fmt];
	if (in->guard != ISA_PT || in->guard_neg)
		sb_printf(&b, "@%s%s%s ", in->guard_neg ? "!" : "", in->guard == ISA_PT ? "pt" : "p",
			  in->guard == ISA_PT ? "" : (char[2]){(char)('0' + in->guard), 0});
	sb_printf(&b, "%s", oi->name);
	for (int i = 0; i < 2; i++) {
		const struct isa_modset_info *ms = &isa_modsets[oi->ms[i]];
		if (ms->count && !(ms->optional && in->mod[i] == 0))
			sb_printf(&b, ".%s", ms->words[in->mod[i]]);
	}
	const char *sep = " ";
#define REG(r) ((r) == ISA_RZ ? sb_printf(&b, "rz") : sb_printf(&b, "r%u", (unsigned)(r)))
#define PRED(pr, neg) sb_printf(&b, "%s%s", (neg) ? "!" : "", (pr) == ISA_PT ? "pt" : (char[3]){'p', (char)('0' + (pr)), 0})
	if (fi->dst == SLOT_REG) {
		sb_printf(&b, "%s", sep);
		REG(in->dst);
		sep = ", ";
	} else if (fi->dst == SLOT_PRED) {
		sb_printf(&b, "%s", sep);
		PRED(in->dst, 0);
		sep = ", ";
	}
	if (oi->fmt == FMT_L) {
		const char *l = label_at(p, (uint32_t)in->off);
		if (l)
			sb_printf(&b, "%s%s", sep, l);
		else
			sb_printf(&b, "%sL__%d", sep, (int)in->off);
	} else if (oi->fmt == FMT_R_C) {
		uint32_t i = (uint32_t)in->off / 4;
		if (p && i < p->nargs)
			sb_printf(&b, "%s%s", sep, p->args[i].name);
		else
			sb_printf(&b, "%sarg%u", sep, (unsigned)i);
	}
	for (int s = 0; s < 3; s++) {
		char num[64];
		switch (fi->src[s]) {
		case SLOT_NONE:
			continue;
		case SLOT_REG:
			sb_printf(&b, "%s", sep);
			REG(in->src[s]);
			break;
		case SLOT_PRED:
			sb_printf(&b, "%s", sep);
			PRED(in->src[s], in->pneg >> s & 1);
			break;
		case SLOT_SRC:
			sb_printf(&b, "%s", sep);
			if (in->imm_src == s + 1 || in->imm2_src == s + 1) {
				uint32_t bits = in->imm_src == s + 1 ? in->imm : (uint32_t)in->off;
				float f;
				memcpy(&f, &bits, 4);
				if (isa_imm_is_float(in))
					fmt_float(num, sizeof num, f);
				else
					fmt_int(num, sizeof num, bits);
				sb_printf(&b, "%s", num);
			} else {
				REG(in->src[s]);
			}
			break;
		case SLOT_SPECIAL:
			sb_printf(&b, "%s%s", sep, in->src[s] < SR_COUNT ? isa_special_names[in->src[s]] : "%?");
			break;
		case SLOT_ADDR:
			sb_printf(&b, "%s[", sep);
			if (in->src[s] == ISA_RZ) {
				sb_printf(&b, "%d", (int)in->off);
			} else {
				REG(in->src[s]);
				if (in->off > 0)
					sb_printf(&b, "+%d", (int)in->off);
				else if (in->off < 0)
					sb_printf(&b, "-%u", 0u - (uint32_t)in->off);
			}
			sb_printf(&b, "]");
			break;
		}
		sep = ", ";
	}
#undef REG
#undef PRED
	snprintf(buf, size, "%s", b.s);
	free(b.s);
}

static void elem_text(char *buf, size_t size, enum elem_type t, uint32_t bits)
{
	if (t == ELEM_F32) {
		float f;
		memcpy(&f, &bits, 4);
		fmt_float(buf, size, f);
	} else if (t == ELEM_S32) {
		snprintf(buf, size, "%d", (int)(int32_t)bits);
	} else {
		snprintf(buf, size, "%" PRIu32, bits);
	}
}

static void list_text(struct sb *b, enum elem_type t, const uint32_t *v, uint32_t n)
{
	char num[64];
	sb_printf(b, "{");
	for (uint32_t i = 0; i < n; i++) {
		elem_text(num, sizeof num, t, v[i]);
		sb_printf(b, "%s%s", i ? ", " : "", num);
	}
	sb_printf(b, "}");
}

static void path_text(struct sb *b, const char *path)
{
	char *abs = realpath(path, NULL);
	sb_printf(b, "(\"%s\")", abs ? abs : path);
	free(abs);
}

/* Whether the disassembly declares name (a parameter or shared symbol). */
static bool declared(const struct program *p, const char *name)
{
	for (unsigned i = 0; i < p->nparams; i++)
		if (!strcmp(p->params[i].name, name))
			return true;
	for (unsigned i = 0; i < p->nshared; i++)
		if (!strcmp(p->shared[i].name, name))
			return true;
	return false;
}

/* A check's expression as its source reads, each name the disassembly
 * does not declare (a .rept index, SM) written as the value the assembler
 * gave it. */
static void expr_text(struct sb *b, const struct program *p, const struct check_spec *c)
{
	const char *at = c->expr_text;
	for (const struct token *t = c->expr_toks; t->kind != TK_END; t++) {
		const struct check_bind *bind = NULL;
		if (t->kind == TK_IDENT && !(t[1].kind == TK_PUNCT && (t[1].punct == '(' || t[1].punct == '[')))
			for (unsigned k = 0; k < c->nbinds; k++)
				if (strlen(c->binds[k].name) == t->len && !memcmp(c->binds[k].name, t->s, t->len) &&
				    !declared(p, c->binds[k].name))
					bind = &c->binds[k];
		if (!bind)
			continue;
		sb_printf(b, "%.*s", (int)(t->s - at), at);
		char num[64];
		if (bind->v.is_float) {
			fmt_double(num, sizeof num, bind->v.f);
			sb_printf(b, "(%s)", num);
		} else
			sb_printf(b, "(%lld)", (long long)bind->v.i);
		at = t->s + t->len;
	}
	sb_printf(b, "%s", at);
}

char *disasm_program(const struct program *p)
{
	struct sb b = {xmalloc(4096), 0, 4096};
	char num[64];
	sb_printf(&b, "; disassembly of %s\n.kernel %s\n.regs %u", p->files[0], p->name, p->nregs);
	if (p->regs_alloc > p->nregs) /* (a CUDA kernel: its compiler's count below the code's) */
		sb_printf(&b, ", %u", p->regs_alloc);
	sb_printf(&b, "\n");
	if (p->optin)
		sb_printf(&b, ".optin\n");
	if (p->local_bytes)
		sb_printf(&b, ".local %u\n", (unsigned)p->local_bytes);
	for (unsigned i = 0; i < p->nparams; i++) {
		const struct value *v = &p->params[i].v;
		if (v->is_float) {
			fmt_double(num, sizeof num, v->f);
		} else {
			snprintf(num, sizeof num, "%lld", (long long)v->i);
		}
		sb_printf(&b, ".param %s %s\n", p->params[i].name, num);
	}
	for (unsigned i = 0; i < p->nshared; i++)
		sb_printf(&b, ".shared %s %u\n", p->shared[i].name, (unsigned)p->shared[i].size);
	for (unsigned i = 0; i < p->nbuffers; i++) {
		const struct buffer_spec *bs = &p->buffers[i];
		sb_printf(&b, ".buffer %s %s %u ", bs->name, elem_type_names[bs->type], (unsigned)bs->count);
		switch (bs->fill) {
		case FILL_ZERO: sb_printf(&b, "zero"); break;
		case FILL_UNINIT: sb_printf(&b, "uninit"); break;
		case FILL_IOTA: sb_printf(&b, "iota"); break;
		case FILL_VALUE:
			elem_text(num, sizeof num, bs->type, bs->value);
			sb_printf(&b, "value(%s)", num);
			break;
		case FILL_RANDOM: sb_printf(&b, "random(%u)", (unsigned)bs->seed); break;
		case FILL_CHASE: sb_printf(&b, "chase(%u)", (unsigned)bs->seed); break;
		case FILL_FILE:
			sb_printf(&b, "file");
			path_text(&b, bs->path);
			break;
		case FILL_LIST: list_text(&b, bs->type, bs->list, bs->count); break;
		}
		sb_printf(&b, bs->constant ? " const\n" : "\n");
	}
	for (unsigned i = 0; i < p->nargs; i++) {
		const struct arg_spec *a = &p->args[i];
		if (a->buffer >= 0 && !strcmp(a->name, p->buffers[a->buffer].name))
			sb_printf(&b, ".arg %s\n", a->name);
		else if (a->buffer >= 0) /* (a struct's field) */
			sb_printf(&b, ".arg %s %s\n", a->name, p->buffers[a->buffer].name);
		else
			sb_printf(&b, ".arg %s 0x%08" PRIx32 "\n", a->name, a->value);
	}
	sb_printf(&b, ".grid %u, %u, %u\n.block %u, %u, %u\n", p->grid[0], p->grid[1], p->grid[2],
		  p->block[0], p->block[1], p->block[2]);
	for (unsigned i = 0; i < p->nchecks; i++) {
		const struct check_spec *c = &p->checks[i];
		sb_printf(&b, ".check %s ", p->buffers[c->buffer].name);
		switch (c->kind) {
		case CHECK_MATMUL:
			sb_printf(&b, "matmul(%s, %s, %u, %u, %u)", p->buffers[c->a].name,
				  p->buffers[c->b].name, c->m, c->n, c->k);
			break;
		case CHECK_EXPR:
			sb_printf(&b, "expr(");
			expr_text(&b, p, c);
			sb_printf(&b, ")");
			break;
		case CHECK_FILE:
			sb_printf(&b, "file");
			path_text(&b, c->path);
			break;
		case CHECK_LIST: list_text(&b, p->buffers[c->buffer].type, c->list, c->count); break;
		}
		sb_printf(&b, "\n");
	}
	for (unsigned i = 0; i < p->nreports; i++)
		sb_printf(&b, ".report %s %s, %u\n", p->reports[i].name, p->buffers[p->reports[i].buffer].name,
			  p->reports[i].index);
	/* per pc: its labels (a chain through next, in label order) and whether
	 * a branch goes there; linear in the program, which may be long */
	unsigned *first = xmalloc(((size_t)p->ncode + 1) * sizeof *first);
	unsigned *next = xmalloc(((size_t)p->nlabels + 1) * sizeof *next);
	bool *target = xcalloc((size_t)p->ncode + 1, sizeof *target);
	for (uint32_t pc = 0; pc <= p->ncode; pc++)
		first[pc] = UINT_MAX;
	for (unsigned i = p->nlabels; i-- > 0;) {
		uint32_t at = p->labels[i].pc <= p->ncode ? p->labels[i].pc : p->ncode;
		next[i] = first[at];
		first[at] = i;
	}
	for (uint32_t q = 0; q < p->ncode; q++)
		if (p->code[q].op == OP_BRA && (uint32_t)p->code[q].off < p->ncode)
			target[p->code[q].off] = true;
	char line[256];
	for (uint32_t pc = 0; pc < p->ncode; pc++) {
		for (unsigned i = first[pc]; i != UINT_MAX; i = next[i])
			sb_printf(&b, "%s:\n", p->labels[i].name);
		if (first[pc] == UINT_MAX && target[pc])
			sb_printf(&b, "L__%u:\n", (unsigned)pc);
		disasm_insn(p, &p->code[pc], line, sizeof line);
		sb_printf(&b, "    %s\n", line);
	}
	free(first);
	free(next);
	free(target);
	return b.s;
}
